// Internal to core/onnx: the importer's state and its steps, shared by onnx_import.cpp (values,
// attributes, the node-by-node import), onnx_import_recurrent.cpp (LSTM/GRU and the shape arithmetic
// of their zero initial states) and onnx_import_patterns.cpp (the decomposed layers of Note [Decomposed
// layers]). Not installed, not included outside core/onnx: it pulls in ONNX's protobuf classes.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/graph/model_graph.h"
#include "core/onnx/onnx_import.h"
#include "core/tensor/error.h"
#include "core/tensor/tensor.h"

namespace tessera::onnx::detail {

using Ints = std::vector<std::int64_t>;

// Larger tensors are refused: a model of the workbench is far smaller.
constexpr std::int64_t kMaxElements = std::int64_t{1} << 28;

bool allZero(const Tensor& t);
// The parsed model of `bytes`; IoError naming `source` when they are not an ONNX model.
::onnx::ModelProto parseModel(std::string_view bytes, const std::string& source);
// Whether the importer has a rule for the node's operator (onnx_inspect.cpp keeps the list).
bool supportedOperator(const ::onnx::NodeProto& n);

class Importer {
public:
    Importer(const ::onnx::ModelProto& model, std::string source) : m_model(model), m_source(std::move(source)) {}

    ImportedModel run();
    // A float32 or int64 tensor's values; ValueError for other data types and inconsistent data.
    Tensor tensorFrom(const ::onnx::TensorProto& t) const;
    // After run() threw for a node: that node and why (the message without its prefix); else null.
    const ::onnx::NodeProto* failedNode() const { return m_failedNode; }
    const std::string& failedWhy() const { return m_failedWhy; }

private:
    [[noreturn]] void fail(const std::string& why) const { throw ValueError(m_source + ": " + why); }
    [[noreturn]] void failNode(const ::onnx::NodeProto& n, const std::string& why) const {
        m_failedNode = &n;
        m_failedWhy = why;
        fail("node '" + n.name() + "' (" + n.op_type() + "): " + why);
    }

    const ::onnx::AttributeProto* attr(const ::onnx::NodeProto& n, const std::string& name) const;
    std::int64_t intAttr(const ::onnx::NodeProto& n, const std::string& name, std::int64_t def) const;
    double floatAttr(const ::onnx::NodeProto& n, const std::string& name, double def) const;
    std::string stringAttr(const ::onnx::NodeProto& n, const std::string& name, const std::string& def) const;
    Ints intsAttr(const ::onnx::NodeProto& n, const std::string& name, const Ints& def) const;

    bool isConstant(const std::string& value) const { return m_constants.count(value) > 0; }
    const Tensor& constant(const ::onnx::NodeProto& n, int input) const;
    // The graph end (node, port) of a computed value.
    std::pair<std::string, int> source(const ::onnx::NodeProto& n, int input) const;
    std::vector<const ::onnx::NodeProto*> consumers(const std::string& value) const;
    std::string addNode(const std::string& type, io::Json params, const std::vector<std::pair<std::string, int>>& from,
                        const std::string& output, std::int64_t rank, const std::string& id = {});
    void weight(const std::string& id, const std::string& name, const Tensor& t) {
        m_weights.emplace_back(id + "." + name, t);
    }
    std::int64_t rankOf(const ::onnx::NodeProto& n, int input) const;
    Ints symmetricPads(const ::onnx::NodeProto& n, std::size_t dims) const;
    void importNode(const ::onnx::NodeProto& n);
    void importRecurrent(const ::onnx::NodeProto& n);

