#include "core/onnx/onnx_import.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "core/graph/analysis.h"
#include "core/graph/graph_layers.h"
#include "core/io/atomic_file.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"

namespace tessera::onnx {

namespace {

using Ints = std::vector<std::int64_t>;

// Larger files are refused before parsing: a model of the workbench is far smaller.
constexpr std::size_t kMaxBytes = std::size_t{1} << 30;
constexpr std::int64_t kMaxElements = std::int64_t{1} << 28;

const std::set<std::string> kSupported{"Gemm",
                                       "MatMul",
                                       "Conv",
                                       "MaxPool",
                                       "AveragePool",
                                       "GlobalAveragePool",
                                       "BatchNormalization",
                                       "LayerNormalization",
                                       "Relu",
                                       "Sigmoid",
                                       "Tanh",
                                       "Elu",
                                       "LeakyRelu",
                                       "Softmax",
                                       "LogSoftmax",
                                       "Identity",
                                       "Dropout",
                                       "Flatten",
                                       "Reshape",
                                       "Add",
                                       "Mul",
                                       "Sub",
                                       "Div",
                                       "Concat",
                                       "Gather",
                                       "Cast",
                                       "Constant",
                                       "Transpose",
                                       "LSTM",
                                       "GRU",
                                       "Shape",
                                       "Unsqueeze",
                                       "Squeeze",
                                       "Slice",
                                       "ConstantOfShape",
                                       "Split",
                                       "Erf",
                                       "Pow"};

class Importer {
public:
    Importer(const ::onnx::ModelProto& model, std::string source) : m_model(model), m_source(std::move(source)) {}

    ImportedModel run();

private:
    [[noreturn]] void fail(const std::string& why) const { throw ValueError(m_source + ": " + why); }
    [[noreturn]] void failNode(const ::onnx::NodeProto& n, const std::string& why) const {
        fail("node '" + n.name() + "' (" + n.op_type() + "): " + why);
    }

    Tensor tensorFrom(const ::onnx::TensorProto& t) const;
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
};

Tensor Importer::tensorFrom(const ::onnx::TensorProto& t) const {
    const std::string what = "tensor '" + t.name() + "'";
    if (t.data_location() == ::onnx::TensorProto::EXTERNAL) fail(what + " keeps its data in an external file");
    std::int64_t n = 1;
    Shape sizes;
    for (auto d : t.dims()) {
        if (d < 0 || (d > 0 && n > kMaxElements / d)) fail(what + " has an invalid or huge shape");
        n *= d;
        sizes.push_back(d);
    }
    auto fromRaw = [&](auto zero) {
        using T = decltype(zero);
        std::vector<T> v(static_cast<std::size_t>(n));
        if (t.has_raw_data()) {
            if (t.raw_data().size() != v.size() * sizeof(T)) {
                fail(what + " holds " + std::to_string(t.raw_data().size()) + " bytes, its shape needs " +
                     std::to_string(v.size() * sizeof(T)));
            }
            if (!v.empty()) std::memcpy(v.data(), t.raw_data().data(), v.size() * sizeof(T));
        } else {
            const auto count = [&]() -> std::int64_t {
                if constexpr (std::is_same_v<T, float>) return t.float_data_size();
                return t.int64_data_size();
            }();
            if (count != n)
                fail(what + " holds " + std::to_string(count) + " values, its shape needs " + std::to_string(n));
            for (std::int64_t i = 0; i < n; ++i) {
                if constexpr (std::is_same_v<T, float>) {
                    v[static_cast<std::size_t>(i)] = t.float_data(static_cast<int>(i));
                } else {
                    v[static_cast<std::size_t>(i)] = t.int64_data(static_cast<int>(i));
                }
            }
        }
        return Tensor::fromVector<T>(v, sizes);
    };
    if (t.data_type() == ::onnx::TensorProto::FLOAT) return fromRaw(0.0f);
    if (t.data_type() == ::onnx::TensorProto::INT64) return fromRaw(std::int64_t{0});
    fail(what + " has data type " + std::to_string(t.data_type()) + "; only float32 and int64 tensors are imported");
}

const ::onnx::AttributeProto* Importer::attr(const ::onnx::NodeProto& n, const std::string& name) const {
    for (const auto& a : n.attribute()) {
        if (a.name() == name) return &a;
    }
    return nullptr;
}

std::int64_t Importer::intAttr(const ::onnx::NodeProto& n, const std::string& name, std::int64_t def) const {
    const auto* a = attr(n, name);
    if (!a) return def;
    if (a->type() != ::onnx::AttributeProto::INT) failNode(n, "attribute '" + name + "' must be an integer");
    return a->i();
}

// The shortest decimal whose float32 is `value`'s: torch writes eps=1e-5 as the float 9.99999974e-06, which
// the project should show as 1e-05 (and which exports as the same float again).
double shortestDecimal(double value, const std::function<float(double)>& toFloat) {
    const float want = toFloat(value);
    for (int digits = 1; digits <= 17; ++digits) {
        char text[40];
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        const double d = std::strtod(text, nullptr);
        if (toFloat(d) == want) return d;
    }
    return value;
}

double Importer::floatAttr(const ::onnx::NodeProto& n, const std::string& name, double def) const {
    const auto* a = attr(n, name);
    if (!a) return def;
    if (a->type() != ::onnx::AttributeProto::FLOAT) failNode(n, "attribute '" + name + "' must be a float");
    return shortestDecimal(a->f(), [](double d) { return static_cast<float>(d); });
}

std::string Importer::stringAttr(const ::onnx::NodeProto& n, const std::string& name, const std::string& def) const {
    const auto* a = attr(n, name);
    if (!a) return def;
    if (a->type() != ::onnx::AttributeProto::STRING) failNode(n, "attribute '" + name + "' must be a string");
    return a->s();
}

Ints Importer::intsAttr(const ::onnx::NodeProto& n, const std::string& name, const Ints& def) const {
    const auto* a = attr(n, name);
    if (!a) return def;
    if (a->type() != ::onnx::AttributeProto::INTS) failNode(n, "attribute '" + name + "' must be a list of integers");
    return Ints(a->ints().begin(), a->ints().end());
}

const Tensor& Importer::constant(const ::onnx::NodeProto& n, int input) const {
    if (input >= n.input_size()) failNode(n, "input " + std::to_string(input) + " is missing");
    auto it = m_constants.find(n.input(input));
    if (it == m_constants.end()) failNode(n, "input '" + n.input(input) + "' must be a constant (an initializer)");
    return it->second;
}

std::pair<std::string, int> Importer::source(const ::onnx::NodeProto& n, int input) const {
    if (input >= n.input_size() || n.input(input).empty())
        failNode(n, "input " + std::to_string(input) + " is missing");
    auto it = m_values.find(n.input(input));
    if (it == m_values.end()) {
        if (isConstant(n.input(input))) failNode(n, "a constant operand '" + n.input(input) + "' has no Tessera node");
        if (m_shapeValues.count(n.input(input)) || m_zeros.count(n.input(input)))
            failNode(n, "input '" + n.input(input) +
                            "' is computed from a tensor's shape, which Tessera does not represent");
        if (m_timeFirst.count(n.input(input)) || m_recurrent.count(n.input(input))) {
            failNode(n, "input '" + n.input(input) +
                            "' is a time-first sequence [L, N, …]; Tessera's sequence layers are batch-first "
                            "(transpose it back with perm [1, 0, 2])");
        }
        failNode(n, "input '" + n.input(input) + "' is not produced by an earlier node");
    }
    return it->second;
}

std::int64_t Importer::rankOf(const ::onnx::NodeProto& n, int input) const {
    auto it = m_ranks.find(n.input(input));
    return it == m_ranks.end() ? -1 : it->second;
}

std::vector<const ::onnx::NodeProto*> Importer::consumers(const std::string& value) const {
    std::vector<const ::onnx::NodeProto*> out;
    for (const auto& n : m_model.graph().node()) {
        if (std::find(n.input().begin(), n.input().end(), value) != n.input().end()) out.push_back(&n);
    }
    return out;
}

std::string Importer::addNode(const std::string& type, io::Json params,
                              const std::vector<std::pair<std::string, int>>& from, const std::string& output,
                              std::int64_t rank, const std::string& wantedId) {
    m_x += 190;
    const std::string id = m_graph.addNode(type, std::move(params), wantedId.empty() ? readableId() : wantedId, m_x, 0);
    for (std::size_t i = 0; i < from.size(); ++i)
        m_graph.connect(from[i].first, from[i].second, id, static_cast<int>(i));
    m_values[output] = {id, 0};
    m_ranks[output] = rank;
    return id;
}

Ints Importer::symmetricPads(const ::onnx::NodeProto& n, std::size_t dims) const {
    if (stringAttr(n, "auto_pad", "NOTSET") != "NOTSET") failNode(n, "auto_pad is not supported; give explicit pads");
    const Ints pads = intsAttr(n, "pads", Ints(2 * dims, 0));
    if (pads.size() != 2 * dims) failNode(n, "pads must have " + std::to_string(2 * dims) + " entries");
    for (std::size_t i = 0; i < dims; ++i) {
        if (pads[i] != pads[i + dims]) failNode(n, "asymmetric pads have no Tessera equivalent");
    }
    return Ints(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(dims));
}

io::Json intsJson(const Ints& v) {
    io::Json a = io::Json::array();
    for (auto x : v) a.asArray().push_back(x);
    return a;
}

// One direction's recurrent weights [G·H, …] or biases [G·H] from ONNX's gate order to torch's:
// ONNX block k is torch block order[k] (the exporter's reorderGates, inverted).
Tensor toTorchGates(const Tensor& w, const Ints& order) {
    const Tensor c = ops::contiguous(w);
    const auto v = c.toVector<float>();
    const std::int64_t block = c.numel() / static_cast<std::int64_t>(order.size());
    std::vector<float> out(v.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        std::copy_n(v.begin() + static_cast<std::ptrdiff_t>(k) * block, block, out.begin() + order[k] * block);
    }
    return Tensor::fromVector<float>(out, c.sizes());
}

bool allZero(const Tensor& t) {
    for (double v : ops::contiguous(ops::to(t, DType::Float64)).toVector<double>()) {
        if (v != 0) return false;
    }
    return true;
}

std::string Importer::readableId() const {
    std::string name = m_current ? m_current->name() : std::string();
    const auto slash = name.rfind('/');
    name = slash == std::string::npos ? std::string() : name.substr(0, slash);
    std::string id;
    for (const char ch : name) {
        if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') {
            id += ch;
        } else if (!id.empty() && id.back() != '_') {
            id += '_';
        }
    }
    while (!id.empty() && id.back() == '_') id.pop_back();
    if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0])) || id == "x" || id == "output" ||
        m_graph.findNode(id)) {
        return {};
    }
    return id;
}

