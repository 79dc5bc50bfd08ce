// The arithmetic is torch 1.13's F.multi_head_attention_forward step by step (packed in-projection,
// heads folded into the batch, q scaled before q·kᵀ, masks merged into one additive mask), so values
// and gradients match torch's to rounding.
#include "core/nn/multihead_attention.h"

#include <cmath>
#include <limits>

#include "core/nn/init.h"
#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/div.h"
#include "core/ops/dropout.h"
#include "core/ops/fill.h"
#include "core/ops/join.h"
#include "core/ops/matmul.h"
#include "core/ops/softmax.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/ops/where.h"
#include "core/profile/profiler.h"
#include "core/tensor/factory.h"

namespace tessera::nn {

namespace {

constexpr const char* kName = "MultiheadAttention";

// torch.nn.init.xavier_uniform_/xavier_normal_ with fan_in = size(1)·receptive field, fan_out = size(0)·receptive
// field.
std::pair<double, double> fans(const Tensor& t) {
    const double receptive =
        t.dim() > 2 ? static_cast<double>(shapeNumel(Shape(t.sizes().begin() + 2, t.sizes().end()))) : 1.0;
    return {static_cast<double>(t.size(1)) * receptive, static_cast<double>(t.size(0)) * receptive};
}

Tensor xavierUniform(const Shape& sizes, Generator& gen) {
    Tensor t = Tensor::empty(sizes);
    const auto [fanIn, fanOut] = fans(t);
    const double bound = std::sqrt(6.0 / (fanIn + fanOut));
    gen.fillUniform(t, -bound, bound);
    return t;
}

Tensor xavierNormal(const Shape& sizes, Generator& gen) {
    Tensor t = Tensor::empty(sizes);
    const auto [fanIn, fanOut] = fans(t);
    gen.fillNormal(t, 0.0, std::sqrt(2.0 / (fanIn + fanOut)));
    return t;
}

std::string sizesText(const Tensor& t) { return shapeToString(t.sizes()); }

// A bool mask as torch turns it into an additive one: -inf where true, 0 elsewhere, in `dtype`.
Tensor additiveMask(const Tensor& mask, DType dtype) {
    if (mask.dtype() != DType::Bool) return mask;
    return ops::where(mask, full({}, -std::numeric_limits<double>::infinity(), dtype), zeros({}, dtype));
}

// F.pad(mask, (0, 1)): one more column of zeros (false) at the end of the last dim.
Tensor padLastColumn(const Tensor& mask) {
    Shape sizes = mask.sizes();
    sizes.back() = 1;
    return ops::cat({mask, zeros(sizes, mask.dtype())}, -1);
}

// torch's _mha_shape_check: the ranks of the inputs and masks agree (2-D unbatched or 3-D batched).
void checkShapes(const Tensor& query, const Tensor& key, const Tensor& value, const Tensor& keyPaddingMask,
                 const Tensor& attnMask, std::int64_t numHeads) {
    auto fail = [](const std::string& what) { throw ShapeError(std::string(kName) + ": " + what); };
    if (query.dim() == 3) {
        if (key.dim() != 3 || value.dim() != 3)
            fail("for batched (3-D) `query`, expected `key` and `value` to be 3-D but found " +
                 std::to_string(key.dim()) + "-D and " + std::to_string(value.dim()) + "-D tensors respectively");
        if (keyPaddingMask.defined() && keyPaddingMask.dim() != 2)
            fail("for batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but found " +
                 std::to_string(keyPaddingMask.dim()) + "-D tensor instead");
        if (attnMask.defined() && attnMask.dim() != 2 && attnMask.dim() != 3)
            fail("for batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found " +
                 std::to_string(attnMask.dim()) + "-D tensor instead");
        return;
    }
    if (query.dim() == 2) {
        if (key.dim() != 2 || value.dim() != 2)
            fail("for unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found " +
                 std::to_string(key.dim()) + "-D and " + std::to_string(value.dim()) + "-D tensors respectively");
        if (keyPaddingMask.defined() && keyPaddingMask.dim() != 1)
            fail("for unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D but found " +
                 std::to_string(keyPaddingMask.dim()) + "-D tensor instead");
        if (attnMask.defined()) {
            if (attnMask.dim() != 2 && attnMask.dim() != 3)
                fail("for unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found " +
                     std::to_string(attnMask.dim()) + "-D tensor instead");
            const Shape expected{numHeads, query.size(0), key.size(0)};
            if (attnMask.dim() == 3 && attnMask.sizes() != expected)
                fail("expected `attn_mask` shape to be " + shapeToString(expected) + " but got " + sizesText(attnMask));
        }
        return;
    }
    throw ShapeError(std::string(kName) + ": query should be unbatched 2D or batched 3D tensor but received " +
                     std::to_string(query.dim()) + "-D query tensor");
}

}  // namespace

NonDynamicallyQuantizableLinear::NonDynamicallyQuantizableLinear(std::int64_t inFeatures, std::int64_t outFeatures,
                                                                 bool withBias, Generator& gen)
    : Module("NonDynamicallyQuantizableLinear") {
    // nn.Linear's reset_parameters.
    const double bound = init::fanInBound(inFeatures);
    weight = registerParameter("weight", init::uniform({outFeatures, inFeatures}, bound, gen));
    if (withBias) bias = registerParameter("bias", init::uniform({outFeatures}, bound, gen));
}

Tensor NonDynamicallyQuantizableLinear::forward(const Tensor& x) { return ops::linear(x, weight, bias); }

std::string NonDynamicallyQuantizableLinear::extraRepr() const {
    return "in_features=" + std::to_string(weight.size(1)) + ", out_features=" + std::to_string(weight.size(0)) +
           ", bias=" + pyBool(bias.defined());
}

MultiheadAttention::MultiheadAttention(const Options& options, Generator& gen)
    : Module(kName),
      m_options(options),
      m_kdim(options.kdim.value_or(options.embedDim)),
      m_vdim(options.vdim.value_or(options.embedDim)) {
    const std::int64_t e = options.embedDim;
    if (e < 1) throw ValueError(std::string(kName) + ": embed_dim must be at least 1, got " + std::to_string(e));
    if (options.numHeads < 1)
        throw ValueError(std::string(kName) + ": num_heads must be at least 1, got " +
                         std::to_string(options.numHeads));
    if (e % options.numHeads != 0)
        throw ValueError(std::string(kName) + ": embed_dim must be divisible by num_heads (embed_dim " +
                         std::to_string(e) + ", num_heads " + std::to_string(options.numHeads) + ")");
    if (!(options.dropout >= 0.0 && options.dropout <= 1.0))
        throw ValueError(std::string(kName) + ": dropout probability has to be between 0 and 1, but got " +
                         pyFloat(options.dropout));
    if (m_kdim < 1 || m_vdim < 1)
        throw ValueError(std::string(kName) + ": kdim and vdim must be at least 1, got " + std::to_string(m_kdim) +
                         " and " + std::to_string(m_vdim));

    // torch's registration order, which is its state_dict order: the projection weights, in_proj_bias,
    // out_proj (a child, so listed after this module's own parameters), bias_k, bias_v.
    outProj = std::make_shared<NonDynamicallyQuantizableLinear>(e, e, options.bias, gen);
    if (m_kdim == e && m_vdim == e) {
        inProjWeight = registerParameter("in_proj_weight", xavierUniform({3 * e, e}, gen));
    } else {
        qProjWeight = registerParameter("q_proj_weight", xavierUniform({e, e}, gen));
        kProjWeight = registerParameter("k_proj_weight", xavierUniform({e, m_kdim}, gen));
        vProjWeight = registerParameter("v_proj_weight", xavierUniform({e, m_vdim}, gen));
    }
    if (options.bias) {
        inProjBias = registerParameter("in_proj_bias", zeros({3 * e}));
        ops::zero_(outProj->bias.detach());
    }
    registerModule("out_proj", outProj);
    if (options.addBiasKv) {
        biasK = registerParameter("bias_k", xavierNormal({1, 1, e}, gen));
        biasV = registerParameter("bias_v", xavierNormal({1, 1, e}, gen));
    }
}

Tensor MultiheadAttention::causalMask(std::int64_t size) {
    const Tensor positions = arange(size);
    return ops::gt(ops::unsqueeze(positions, 0), ops::unsqueeze(positions, 1));  // key j > query i
}

Tensor MultiheadAttention::forward(const Tensor& x) { return forward(x, x, x, {.needWeights = false}).output; }

MultiheadAttention::Output MultiheadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                                       const ForwardOptions& options) {
    const std::int64_t numHeads = m_options.numHeads;
    Tensor keyPaddingMask = options.keyPaddingMask;
    Tensor attnMask = options.attnMask;
    if (keyPaddingMask.defined() && keyPaddingMask.dtype() != DType::Bool && !isFloating(keyPaddingMask.dtype()))
        throw TypeError(std::string(kName) + ": only bool and floating types of key_padding_mask are supported, got " +
                        std::string(dtypeName(keyPaddingMask.dtype())));
    // Identity of the inputs decides the packed projection, as in torch (`query is key`, `key is value`).
    const bool keyIsValue = key.implPtr() == value.implPtr();
    const bool queryIsKey = query.implPtr() == key.implPtr();
    const bool batched = query.dim() == 3;
    Tensor q = query, k = key, v = value;
    if (m_options.batchFirst && batched) {
        q = ops::transpose(query, 0, 1);
        k = queryIsKey ? q : ops::transpose(key, 0, 1);
        v = keyIsValue ? k : ops::transpose(value, 0, 1);
    }
    checkShapes(q, k, v, keyPaddingMask, attnMask, numHeads);
    if (!batched) {
        q = ops::unsqueeze(q, 1);
        k = queryIsKey ? q : ops::unsqueeze(k, 1);
        v = keyIsValue ? k : ops::unsqueeze(v, 1);
        if (keyPaddingMask.defined()) keyPaddingMask = ops::unsqueeze(keyPaddingMask, 0);
    }
    const std::int64_t tgtLen = q.size(0), bsz = q.size(1), embedDim = q.size(2);
    std::int64_t srcLen = k.size(0);
    const std::int64_t headDim = m_options.embedDim / numHeads;
    if (embedDim != m_options.embedDim)
        throw ShapeError(std::string(kName) + ": was expecting embedding dimension of " +
                         std::to_string(m_options.embedDim) + ", but got " + std::to_string(embedDim) + " (query " +
                         sizesText(query) + ")");
    if (k.size(2) != m_kdim || v.size(2) != m_vdim)
        throw ShapeError(std::string(kName) + ": expected key and value with " + std::to_string(m_kdim) + " and " +
                         std::to_string(m_vdim) + " features (kdim, vdim), got key " + sizesText(key) + " and value " +
                         sizesText(value));
    const bool separate = !inProjWeight.defined();
    if (separate ? Shape(k.sizes().begin(), k.sizes().begin() + 2) != Shape(v.sizes().begin(), v.sizes().begin() + 2)
                 : k.sizes() != v.sizes())
        throw ShapeError(std::string(kName) + ": key shape " + sizesText(key) + " does not match value shape " +
                         sizesText(value));

    {
        profile::Scope scope("in_proj");
        const std::int64_t e = embedDim;
        auto biasPart = [&](std::int64_t start, std::int64_t length) {
            return inProjBias.defined() ? ops::narrow(inProjBias, 0, start, length) : Tensor();
        };
        if (separate) {
            q = ops::linear(q, qProjWeight, biasPart(0, e));
            k = ops::linear(k, kProjWeight, biasPart(e, e));
            v = ops::linear(v, vProjWeight, biasPart(2 * e, e));
        } else if (keyIsValue && queryIsKey) {
            auto parts = ops::chunk(ops::linear(q, inProjWeight, inProjBias), 3, -1);
            q = parts[0], k = parts[1], v = parts[2];
        } else if (keyIsValue) {
            const Tensor projectedQ = ops::linear(q, ops::narrow(inProjWeight, 0, 0, e), biasPart(0, e));
            auto kv = ops::chunk(ops::linear(k, ops::narrow(inProjWeight, 0, e, 2 * e), biasPart(e, 2 * e)), 2, -1);
            q = projectedQ, k = kv[0], v = kv[1];
        } else {
            q = ops::linear(q, ops::narrow(inProjWeight, 0, 0, e), biasPart(0, e));
            k = ops::linear(k, ops::narrow(inProjWeight, 0, e, e), biasPart(e, e));
            v = ops::linear(v, ops::narrow(inProjWeight, 0, 2 * e, e), biasPart(2 * e, e));
        }
    }

    if (attnMask.defined()) {
        if (attnMask.dtype() != DType::Bool && !isFloating(attnMask.dtype()))
            throw TypeError(std::string(kName) + ": only float and bool types are supported for attn_mask, not " +
                            std::string(dtypeName(attnMask.dtype())));
        if (attnMask.dim() == 2) {
            const Shape expected{tgtLen, srcLen};
            if (attnMask.sizes() != expected)
                throw ShapeError(std::string(kName) + ": the shape of the 2D attn_mask is " + sizesText(attnMask) +
                                 ", but should be " + shapeToString(expected) + ".");
            attnMask = ops::unsqueeze(attnMask, 0);
        } else {
            const Shape expected{bsz * numHeads, tgtLen, srcLen};
            if (attnMask.sizes() != expected)
                throw ShapeError(std::string(kName) + ": the shape of the 3D attn_mask is " + sizesText(attnMask) +
                                 ", but should be " + shapeToString(expected) + ".");
        }
    }
    if (biasK.defined()) {
        k = ops::cat({k, ops::expand(biasK, {1, bsz, embedDim})});
        v = ops::cat({v, ops::expand(biasV, {1, bsz, embedDim})});
        if (attnMask.defined()) attnMask = padLastColumn(attnMask);
        if (keyPaddingMask.defined()) keyPaddingMask = padLastColumn(keyPaddingMask);
    }

    // Heads join the batch: [L, N, E] → [N·heads, L, head_dim].
    q = ops::transpose(ops::view(ops::contiguous(q), {tgtLen, bsz * numHeads, headDim}), 0, 1);
    k = ops::transpose(ops::view(ops::contiguous(k), {k.size(0), bsz * numHeads, headDim}), 0, 1);
    v = ops::transpose(ops::view(ops::contiguous(v), {v.size(0), bsz * numHeads, headDim}), 0, 1);
    if (m_options.addZeroAttn) {
        k = ops::cat({k, zeros({bsz * numHeads, 1, headDim}, k.dtype())}, 1);
        v = ops::cat({v, zeros({bsz * numHeads, 1, headDim}, v.dtype())}, 1);
        if (attnMask.defined()) attnMask = padLastColumn(attnMask);
        if (keyPaddingMask.defined()) keyPaddingMask = padLastColumn(keyPaddingMask);
    }
    srcLen = k.size(1);

    if (keyPaddingMask.defined()) {
        if (keyPaddingMask.sizes() != Shape{bsz, srcLen})
            throw ShapeError(std::string(kName) + ": expecting key_padding_mask shape of " +
                             shapeToString({bsz, srcLen}) + ", but got " + sizesText(options.keyPaddingMask));
        keyPaddingMask =
            ops::reshape(ops::expand(ops::view(keyPaddingMask, {bsz, 1, 1, srcLen}), {-1, numHeads, -1, -1}),
                         {bsz * numHeads, 1, srcLen});
        if (!attnMask.defined()) {
            attnMask = keyPaddingMask;
        } else if (attnMask.dtype() == DType::Bool) {
            // torch's logical_or: a float padding mask counts where it is non-zero.
            const Tensor padded = keyPaddingMask.dtype() == DType::Bool ? keyPaddingMask : ops::ne(keyPaddingMask, 0.0);
            attnMask = ops::where(attnMask, attnMask, padded);
        } else {
            if (keyPaddingMask.dtype() != DType::Bool)
                throw TypeError(std::string(kName) +
                                ": a float key_padding_mask cannot be combined with a float attn_mask (torch's "
                                "masked_fill only supports boolean masks)");
            attnMask = ops::where(keyPaddingMask, full({}, -std::numeric_limits<double>::infinity(), attnMask.dtype()),
                                  attnMask);
        }
    }
    if (attnMask.defined()) attnMask = additiveMask(attnMask, q.dtype());

    Tensor output, weights;
    {
        profile::Scope scope("attention");
        const Tensor scaled = ops::div(q, std::sqrt(static_cast<double>(headDim)));
        Tensor logits = ops::bmm(scaled, ops::transpose(k, 1, 2));
        if (attnMask.defined()) logits = ops::add(attnMask, logits);
        weights = ops::softmax(logits, -1);
        if (m_options.dropout > 0.0 && isTraining()) weights = ops::dropout(weights, m_options.dropout, true);
        output = ops::bmm(weights, v);
        output = ops::view(ops::contiguous(ops::transpose(output, 0, 1)), {tgtLen * bsz, embedDim});
    }
    output = ops::view((*outProj)(output), {tgtLen, bsz, embedDim});

    if (options.needWeights) {
        weights = ops::view(weights, {bsz, numHeads, tgtLen, srcLen});
        if (options.averageAttnWeights) weights = ops::div(ops::sum(weights, {1}), static_cast<double>(numHeads));
        if (!batched) weights = ops::squeeze(weights, 0);
    } else {
        weights = Tensor();
    }
    if (!batched)
        output = ops::squeeze(output, 1);
    else if (m_options.batchFirst)
        output = ops::transpose(output, 0, 1);
    return {output, weights};
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "MultiheadAttention",
    .category = "Attention",
    .help = "Multi-head scaled dot-product attention; as a graph node it attends over its input (query = key = "
            "value).",
    .params = {{.name = "embed_dim",
                .type = ParamType::Int,
                .required = true,
                .min = 1,
                .help = "Total size of the model (the query's last dimension); split across the heads."},
               {.name = "num_heads",
                .type = ParamType::Int,
                .required = true,
                .min = 1,
                .help = "Number of parallel heads; must divide embed_dim."},
               {.name = "dropout",
                .type = ParamType::Float,
                .defaultValue = 0.0,
                .min = 0,
                .max = 1,
                .help = "Dropout probability on the attention weights, in training."},
               {.name = "bias",
                .type = ParamType::Bool,
                .defaultValue = true,
                .help = "Learn biases of the input and output projections."},
               {.name = "add_bias_kv",
                .type = ParamType::Bool,
                .defaultValue = false,
                .help = "Append a learnt bias to the key and value sequences."},
               {.name = "add_zero_attn",
                .type = ParamType::Bool,
                .defaultValue = false,
                .help = "Append a zero key and value after the projections."},
               {.name = "kdim",
                .type = ParamType::OptionalInt,
                .defaultValue = nullptr,
                .min = 1,
                .help = "Number of features of the key (null: embed_dim)."},
               {.name = "vdim",
                .type = ParamType::OptionalInt,
                .defaultValue = nullptr,
                .min = 1,
                .help = "Number of features of the value (null: embed_dim)."},
               {.name = "batch_first",
                .type = ParamType::Bool,
                .defaultValue = false,
                .help = "Inputs and output are [batch, seq, feature] instead of [seq, batch, feature]."}},
    .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
        return std::make_shared<MultiheadAttention>(
            MultiheadAttention::Options{.embedDim = o.at("embed_dim").asInteger(),
                                        .numHeads = o.at("num_heads").asInteger(),
                                        .dropout = o.at("dropout").asNumber(),
                                        .bias = o.at("bias").asBool(),
                                        .addBiasKv = o.at("add_bias_kv").asBool(),
                                        .addZeroAttn = o.at("add_zero_attn").asBool(),
                                        .kdim = optionalInteger(o.at("kdim")),
                                        .vdim = optionalInteger(o.at("vdim")),
                                        .batchFirst = o.at("batch_first").asBool()},
            gen);
    }}};

}  // namespace

}  // namespace tessera::nn