    // Note [Decomposed layers]: the exporter writes GELU, attention and the Transformer layer as chains of
    // primitive ops. Before the import, matchPatterns() finds those chains (exactly as the exporter writes
    // them: every intermediate value used only inside the chain) and records each as a Pattern keyed by
    // its first node; the import then makes one Tessera node of it and skips the rest.
    struct Pattern {
        std::vector<const ::onnx::NodeProto*> nodes;
        std::function<void()> build;  // adds the node(s); runs with m_current = the first node
    };
    struct Linear {
        std::vector<const ::onnx::NodeProto*> nodes;
        std::string input, output;
        Tensor weight, bias;  // torch's [out, in] and [out] (bias undefined when absent)
    };
    struct Attention {
        std::vector<const ::onnx::NodeProto*> nodes;
        std::string input, output;
        std::int64_t embed = 0, heads = 0;
        Tensor inWeight, inBias, outWeight, outBias;
    };
    struct Gelu {
        std::vector<const ::onnx::NodeProto*> nodes;
        std::string output;
        bool tanh = false;
    };
    const ::onnx::NodeProto* producer(const std::string& value) const {
        auto it = m_producers.find(value);
        return it == m_producers.end() ? nullptr : it->second;
    }
    // The value's only consumer when it is a node of type `op`, else nullptr.
    const ::onnx::NodeProto* only(const std::string& value, const std::string& op) const {
        const auto c = consumers(value);
        return c.size() == 1 && c[0]->op_type() == op && c[0]->output_size() > 0 ? c[0] : nullptr;
    }
    // The other input of a two-input node; "" when `value` is not one of them.
    static std::string other(const ::onnx::NodeProto& n, const std::string& value) {
        if (n.input_size() != 2) return {};
        return n.input(0) == value ? n.input(1) : n.input(1) == value ? n.input(0) : std::string();
    }
    // Input i of a node, "" when it has fewer (hostile files may have any number).
    static const std::string& arg(const ::onnx::NodeProto& n, int i) {
        static const std::string none;
        return i < n.input_size() ? n.input(i) : none;
    }
    const Tensor* constantValue(const std::string& value) const {
        auto it = m_constants.find(value);
        return it == m_constants.end() ? nullptr : &it->second;
    }
    std::optional<Ints> intsValue(const std::string& value) const;
    std::optional<double> scalarValue(const std::string& value) const;
    std::optional<Linear> matchLinear(const ::onnx::NodeProto* matmul) const;
    std::optional<Gelu> matchGelu(const std::string& x) const;
    std::optional<Attention> matchAttention(const ::onnx::NodeProto& split) const;
    bool matchTransformer(const Attention& a);
    void matchPatterns();
    void addPattern(std::vector<const ::onnx::NodeProto*> nodes, std::function<void()> build);
    // readableId() without one of `suffixes` ("enc_self_attn_in_proj" → "enc"), when that id is free.
    std::string idWithout(const std::vector<std::string>& suffixes) const;
    // Values computed from the input's shape (torch's zero initial states) carry no Tessera node; true
    // when `n` only computes such values.
    bool importShapeArithmetic(const ::onnx::NodeProto& n);
    bool isZeroState(const ::onnx::NodeProto& n, int input) const {
        return input >= n.input_size() || n.input(input).empty() || m_zeros.count(n.input(input)) > 0;
    }
    // The id of the node being imported: the ONNX node's name without its op ("/fc1/Gemm" → "fc1",
    // "conv1/Conv" → "conv1"); "" (an id made from the type) when that is no usable, free id.
    std::string readableId() const;

    const ::onnx::ModelProto& m_model;
    std::string m_source;
    graph::ModelGraph m_graph;
    nn::NamedTensors m_weights;
    std::map<std::string, Tensor> m_constants;
    std::map<std::string, std::pair<std::string, int>> m_values;  // ONNX value → (node id, port)
    std::map<std::string, std::int64_t> m_ranks;                  // ONNX value → rank
    std::set<const ::onnx::NodeProto*> m_fused;                   // nodes folded into an earlier one
    // Note [Sequence layouts]: ONNX's LSTM/GRU read [L, N, F] and write Y [L, D, N, H]; Tessera's
    // batch-first layers read [N, L, F] and write [N, L, D·H]. The transposes and reshapes around
    // them (Tessera's and torch's) are followed as views of a batch-first graph value instead of
    // becoming nodes.
    std::map<std::string, std::pair<std::string, int>> m_timeFirst;  // [L, N, F] value → its [N, L, F] end
    struct RecurrentOutput {
        std::string id;  // the Tessera LSTM/GRU node
        std::int64_t directions = 1;
        bool transposed = false;  // [L, N, D, H] rather than Y's [L, D, N, H]
    };
    std::map<std::string, RecurrentOutput> m_recurrent;  // Y of an ONNX LSTM/GRU, and its transpose
    std::set<std::string> m_shapeValues;                 // computed from Shape(…) and constants
    std::set<std::string> m_zeros;                       // zeros of such a shape (initial states)
    std::set<std::string> m_stacked;                     // LSTM/GRU nodes a next layer may join
    std::map<std::string, const ::onnx::NodeProto*> m_producers;
    std::map<const ::onnx::NodeProto*, std::size_t> m_order;  // position in the graph
    std::map<const ::onnx::NodeProto*, Pattern> m_patterns;   // by first node
    std::set<const ::onnx::NodeProto*> m_claimed;             // nodes inside a pattern
    const ::onnx::NodeProto* m_current = nullptr;
    double m_x = 0;
    mutable const ::onnx::NodeProto* m_failedNode = nullptr;
    mutable std::string m_failedWhy;
};

}  // namespace tessera::onnx::detail
