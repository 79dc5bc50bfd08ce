// torch.index_select: the slices of `x` along `dim` at the int64 positions in `index` (a vector or a
// 0-d tensor), in index order; repeats allowed. Any dtype. Backward Node: IndexSelectBackward0.
//
//   Tensor rows = ops::indexSelect(x, 0, Tensor::fromVector<std::int64_t>({2, 0, 2}, {3}));  // (3, …)
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor indexSelect(const Tensor& x, std::int64_t dim, const Tensor& index);

// The gradient for x: zeros of `inputSizes` with grad's slices added at their indices along dim (torch's
// zeros().index_add_(dim, index, grad)), in index order.
Tensor indexSelectBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, const Tensor& index);

}  // namespace tessera::ops
