// A net project exported as plain PyTorch code that a person would have written by hand, so a model
// designed in Tessera can be trained at a scale a desktop does not reach (torchrun, DDP) and carried
// back (the same state-dict names, the same weights files). docs/export-code.md shows an example.
//
//   exporter::TorchCodeOptions options;
//   options.weights = "digits-cnn.runs/run-001/weights.safetensors";   // optional: trained weights
//   exporter::ExportedFiles files = exporter::exportTorchCode(project, "digits-cnn.tessera", "out", options);
//
// The folder holds modules that import each other absolutely (run it with the folder as the current
// directory or on sys.path): model.py (class Model, load_weights), safetensors_lite.py (a short reader
// for Debian 12, which has no python3-safetensors), data.py and data/*.npy (the exact rows of Tessera's
// train/val/test splits), train.py (the project's optimiser, schedule, epochs, batch size, clipping,
// early stopping, seed; metrics.csv as `tessera-cli train` writes it; DDP under torchrun), launch.sh,
// README.md, initial_weights.safetensors (the weights Tessera draws from the training seed, with the
// Normalize statistics of the training split) and, when given, weights.safetensors.
//
// The namespace is `exporter` because `export` is a C++ keyword; the folder is core/export.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/io/project.h"
#include "core/tensor/error.h"

namespace tessera::exporter {

// A node or setting with no faithful equivalent in the target: the message names it and says why.
class ExportError : public ValueError {
public:
    using ValueError::ValueError;
};

struct TorchCodeOptions {
    std::filesystem::path weights;  // trained weights to ship as weights.safetensors; empty: none
};

struct ExportedFiles {
    std::vector<std::filesystem::path> files;  // every file written, in the order written
};

// Writes the folder `outDir` (created when missing; files in it with these names are replaced).
// Throws ExportError for a graph or setting that cannot be carried over, and the project's own
// errors (data set, graph, training settings) naming `projectFile`.
ExportedFiles exportTorchCode(const io::Project& project, const std::filesystem::path& projectFile,
                              const std::filesystem::path& outDir, const TorchCodeOptions& options = {});

// The text of model.py alone (no data, no weights): what the exporter writes, for tests and previews.
std::string torchModelSource(const io::Project& project, std::string_view source);

}  // namespace tessera::exporter
