// A project made ready to train, evaluate or predict, built the one way the GUI and tessera-cli both
// build it: the data set and its train/validation/test splits (data.*), loaders, the graph model
// (initial weights drawn from the training seed or read from training.initialWeights, Normalize
// statistics fitted on the training split)
// and a Trainer with the project's training settings.
//
//   io::Project p = io::loadProject("moons.tessera");
//   train::ProjectSession s(p, "moons.tessera", {.epochs = 5, .seed = 1});
//   s.trainer().run();
//   train::Metrics test = s.evaluate("test");
//   s.saveWeights("out/weights.safetensors");
//
//   auto model = train::buildModel(p, 0);                  // just the model, no data (predict)
//   train::loadWeights(*model, "out/weights.safetensors");
//   Tensor y = train::predict(*model, x);                  // raw features → the Output node's tensor
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/data/data_loader.h"
#include "core/data/split.h"
#include "core/graph/graph_module.h"
#include "core/io/project.h"
#include "core/train/trainer.h"

namespace tessera::train {

// Command-line overrides of the project's training settings.
struct SessionOverrides {
    std::optional<std::int64_t> epochs{};
    std::optional<std::uint64_t> seed{};
    std::optional<int> threads{};
};

// The project's graph built into a module, weights drawn from a generator seeded with `seed`;
// ValueError "PROJECT: cannot build the model: …" when the graph has problems.
std::shared_ptr<graph::GraphModule> buildModel(const io::Project& project, std::uint64_t seed);
// Loads weights saved by saveWeights (safetensors, the model's state-dict names); IoError or ValueError
// naming the file and the missing, unexpected or mis-shaped tensors.
void loadWeights(nn::Module& model, const std::filesystem::path& file);
void saveWeights(const nn::Module& model, const std::filesystem::path& file);
// The model's output for raw feature rows [N, F] (or [N, *inputShape]), in eval mode without autograd.
Tensor predict(graph::GraphModule& model, const Tensor& features);

class ProjectSession {
public:
    // `projectFile` resolves relative data and initial-weights paths. Throws the data set's, the split's,
    // the graph's, the training settings' or the initial weights' error, each naming the project file.
    // A checkpoint loaded afterwards (Trainer::loadCheckpoint) replaces the initial weights.
    ProjectSession(io::Project project, const std::filesystem::path& projectFile,
                   const SessionOverrides& overrides = {});
    ~ProjectSession();
    ProjectSession(const ProjectSession&) = delete;
    ProjectSession& operator=(const ProjectSession&) = delete;

    const io::Project& project() const { return m_project; }
    const TrainingConfig& config() const { return m_config; }
    data::Task task() const { return m_split.train.task; }
    const data::Split& split() const { return m_split; }
    graph::GraphModule& model() { return *m_model; }
    Trainer& trainer() { return *m_trainer; }
    // "train", "val" or "test"; ValueError naming the split when it is unknown or empty.
    data::DataLoader& loader(const std::string& split);
    // Loss and metrics of the current weights on a split.
    Metrics evaluate(const std::string& split);
    void saveWeights(const std::filesystem::path& file) const { train::saveWeights(*m_model, file); }
    void loadWeights(const std::filesystem::path& file) { train::loadWeights(*m_model, file); }

private:
    io::Project m_project;
    std::string m_source;
    TrainingConfig m_config;
    data::Split m_split;
    std::shared_ptr<graph::GraphModule> m_model;
    std::unique_ptr<data::DataLoader> m_trainLoader, m_valLoader, m_testLoader;
    std::unique_ptr<Trainer> m_trainer;
};

// metrics.csv: the header "epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms" and one row
// per epoch. Accuracies are fractions in [0, 1]; a regression run leaves the *_acc columns empty, as
// a run without a validation split leaves the val_* ones.
std::string metricsCsvHeader();
std::string metricsCsvRow(const EpochRecord& record);
// {"split": "test", "samples": …, "test_loss": …, "test_acc": …} (classification) or test_r2, test_mse,
// test_mae (regression), keys prefixed with the split's name.
io::Json metricsJson(const Metrics& metrics, const std::string& split);

}  // namespace tessera::train
