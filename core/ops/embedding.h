// torch.nn.functional.embedding: rows of a (num_embeddings, embedding_dim) weight looked up by int64
// indices of any shape; the result has sizes indices.sizes() + [embedding_dim]. padding_idx (negative
// counts from the end) does not change the forward: it marks the row whose gradient stays zero. The
// backward Node is EmbeddingBackward0 (a gradient for the weight only).
//
//   Tensor table = …;                                              // (1000, 64)
//   Tensor vecs = ops::embedding(tokens, table, /*paddingIdx=*/0);  // tokens (B, L) → (B, L, 64)
#pragma once

#include <optional>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<std::int64_t> paddingIdx = std::nullopt);

// The weight's gradient: zeros (numWeights, D) with grad's rows added at their indices, in index order
// (deterministic); rows of paddingIdx stay zero (pass -1 for none).
Tensor embeddingDenseBackward(const Tensor& grad, const Tensor& indices, std::int64_t numWeights,
                              std::int64_t paddingIdx);

}  // namespace tessera::ops
