// Node types for the layers of the nn layer registry: the schema, category and builder come from
// nn::layerInfo(); the shape rules (with parameter counts and multiply-accumulates) are here, keyed
// by torch's class name. Activation and regularisation layers without a rule of their own keep the
// input's shape.
#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "core/graph/builtin_nodes.h"
#include "core/ops/view.h"

namespace tessera::graph::detail {

namespace {

using Rule = std::function<Inferred(const NodeContext&)>;

const TensorType& in0(const NodeContext& ctx) { return ctx.inputs[0]; }

bool has(const NodeContext& ctx, std::string_view name) { return ctx.params.find(name) != nullptr; }

std::int64_t intOr(const NodeContext& ctx, std::string_view name, std::int64_t fallback) {
    const io::Json* v = ctx.params.find(name);
    return v && v->isInteger() ? v->asInteger() : fallback;
}

bool flagOr(const NodeContext& ctx, std::string_view name, bool fallback) {
    const io::Json* v = ctx.params.find(name);
    return v && v->isBool() ? v->asBool() : fallback;
}

std::string tupleText(const std::vector<std::int64_t>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " x " : "") + std::to_string(v[i]);
    return s;
}

Inferred same(const NodeContext& ctx, std::int64_t parameters = 0) {
    Inferred r;
    r.outputs.push_back(in0(ctx));
    r.parameters = parameters;
    return r;
}

// The input's dim `d` must be known and equal `want`; otherwise the message says what the layer expects.
void requireSize(const NodeContext& ctx, std::size_t d, std::int64_t want, const std::string& what,
                 const std::string& param) {
    const Dim& have = in0(ctx).shape[d];
    if (have.isKnown() && have.size == want) return;
    throw NodeProblem(ctx.node.type + " expects " + std::to_string(want) + " " + what + " (dim " + std::to_string(d) +
                          "), gets " + shapeText(in0(ctx)) + " — set " + param + " to " + toString(have) +
                          " or change the layer before it",
                      0, param);
}

Inferred linearRule(const NodeContext& ctx) {
    requireRank(ctx, 0, 2, 16, "[N, …, in_features]");
    requireFloat(ctx, 0);
    const auto& s = in0(ctx).shape;
    const std::int64_t in = ctx.integer("in_features"), out = ctx.integer("out_features");
    if (!(s.back() == Dim(in))) {
        std::string hint = s.size() > 2 ? " — add Flatten" : " — set in_features to " + toString(s.back());
        throw NodeProblem(
            "Linear expects " + std::to_string(in) + " input features, gets " + shapeText(in0(ctx)) + hint, 0,
            "in_features");
    }
    Inferred r;
    SymShape o = s;
    o.back() = Dim(out);
    r.outputs.push_back({o, in0(ctx).dtype, std::nullopt});
    r.parameters = in * out + (ctx.flag("bias") ? out : 0);
    const std::int64_t rows = std::max<std::int64_t>(knownProduct(SymShape(s.begin() + 1, s.end() - 1), 0), 1);
    r.macs = rows * in * out;
    return r;
}

// Conv1d / Conv2d over `nd` spatial dims.
Inferred convRule(const NodeContext& ctx, std::size_t nd) {
    const std::string layout = nd == 1 ? "a 3-d input [N, C, L]" : "a 4-d input [N, C, H, W]";
    requireRank(ctx, 0, nd + 2, nd + 2, layout);
    requireFloat(ctx, 0);
    const std::int64_t inC = ctx.integer("in_channels"), outC = ctx.integer("out_channels");
    const std::int64_t groups = intOr(ctx, "groups", 1);
    if (inC % groups) throw NodeProblem(ctx.node.type + ": in_channels must be divisible by groups", -1, "groups");
    if (outC % groups) throw NodeProblem(ctx.node.type + ": out_channels must be divisible by groups", -1, "groups");
    requireSize(ctx, 1, inC, "input channels", "in_channels");
    const auto k = ctx.ints("kernel_size", nd);
    const auto stride = has(ctx, "stride") ? ctx.ints("stride", nd) : std::vector<std::int64_t>(nd, 1);
    const auto dilation = has(ctx, "dilation") ? ctx.ints("dilation", nd) : std::vector<std::int64_t>(nd, 1);
    const io::Json* pad = ctx.params.find("padding");
    std::vector<std::int64_t> padding(nd, 0);
    bool samePadding = false;
    if (pad && pad->isString()) {
        samePadding = pad->asString() == "same";
        if (samePadding && std::any_of(stride.begin(), stride.end(), [](auto s) { return s != 1; })) {
            throw NodeProblem(ctx.node.type + ": padding='same' is not supported for strided convolutions", -1,
                              "padding");
        }
    } else if (pad) {
        padding = ctx.ints("padding", nd);
    }
    const auto& s = in0(ctx).shape;
    SymShape o{s[0], Dim(outC)};
    std::vector<std::int64_t> padded, kernel, spatial;
    bool tooSmall = false;
    std::int64_t outSpatial = 1;
    for (std::size_t i = 0; i < nd; ++i) {
        const Dim& len = s[2 + i];
        if (!len.isKnown())
            throw NodeProblem(ctx.node.type + " needs known spatial sizes, gets " + shapeText(in0(ctx)), 0);
        const std::int64_t effective = dilation[i] * (k[i] - 1) + 1;
        const std::int64_t p = len.size + 2 * padding[i];
        padded.push_back(p);
        kernel.push_back(effective);
        const std::int64_t n = samePadding ? len.size : (p - effective) / stride[i] + 1;
        if (!samePadding && p < effective) tooSmall = true;
        o.emplace_back(n);
        spatial.push_back(n);
        outSpatial *= n;
    }
    if (tooSmall) {
        throw NodeProblem(ctx.node.type + ": the padded input (" + tupleText(padded) +
                              ") is smaller than the kernel (" + tupleText(kernel) +
                              ") — reduce kernel_size or add padding",
                          0, "kernel_size");
    }
    std::int64_t kprod = 1;
    for (auto v : k) kprod *= v;
    Inferred r;
    r.outputs.push_back({o, in0(ctx).dtype, std::nullopt});
    r.parameters = outC * (inC / groups) * kprod + (flagOr(ctx, "bias", true) ? outC : 0);
    r.macs = outC * outSpatial * (inC / groups) * kprod;
    return r;
}

// MaxPool / AvgPool over `nd` spatial dims (batched input [N, C, …]).
Inferred poolRule(const NodeContext& ctx, std::size_t nd) {
    const std::string layout = nd == 1 ? "a 3-d input [N, C, L]" : "a 4-d input [N, C, H, W]";
    requireRank(ctx, 0, nd + 2, nd + 2, layout);
    requireFloat(ctx, 0);
    if (flagOr(ctx, "return_indices", false)) {
        throw NodeProblem(ctx.node.type + ": return_indices=true gives two outputs; the graph takes one", -1,
                          "return_indices");
    }
    const auto k = ctx.ints("kernel_size", nd);
    const auto stride = has(ctx, "stride") && !ctx.isNull("stride") ? ctx.ints("stride", nd) : k;
    const auto padding = has(ctx, "padding") ? ctx.ints("padding", nd) : std::vector<std::int64_t>(nd, 0);
    const auto dilation = has(ctx, "dilation") ? ctx.ints("dilation", nd) : std::vector<std::int64_t>(nd, 1);
    const bool ceil = flagOr(ctx, "ceil_mode", false);
    const auto& s = in0(ctx).shape;
    SymShape o{s[0], s[1]};
    for (std::size_t i = 0; i < nd; ++i) {
        const std::int64_t effective = dilation[i] * (k[i] - 1) + 1;
        if (padding[i] * 2 > k[i]) {
            throw NodeProblem(ctx.node.type + ": padding " + std::to_string(padding[i]) +
                                  " is more than half the kernel size " + std::to_string(k[i]),
                              -1, "padding");
        }
        const Dim& len = s[2 + i];
        if (!len.isKnown())
            throw NodeProblem(ctx.node.type + " needs known spatial sizes, gets " + shapeText(in0(ctx)), 0);
        const std::int64_t span = len.size + 2 * padding[i] - effective;
        std::int64_t n = (span + (ceil ? stride[i] - 1 : 0));
        n = (n < 0 ? -1 : n / stride[i]) + 1;
        if (ceil && (n - 1) * stride[i] >= len.size + padding[i]) --n;
        if (n <= 0) {
            throw NodeProblem(ctx.node.type + ": the input " + shapeText(in0(ctx)) + " is too small for the kernel " +
                                  tupleText(k) + " — reduce kernel_size or remove a pooling layer before it",
                              0, "kernel_size");
        }
        o.emplace_back(n);
    }
    Inferred r;
    r.outputs.push_back({o, in0(ctx).dtype, std::nullopt});
    return r;
}

Inferred adaptivePoolRule(const NodeContext& ctx, std::size_t nd) {
    const std::string layout = nd == 1 ? "a 3-d input [N, C, L]" : "a 4-d input [N, C, H, W]";
    requireRank(ctx, 0, nd + 2, nd + 2, layout);
    requireFloat(ctx, 0);
    const io::Json& size = ctx.params.at("output_size");
    const auto& s = in0(ctx).shape;
    SymShape o{s[0], s[1]};
    for (std::size_t i = 0; i < nd; ++i) {
        const io::Json& v = size.isArray() ? size.asArray()[std::min(i, size.size() - 1)] : size;
        o.push_back(v.isNull() ? s[2 + i] : Dim(v.asInteger()));
    }
    Inferred r;
    r.outputs.push_back({o, in0(ctx).dtype, std::nullopt});
    return r;
}

Inferred batchNormRule(const NodeContext& ctx, std::size_t minRank, std::size_t maxRank, const std::string& layout) {
    requireRank(ctx, 0, minRank, maxRank, layout);
    requireFloat(ctx, 0);
    const std::int64_t c = ctx.integer("num_features");
    requireSize(ctx, 1, c, "features", "num_features");
    return same(ctx, flagOr(ctx, "affine", true) ? 2 * c : 0);
}

Inferred layerNormRule(const NodeContext& ctx) {
    requireFloat(ctx, 0);
    const io::Json& v = ctx.params.at("normalized_shape");
    std::vector<std::int64_t> shape;
    if (v.isInteger()) {
        shape.push_back(v.asInteger());
    } else {
        for (const auto& e : v.asArray()) shape.push_back(e.asInteger());
    }
    const auto& s = in0(ctx).shape;
    bool ok = s.size() > shape.size();
    for (std::size_t i = 0; ok && i < shape.size(); ++i) ok = s[s.size() - shape.size() + i] == Dim(shape[i]);
    if (!ok) {
        throw NodeProblem(
            "LayerNorm normalizes the last dims " + shapeToString(shape) + ", gets " + shapeText(in0(ctx)), 0,
            "normalized_shape");
    }
    return same(ctx, flagOr(ctx, "elementwise_affine", true) ? 2 * shapeNumel(shape) : 0);
}

Inferred embeddingRule(const NodeContext& ctx) {
    const std::int64_t dim = ctx.integer("embedding_dim");
    Inferred r;
    SymShape o = in0(ctx).shape;
    o.emplace_back(dim);
    r.outputs.push_back({o, DType::Float32, std::nullopt});
    r.parameters = ctx.integer("num_embeddings") * dim;
    return r;
}

Inferred flattenRule(const NodeContext& ctx) {
    const auto& s = in0(ctx).shape;
    const std::int64_t start = wrapDim(ctx, ctx.integer("start_dim"), s.size(), "start_dim");
    const std::int64_t end = wrapDim(ctx, ctx.integer("end_dim"), s.size(), "end_dim");
    if (start > end) throw NodeProblem("Flatten: start_dim comes after end_dim", -1, "start_dim");
    SymShape o(s.begin(), s.begin() + start);
    o.push_back(product(s, static_cast<std::size_t>(start), static_cast<std::size_t>(end + 1)));
    o.insert(o.end(), s.begin() + end + 1, s.end());
    Inferred r;
    r.outputs.push_back({o, in0(ctx).dtype, std::nullopt});
    return r;
}

Inferred softmaxRule(const NodeContext& ctx) {
    requireFloat(ctx, 0);
    Inferred r = same(ctx);
    const std::size_t rank = in0(ctx).shape.size();
    if (ctx.isNull("dim")) {
        r.warnings.push_back(ctx.node.type + " without dim: torch picks dim " +
                             std::to_string(rank <= 1 || rank == 3 ? 0 : 1) + " for a " + std::to_string(rank) +
                             "-d input (deprecated); set dim");
    } else {
        wrapDim(ctx, ctx.integer("dim"), rank, "dim");
    }
    return r;
}

// Recurrent and attention layers read [L, N, F] unless batch_first; a graph's batch is dim 0.
void requireBatchFirst(const NodeContext& ctx) {
    if (flagOr(ctx, "batch_first", false)) return;
    const auto& s = in0(ctx).shape;
    if (s.size() == 3 && !s[0].isKnown()) {
        throw NodeProblem(ctx.node.type + " reads " + shapeText(in0(ctx)) +
                              " as (sequence, batch, features) because batch_first is false, so the batch " +
                              toString(s[0]) + " would be taken for time — set batch_first to true",
                          -1, "batch_first");
    }
}

std::int64_t sequenceLength(const NodeContext& ctx) {
    const auto& s = in0(ctx).shape;
    const Dim& len = flagOr(ctx, "batch_first", false) ? s[1] : s[0];
    return len.isKnown() ? len.size : 1;
}

std::int64_t attentionMacs(std::int64_t len, std::int64_t e) { return 4 * len * e * e + 2 * len * len * e; }
std::int64_t attentionParams(std::int64_t e, bool bias, bool biasKv) {
    return 4 * e * e + (bias ? 4 * e : 0) + (biasKv ? 2 * e : 0);
}

Inferred attentionRule(const NodeContext& ctx) {
    requireRank(ctx, 0, 3, 3, "a sequence [N, L, embed_dim] (batch_first) or [L, N, embed_dim]");
    requireFloat(ctx, 0);
    requireBatchFirst(ctx);
    const std::int64_t e = ctx.integer("embed_dim"), heads = ctx.integer("num_heads");
    if (e % heads) throw NodeProblem("MultiheadAttention: embed_dim must be divisible by num_heads", -1, "num_heads");
    requireSize(ctx, 2, e, "features", "embed_dim");
    Inferred r = same(ctx, attentionParams(e, flagOr(ctx, "bias", true), flagOr(ctx, "add_bias_kv", false)));
    r.macs = attentionMacs(sequenceLength(ctx), e);
    return r;
}

Inferred transformerRule(const NodeContext& ctx) {
    requireRank(ctx, 0, 3, 3, "a sequence [N, L, d_model] (batch_first) or [L, N, d_model]");
    requireFloat(ctx, 0);
    requireBatchFirst(ctx);
    const std::int64_t e = ctx.integer("d_model"), heads = ctx.integer("nhead"), ff = ctx.integer("dim_feedforward");
    if (e % heads) throw NodeProblem("TransformerEncoderLayer: d_model must be divisible by nhead", -1, "nhead");
    requireSize(ctx, 2, e, "features", "d_model");
    Inferred r = same(ctx, attentionParams(e, true, false) + 2 * e * ff + ff + e + 4 * e);
    const std::int64_t len = sequenceLength(ctx);
    r.macs = attentionMacs(len, e) + 2 * len * e * ff;
    return r;
}

Inferred recurrentRule(const NodeContext& ctx, std::int64_t gates) {
    requireRank(ctx, 0, 3, 3, "a sequence [N, L, input_size] (batch_first) or [L, N, input_size]");
    requireFloat(ctx, 0);
    requireBatchFirst(ctx);
    const std::int64_t in = ctx.integer("input_size"), h = ctx.integer("hidden_size");
    const std::int64_t layers = intOr(ctx, "num_layers", 1), proj = intOr(ctx, "proj_size", 0);
    const std::int64_t dirs = flagOr(ctx, "bidirectional", false) ? 2 : 1;
    const bool bias = flagOr(ctx, "bias", true);
    requireSize(ctx, 2, in, "input features", "input_size");
    const std::int64_t outH = proj > 0 ? proj : h;
    std::int64_t params = 0, macsPerStep = 0;
    for (std::int64_t l = 0; l < layers; ++l) {
        const std::int64_t inL = l == 0 ? in : dirs * outH;
        const std::int64_t perDir =
            gates * h * inL + gates * h * outH + (bias ? 2 * gates * h : 0) + (proj > 0 ? proj * h : 0);
        params += dirs * perDir;
        macsPerStep += dirs * (gates * h * (inL + outH) + (proj > 0 ? proj * h : 0));
    }
    Inferred r;
    SymShape o = in0(ctx).shape;
    o[2] = Dim(dirs * outH);
    r.outputs.push_back({o, in0(ctx).dtype, std::nullopt});
    r.parameters = params;
    r.macs = sequenceLength(ctx) * macsPerStep;
    return r;
}

const std::map<std::string, Rule, std::less<>>& rules() {
    static const std::map<std::string, Rule, std::less<>> table = {
        {"Linear", linearRule},
        {"Conv1d", [](const NodeContext& c) { return convRule(c, 1); }},
        {"Conv2d", [](const NodeContext& c) { return convRule(c, 2); }},
        {"MaxPool1d", [](const NodeContext& c) { return poolRule(c, 1); }},
        {"MaxPool2d", [](const NodeContext& c) { return poolRule(c, 2); }},
        {"AvgPool1d", [](const NodeContext& c) { return poolRule(c, 1); }},
        {"AvgPool2d", [](const NodeContext& c) { return poolRule(c, 2); }},
        {"AdaptiveAvgPool1d", [](const NodeContext& c) { return adaptivePoolRule(c, 1); }},
        {"AdaptiveAvgPool2d", [](const NodeContext& c) { return adaptivePoolRule(c, 2); }},
        {"AdaptiveMaxPool1d", [](const NodeContext& c) { return adaptivePoolRule(c, 1); }},
        {"AdaptiveMaxPool2d", [](const NodeContext& c) { return adaptivePoolRule(c, 2); }},
        {"BatchNorm1d", [](const NodeContext& c) { return batchNormRule(c, 2, 3, "[N, C] or [N, C, L]"); }},
        {"BatchNorm2d", [](const NodeContext& c) { return batchNormRule(c, 4, 4, "a 4-d input [N, C, H, W]"); }},
        {"LayerNorm", layerNormRule},
        {"Embedding", embeddingRule},
        {"Flatten", flattenRule},
        {"Softmax", softmaxRule},
        {"LogSoftmax", softmaxRule},
        {"MultiheadAttention", attentionRule},
        {"TransformerEncoderLayer", transformerRule},
        {"LSTM", [](const NodeContext& c) { return recurrentRule(c, 4); }},
        {"GRU", [](const NodeContext& c) { return recurrentRule(c, 3); }},
        {"RNN", [](const NodeContext& c) { return recurrentRule(c, 1); }},
    };
    return table;
}

// Parameter count of a layer without a counting rule, by building it once per distinct options.
std::int64_t countByBuilding(const std::string& type, const io::Json& params) {
    static std::mutex mutex;
    static std::map<std::string, std::int64_t> cache;
    const std::string key = type + io::writeJson(params, 0);
    std::lock_guard lock(mutex);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    Generator gen(0);
    const std::int64_t n = nn::buildLayer(type, params, gen)->parameterCount();
    cache.emplace(key, n);
    return n;
}

}  // namespace

