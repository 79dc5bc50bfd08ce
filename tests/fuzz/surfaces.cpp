#include "tests/fuzz/surfaces.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/data/builtin.h"
#include "core/data/csv.h"
#include "core/data/load_dataset.h"
#include "core/graph/analysis.h"
#include "core/graph/graph_module.h"
#include "core/io/npy.h"
#include "core/io/project.h"
#include "core/io/safetensors.h"
#include "core/onnx/onnx_import.h"
#include "core/ops/view.h"
#include "core/script/interpreter.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "core/tensor/memory_limit.h"
#include "core/train/project_session.h"
#include "core/train/training_config.h"

namespace tessera::fuzz {

namespace {

// The weights and checkpoint surfaces load into the digits CNN example (convolutions, pooling, a
// linear layer and Adam's state), built once per process.
train::ProjectSession& digitsSession() {
    static const std::filesystem::path file =
        std::filesystem::path(TESSERA_SOURCE_DIR) / "resources/examples/digits-cnn.tessera";
    static train::ProjectSession session(io::loadProject(file), file, {.epochs = 1, .seed = 0, .threads = 1});
    return session;
}

void prepareDigits() { (void)digitsSession(); }

// loadWeights and loadCheckpoint read files, as tessera-cli does; the bytes go to a per-process file.
std::filesystem::path writeScratch(std::string_view name, std::string_view bytes) {
    const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                       ("tessera-fuzz-" + std::to_string(::getpid()) + "-" + std::string(name));
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) throw Finding("cannot write the scratch file " + file.string());
    return file;
}

// After analyze() found no error, building and running the model must work: anything else means the
// designer calls a graph valid that training then fails on.
void buildAndRun(const graph::ModelGraph& graph, const graph::GraphReport& report) {
    if (report.totalParameters > kMaxModelParameters || report.totalMacs > kMaxModelMacs) return;
    try {
        Generator gen(0);
        auto model = graph::GraphModule::build(graph, gen);
        std::vector<std::int64_t> shape = model->inputShape();
        shape.insert(shape.begin(), 2);
        std::int64_t elements = 1;
        for (auto s : shape) elements *= s;
        if (elements > (1 << 20)) return;
        model->eval();
        (void)(*model)(randn(shape, DType::Float32, &gen));
    } catch (const Error& e) {
        throw Finding(std::string("analyze() reported no error, yet building or running the model failed: ") +
                      e.what());
    }
}

void runProject(std::string_view bytes) {
    const io::Project project = io::parseProject(bytes, "fuzz.tessera");
    (void)train::parseTrainingConfig(project.training, "fuzz.tessera");
    // Generated data sets only: a fuzzed path could name any file of the machine, and the built-in
    // sets are fixed data (their own tests cover them) that would cost every run a CSV parse. Sizes
    // past 5000 samples inside the limits are skipped for speed; beyond the limits they must be refused.
    if (const io::Json* name = project.data.find("dataset"); name && name->isString()) {
        const std::vector<std::string> builtins = data::builtinNames();
        const io::Json* samples = project.data.find("samples");
        const bool big =
            samples && samples->isInteger() && samples->asInteger() > 5000 && samples->asInteger() <= 1'000'000;
        if (std::find(builtins.begin(), builtins.end(), name->asString()) == builtins.end() && !big)
            (void)data::loadDataset(project.data, "fuzz.tessera");
    }
    if (project.nodes.empty()) return;
    const graph::ModelGraph graph = graph::ModelGraph::fromProject(project);
    const graph::GraphReport report = graph::analyze(graph);
    for (const auto& p : report.problems) (void)graph::formatProblem(p, &graph);
    if (!report.hasErrors()) buildAndRun(graph, report);
}

// The first byte chooses the options (every combination of delimiter, header, task, target, imputation
// and column kinds is reachable); the rest is the file.
void runCsv(std::string_view bytes) {
    if (bytes.size() < 2) return;
    const auto a = static_cast<unsigned char>(bytes[0]);
    const auto b = static_cast<unsigned char>(bytes[1]);
    const std::string_view text = bytes.substr(2);
    data::CsvOptions o;
    constexpr char delimiters[] = {',', ';', '\t'};
    if (a & 3) o.delimiter = delimiters[(a & 3) - 1];
    if (a & 4) o.header = (a & 8) != 0;
    if (a & 16) o.task = (a & 32) ? data::Task::Classification : data::Task::Regression;
    o.imputeMissing = (a & 64) != 0;
    switch (b & 3) {
        case 1:
            o.targetIndex = static_cast<std::int64_t>(b >> 2) - 32;
            break;
        case 2:
            o.target = "column " + std::to_string((b >> 2) & 7);
            break;
        case 3:
            o.target = "y";
            break;
        default:
            break;
    }
    if (b & 32) o.categorical = {"a", "column 1"};
    if (b & 64) o.numeric = {"b", "column 2"};
    if (b & 128) o.ignore = {"c", "column 3"};
    (void)data::inspectCsv(text, "fuzz.csv", o);
    (void)data::parseCsv(text, "fuzz.csv", o);
}

void runOnnx(std::string_view bytes) {
    const onnx::ImportedModel m = onnx::importOnnx(bytes, "fuzz.onnx");
    const graph::GraphReport report = graph::analyze(m.graph);
    if (!report.hasErrors() && report.totalParameters <= kMaxModelParameters) (void)onnx::buildImported(m);
}

void runSafetensors(std::string_view bytes) {
    (void)io::decodeSafetensors(bytes, "fuzz.safetensors");
    train::loadWeights(digitsSession().model(), writeScratch("fuzz.safetensors", bytes));
}

void runCheckpoint(std::string_view bytes) {
    digitsSession().trainer().loadCheckpoint(writeScratch("fuzz.checkpoint", bytes));
}

void runNpy(std::string_view bytes) {
    const Tensor t = io::decodeNpy(bytes, "fuzz.npy");
    (void)io::encodeNpy(t);
}

void runScript(std::string_view bytes) {
    // As tessera-cli autograd runs scripts, with a smaller cap so that the fuzzer stays fast.
    const MemoryLimit limit(std::size_t{64} << 20);
    script::Interpreter in;
    Generator gen(0);
    // The names the conformance cases (the seeds) use for their inputs, and a few more.
    in.setVariable("a", script::Value(randn({3, 4}, DType::Float32, &gen)));
    in.setVariable("b", script::Value(randn({3, 4}, DType::Float32, &gen)));
    in.setVariable("x", script::Value(randn({3, 4}, DType::Float32, &gen)));
    in.setVariable("w", script::Value(randn({4, 2}, DType::Float32, &gen)));
    in.setVariable("i", script::Value(ops::view(arange(6), {2, 3})));
    in.run(bytes, "fuzz.py");
    (void)in.outputs();
}

}  // namespace

const std::vector<Surface>& surfaces() {
    static const std::vector<Surface> all = {
        {"project", "fuzz.tessera", runProject},
        {"csv", "fuzz.csv", runCsv},
        {"onnx", "fuzz.onnx", runOnnx},
        {"safetensors", "fuzz.safetensors", runSafetensors, prepareDigits},
        {"checkpoint", "fuzz.checkpoint", runCheckpoint, prepareDigits},
        {"npy", "fuzz.npy", runNpy},
        {"script", "fuzz.py", runScript},
    };
    return all;
}

const Surface* findSurface(std::string_view name) {
    for (const auto& s : surfaces())
        if (s.name == name) return &s;
    return nullptr;
}

void prepare(const Surface& surface) {
    if (surface.prepare) surface.prepare();
}

void runInput(const Surface& surface, std::string_view bytes) {
    try {
        surface.run(bytes);
    } catch (const Finding&) {
        throw;
    } catch (const Error& e) {
        const std::string message = e.what();
        if (message.find(surface.source) == std::string::npos)
            throw Finding("rejected without naming the input (" + std::string(surface.source) + "): " + message);
    }
}

}  // namespace tessera::fuzz
