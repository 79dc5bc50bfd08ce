// torch.gather: out[i][j][k] = x[index[i][j][k]][j][k] for dim 0 (and likewise for other dims). The
// int64 index has x's number of dims and, apart from `dim`, sizes no larger than x's; the result has
// the index's sizes and x's dtype. Backward Node: GatherBackward0.
//
//   Tensor picked = ops::gather(logits, 1, ops::unsqueeze(labels, 1));   // (N, 1)
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor gather(const Tensor& x, std::int64_t dim, const Tensor& index);

// The gradient for x: zeros of `inputSizes` with grad added at the gathered places (torch's
// zeros().scatter_add_(dim, index, grad)), in index order.
Tensor gatherBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, const Tensor& index);

}  // namespace tessera::ops
