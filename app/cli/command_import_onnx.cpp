// tessera-cli import-onnx MODEL.onnx --out PROJECT.tessera: turns an ONNX model into a project whose graph
// holds the model's operators as nodes, with the weights beside it (PROJECT.safetensors); the same code
// as File → Open ONNX… (core/onnx/onnx_project.h).
#include <filesystem>

#include "app/cli/command.h"
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
    return 0;
}

[[maybe_unused]] const bool registered =
    registerCommand({"import-onnx", "MODEL.onnx --out PROJECT.tessera",
                     "Import an ONNX model as a project (weights in PROJECT.safetensors beside it).", run});

}  // namespace

}  // namespace tessera::cli
