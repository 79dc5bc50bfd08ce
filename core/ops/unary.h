// Element-wise math of one tensor. exp, log, sqrt, sin, cos, tanh and reciprocal give float32 for int64 and bool
// inputs (PyTorch's rule); neg and abs keep the dtype and refuse bool.
//
//   Tensor y = ops::exp(x);
//   Tensor n = ops::neg(i);     // int64 stays int64
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor neg(const Tensor& x);
Tensor abs(const Tensor& x);
Tensor exp(const Tensor& x);
Tensor log(const Tensor& x);
Tensor sqrt(const Tensor& x);
Tensor sin(const Tensor& x);
Tensor cos(const Tensor& x);
Tensor tanh(const Tensor& x);
Tensor reciprocal(const Tensor& x);  // 1 / x; `2 / x` in Python is mul(reciprocal(x), 2)

}  // namespace tessera::ops
