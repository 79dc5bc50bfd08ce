// torch.nn.functional.embedding: rows of a (num_embeddings, embedding_dim) weight looked up by int64
// indices of any shape; the result has sizes indices.sizes() + [embedding_dim]. padding_idx (negative
// counts from the end) does not change the forward: it marks the row whose gradient stays zero.
//
//   Tensor table = …;                                              // (1000, 64)
//   Tensor vecs = ops::embedding(tokens, table, /*paddingIdx=*/0);  // tokens (B, L) → (B, L, 64)
#pragma once

#include <optional>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<std::int64_t> paddingIdx = std::nullopt);

}  // namespace tessera::ops
