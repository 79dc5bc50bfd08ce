// What a node type's ONNX exporter sees: the node (resolved params, input and output types, its built
// module's weights) and a builder that appends ONNX nodes and initializers to the graph being written.
// Exporters are registered per node type in the NodeTypeRegistry's "onnx" extension slot; a type
// without one cannot be exported (see onnx_export.h).
//
//   graph::NodeTypeRegistry::instance().setExtension("Linear", "onnx", std::any(onnx::NodeExporter(
//       [](onnx::NodeExport& e) {
//           std::string w = e.graph.initializer(e.node.id + ".weight", e.weight("weight"));
//           return std::vector<std::string>{e.graph.op("Gemm", {e.inputs[0], w}, {{"transB", 1}}, e.node.id)};
//       })));
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/graph/model_graph.h"
#include "core/graph/tensor_type.h"
#include "core/io/json.h"
#include "core/nn/module.h"
#include "core/tensor/tensor.h"

namespace tessera::onnx {

// An ONNX node attribute: INT, FLOAT, STRING, INTS or FLOATS by the value's type.
struct Attribute {
    std::string name;
    std::variant<std::int64_t, double, std::string, std::vector<std::int64_t>, std::vector<double>> value;

    Attribute(std::string n, std::int64_t v) : name(std::move(n)), value(v) {}
    Attribute(std::string n, int v) : name(std::move(n)), value(static_cast<std::int64_t>(v)) {}
    Attribute(std::string n, double v) : name(std::move(n)), value(v) {}
    Attribute(std::string n, std::string v) : name(std::move(n)), value(std::move(v)) {}
    Attribute(std::string n, const char* v) : name(std::move(n)), value(std::string(v)) {}
    Attribute(std::string n, std::vector<std::int64_t> v) : name(std::move(n)), value(std::move(v)) {}
    Attribute(std::string n, std::vector<double> v) : name(std::move(n)), value(std::move(v)) {}
};

// Appends to the ONNX graph being exported; every value and node name it makes is unique.
class GraphBuilder {
public:
    GraphBuilder();
    ~GraphBuilder();
    GraphBuilder(const GraphBuilder&) = delete;
    GraphBuilder& operator=(const GraphBuilder&) = delete;

    // Adds a node of the default domain; returns its `outputs` output names, made from `hint`.
    std::vector<std::string> node(const std::string& opType, const std::vector<std::string>& inputs,
                                  const std::vector<Attribute>& attributes, const std::string& hint, int outputs);
    // A node with one output.
    std::string op(const std::string& opType, const std::vector<std::string>& inputs,
                   const std::vector<Attribute>& attributes, const std::string& hint);
    // A float32 (from any floating tensor) or int64 initializer under a unique name made from `name`.
    std::string initializer(const std::string& name, const Tensor& value);
    // A 1-d int64 initializer (shapes, axes, indices); a 0-d one when `scalar`.
    std::string ints(const std::string& name, const std::vector<std::int64_t>& values, bool scalar = false);
    // A float32 scalar initializer.
    std::string scalar(const std::string& name, double value);

    // For onnx_export.cpp: the protobuf GraphProto being filled.
    void* proto();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

struct NodeExport {
    const graph::Node& node;
    const io::Json& params;                             // resolved: the schema's defaults filled in
    const std::vector<graph::TensorType>& inputTypes;   // one per input port
    const std::vector<graph::TensorType>& outputTypes;  // one per output port
    std::vector<std::string> inputs;                    // ONNX value names, one per input port
    const nn::Module* module;                           // the node's built layer; nullptr when it has none
    GraphBuilder& graph;

    // A parameter or buffer of the node's module ("weight", "running_mean"); undefined when absent.
    Tensor weight(const std::string& name) const;
    // Throws ValueError "cannot export node 'id' (Type) to ONNX: why".
    [[noreturn]] void fail(const std::string& why) const;
};

// Returns the ONNX value names of the node's outputs, one per output port.
using NodeExporter = std::function<std::vector<std::string>(NodeExport&)>;

// Registers the exporters of Tessera's own node types and of the nn layers in the node type registry
// (once per process; exportOnnx calls it).
void registerNodeExporters();

}  // namespace tessera::onnx
