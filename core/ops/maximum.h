// maximum and minimum of two tensors, element-wise and broadcast; NaN on either side gives NaN.
//
//   Tensor y = ops::maximum(a, b);
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);

}  // namespace tessera::ops
