// tessera-cli import-onnx MODEL.onnx --out PROJECT.tessera: turns an ONNX model into a project whose graph
// holds the model's operators as nodes, with the weights beside it (PROJECT.safetensors); the same code
// as File → Open ONNX… (core/onnx/onnx_project.h). The project gets the Target and loss its output implies
// (core/onnx/onnx_task.h), printed on a second line.
#include <filesystem>

#include "app/cli/command.h"
#include "core/graph/model_graph.h"
#include "core/graph/tensor_type.h"
#include "core/onnx/onnx_project.h"
#include "core/tensor/error.h"

namespace tessera::cli {

namespace {

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string input, output;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--out" && i + 1 < args.size()) {
            output = args[++i];
        } else if (args[i].starts_with("--")) {
            return usageError(err, "import-onnx", "unknown option '" + args[i] + "'");
        } else if (input.empty()) {
            input = args[i];
        } else {
            return usageError(err, "import-onnx", "expected one MODEL.onnx, got '" + input + "' and '" + args[i] + "'");
        }
    }
    if (input.empty() || output.empty())
        return usageError(err, "import-onnx", "MODEL.onnx and --out FILE are required");
    const onnx::ImportedProject imported = onnx::importOnnxProject(input, output);
    out << "wrote " << output << " (" << imported.nodes << " nodes) and " << imported.weights.string() << "\n";
    const onnx::TrainingTask& task = imported.task;
    switch (task.kind) {
        case onnx::TrainingTask::Kind::Classification:
            out << "target: " << task.classes << " classes, " << task.loss << " on " << task.prediction << "\n";
            break;
        case onnx::TrainingTask::Kind::Regression:
            out << "target: regression values " << graph::toString(graph::batched(task.shape)) << ", " << task.loss
                << " on " << task.prediction << "\n";
            break;
        case onnx::TrainingTask::Kind::None:
            out << "target: none (the output's shape "
                << onnx::outputShapeText(graph::ModelGraph::fromProject(imported.project))
                << " says no task; add a Target and a loss to train it)\n";
            break;
    }
    return 0;
}

[[maybe_unused]] const bool registered =
    registerCommand({"import-onnx", "MODEL.onnx --out PROJECT.tessera",
                     "Import an ONNX model as a project (weights in PROJECT.safetensors beside it).", run});

}  // namespace

}  // namespace tessera::cli
