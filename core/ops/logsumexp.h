// log Σ exp(x) over a list of dims, computed stably (the maximum is subtracted first). Integer and bool
// inputs give float32, as in torch.
//
//   Tensor l = ops::logsumexp(x, {1});          // x: [N, C] → [N]
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

// `dims` empty reduces every dim.
Tensor logsumexp(const Tensor& x, const Shape& dims, bool keepdim = false);

}  // namespace tessera::ops
