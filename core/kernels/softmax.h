// Softmax and log-softmax along one dim of a contiguous tensor, numerically stable (the maximum is
// subtracted first). Rows along the last dim run one row per step; other dims run over tiles of the
// contiguous trailing elements, so NCHW softmax over C reads memory in order.
//
//   Tensor y = Tensor::empty(x.sizes(), x.dtype());   // x contiguous, floating
//   kernels::softmax(y, x, 1, false);                  // log = true gives log_softmax
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// `x` and `out` contiguous with equal sizes and floating dtype; `dim` already wrapped.
void softmax(const Tensor& out, const Tensor& x, std::int64_t dim, bool log);

}  // namespace tessera::kernels
