// tessera-cli export-onnx PROJECT --weights FILE --out model.onnx: builds the project's model, loads the
// trained weights and writes it as ONNX (core/onnx/onnx_project.h, as File → Export ONNX… does).
#include <filesystem>

#include "app/cli/command.h"
#include "core/io/project.h"
#include "core/onnx/onnx_export.h"
#include "core/onnx/onnx_project.h"
#include "core/tensor/error.h"

namespace tessera::cli {

namespace {

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string project, weights, output;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "--weights" || args[i] == "--out") && i + 1 < args.size()) {
            (args[i] == "--weights" ? weights : output) = args[i + 1];
            ++i;
        } else if (args[i].starts_with("--")) {
            return usageError(err, "export-onnx", "unknown option '" + args[i] + "'");
        } else if (project.empty()) {
            project = args[i];
        } else {
            return usageError(err, "export-onnx", "expected one PROJECT, got '" + project + "' and '" + args[i] + "'");
        }
    }
    if (project.empty() || weights.empty() || output.empty()) {
        return usageError(err, "export-onnx", "PROJECT, --weights FILE and --out FILE are required");
    }
    onnx::exportProjectOnnx(io::loadProject(project), weights, output);
    out << "wrote " << output << " (ONNX IR " << onnx::kIrVersion << ", opset " << onnx::kOpsetVersion << ")\n";
    return 0;
}

[[maybe_unused]] const bool registered =
    registerCommand({"export-onnx", "PROJECT --weights FILE --out MODEL.onnx",
                     "Export a project's model with trained weights to ONNX (IR 8, opset 17).", run});

}  // namespace

}  // namespace tessera::cli
