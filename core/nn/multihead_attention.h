// MultiheadAttention: torch.nn.MultiheadAttention (1.13) with its parameters, defaults, parameter
// names (in_proj_weight, in_proj_bias, out_proj.weight, out_proj.bias; q/k/v_proj_weight when kdim or
// vdim differ from embed_dim; bias_k/bias_v with add_bias_kv), initialisation and arithmetic.
// Masks follow torch: a bool mask marks with true what may NOT be attended; a float mask is added to
// the attention logits.
//
//   Generator gen(1);
//   nn::MultiheadAttention mha({.embedDim = 16, .numHeads = 4, .batchFirst = true}, gen);
//   Tensor y = mha(x);                                        // self-attention, x [N, L, 16] → [N, L, 16]
//   auto [out, weights] = mha.forward(q, k, v, {.keyPaddingMask = pad, .attnMask = causal});
//   Tensor causal = nn::MultiheadAttention::causalMask(L);   // bool [L, L], true above the diagonal
#pragma once

#include <memory>
#include <optional>

#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::nn {

// torch's out_proj type: an nn.Linear under another name (it only exists to steer torch's quantizer).
class NonDynamicallyQuantizableLinear : public Module {
public:
    NonDynamicallyQuantizableLinear(std::int64_t inFeatures, std::int64_t outFeatures, bool bias, Generator& gen);
    Tensor forward(const Tensor& x) override;
    std::string extraRepr() const override;
    Tensor weight, bias;
};

class MultiheadAttention : public Module {
public:
    struct Options {
        std::int64_t embedDim = 0;
        std::int64_t numHeads = 1;
        double dropout = 0.0;  // on the attention weights, in training
        bool bias = true;
        bool addBiasKv = false;    // learnt bias_k/bias_v appended to the key and value sequences
        bool addZeroAttn = false;  // a zero key/value appended after the projections
        std::optional<std::int64_t> kdim = {}, vdim = {};  // feature sizes of key and value (embed_dim if unset)
        bool batchFirst = false;                           // [N, L, E] instead of [L, N, E]
    };
    struct ForwardOptions {
        Tensor keyPaddingMask = {};  // [N, S] (or [S] unbatched), bool (true = ignore) or float (added)
        bool needWeights = true;
        Tensor attnMask = {};  // [L, S] or [N·num_heads, L, S], bool (true = masked) or float (added)
        bool averageAttnWeights = true;
    };
    struct Output {
        Tensor output;   // [L, N, E] ([N, L, E] batch first, [L, E] unbatched)
        Tensor weights;  // [N, L, S] averaged or [N, num_heads, L, S]; undefined without needWeights
    };

    // Initialised from `gen` as torch initialises it: xavier_uniform_ projections, zero biases, the
    // output projection's weight as nn.Linear, xavier_normal_ bias_k/bias_v.
    MultiheadAttention(const Options& options, Generator& gen);

    // torch's forward(query, key, value, key_padding_mask, need_weights, attn_mask, average_attn_weights).
    Output forward(const Tensor& query, const Tensor& key, const Tensor& value, const ForwardOptions& options);
    // Self-attention of x (query = key = value = x), without masks; returns the attention output.
    Tensor forward(const Tensor& x) override;

    // A bool [size, size] mask that lets position i attend to positions ≤ i only.
    static Tensor causalMask(std::int64_t size);

    const Options& options() const noexcept { return m_options; }

    // Undefined when absent: in_proj_weight when kdim/vdim differ, the q/k/v weights otherwise, biases
    // without bias, bias_k/bias_v without add_bias_kv.
    Tensor inProjWeight, qProjWeight, kProjWeight, vProjWeight, inProjBias, biasK, biasV;
    std::shared_ptr<NonDynamicallyQuantizableLinear> outProj;

private:
    Options m_options;
    std::int64_t m_kdim, m_vdim;
};

}  // namespace tessera::nn
