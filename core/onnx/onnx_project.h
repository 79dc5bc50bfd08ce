// Whole projects to and from ONNX: the one code path behind `tessera-cli export-onnx` / `import-onnx`
// and the workbench's File → Export ONNX… / Open ONNX…. An imported project keeps its weights in a
// safetensors file beside it (model.tessera → model.safetensors), which an export can use as it uses a
// trained run's weights.
//
//   onnx::exportProjectOnnx(io::loadProject("digits.tessera"), "digits.runs/run-001/weights.safetensors",
//                           "digits.onnx");
//   onnx::ImportedProject p = onnx::importOnnxProject("resnet-ish.onnx", "resnet-ish.tessera");
//   // p.weights == "resnet-ish.safetensors"; both files are written
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>

#include "core/io/project.h"
#include "core/onnx/onnx_import.h"
#include "core/onnx/onnx_task.h"

namespace tessera::onnx {

// Builds the project's model, loads `weights` (a run's weights.safetensors or an imported project's
// weights file) and writes it as ONNX, named after the project with its description as doc string.
// Throws ValueError / IoError naming the project, the weights file or the node that has no mapping;
// nothing is written then.
void exportProjectOnnx(const io::Project& project, const std::filesystem::path& weights,
                       const std::filesystem::path& out);

// The weights file kept beside a project file: the same name with the extension .safetensors.
std::filesystem::path projectWeightsFile(const std::filesystem::path& projectFile);

// The project an imported model becomes: its graph, named after the ONNX graph (the file's stem when the
// graph has none or torch's generic "torch_jit"),
// with a description saying where it came from. No data set and default training settings.
io::Project projectFromImport(const ImportedModel& model, const std::filesystem::path& onnxFile);

struct ImportedProject {
    io::Project project;
    std::filesystem::path weights;  // projectWeightsFile(projectFile)
    std::size_t nodes = 0;          // the imported model's, before the Target and loss are added
    TrainingTask task;              // the Target and loss added
};

// Imports `onnxFile` and writes `projectFile` and its weights file; the project's training section names
// that file as "initialWeights", so training fine-tunes the imported weights. The model gets the Target and
// loss of `task`, by default the first of trainingTaskChoices() (the file's own, else inferred from the
// output's shape). Throws the importer's errors (one message naming every unsupported operator) before
// anything is written.
ImportedProject importOnnxProject(const std::filesystem::path& onnxFile, const std::filesystem::path& projectFile,
                                  const std::optional<TrainingTask>& task = std::nullopt);

}  // namespace tessera::onnx
