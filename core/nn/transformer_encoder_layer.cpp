// torch 1.13's TransformerEncoderLayer.forward outside its inference fast path (which computes the
// same function with fused kernels).
#include "core/nn/transformer_encoder_layer.h"

#include "core/nn/layer_registry.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/profile/profiler.h"

namespace tessera::nn {

TransformerEncoderLayer::TransformerEncoderLayer(const Options& options, Generator& gen)
    : Module("TransformerEncoderLayer"), m_options(options) {
    if (options.activation != "relu" && options.activation != "gelu")
        throw ValueError("TransformerEncoderLayer: activation should be relu/gelu, not " + options.activation);
    if (options.dimFeedforward < 1)
        throw ValueError("TransformerEncoderLayer: dim_feedforward must be at least 1, got " +
                         std::to_string(options.dimFeedforward));
    selfAttn = registerModule(
        "self_attn", std::make_shared<MultiheadAttention>(MultiheadAttention::Options{.embedDim = options.dModel,
                                                                                      .numHeads = options.nhead,
                                                                                      .dropout = options.dropout,
                                                                                      .batchFirst = options.batchFirst},
                                                          gen));
    linear1 = registerModule(
        "linear1", std::make_shared<Linear>(
                       LinearOptions{.inFeatures = options.dModel, .outFeatures = options.dimFeedforward}, gen));
    dropout = registerModule("dropout", std::make_shared<Dropout>(DropoutOptions{.p = options.dropout}));
    linear2 = registerModule(
        "linear2", std::make_shared<Linear>(
                       LinearOptions{.inFeatures = options.dimFeedforward, .outFeatures = options.dModel}, gen));
    const LayerNormOptions norm{.normalizedShape = {options.dModel}, .eps = options.layerNormEps};
    norm1 = registerModule("norm1", std::make_shared<LayerNorm>(norm));
    norm2 = registerModule("norm2", std::make_shared<LayerNorm>(norm));
    dropout1 = registerModule("dropout1", std::make_shared<Dropout>(DropoutOptions{.p = options.dropout}));
    dropout2 = registerModule("dropout2", std::make_shared<Dropout>(DropoutOptions{.p = options.dropout}));
}

Tensor TransformerEncoderLayer::selfAttentionBlock(const Tensor& x, const Tensor& srcMask,
                                                   const Tensor& srcKeyPaddingMask) {
    Tensor attended;
    {
        // The child's operator() takes one input; its scope is opened here instead.
        profile::Scope scope("self_attn");
        attended =
            selfAttn->forward(x, x, x, {.keyPaddingMask = srcKeyPaddingMask, .needWeights = false, .attnMask = srcMask})
                .output;
    }
    return (*dropout1)(attended);
}

Tensor TransformerEncoderLayer::feedForwardBlock(const Tensor& x) {
    Tensor hidden = (*linear1)(x);
    {
        profile::Scope scope("activation");
        hidden = m_options.activation == "gelu" ? ops::gelu(hidden) : ops::relu(hidden);
    }
    return (*dropout2)((*linear2)((*dropout)(hidden)));
}

Tensor TransformerEncoderLayer::forward(const Tensor& src, const Tensor& srcMask, const Tensor& srcKeyPaddingMask) {
    if (srcKeyPaddingMask.defined() && srcKeyPaddingMask.dtype() != DType::Bool &&
        !isFloating(srcKeyPaddingMask.dtype()))
        throw TypeError(
            "TransformerEncoderLayer: only bool and floating types of key_padding_mask are supported, got " +
            std::string(dtypeName(srcKeyPaddingMask.dtype())));
    Tensor x = src;
    if (m_options.normFirst) {
        x = ops::add(x, selfAttentionBlock((*norm1)(x), srcMask, srcKeyPaddingMask));
        x = ops::add(x, feedForwardBlock((*norm2)(x)));
    } else {
        x = (*norm1)(ops::add(x, selfAttentionBlock(x, srcMask, srcKeyPaddingMask)));
        x = (*norm2)(ops::add(x, feedForwardBlock(x)));
    }
    return x;
}

Tensor TransformerEncoderLayer::forward(const Tensor& src) { return forward(src, Tensor(), Tensor()); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "TransformerEncoderLayer",
    .category = "Attention",
    .help = "A transformer encoder block: self-attention then a feed-forward network, each with a residual "
            "connection and layer normalisation (after the sum, or before each block with norm_first).",
    .params = {{.name = "d_model",
                .type = ParamType::Int,
                .required = true,
                .min = 1,
                .help = "Number of features of each position (the input's last dimension)."},
               {.name = "nhead",
                .type = ParamType::Int,
                .required = true,
                .min = 1,
                .help = "Number of attention heads; must divide d_model."},
               {.name = "dim_feedforward",
                .type = ParamType::Int,
                .defaultValue = 2048,
                .min = 1,
                .help = "Width of the feed-forward network's hidden layer."},
               {.name = "dropout",
                .type = ParamType::Float,
                .defaultValue = 0.1,
                .min = 0,
                .max = 1,
                .help = "Dropout probability (attention weights, feed-forward hidden layer, both residual branches)."},
               {.name = "activation",
                .type = ParamType::Choice,
                .defaultValue = "relu",
                .choices = {"relu", "gelu"},
                .help = "Activation of the feed-forward hidden layer."},
               {.name = "layer_norm_eps",
                .type = ParamType::Float,
                .defaultValue = 1e-5,
                .min = 0,
                .help = "Added to the variance in both layer norms."},
               {.name = "batch_first",
                .type = ParamType::Bool,
                .defaultValue = false,
                .help = "Input and output are [batch, seq, feature] instead of [seq, batch, feature]."},
               {.name = "norm_first",
                .type = ParamType::Bool,
                .defaultValue = false,
                .help = "Pre-norm: normalise each block's input instead of the residual sum."}},
    .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
        return std::make_shared<TransformerEncoderLayer>(
            TransformerEncoderLayer::Options{.dModel = o.at("d_model").asInteger(),
                                             .nhead = o.at("nhead").asInteger(),
                                             .dimFeedforward = o.at("dim_feedforward").asInteger(),
                                             .dropout = o.at("dropout").asNumber(),
                                             .activation = o.at("activation").asString(),
                                             .layerNormEps = o.at("layer_norm_eps").asNumber(),
                                             .batchFirst = o.at("batch_first").asBool(),
                                             .normFirst = o.at("norm_first").asBool()},
            gen);
    }}};

}  // namespace

}  // namespace tessera::nn
