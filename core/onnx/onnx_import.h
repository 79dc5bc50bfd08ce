// Import of an ONNX model into a model graph with weights: each supported operator becomes a designer
// node (Gemm → Linear, Conv → Conv2d, BatchNormalization → BatchNorm2d, …; docs/onnx.md lists them)
// whose weights are named as the built GraphModule names them ("linear1.weight"), so the result can be
// shown, edited, trained and exported again. A model with operators Tessera cannot represent is refused
// with one message naming all of them. Truncated, corrupted or hostile files throw IoError or ValueError
// naming the file and the cause; nothing is read outside the file's bytes.
//
//   onnx::ImportedModel m = onnx::importOnnxFile("model.onnx");
//   io::Project project = …; m.graph.toProject(project);
//   auto model = onnx::buildImported(m);          // a GraphModule holding the imported weights
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "core/graph/graph_module.h"
#include "core/graph/model_graph.h"
#include "core/nn/module.h"

namespace tessera::onnx {

struct ImportedModel {
    graph::ModelGraph graph;   // Input, the operators' nodes, Output (no Target or loss)
    nn::NamedTensors weights;  // "<node id>.<tensor>", as the built GraphModule's state_dict
    std::string name;          // the ONNX graph's name
    std::string docString;
    std::string producer;  // "pytorch 1.13.1"
    // The model's metadata_props; an export from Tessera keeps the project's training task there
    // (onnx_task.h).
    std::map<std::string, std::string> metadata;
};

// `source` names the bytes in messages (usually the file name).
ImportedModel importOnnx(std::string_view bytes, const std::string& source);
ImportedModel importOnnxFile(const std::filesystem::path& file);

// Builds the imported graph and loads its weights (tensors the file has no counterpart for, such as
// BatchNorm's num_batches_tracked, keep their initial values). The module is in eval mode.
std::shared_ptr<graph::GraphModule> buildImported(const ImportedModel& model);

}  // namespace tessera::onnx
