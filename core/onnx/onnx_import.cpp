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
#include "core/onnx/onnx_importer.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"

namespace tessera::onnx::detail {

namespace {

// Larger files are refused before parsing: a model of the workbench is far smaller.
constexpr std::size_t kMaxBytes = std::size_t{1} << 30;

}  // namespace

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
        const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(T);
        // The data's size is checked before anything is allocated: a small file whose dims claim
        // kMaxElements values must not cost that much memory and time to refuse.
        if (t.has_raw_data()) {
            if (t.raw_data().size() != bytes)
                fail(what + " holds " + std::to_string(t.raw_data().size()) + " bytes, its shape needs " +
                     std::to_string(bytes));
        } else {
            const auto count = [&]() -> std::int64_t {
                if constexpr (std::is_same_v<T, float>) return t.float_data_size();
                return t.int64_data_size();
            }();
            if (count != n)
                fail(what + " holds " + std::to_string(count) + " values, its shape needs " + std::to_string(n));
        }
        std::vector<T> v(static_cast<std::size_t>(n));
        if (t.has_raw_data()) {
            if (!v.empty()) std::memcpy(v.data(), t.raw_data().data(), bytes);
        } else {
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

::onnx::ModelProto parseModel(std::string_view bytes, const std::string& source) {
    if (bytes.size() > kMaxBytes) throw IoError(source + ": larger than 1 GiB; not an ONNX model Tessera can import");
    ::onnx::ModelProto model;
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        throw IoError(source + ": not a valid ONNX model (the protobuf data is truncated or corrupted)");
    }
    if (!model.has_graph()) throw IoError(source + ": not an ONNX model (no graph)");
    return model;
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
        if (!supportedOperator(n)) {
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
    ImportedModel out{
        m_graph,
        m_weights,
        g.name(),
        m_model.doc_string(),
        m_model.producer_name() + (m_model.producer_version().empty() ? "" : " " + m_model.producer_version()),
        {}};
    for (const auto& p : m_model.metadata_props()) out.metadata[p.key()] = p.value();
    return out;
}

}  // namespace tessera::onnx::detail

namespace tessera::onnx {

ImportedModel importOnnx(std::string_view bytes, const std::string& source) {
    const ::onnx::ModelProto model = detail::parseModel(bytes, source);
    return detail::Importer(model, source).run();
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