bool Importer::importShapeArithmetic(const ::onnx::NodeProto& n) {
    const std::string& op = n.op_type();
    const std::string& out = n.output(0);
    auto shapeValue = [&](int i) { return m_shapeValues.count(n.input(i)) > 0; };
    auto constantOrShape = [&](int i) { return n.input(i).empty() || isConstant(n.input(i)) || shapeValue(i); };
    if (op == "Shape") {
        m_shapeValues.insert(out);
        return true;
    }
    if (op == "Gather" || op == "Unsqueeze" || op == "Squeeze" || op == "Concat" || op == "Slice" || op == "Cast") {
        bool any = false, all = true;
        for (int i = 0; i < n.input_size(); ++i) {
            any = any || shapeValue(i);
            all = all && constantOrShape(i);
        }
        if (any && all) {
            m_shapeValues.insert(out);
            return true;
        }
        if (op == "Slice" && n.input_size() > 0 && m_zeros.count(n.input(0))) {
            for (int i = 1; i < n.input_size(); ++i) {
                if (!constantOrShape(i)) failNode(n, "slicing an initial state needs constant bounds");
            }
            m_zeros.insert(out);
            return true;
        }
        return false;
    }
    if (op == "ConstantOfShape") {
        if (n.input_size() < 1 || !constantOrShape(0)) failNode(n, "the shape must come from constants and Shape");
        if (const auto* a = attr(n, "value"); a && !allZero(tensorFrom(a->t()))) {
            failNode(n, "only zeros (an initial recurrent state) are supported");
        }
        m_zeros.insert(out);
        return true;
    }
    return false;
}

