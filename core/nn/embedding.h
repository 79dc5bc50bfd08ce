// torch.nn.Embedding: a lookup table of num_embeddings vectors of size embedding_dim, indexed by int64
// tensors. The row padding_idx starts at zero and gets no gradient. With max_norm, each forward first
// rescales (in place, outside autograd) the looked-up rows whose norm_type-norm exceeds max_norm.
//
//   nn::Embedding emb({.numEmbeddings = 100, .embeddingDim = 16, .paddingIdx = 0}, gen);
//   Tensor v = emb(tokens);   // int64 [N, T] → float32 [N, T, 16]
#pragma once

#include <cstdint>
#include <optional>

#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::nn {

struct EmbeddingOptions {
    std::int64_t numEmbeddings = 0;
    std::int64_t embeddingDim = 0;
    std::optional<std::int64_t> paddingIdx{};  // negative counts from the end, as in torch
    std::optional<double> maxNorm{};
    double normType = 2.0;
};

class Embedding : public Module {
public:
    Embedding(const EmbeddingOptions& options, Generator& gen);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const EmbeddingOptions& options() const { return m_options; }
    Tensor weight;

private:
    void renormRows(const Tensor& indices);

    EmbeddingOptions m_options;  // paddingIdx made non-negative
};

}  // namespace tessera::nn
