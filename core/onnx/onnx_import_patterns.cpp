// Note [Decomposed layers]: GELU, linear, attention and the Transformer layer recognised in the chains of
// primitive ops the exporter writes (see onnx_importer.h).
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "core/onnx/onnx_importer.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"

namespace tessera::onnx::detail {

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

}  // namespace tessera::onnx::detail
