// Export of a built model graph to ONNX (IR 8, opset 17): one float32 input "input" [N, *sample shape]
// with a dynamic batch dimension N, the Output node's tensor as the first output "output". Every node is
// written by its type's exporter (onnx_graph_builder.h); a node whose type has none, or whose settings
// ONNX cannot express, makes the export fail with a ValueError naming the node — no file is written.
// The model passes ONNX's checker and strict shape inference before it is returned or written.
//
//   auto model = graph::GraphModule::build(graph, gen);
//   model->loadStateDict(io::loadSafetensors("weights.safetensors").tensors);
//   onnx::exportOnnxFile(*model, "model.onnx", {.modelName = "digits-cnn", .docString = "…", .metadata = {}});
//   std::string bytes = onnx::exportOnnx(*model);       // the serialized ModelProto
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/graph/graph_module.h"

namespace tessera::onnx {

inline constexpr int kIrVersion = 8;
inline constexpr int kOpsetVersion = 17;

struct ExportOptions {
    std::string modelName = "tessera-model";  // the graph's name
    std::string docString;
    // The model's metadata_props (key, value): an exported project keeps its training task there
    // (onnx_task.h), so importing the file gives it its Target and loss again.
    std::vector<std::pair<std::string, std::string>> metadata;
};

std::string exportOnnx(const graph::GraphModule& model, const ExportOptions& options = {});
// Writes atomically; IoError when the file cannot be written.
void exportOnnxFile(const graph::GraphModule& model, const std::filesystem::path& file,
                    const ExportOptions& options = {});

}  // namespace tessera::onnx