void registerLayerNodes(NodeTypeRegistry& registry) {
    for (const auto& name : nn::registeredLayers()) {
        const nn::LayerInfo& info = nn::layerInfo(name);
        if (info.category == "Container") continue;  // Sequential: the graph itself is the container
        NodeType t;
        t.name = info.type;
        t.category = info.category;
        t.help = info.help;
        t.params = info.params;
        t.source = "nn";
        t.inputs = {{"input", ""}};
        t.outputs = {{"output", ""}};
        auto rule = rules().find(name);
        if (rule != rules().end()) {
            t.infer = rule->second;
        } else if (info.category == "Activation" || info.category == "Regularization") {
            t.infer = [name](const NodeContext& ctx) { return same(ctx, countByBuilding(name, ctx.params)); };
        } else {
            t.infer = [name](const NodeContext&) -> Inferred {
                throw NodeProblem(name + " has no shape rule in the model graph yet; it cannot be used in a graph");
            };
        }
        const bool indices = name == "Embedding";
        t.build = [name, indices](const NodeContext& ctx, Generator& gen) {
            std::shared_ptr<nn::Module> m = nn::buildLayer(name, ctx.params, gen);
            return BuiltNode{m, [m, indices](const std::vector<Tensor>& in) {
                                 // The data set's features are float32; an Embedding reads them as indices.
                                 const Tensor x = indices ? ops::to(in[0], DType::Int64) : in[0];
                                 return std::vector<Tensor>{m->forward(x)};
                             }};
        };
        registry.add(std::move(t));
    }
}

}  // namespace tessera::graph::detail