void Importer::importRecurrent(const ::onnx::NodeProto& n) {
    const bool lstm = n.op_type() == "LSTM";
    const Ints order = lstm ? Ints{0, 3, 1, 2} : Ints{1, 0, 2};  // ONNX i,o,f,c / z,r,h → torch's blocks
    const std::int64_t gates = static_cast<std::int64_t>(order.size());
    auto input = m_timeFirst.find(n.input(0));
    if (input == m_timeFirst.end()) {
        failNode(n,
                 "the input must be a batch-first sequence transposed to time-first (Transpose perm [1, 0, 2]); "
                 "Tessera's sequence layers are batch_first");
    }
    const std::string direction = stringAttr(n, "direction", "forward");
    if (direction != "forward" && direction != "bidirectional")
        failNode(n, "direction '" + direction + "' is not supported");
    const std::int64_t dirs = direction == "bidirectional" ? 2 : 1;
    const std::int64_t hidden = intAttr(n, "hidden_size", 0);
    if (hidden < 1) failNode(n, "hidden_size must be given");
    if (intAttr(n, "layout", 0) != 0) failNode(n, "layout=1 is not supported");
    if (attr(n, "clip")) failNode(n, "clip has no torch equivalent");
    if (lstm && intAttr(n, "input_forget", 0) != 0) failNode(n, "input_forget=1 has no torch equivalent");
    if (!lstm && intAttr(n, "linear_before_reset", 0) != 1) {
        failNode(n, "linear_before_reset=0 differs from torch's GRU (which applies the reset gate after the product)");
    }
    if (attr(n, "activations")) {
        const auto* a = attr(n, "activations");
        for (int i = 0; i < a->strings_size(); ++i) {
            const std::string& f = a->strings(i);
            const bool gate = i % (lstm ? 3 : 2) == 0;
            if (f != (gate ? "Sigmoid" : "Tanh")) failNode(n, "activation '" + f + "' differs from torch's");
        }
    }
    if (n.input_size() > 4 && !n.input(4).empty()) failNode(n, "sequence_lens is not supported");
    if (!isZeroState(n, 5) || (lstm && !isZeroState(n, 6))) failNode(n, "only zero initial states are supported");
    if (lstm && n.input_size() > 7 && !n.input(7).empty()) failNode(n, "peephole weights have no torch equivalent");
    for (int i = 1; i < n.output_size(); ++i) {
        if (!n.output(i).empty() && !consumers(n.output(i)).empty())
            failNode(n, "the final states (outputs Y_h, Y_c) are used; Tessera's layer outputs the sequence only");
    }
    const Tensor& w = constant(n, 1);
    const Tensor& r = constant(n, 2);
    const bool bias = n.input_size() > 3 && !n.input(3).empty();
    if (w.dim() != 3 || w.size(0) != dirs || w.size(1) != gates * hidden || w.dtype() != DType::Float32)
        failNode(n, "W must be float32 [" + std::to_string(dirs) + ", " + std::to_string(gates * hidden) + ", input]");
    if (r.sizes() != Shape{dirs, gates * hidden, hidden}) failNode(n, "R must be [directions, gates·hidden, hidden]");
    Tensor b;
    if (bias) {
        b = constant(n, 3);
        if (b.sizes() != Shape{dirs, 2 * gates * hidden}) failNode(n, "B must be [directions, 2·gates·hidden]");
    }

    // A layer stacked on one this import made, with the same settings, becomes that node's next layer
    // (torch and Tessera write one ONNX node per layer).
    const std::string type = lstm ? "LSTM" : "GRU";
    const auto& [prevId, prevPort] = input->second;
    const graph::Node* prev = m_graph.findNode(prevId);
    std::string id;
    std::int64_t layer = 0;
    if (prev && prev->type == type && m_stacked.count(prevId) && consumers(n.input(0)).size() == 1 &&
        prev->params.at("hidden_size").asInteger() == hidden &&
        prev->params.at("bidirectional").asBool() == (dirs == 2) && prev->params.at("bias").asBool() == bias &&
        w.size(2) == dirs * hidden) {
        id = prevId;
        layer = prev->params.at("num_layers").asInteger();
        m_graph.setParam(id, "num_layers", layer + 1);
    } else {
        // "lstm_l0/LSTM" (Tessera) → "lstm", "/rnn/LSTM" (torch) → "rnn"
        std::string wanted = readableId();
        if (const auto cut = wanted.rfind("_l");
            cut != std::string::npos && cut + 2 < wanted.size() &&
            std::all_of(wanted.begin() + static_cast<std::ptrdiff_t>(cut) + 2, wanted.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
            !m_graph.findNode(wanted.substr(0, cut))) {
            wanted = wanted.substr(0, cut);
        }
        id = addNode(type,
                     io::Json::object({{"input_size", w.size(2)},
                                       {"hidden_size", hidden},
                                       {"num_layers", 1},
                                       {"bias", bias},
                                       {"batch_first", true},
                                       {"bidirectional", dirs == 2}}),
                     {input->second}, n.output(0), 3, wanted);
        m_stacked.insert(id);
    }
    for (std::int64_t d = 0; d < dirs; ++d) {
        const std::string suffix = "_l" + std::to_string(layer) + (d == 1 ? "_reverse" : "");
        weight(id, "weight_ih" + suffix, toTorchGates(ops::select(w, 0, d), order));
        weight(id, "weight_hh" + suffix, toTorchGates(ops::select(r, 0, d), order));
        if (bias) {
            const Tensor bd = ops::select(b, 0, d);
            weight(id, "bias_ih" + suffix, toTorchGates(ops::narrow(bd, 0, 0, gates * hidden), order));
            weight(id, "bias_hh" + suffix, toTorchGates(ops::narrow(bd, 0, gates * hidden, gates * hidden), order));
        }
    }
    m_values.erase(n.output(0));
    m_recurrent[n.output(0)] = {id, dirs, false};
}

std::optional<Ints> Importer::intsValue(const std::string& value) const {
    const Tensor* t = constantValue(value);
    if (!t || t->dtype() != DType::Int64 || t->dim() > 1) return std::nullopt;
    return ops::contiguous(*t).toVector<std::int64_t>();
}

std::optional<double> Importer::scalarValue(const std::string& value) const {
    const Tensor* t = constantValue(value);
    if (!t || t->numel() != 1 || t->dtype() != DType::Float32) return std::nullopt;
    return ops::contiguous(ops::to(*t, DType::Float64)).toVector<double>()[0];
}

std::string Importer::idWithout(const std::vector<std::string>& suffixes) const {
    const std::string id = readableId();
    for (const auto& suffix : suffixes) {
        if (id.size() > suffix.size() && id.ends_with(suffix)) {
            const std::string base = id.substr(0, id.size() - suffix.size());
            if (!m_graph.findNode(base) && base != "x" && base != "output") return base;
        }
    }
    return id;
}

// x·W (+ b) with a constant 2-d W and 1-d b: the exporter's Linear on sequences.
std::optional<Importer::Linear> Importer::matchLinear(const ::onnx::NodeProto* matmul) const {
    if (!matmul || matmul->op_type() != "MatMul" || matmul->input_size() != 2) return std::nullopt;
    const Tensor* w = constantValue(arg(*matmul, 1));
    if (!w || w->dim() != 2 || w->dtype() != DType::Float32 || isConstant(arg(*matmul, 0))) return std::nullopt;
    Linear l{{matmul}, arg(*matmul, 0), matmul->output(0), ops::contiguous(ops::transpose(*w, 0, 1)), {}};
    if (const auto* add = only(l.output, "Add")) {
        const Tensor* b = constantValue(other(*add, l.output));
        if (b && b->dim() == 1 && b->size(0) == w->size(1)) {
            l.nodes.push_back(add);
            l.output = add->output(0);
            l.bias = *b;
        }
    }
    return l;
}

// 0.5·x·(1 + erf(x/√2)), or with approximate='tanh' 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), in the
// exporter's order of operations.
std::optional<Importer::Gelu> Importer::matchGelu(const std::string& x) const {
    auto near = [](std::optional<double> v, double want) { return v && std::abs(*v - want) <= 1e-6 * std::abs(want); };
    const auto users = consumers(x);
    Gelu g;
    const ::onnx::NodeProto* onePlus = nullptr;
    for (const auto* first : users) {
        if (first->op_type() == "Div" && arg(*first, 0) == x && near(scalarValue(arg(*first, 1)), std::sqrt(2.0))) {
            const auto* erf = only(first->output(0), "Erf");
            const auto* add = erf ? only(erf->output(0), "Add") : nullptr;
            if (add && near(scalarValue(other(*add, erf->output(0))), 1.0)) {
                g.nodes = {first, erf, add};
                onePlus = add;
            }
        } else if (first->op_type() == "Pow" && arg(*first, 0) == x && near(scalarValue(arg(*first, 1)), 3.0)) {
            const auto* cube = only(first->output(0), "Mul");
            const auto* inner = cube && near(scalarValue(other(*cube, first->output(0))), 0.044715)
                                    ? only(cube->output(0), "Add")
                                    : nullptr;
            const auto* scaled = inner && other(*inner, cube->output(0)) == x ? only(inner->output(0), "Mul") : nullptr;
            const auto* th = scaled && near(scalarValue(other(*scaled, inner->output(0))), std::sqrt(2.0 / M_PI))
                                 ? only(scaled->output(0), "Tanh")
                                 : nullptr;
            const auto* add = th ? only(th->output(0), "Add") : nullptr;
            if (add && near(scalarValue(other(*add, th->output(0))), 1.0)) {
                g.nodes = {first, cube, inner, scaled, th, add};
                g.tanh = true;
                onePlus = add;
            }
        }
        if (onePlus) break;
    }
    if (!onePlus) return std::nullopt;
    const auto* times = only(onePlus->output(0), "Mul");
    const auto* half = times && other(*times, onePlus->output(0)) == x ? only(times->output(0), "Mul") : nullptr;
    if (!half || !near(scalarValue(other(*half, times->output(0))), 0.5)) return std::nullopt;
    g.nodes.push_back(times);
    g.nodes.push_back(half);
    g.output = half->output(0);
    return g;
}

// The exporter's self-attention of a batch-first [N, L, E] sequence: packed in-projection, Split, heads,
// q·1/√d, softmax(q·kᵀ)·v, heads merged, out-projection.
std::optional<Importer::Attention> Importer::matchAttention(const ::onnx::NodeProto& split) const {
    if (split.op_type() != "Split" || split.output_size() != 3 || split.input_size() != 2) return std::nullopt;
    const std::int64_t axis = intAttr(split, "axis", 0);
    const auto sizes = intsValue(arg(split, 1));
    if ((axis != 2 && axis != -1) || !sizes || sizes->size() != 3) return std::nullopt;
    const std::int64_t e = (*sizes)[0];
    if (e < 1 || e > kMaxElements || (*sizes)[1] != e || (*sizes)[2] != e) return std::nullopt;
    const ::onnx::NodeProto* p = producer(arg(split, 0));
    if (p && p->op_type() == "Add") p = producer(arg(*p, 0) == arg(split, 0) ? arg(*p, 1) : arg(*p, 0));
    auto in = matchLinear(p);
    if (!in || in->output != arg(split, 0) || in->weight.size(0) != 3 * e) return std::nullopt;
    Attention a;
    a.nodes = in->nodes;
    a.nodes.push_back(&split);
    a.input = in->input;
    a.embed = e;
    a.inWeight = in->weight;
    a.inBias = in->bias;
    std::string heads[3];
    std::int64_t h = 0;
    for (int i = 0; i < 3; ++i) {
        const auto* r = only(split.output(i), "Reshape");
        const auto shape = r ? intsValue(arg(*r, 1)) : std::nullopt;
        if (!shape || shape->size() != 4 || (*shape)[0] != 0 || (*shape)[1] != 0 || (*shape)[2] < 1 ||
            (*shape)[3] < 1 || (*shape)[2] > e || (*shape)[3] > e || (*shape)[2] * (*shape)[3] != e)
            return std::nullopt;
        if (h != 0 && (*shape)[2] != h) return std::nullopt;
        h = (*shape)[2];
        const auto* t = only(r->output(0), "Transpose");
        if (!t || intsAttr(*t, "perm", {}) != Ints{0, 2, 1, 3}) return std::nullopt;
        a.nodes.push_back(r);
        a.nodes.push_back(t);
        heads[i] = t->output(0);
    }
    a.heads = h;
    const double scale = 1.0 / std::sqrt(static_cast<double>(e / h));
    const auto* mq = only(heads[0], "Mul");
    const auto s = mq ? scalarValue(other(*mq, heads[0])) : std::nullopt;
    const auto* kt = only(heads[1], "Transpose");
    if (!s || std::abs(*s - scale) > 1e-6 * scale || !kt || intsAttr(*kt, "perm", {}) != Ints{0, 1, 3, 2})
        return std::nullopt;
    const auto* scores = only(mq->output(0), "MatMul");
    if (!scores || arg(*scores, 0) != mq->output(0) || arg(*scores, 1) != kt->output(0)) return std::nullopt;
    const auto* softmax = only(scores->output(0), "Softmax");
    if (!softmax || (intAttr(*softmax, "axis", -1) != -1 && intAttr(*softmax, "axis", -1) != 3)) return std::nullopt;
    const auto* context = only(softmax->output(0), "MatMul");
    if (!context || arg(*context, 0) != softmax->output(0) || arg(*context, 1) != heads[2] ||
        consumers(heads[2]).size() != 1) {
        return std::nullopt;
    }
    const auto* merge = only(context->output(0), "Transpose");
    const auto* flat =
        merge && intsAttr(*merge, "perm", {}) == Ints{0, 2, 1, 3} ? only(merge->output(0), "Reshape") : nullptr;
    if (!flat || intsValue(arg(*flat, 1)) != Ints{0, 0, e}) return std::nullopt;
    auto out = matchLinear(only(flat->output(0), "MatMul"));
    if (!out || out->weight.size(0) != e || out->weight.size(1) != e) return std::nullopt;
    for (const auto* n : {mq, kt, scores, softmax, context, merge, flat}) a.nodes.push_back(n);
    a.nodes.insert(a.nodes.end(), out->nodes.begin(), out->nodes.end());
    a.output = out->output;
    a.outWeight = out->weight;
    a.outBias = out->bias;
    return a;
}

void Importer::addPattern(std::vector<const ::onnx::NodeProto*> nodes, std::function<void()> build) {
    const ::onnx::NodeProto* first = *std::min_element(
        nodes.begin(), nodes.end(), [&](const auto* a, const auto* b) { return m_order.at(a) < m_order.at(b); });
    for (const auto* n : nodes) {
        m_claimed.insert(n);
        if (n != first) m_fused.insert(n);
    }
    m_patterns[first] = Pattern{std::move(nodes), std::move(build)};
}

// The exporter's TransformerEncoderLayer around a matched self-attention: post-norm
// LN1(x + SA(x)) → LN2(h + FF(h)), or pre-norm x + SA(LN1(x)) → r + FF(LN2(r)); FF is
// Linear → ReLU or GELU → Linear.
bool Importer::matchTransformer(const Attention& a) {
    std::vector<const ::onnx::NodeProto*> nodes = a.nodes;
    auto layerNorm = [&](const ::onnx::NodeProto* n, const std::string& x) {
        return n && n->op_type() == "LayerNormalization" && arg(*n, 0) == x && n->input_size() == 3 &&
               intAttr(*n, "axis", -1) == -1 && constantValue(arg(*n, 1)) && constantValue(arg(*n, 2));
    };
    struct FeedForward {
        Linear l1, l2;
        bool gelu = false;
    };
    auto feedForward = [&](const std::string& x) -> std::optional<FeedForward> {
        std::optional<FeedForward> f;
        for (const auto* n : consumers(x)) {
            auto l1 = matchLinear(n);
            if (!l1 || !l1->bias.defined() || l1->weight.size(1) != a.embed) continue;
            std::string act;
            std::vector<const ::onnx::NodeProto*> actNodes;
            bool gelu = false;
            if (const auto* relu = only(l1->output, "Relu")) {
                act = relu->output(0);
                actNodes = {relu};
            } else if (auto g = matchGelu(l1->output); g && !g->tanh && consumers(l1->output).size() == 2) {
                act = g->output;
                actNodes = g->nodes;
                gelu = true;
            } else {
                continue;
            }
            const auto c = consumers(act);
            auto l2 = c.size() == 1 ? matchLinear(c[0]) : std::nullopt;
            if (!l2 || !l2->bias.defined() || l2->weight.size(0) != a.embed) continue;
            nodes.insert(nodes.end(), l1->nodes.begin(), l1->nodes.end());
            nodes.insert(nodes.end(), actNodes.begin(), actNodes.end());
            nodes.insert(nodes.end(), l2->nodes.begin(), l2->nodes.end());
            f = FeedForward{*l1, *l2, gelu};
            break;
        }
        return f;
    };
    auto residual = [&](const std::string& y, const std::string& x) -> const ::onnx::NodeProto* {
        const auto* add = only(y, "Add");
        return add && arg(*add, 0) == x && arg(*add, 1) == y ? add : nullptr;
    };

    const ::onnx::NodeProto* ln1 = producer(a.input);
    const bool normFirst = ln1 && layerNorm(ln1, arg(*ln1, 0)) && consumers(a.input).size() == 1;
    const std::string x = normFirst ? arg(*ln1, 0) : a.input;
    const auto* add1 = residual(a.output, x);
    if (!add1) return false;
    const std::string r1 = add1->output(0);
    const ::onnx::NodeProto *ln2 = nullptr, *add2 = nullptr, *norm1 = nullptr, *norm2 = nullptr;
    std::optional<FeedForward> ff;
    std::string result;
    if (normFirst) {
        const auto users = consumers(r1);
        for (const auto* u : users) {
            if (layerNorm(u, r1)) ln2 = u;
        }
        if (!ln2 || users.size() != 2 || !(ff = feedForward(ln2->output(0)))) return false;
        add2 = residual(ff->l2.output, r1);
        norm1 = ln1;
        norm2 = ln2;
        if (!add2) return false;
        result = add2->output(0);
    } else {
        ln1 = only(r1, "LayerNormalization");
        if (!layerNorm(ln1, r1)) return false;
        const std::string h = ln1->output(0);
        if (consumers(h).size() != 2 || !(ff = feedForward(h))) return false;
        add2 = residual(ff->l2.output, h);
        ln2 = add2 ? only(add2->output(0), "LayerNormalization") : nullptr;
        if (!layerNorm(ln2, add2 ? add2->output(0) : "")) return false;
        norm1 = ln1;
        norm2 = ln2;
        result = ln2->output(0);
    }
    const double eps = floatAttr(*norm1, "epsilon", 1e-5);
    if (floatAttr(*norm2, "epsilon", 1e-5) != eps) return false;
    for (const auto* n : {ln1, add1, ln2, add2}) nodes.push_back(n);
    const std::int64_t dff = ff->l1.weight.size(0);
    addPattern(nodes, [this, a, ff, norm1, norm2, normFirst, eps, dff, result] {
        const std::string id = addNode("TransformerEncoderLayer",
                                       io::Json::object({{"d_model", a.embed},
                                                         {"nhead", a.heads},
                                                         {"dim_feedforward", dff},
                                                         {"activation", ff->gelu ? "gelu" : "relu"},
                                                         {"layer_norm_eps", eps},
                                                         {"batch_first", true},
                                                         {"norm_first", normFirst}}),
                                       {source(*m_current, 0)}, result, 3, idWithout({"_self_attn_in_proj", "_norm1"}));
        weight(id, "self_attn.in_proj_weight", a.inWeight);
        weight(id, "self_attn.in_proj_bias", a.inBias.defined() ? a.inBias : zeros({3 * a.embed}));
        weight(id, "self_attn.out_proj.weight", a.outWeight);
        weight(id, "self_attn.out_proj.bias", a.outBias.defined() ? a.outBias : zeros({a.embed}));
        weight(id, "linear1.weight", ff->l1.weight);
        weight(id, "linear1.bias", ff->l1.bias);
        weight(id, "linear2.weight", ff->l2.weight);
        weight(id, "linear2.bias", ff->l2.bias);
        weight(id, "norm1.weight", m_constants.at(arg(*norm1, 1)));
        weight(id, "norm1.bias", m_constants.at(arg(*norm1, 2)));
        weight(id, "norm2.weight", m_constants.at(arg(*norm2, 1)));
        weight(id, "norm2.bias", m_constants.at(arg(*norm2, 2)));
    });
    return true;
}

void Importer::matchPatterns() {
    const auto& nodes = m_model.graph().node();
    for (int i = 0; i < nodes.size(); ++i) {
        m_order[&nodes[i]] = static_cast<std::size_t>(i);
        for (const auto& out : nodes[i].output()) m_producers[out] = &nodes[i];
        const auto* value = nodes[i].op_type() == "Constant" ? attr(nodes[i], "value") : nullptr;
        if (value && value->type() == ::onnx::AttributeProto::TENSOR && nodes[i].output_size() == 1) {
            m_constants[nodes[i].output(0)] = tensorFrom(value->t());
        }
    }
    auto free = [&](const std::vector<const ::onnx::NodeProto*>& ns) {
        return std::none_of(ns.begin(), ns.end(), [&](const auto* n) { return m_claimed.count(n) > 0; });
    };
    for (const auto& n : nodes) {
        auto a = matchAttention(n);
        if (!a || !free(a->nodes) || matchTransformer(*a)) continue;
        const Attention att = *a;
        addPattern(att.nodes, [this, att] {
            const bool bias = att.inBias.defined() || att.outBias.defined();
            const std::string id = addNode(
                "MultiheadAttention",
                io::Json::object(
                    {{"embed_dim", att.embed}, {"num_heads", att.heads}, {"bias", bias}, {"batch_first", true}}),
                {source(*m_current, 0)}, att.output, 3, idWithout({"_in_proj"}));
            weight(id, "in_proj_weight", att.inWeight);
            weight(id, "out_proj.weight", att.outWeight);
            if (bias) {
                weight(id, "in_proj_bias", att.inBias.defined() ? att.inBias : zeros({3 * att.embed}));
                weight(id, "out_proj.bias", att.outBias.defined() ? att.outBias : zeros({att.embed}));
            }
        });
    }
    // SiLU: x·sigmoid(x), as the exporter and torch write it.
    for (const auto& n : nodes) {
        if (n.op_type() != "Sigmoid" || n.output_size() != 1 || m_claimed.count(&n)) continue;
        const auto* mul = only(n.output(0), "Mul");
        if (!mul || other(*mul, n.output(0)) != arg(n, 0)) continue;
        const std::string out = mul->output(0);
        addPattern({&n, mul}, [this, out] {
            addNode("SiLU", io::Json::object(), {source(*m_current, 0)}, out, rankOf(*m_current, 0),
                    idWithout({"_sigmoid"}));
        });
    }
    for (const auto& n : nodes) {
        if (n.op_type() != "Erf" && n.op_type() != "Pow") continue;
        const ::onnx::NodeProto* first = n.op_type() == "Erf" ? producer(arg(n, 0)) : &n;
        if (!first) continue;
        auto g = matchGelu(arg(*first, 0));
        if (!g || !free(g->nodes)) continue;
        const Gelu gelu = *g;
        addPattern(gelu.nodes, [this, gelu] {
            addNode("GELU", io::Json::object({{"approximate", gelu.tanh ? "tanh" : "none"}}), {source(*m_current, 0)},
                    gelu.output, rankOf(*m_current, 0), idWithout({"_cube"}));
        });
    }
}

void Importer::importNode(const ::onnx::NodeProto& n) {
    m_current = &n;
    if (n.input_size() < 1 && n.op_type() != "Constant") failNode(n, "has no input");
    if (auto p = m_patterns.find(&n); p != m_patterns.end()) {
        p->second.build();
        return;
    }
    const std::string& op = n.op_type();
    if (n.output_size() < 1) failNode(n, "has no output");
    const std::string& out = n.output(0);
    auto passThrough = [&] {
        m_values[out] = source(n, 0);
        m_ranks[out] = rankOf(n, 0);
    };
    auto intsConstant = [&](int input) {
        const Tensor& t = constant(n, input);
        if (t.dtype() != DType::Int64) failNode(n, "input " + std::to_string(input) + " must be int64");
        return ops::contiguous(t).toVector<std::int64_t>();
    };
    if (importShapeArithmetic(n)) return;
    if (op == "Reshape" && intAttr(n, "allowzero", 0) != 0)
        failNode(n, "allowzero=1 (a literal 0 size) is not supported");
    if (op == "LSTM" || op == "GRU") {
        importRecurrent(n);
    } else if (op == "Transpose") {
        const Ints perm = intsAttr(n, "perm", {});
        const std::string& in = n.input(0);
        auto r = m_recurrent.find(in);
        if (perm == Ints{1, 0, 2}) {
            if (auto t = m_timeFirst.find(in); t != m_timeFirst.end()) {
                m_values[out] = t->second;
                m_ranks[out] = 3;
            } else {
                if (rankOf(n, 0) != 3) failNode(n, "only 3-d sequences are transposed to time-first");
                m_timeFirst[out] = source(n, 0);
            }
        } else if (perm == Ints{0, 2, 1, 3} && r != m_recurrent.end() && !r->second.transposed) {
            m_recurrent[out] = {r->second.id, r->second.directions, true};
        } else {
            failNode(n, "only the transposes around LSTM/GRU layers and inside decomposed attention are supported");
        }
    } else if (op == "Squeeze") {
        auto r = m_recurrent.find(n.input(0));
        const Ints axes = n.input_size() > 1 ? intsConstant(1) : intsAttr(n, "axes", {});
        if (r == m_recurrent.end() || r->second.transposed || r->second.directions != 1 || axes != Ints{1}) {
            failNode(n, "only dropping the direction axis of a one-direction LSTM/GRU output is supported");
        }
        m_timeFirst[out] = {r->second.id, 0};
    } else if (op == "Reshape" && m_recurrent.count(n.input(0))) {
        const RecurrentOutput& r = m_recurrent.at(n.input(0));
        if (!r.transposed || intsConstant(1) != Ints{0, 0, -1}) {
            failNode(n,
                     "an LSTM/GRU output [L, D, N, H] is only read transposed to [L, N, D, H] and reshaped to "
                     "[0, 0, -1]");
        }
        m_timeFirst[out] = {r.id, 0};
    } else if (op == "Constant") {
        const auto* a = attr(n, "value");
        if (!a || a->type() != ::onnx::AttributeProto::TENSOR) failNode(n, "only a 'value' tensor is supported");
        m_constants[out] = tensorFrom(a->t());
    } else if (op == "Identity" || op == "Dropout") {
        passThrough();
    } else if (op == "Gemm") {
        if (intAttr(n, "transA", 0) != 0 || floatAttr(n, "alpha", 1.0) != 1.0 || floatAttr(n, "beta", 1.0) != 1.0) {
            failNode(n, "only transA=0, alpha=1 and beta=1 map to Linear");
        }
        Tensor w = constant(n, 1);
        if (w.dim() != 2) failNode(n, "the weight must be 2-d");
        if (intAttr(n, "transB", 0) == 0) w = ops::contiguous(ops::transpose(w, 0, 1));
        const bool bias = n.input_size() > 2 && !n.input(2).empty();
        Tensor b;
        if (bias) {
            b = ops::reshape(constant(n, 2), {-1});
            if (b.numel() != w.size(0)) failNode(n, "the bias must have one value per output");
        }
        const std::string id = addNode(
            "Linear", io::Json::object({{"in_features", w.size(1)}, {"out_features", w.size(0)}, {"bias", bias}}),
            {source(n, 0)}, out, 2);
        weight(id, "weight", w);
        if (bias) weight(id, "bias", ops::contiguous(b));
    } else if (op == "MatMul") {
        const Tensor& wt = constant(n, 1);
        if (wt.dim() != 2) failNode(n, "only a product with a constant 2-d matrix maps to Linear");
        std::string result = out;
        Tensor b;
        const auto next = consumers(out);
        if (next.size() == 1 && next[0]->op_type() == "Add" && next[0]->input_size() == 2) {
            const std::string& other = next[0]->input(0) == out ? next[0]->input(1) : next[0]->input(0);
            auto c = m_constants.find(other);
            if (c != m_constants.end() && c->second.dim() == 1 && c->second.size(0) == wt.size(1)) {
                b = c->second;
                result = next[0]->output(0);
                m_fused.insert(next[0]);
            }
        }
        const std::int64_t rank = rankOf(n, 0);
        const std::string id = addNode(
            "Linear",
            io::Json::object({{"in_features", wt.size(0)}, {"out_features", wt.size(1)}, {"bias", b.defined()}}),
            {source(n, 0)}, result, rank);
        weight(id, "weight", ops::contiguous(ops::transpose(wt, 0, 1)));
        if (b.defined()) weight(id, "bias", b);
    } else if (op == "Conv") {
        const Tensor& w = constant(n, 1);
        const std::size_t dims = static_cast<std::size_t>(std::max<std::int64_t>(w.dim() - 2, 0));
        if (dims != 1 && dims != 2) failNode(n, "only 1-d and 2-d convolutions are supported");
        const std::int64_t groups = intAttr(n, "group", 1);
        const bool bias = n.input_size() > 2 && !n.input(2).empty();
        Ints k(w.sizes().begin() + 2, w.sizes().end());
        if (attr(n, "kernel_shape") && intsAttr(n, "kernel_shape", {}) != k)
            failNode(n, "kernel_shape disagrees with the weight");
        io::Json p = io::Json::object({{"in_channels", w.size(1) * groups},
                                       {"out_channels", w.size(0)},
                                       {"kernel_size", intsJson(k)},
                                       {"stride", intsJson(intsAttr(n, "strides", Ints(dims, 1)))},
                                       {"padding", intsJson(symmetricPads(n, dims))},
                                       {"dilation", intsJson(intsAttr(n, "dilations", Ints(dims, 1)))},
                                       {"groups", groups},
                                       {"bias", bias}});
        const std::string id = addNode(dims == 1 ? "Conv1d" : "Conv2d", std::move(p), {source(n, 0)}, out,
                                       static_cast<std::int64_t>(dims) + 2);
        weight(id, "weight", w);
        if (bias) weight(id, "bias", constant(n, 2));
    } else if (op == "MaxPool" || op == "AveragePool") {
        const Ints k = intsAttr(n, "kernel_shape", {});
        const std::size_t dims = k.size();
        const std::string type = std::string(op == "MaxPool" ? "MaxPool" : "AvgPool") + std::to_string(dims) + "d";
        if (!graph::NodeTypeRegistry::instance().find(type))
            failNode(n, std::to_string(dims) + "-d pooling is not supported");
        if (n.output_size() > 1 && !n.output(1).empty()) failNode(n, "the indices output is not supported");
        if (intAttr(n, "storage_order", 0) != 0) failNode(n, "storage_order=1 is not supported");
        io::Json p = io::Json::object({{"kernel_size", intsJson(k)},
                                       {"stride", intsJson(intsAttr(n, "strides", Ints(dims, 1)))},
                                       {"padding", intsJson(symmetricPads(n, dims))},
                                       {"ceil_mode", intAttr(n, "ceil_mode", 0) != 0}});
        if (op == "MaxPool") {
            p.set("dilation", intsJson(intsAttr(n, "dilations", Ints(dims, 1))));
        } else {
            if (p.at("ceil_mode").asBool()) failNode(n, "ceil_mode=1 differs between ONNX and torch average pooling");
            p.set("count_include_pad", intAttr(n, "count_include_pad", 0) != 0);
        }
        addNode(type, std::move(p), {source(n, 0)}, out, rankOf(n, 0));
    } else if (op == "GlobalAveragePool") {
        if (rankOf(n, 0) != 4) failNode(n, "only 4-d inputs [N, C, H, W] are supported");
        addNode("AdaptiveAvgPool2d", io::Json::object({{"output_size", 1}}), {source(n, 0)}, out, 4);
    } else if (op == "BatchNormalization") {
        if (intAttr(n, "training_mode", 0) != 0) failNode(n, "training_mode=1 (batch statistics) is not supported");
        const Tensor &scale = constant(n, 1), &bias = constant(n, 2), &mean = constant(n, 3), &var = constant(n, 4);
        const std::int64_t c = scale.numel();
        for (const Tensor* t : {&bias, &mean, &var}) {
            if (t->numel() != c || t->dim() != 1) failNode(n, "scale, B, mean and var must be 1-d of the same size");
        }
        const std::int64_t rank = rankOf(n, 0);
        if (rank < 2 || rank > 4) failNode(n, "only 2-, 3- and 4-d inputs are supported");
        // torch's momentum weighs the batch statistic, ONNX's the running one (default 0.9).
        const auto* m = attr(n, "momentum");
        if (m && m->type() != ::onnx::AttributeProto::FLOAT) failNode(n, "attribute 'momentum' must be a float");
        const double torchMomentum =
            m ? shortestDecimal(1.0 - static_cast<double>(m->f()), [](double d) { return static_cast<float>(1.0 - d); })
              : 0.1;
        const std::string id =
            addNode(rank == 4 ? "BatchNorm2d" : "BatchNorm1d",
                    io::Json::object(
                        {{"num_features", c}, {"eps", floatAttr(n, "epsilon", 1e-5)}, {"momentum", torchMomentum}}),
                    {source(n, 0)}, out, rank);
        weight(id, "weight", scale);
        weight(id, "bias", bias);
        weight(id, "running_mean", mean);
        weight(id, "running_var", var);
    } else if (op == "LayerNormalization") {
        const Tensor& scale = constant(n, 1);
        const std::int64_t rank = rankOf(n, 0);
        std::int64_t axis = intAttr(n, "axis", -1);
        if (rank > 0 && axis >= 0) axis -= rank;
        if (scale.dim() != -axis) failNode(n, "the scale must have the normalised dims' shape");
        const std::string id =
            addNode("LayerNorm",
                    io::Json::object({{"normalized_shape", intsJson(Ints(scale.sizes().begin(), scale.sizes().end()))},
                                      {"eps", floatAttr(n, "epsilon", 1e-5)}}),
                    {source(n, 0)}, out, rank);
        weight(id, "weight", scale);
        weight(id, "bias", n.input_size() > 2 && !n.input(2).empty() ? constant(n, 2) : zerosLike(scale));
    } else if (op == "Relu" || op == "Sigmoid" || op == "Tanh") {
        addNode(op == "Relu" ? "ReLU" : op, io::Json::object(), {source(n, 0)}, out, rankOf(n, 0));
    } else if (op == "Elu") {
        addNode("ELU", io::Json::object({{"alpha", floatAttr(n, "alpha", 1.0)}}), {source(n, 0)}, out, rankOf(n, 0));
    } else if (op == "LeakyRelu") {
        addNode("LeakyReLU", io::Json::object({{"negative_slope", floatAttr(n, "alpha", 0.01)}}), {source(n, 0)}, out,
                rankOf(n, 0));
    } else if (op == "Softmax" || op == "LogSoftmax") {
        addNode(op, io::Json::object({{"dim", intAttr(n, "axis", -1)}}), {source(n, 0)}, out, rankOf(n, 0));
    } else if (op == "Flatten") {
        if (intAttr(n, "axis", 1) != 1) failNode(n, "only axis=1 keeps the batch dimension");
        addNode("Flatten", io::Json::object(), {source(n, 0)}, out, 2);
    } else if (op == "Reshape") {
        const Tensor& shape = constant(n, 1);
        if (shape.dtype() != DType::Int64 || shape.dim() != 1 || shape.numel() < 1)
            failNode(n, "the shape must be 1-d int64");
        const auto v = ops::contiguous(shape).toVector<std::int64_t>();
        if (v[0] != 0 && v[0] != -1) failNode(n, "the first entry must keep the batch dimension (0 or -1)");
        io::Json s = io::Json::array();
        for (std::size_t i = 1; i < v.size(); ++i) {
            if (v[i] == 0 || v[i] < -1) failNode(n, "shape entries after the batch must be sizes or -1");
            s.asArray().push_back(v[i]);
        }
        addNode("Reshape", io::Json::object({{"shape", s}}), {source(n, 0)}, out, static_cast<std::int64_t>(v.size()));
    } else if (op == "Add" && n.input_size() == 2 && (isConstant(n.input(0)) || isConstant(n.input(1)))) {
        // x + table[:L] with the sine/cosine table of PositionalEncoding.
        const int c = isConstant(n.input(0)) ? 0 : 1;
        const Tensor& table = constant(n, c);
        if (table.dim() != 3 || table.size(0) != 1 || rankOf(n, 1 - c) != 3)
            failNode(n, "adding a constant maps only to PositionalEncoding (a [1, L, d_model] table)");
        const std::int64_t len = table.size(1), d = table.size(2);
        const graph::PositionalEncoding reference(d, len);
        const Tensor rows = ops::reshape(table, {len, d});
        const auto got = ops::contiguous(ops::to(rows, DType::Float64)).toVector<double>();
        const auto want = ops::contiguous(ops::to(reference.pe, DType::Float64)).toVector<double>();
        for (std::size_t i = 0; i < got.size(); ++i) {
            if (std::abs(got[i] - want[i]) > 1e-6) {
                failNode(n,
                         "the added constant is not PositionalEncoding's sine/cosine table, and adding any other "
                         "constant has no Tessera node");
            }
        }
        const std::string id = addNode("PositionalEncoding", io::Json::object({{"d_model", d}, {"max_len", len}}),
                                       {source(n, 1 - c)}, out, 3);
        weight(id, "pe", ops::contiguous(rows));
    } else if (op == "Add" || op == "Mul") {
        if (n.input_size() != 2) failNode(n, "needs two inputs");
        addNode(op, io::Json::object(), {source(n, 0), source(n, 1)}, out, std::max(rankOf(n, 0), rankOf(n, 1)));
    } else if (op == "Sub") {
        // (x - mean) / std with constant statistics of one sample's shape: a Normalize node.
        const Tensor& mean = constant(n, 1);
        const auto next = consumers(out);
        if (next.size() != 1 || next[0]->op_type() != "Div" || next[0]->input_size() != 2 || next[0]->input(0) != out ||
            !isConstant(next[0]->input(1))) {
            failNode(n, "only (x - constant) / constant, a Normalize, is supported");
        }
        const Tensor& stdev = m_constants.at(next[0]->input(1));
        if (stdev.sizes() != mean.sizes() || mean.dim() + 1 != rankOf(n, 0)) {
            failNode(n, "the statistics must have the shape of one sample");
        }
        m_fused.insert(next[0]);
        const std::string id =
            addNode("Normalize", io::Json::object(), {source(n, 0)}, next[0]->output(0), rankOf(n, 0));
        weight(id, "mean", mean);
        weight(id, "std", stdev);
    } else if (op == "Div") {
        failNode(n, "only (x - constant) / constant, a Normalize, is supported");
    } else if (op == "Concat") {
        std::vector<std::pair<std::string, int>> from;
        for (int i = 0; i < n.input_size(); ++i) from.push_back(source(n, i));
        if (from.size() < 2) failNode(n, "needs at least two inputs");
        addNode("Concat", io::Json::object({{"dim", intAttr(n, "axis", 0)}}), from, out, rankOf(n, 0));
    } else if (op == "Cast") {
        const auto next = consumers(out);
        if (intAttr(n, "to", 0) != ::onnx::TensorProto::INT64 || next.size() != 1 || next[0]->op_type() != "Gather" ||
            !isConstant(next[0]->input(0))) {
            failNode(n, "only a cast to int64 indices of an embedding lookup (Gather) is supported");
        }
        passThrough();
    } else if (op == "Gather") {
        if (n.input_size() != 2) failNode(n, "needs two inputs");
        if (isConstant(n.input(0))) {
            const Tensor& w = constant(n, 0);
            if (w.dim() != 2 || intAttr(n, "axis", 0) != 0)
                failNode(n, "only a lookup in a 2-d table maps to Embedding");
            const std::string id =
                addNode("Embedding", io::Json::object({{"num_embeddings", w.size(0)}, {"embedding_dim", w.size(1)}}),
                        {source(n, 1)}, out, rankOf(n, 1) + 1);
            weight(id, "weight", w);
        } else {
            const Tensor& idx = constant(n, 1);
            if (idx.dim() != 0 || idx.dtype() != DType::Int64 || idx.toVector<std::int64_t>()[0] != -1) {
                failNode(n, "only taking the last element (index -1) maps to SelectLast");
            }
            addNode("SelectLast", io::Json::object({{"dim", intAttr(n, "axis", 0)}}), {source(n, 0)}, out,
                    rankOf(n, 0) - 1);
        }
    } else {
        failNode(n, "this use of " + op + " (outside the patterns docs/onnx.md lists) has no Tessera node");
    }
}

ImportedModel Importer::run() {
    const ::onnx::GraphProto& g = m_model.graph();
    std::int64_t opset = -1;
    for (const auto& o : m_model.opset_import()) {
        if (o.domain().empty() || o.domain() == "ai.onnx") opset = o.version();
    }
    if (opset < 13 || opset > 18) {
        fail("opset " + std::to_string(opset) + " of ai.onnx is not supported (Tessera reads opsets 13 to 18)");
    }

    std::vector<std::string> unsupported;
    for (const auto& n : g.node()) {
        const bool known = n.domain().empty() || n.domain() == "ai.onnx";
        if (!known || !kSupported.count(n.op_type())) {
            const std::string what = (known ? "" : n.domain() + ".") + n.op_type();
            if (std::find(unsupported.begin(), unsupported.end(), what) == unsupported.end())
                unsupported.push_back(what);
        }
    }
    if (!unsupported.empty()) {
        std::string list;
        for (const auto& u : unsupported) list += (list.empty() ? "" : ", ") + u;
        fail("unsupported ONNX operators: " + list + " (docs/onnx.md lists what Tessera imports)");
    }

    for (const auto& t : g.initializer()) m_constants[t.name()] = tensorFrom(t);

    const ::onnx::ValueInfoProto* input = nullptr;
    for (const auto& in : g.input()) {
        if (isConstant(in.name())) continue;
        if (input) fail("the model has more than one input ('" + input->name() + "', '" + in.name() + "')");
        input = &in;
    }
    if (!input) fail("the model has no input");
    if (!input->type().has_tensor_type() || input->type().tensor_type().elem_type() != ::onnx::TensorProto::FLOAT) {
        fail("input '" + input->name() + "' must be a float32 tensor");
    }
    const auto& shape = input->type().tensor_type().shape();
    if (shape.dim_size() < 2) fail("input '" + input->name() + "' must have a batch dimension and a sample shape");
    io::Json sample = io::Json::array();
    for (int i = 1; i < shape.dim_size(); ++i) {
        if (!shape.dim(i).has_dim_value() || shape.dim(i).dim_value() < 1) {
            fail("input '" + input->name() + "' has an unknown size in dimension " + std::to_string(i));
        }
        sample.asArray().push_back(shape.dim(i).dim_value());
    }
    const std::string inputId = m_graph.addNode("Input", io::Json::object({{"shape", sample}}), "x", 0, 0);
    m_values[input->name()] = {inputId, 0};
    m_ranks[input->name()] = shape.dim_size();

    matchPatterns();
    for (const auto& n : g.node()) {
        if (!m_fused.count(&n)) importNode(n);
    }
    if (g.output_size() < 1) fail("the model has no output");
    auto it = m_values.find(g.output(0).name());
    if (it == m_values.end()) fail("output '" + g.output(0).name() + "' is not computed from the input");
    m_x += 190;
    m_graph.addNode("Output", io::Json::object(), "output", m_x, 0);
    m_graph.connect(it->second.first, it->second.second, "output", 0);

    const graph::GraphReport report = graph::analyze(m_graph);
    if (report.hasErrors()) {
        for (const auto& p : report.problems) {
            if (p.severity == graph::Severity::Error)
                fail("the imported graph is invalid: " + graph::formatProblem(p, &m_graph));
        }
    }
    return ImportedModel{
        m_graph, m_weights, g.name(), m_model.doc_string(),
        m_model.producer_name() + (m_model.producer_version().empty() ? "" : " " + m_model.producer_version())};
}

}  // namespace

ImportedModel importOnnx(std::string_view bytes, const std::string& source) {
    if (bytes.size() > kMaxBytes) throw IoError(source + ": larger than 1 GiB; not an ONNX model Tessera can import");
    ::onnx::ModelProto model;
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        throw IoError(source + ": not a valid ONNX model (the protobuf data is truncated or corrupted)");
    }
    if (!model.has_graph()) throw IoError(source + ": not an ONNX model (no graph)");
    return Importer(model, source).run();
}

ImportedModel importOnnxFile(const std::filesystem::path& file) {
    return importOnnx(io::readFile(file), file.string());
}

std::shared_ptr<graph::GraphModule> buildImported(const ImportedModel& model) {
    Generator gen(0);
    auto module = graph::GraphModule::build(model.graph, gen);
    module->loadStateDict(model.weights, false);
    module->eval();
    return module;
}

}  // namespace tessera::onnx
