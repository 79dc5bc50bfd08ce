// NodeTypeRegistry: every kind of node the model graph knows — Input, Target, Output, Normalize,
// losses, Add/Mul/Concat, sequence helpers, and every layer of the nn layer registry — by name, each
// with its category, ports, parameter schema, shape-inference rule (which also gives the parameter
// count and multiply-accumulates per sample) and how it builds its part of the model. The designer's
// palette and property editor, shape inference, the model builder and tessera-cli read this one
// table; later the ONNX exporter, estimator nodes and plugins add to it (extension slots below).
//
//   auto& reg = graph::NodeTypeRegistry::instance();
//   const graph::NodeType& t = reg.get("Conv2d");        // t.category "Convolution", t.params (nn schema)
//   for (const auto& name : reg.names()) …                // sorted
//   reg.add(NodeType{.name = "MyBlock", .category = "Plugins", …});
//   reg.setExtension("Linear", "onnx", std::any(myLinearExporter));   // read back with extension()
//
// A node's params hold only what the user set; resolveParams() fills the schema's defaults and
// reports unknown keys, wrong types and out-of-range values (as Problems, never by throwing), so a
// half-edited graph can still be shown.
#pragma once

#include <any>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/model_graph.h"
#include "core/graph/tensor_type.h"
#include "core/io/json.h"
#include "core/nn/layer_registry.h"
#include "core/nn/module.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"

namespace tessera::graph {

// What the analysis and the builder treat specially; ordinary computing nodes are Layer.
enum class NodeRole { Layer, Input, Target, Output, Loss };

struct PortSpec {
    std::string name;  // "input", "target"
    std::string help;
};

// What a shape rule and a builder see of one node.
struct NodeContext {
    const Node& node;
    const io::Json& params;                 // resolved: every schema key present
    const std::vector<TensorType>& inputs;  // one per input port, in port order

    std::int64_t integer(std::string_view name) const;
    double number(std::string_view name) const;
    bool flag(std::string_view name) const;
    const std::string& string(std::string_view name) const;
    // An int-or-tuple parameter as `n` integers (an int repeats).
    std::vector<std::int64_t> ints(std::string_view name, std::size_t n) const;
    bool isNull(std::string_view name) const;
};

// The result of a shape rule for one node.
struct Inferred {
    std::vector<TensorType> outputs;
    std::int64_t parameters = 0;  // trainable elements (buffers excluded)
    std::int64_t macs = 0;        // multiply-accumulates of one sample (matmul/conv-like work)
    std::vector<std::string> warnings;
};

// Thrown by a shape rule: the message is for a person; `port` is the input port at fault (-1: the
// node), `param` the parameter at fault ("" when none).
class NodeProblem : public ShapeError {
public:
    NodeProblem(std::string message, int port = -1, std::string param = {})
        : ShapeError(std::move(message)), m_port(port), m_param(std::move(param)) {}
    int port() const { return m_port; }
    const std::string& param() const { return m_param; }

private:
    int m_port;
    std::string m_param;
};

using InferFn = std::function<Inferred(const NodeContext&)>;

// A node's part of the built model: an optional module (registered under the node id, so its state_dict
// keys are "<id>.weight") and the computation from input tensors to output tensors.
struct BuiltNode {
    std::shared_ptr<nn::Module> module;
    std::function<std::vector<Tensor>(const std::vector<Tensor>& inputs)> forward;
};
using BuildFn = std::function<BuiltNode(const NodeContext&, Generator&)>;

struct NodeType {
    std::string name;      // "Linear"
    std::string category;  // palette group: "Input/Output", "Linear", "Convolution", "Loss", "Merge", …
    std::string help;
    NodeRole role = NodeRole::Layer;
    std::vector<nn::ParamSpec> params;
    std::vector<PortSpec> inputs;
    std::vector<PortSpec> outputs;
    // The last input port repeats (Add, Mul, Concat): ports 0 … k are accepted, at least minInputs.
    bool variadic = false;
    int minInputs = 0;
    InferFn infer;
    BuildFn build;
    // "graph" for Tessera's own node types, "nn" for layers of the nn registry, or a plugin's name.
    std::string source = "graph";
    // Named per-type slots for other subsystems ("onnx": the exporter's mapping, …).
    std::map<std::string, std::any, std::less<>> extensions;

    // Number of input ports a node of this type shows when `connected` ports (highest + 1) are used.
    int inputCount(int connected = 0) const;
    // The port's name ("target"); a variadic type's extra ports share the last name; "" when none.
    std::string inputName(int port) const;
};

class NodeTypeRegistry {
public:
    // The process-wide registry: Tessera's own types and one type per nn layer.
    static NodeTypeRegistry& instance();

    // Throws ValueError when the name is taken or the type has no infer rule.
    void add(NodeType type);
    const NodeType* find(std::string_view name) const;
    // Throws ValueError "unknown node type 'Linaer' (did you mean Linear?)".
    const NodeType& get(std::string_view name) const;
    std::vector<std::string> names() const;       // sorted
    std::vector<std::string> categories() const;  // sorted, each once

    // Extension slots; setExtension throws ValueError for an unknown type.
    void setExtension(std::string_view type, const std::string& key, std::any value);
    // nullptr when unset.
    const std::any* extension(std::string_view type, std::string_view key) const;

private:
    NodeTypeRegistry() = default;

    mutable std::shared_mutex m_mutex;
    std::map<std::string, std::unique_ptr<NodeType>, std::less<>> m_types;
};

// "did you mean …" suggestions among `names` for a misspelt `name` (empty when none is close).
std::string closeNames(std::string_view name, const std::vector<std::string>& names);

struct ParamIssue {
    std::string param;
    std::string message;  // "parameter 'out_features' must be an integer ≥ 1, got -3"
};

// The node's params with the schema's defaults filled in, in schema order. Unknown keys, values of
// the wrong type or out of range and missing required values are appended to `issues`; such values
// are replaced by the default (or null) so that inference can go on.
io::Json resolveParams(const NodeType& type, const io::Json& params, std::vector<ParamIssue>& issues);

}  // namespace tessera::graph
