// tessera-cli export-code PROJECT [--weights FILE] --out DIR [--target torch]: writes the project as
// plain PyTorch code (core/export/torch_code.h) — model.py, data.py, train.py, launch.sh, README.md and
// the weights — as File → Export as Code… does.
#include <filesystem>

#include "app/cli/command.h"
#include "core/export/torch_code.h"
#include "core/io/project.h"

namespace tessera::cli {

namespace {

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string project, weights, output, target = "torch";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const bool valued = args[i] == "--weights" || args[i] == "--out" || args[i] == "--target";
        if (valued && i + 1 < args.size()) {
            (args[i] == "--weights" ? weights : args[i] == "--out" ? output : target) = args[i + 1];
            ++i;
        } else if (args[i].starts_with("--")) {
            return usageError(err, "export-code", "unknown option '" + args[i] + "'");
        } else if (project.empty()) {
            project = args[i];
        } else {
            return usageError(err, "export-code", "expected one PROJECT, got '" + project + "' and '" + args[i] + "'");
        }
    }
    if (project.empty() || output.empty()) return usageError(err, "export-code", "PROJECT and --out DIR are required");
    if (target != "torch")
        return usageError(err, "export-code", "--target: expected torch (a net project), got '" + target + "'");
    exporter::TorchCodeOptions options;
    options.weights = weights;
    const exporter::ExportedFiles files = exporter::exportTorchCode(io::loadProject(project), project, output, options);
    out << "wrote " << files.files.size() << " files to " << output << " (PyTorch: model.py, train.py, launch.sh)\n";
    return 0;
}

[[maybe_unused]] const bool registered =
    registerCommand({"export-code", "PROJECT [--weights FILE] --out DIR [--target torch]",
                     "Export a project as plain PyTorch code (model, data, training, torchrun launcher).", run});

}  // namespace

}  // namespace tessera::cli
