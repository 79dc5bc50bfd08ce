// Reading an ONNX model to look at it, as Netron shows one: every node with its operator, attributes,
// inputs and outputs, the initializers (weights) with their shapes, data types and values, the graph's
// inputs and outputs with their shapes — whether or not Tessera can import it. Each node says whether
// the importer takes it and, when not, why; the model says why an import would fail. Only bytes that
// are not an ONNX model at all (truncated, corrupted, no graph) throw, with importOnnx's IoError.
//
//   onnx::InspectedModel m = onnx::inspectOnnxFile("resnet.onnx");
//   for (const auto& n : m.nodes) if (!n.supported) std::puts((n.opType + ": " + n.reason).c_str());
//   const onnx::InspectedTensor* w = m.weight("fc.weight");    // shape, dtype, w->values
//   m.importError;                                               // "" when importOnnx would succeed
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::onnx {

struct InspectedTensor {
    std::string name;
    std::string dtype;              // ONNX's name: "float32", "int64", "float16", …
    std::vector<std::string> dims;  // "3", or a symbolic size ("N"), or "?" when unknown
    Tensor values;                  // initializers and tensor attributes of float32/int64; undefined otherwise
    std::string unreadable;         // why `values` is undefined for an initializer ("" when read)

    std::string shapeText() const;  // "[N, 3, 8, 8]"
};

struct InspectedAttribute {
    std::string name;
    std::string type;        // "int", "float", "string", "ints", "floats", "strings", "tensor", "graph", …
    std::string value;       // as text: "3", "0.5", "\"NOTSET\"", "[1, 1]", "float32 [4, 3]"
    InspectedTensor tensor;  // a tensor attribute's value (Constant's "value"); empty name otherwise
};

struct InspectedNode {
    std::string name;    // "" when the file gives none
    std::string opType;  // "Conv"
    std::string domain;  // "" for the standard ai.onnx operators
    std::vector<std::string> inputs, outputs;
    std::vector<InspectedAttribute> attributes;
    bool supported = true;  // false when the importer has no rule for it or refuses this use of it
    std::string reason;     // why not, when !supported
};

struct InspectedModel {
    std::string source;  // the file
    std::int64_t irVersion = 0;
    std::string producer;  // "pytorch 1.13.1"
    std::string graphName, docString;
    std::vector<std::pair<std::string, std::int64_t>> opsets;  // (domain, version); "" is ai.onnx
    std::vector<InspectedTensor> inputs;                       // the graph's inputs that are not initializers
    std::vector<InspectedTensor> outputs;
    std::vector<InspectedTensor> weights;  // the initializers, in the file's order
    std::vector<InspectedNode> nodes;      // in the file's (topological) order
    std::vector<InspectedTensor> values;   // value_info: shapes of intermediate values the file records
    std::string importError;               // the importer's message; "" when the model imports

    const InspectedTensor* weight(std::string_view name) const;
    // A graph input, output, intermediate value or weight of that name; null when the file says nothing.
    const InspectedTensor* value(std::string_view name) const;
    // The node that computes `value`; -1 for graph inputs, weights and unknown names.
    int producerOf(std::string_view value) const;
};

InspectedModel inspectOnnx(std::string_view bytes, const std::string& source);
InspectedModel inspectOnnxFile(const std::filesystem::path& file);

}  // namespace tessera::onnx
