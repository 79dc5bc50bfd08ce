#include "core/train/project_session.h"

#include <charconv>
#include <cstdio>

#include "core/autograd/grad_mode.h"
#include "core/data/load_dataset.h"
#include "core/data/mix_seed.h"
#include "core/graph/model_graph.h"
#include "core/io/safetensors.h"
#include "core/tensor/error.h"

namespace tessera::train {
namespace {

// Weights come from their own stream of the training seed, so drawing them never shifts the
// loader's or dropout's numbers.
constexpr std::uint64_t kInitSalt = 0x696E6974ULL;

// The shortest text that reads back to the same double.
std::string number(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

}  // namespace

std::shared_ptr<graph::GraphModule> buildModel(const io::Project& project, std::uint64_t seed) {
    Generator gen(data::mixSeed(seed, kInitSalt));
    try {
        return graph::GraphModule::build(graph::ModelGraph::fromProject(project), gen);
    } catch (const ValueError& e) {
        throw ValueError(project.name + ": " + e.what());
    }
}

void saveWeights(const nn::Module& model, const std::filesystem::path& file) {
    nn::NamedTensors state;
    for (const auto& [name, t] : model.stateDict())
        if (t.defined()) state.emplace_back(name, t);
    io::saveSafetensors(file, state, {{"format", "pt"}});
}

void loadWeights(nn::Module& model, const std::filesystem::path& file) {
    io::SafetensorsFile f = io::loadSafetensors(file);
    // A checkpoint is a safetensors file too, and the one most often passed by mistake: its "model."
    // names never fit, so say which file of the run was meant instead of listing every tensor.
    if (auto it = f.metadata.find("format"); it != f.metadata.end() && it->second == "tessera.checkpoint")
        throw IoError(file.string() +
                      ": is a training checkpoint, not weights; pass the run's weights.safetensors (beside the "
                      "checkpoint in the same run folder)");
    try {
        model.loadStateDict(f.tensors);
    } catch (const Error& e) {
        throw ValueError(file.string() + ": the weights do not fit this model: " + e.what());
    }
}

Tensor predict(graph::GraphModule& model, const Tensor& features) {
    bool wasTraining = model.isTraining();
    model.eval();
    autograd::NoGradGuard noGrad;
    Tensor y = model(features);
    model.train(wasTraining);
    return y;
}

ProjectSession::ProjectSession(io::Project project, const std::filesystem::path& projectFile,
                               const SessionOverrides& overrides)
    : m_project(std::move(project)), m_source(projectFile.string()) {
    m_config = parseTrainingConfig(m_project.training, m_source);
    if (overrides.epochs) m_config.epochs = *overrides.epochs;
    if (overrides.seed) m_config.seed = *overrides.seed;
    if (overrides.threads) m_config.threads = *overrides.threads;

    data::Dataset dataset = data::loadDataset(m_project.data, projectFile);
    m_split = data::splitFromSpec(dataset, m_project.data);
    try {
        m_model = buildModel(m_project, m_config.seed);
    } catch (const ValueError& e) {
        throw ValueError(m_source + ": " + e.what());  // the message names the project; this names its file
    }
    m_model->fitNormalization(m_split.train.features);
    // After fitting, so Normalize statistics saved with the weights win over the freshly fitted ones.
    if (!m_config.initialWeights.empty()) {
        const std::filesystem::path file = io::resolveProjectPath(projectFile, m_config.initialWeights);
        const std::string where = m_source + ": training.initialWeights: ";
        try {
            train::loadWeights(*m_model, file);
        } catch (const IoError& e) {
            throw IoError(where + e.what());
        } catch (const ValueError& e) {
            // A graph edited since the weights were saved (e.g. an imported model given more classes)
            // no longer fits them; say how to train it anyway.
            throw ValueError(where + e.what() +
                             " (remove training.initialWeights to start from weights drawn from the seed)");
        }
    }

    m_trainLoader =
        std::make_unique<data::DataLoader>(m_split.train, data::DataLoaderOptions{.batchSize = m_config.batchSize,
                                                                                  .shuffle = m_config.shuffle,
                                                                                  .dropLast = m_config.dropLast,
                                                                                  .seed = m_config.seed});
    // Evaluation batches: in data set order, as large as training's (their size does not change the metrics).
    data::DataLoaderOptions evalOptions{
        .batchSize = m_config.batchSize, .shuffle = false, .dropLast = false, .seed = 0};
    if (m_split.val.size() > 0) m_valLoader = std::make_unique<data::DataLoader>(m_split.val, evalOptions);
    if (m_split.test.size() > 0) m_testLoader = std::make_unique<data::DataLoader>(m_split.test, evalOptions);

    graph::GraphModule& model = *m_model;
    try {
        m_trainer = std::make_unique<Trainer>(
            model,
            [&model](const Tensor& features, const Tensor& targets) {
                graph::GraphModule::Result r = model.forwardWithLoss(features, targets);
                return Forward{r.output, r.loss};
            },
            m_config, *m_trainLoader, m_valLoader.get(), dataset.task);
    } catch (const ValueError& e) {
        // The trainer names the setting ("training.optimizer: …"); the project file is said here.
        throw ValueError(m_source + ": " + e.what());
    }
}

ProjectSession::~ProjectSession() = default;

data::DataLoader& ProjectSession::loader(const std::string& split) {
    data::DataLoader* loader = split == "train"  ? m_trainLoader.get()
                               : split == "val"  ? m_valLoader.get()
                               : split == "test" ? m_testLoader.get()
                                                 : nullptr;
    if (split != "train" && split != "val" && split != "test")
        throw ValueError(m_source + ": unknown split '" + split + "' (expected train, val or test)");
    if (!loader)
        throw ValueError(m_source + ": the " + split + " split is empty (see data." +
                         (split == "val" ? "valFraction" : "testFraction") + ")");
    return *loader;
}

Metrics ProjectSession::evaluate(const std::string& split) { return m_trainer->evaluate(loader(split)); }

std::string metricsCsvHeader() { return "epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms\n"; }

std::string metricsCsvRow(const EpochRecord& r) {
    auto optional = [](const std::optional<double>& v) { return v ? number(*v) : std::string(); };
    std::string row = std::to_string(r.epoch) + "," + std::to_string(r.step) + "," + number(r.train.loss) + ",";
    row += (r.validation ? number(r.validation->loss) : std::string()) + ",";
    row += optional(r.train.accuracy) + ",";
    row += (r.validation ? optional(r.validation->accuracy) : std::string()) + ",";
    char elapsed[32];
    std::snprintf(elapsed, sizeof elapsed, "%.3f", r.elapsedMs);
    row += number(r.lr) + "," + elapsed + "\n";
    return row;
}

io::Json metricsJson(const Metrics& m, const std::string& split) {
    io::Json j = io::Json::object();
    j.set("split", split);
    j.set("samples", m.samples);
    j.set(split + "_loss", m.loss);
    if (m.accuracy) j.set(split + "_acc", *m.accuracy);
    if (m.r2) j.set(split + "_r2", *m.r2);
    if (m.mse) j.set(split + "_mse", *m.mse);
    if (m.mae) j.set(split + "_mae", *m.mae);
    return j;
}

}  // namespace tessera::train
