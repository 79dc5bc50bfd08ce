// pow with a tensor or a number on either side, with PyTorch's type promotion and integer rules.
//
//   Tensor y = ops::pow(x, 2);        // x ** 2
//   Tensor z = ops::pow(2.0, x);      // 2 ** x
//   Tensor w = ops::pow(x, e);        // element-wise x ** e, broadcast
#pragma once

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor pow(const Tensor& base, const Tensor& exponent);
Tensor pow(const Tensor& base, const Scalar& exponent);
Tensor pow(const Scalar& base, const Tensor& exponent);

}  // namespace tessera::ops
