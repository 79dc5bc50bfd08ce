// TransformerEncoderLayer: torch.nn.TransformerEncoderLayer (1.13) — self-attention and a feed-forward
// block, each with a residual connection, dropout and LayerNorm after the sum (post-norm, torch's
// default) or on the block's input (norm_first). Children and parameter names as torch: self_attn.*,
// linear1, dropout, linear2, norm1, norm2, dropout1, dropout2.
//
//   Generator gen(1);
//   nn::TransformerEncoderLayer enc({.dModel = 16, .nhead = 4, .dimFeedforward = 64, .batchFirst = true}, gen);
//   Tensor y = enc(x);                                                      // x [N, S, 16] → [N, S, 16]
//   Tensor z = enc.forward(x, nn::MultiheadAttention::causalMask(S), pad);  // src_mask, src_key_padding_mask
#pragma once

#include <memory>
#include <string>

#include "core/nn/dropout.h"
#include "core/nn/layer_norm.h"
#include "core/nn/linear.h"
#include "core/nn/multihead_attention.h"

namespace tessera::nn {

class TransformerEncoderLayer : public Module {
public:
    struct Options {
        std::int64_t dModel = 0;
        std::int64_t nhead = 1;
        std::int64_t dimFeedforward = 2048;
        double dropout = 0.1;
        std::string activation = "relu";  // "relu" or "gelu"
        double layerNormEps = 1e-5;
        bool batchFirst = false;  // [N, S, E] instead of [S, N, E]
        bool normFirst = false;   // pre-norm: LayerNorm on each block's input
    };

    TransformerEncoderLayer(const Options& options, Generator& gen);

    // torch's forward(src, src_mask, src_key_padding_mask); masks as MultiheadAttention's attn_mask and
    // key_padding_mask (undefined for none).
    Tensor forward(const Tensor& src, const Tensor& srcMask, const Tensor& srcKeyPaddingMask);
    Tensor forward(const Tensor& src) override;

    const Options& options() const noexcept { return m_options; }

    std::shared_ptr<MultiheadAttention> selfAttn;
    std::shared_ptr<Linear> linear1, linear2;
    std::shared_ptr<LayerNorm> norm1, norm2;
    std::shared_ptr<Dropout> dropout, dropout1, dropout2;

private:
    Tensor selfAttentionBlock(const Tensor& x, const Tensor& srcMask, const Tensor& srcKeyPaddingMask);
    Tensor feedForwardBlock(const Tensor& x);

    Options m_options;
};

}  // namespace tessera::nn
