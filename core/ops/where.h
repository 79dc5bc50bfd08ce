// where(cond, a, b): a where cond is true, else b, broadcast over all three; a and b are promoted to
// their common dtype (numbers count as Python scalars). cond must be bool.
//
//   Tensor y = ops::where(ops::gt(x, 0), x, 0.0);
#pragma once

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
Tensor where(const Tensor& cond, const Tensor& a, const Scalar& b);
Tensor where(const Tensor& cond, const Scalar& a, const Tensor& b);
Tensor where(const Tensor& cond, const Scalar& a, const Scalar& b);

}  // namespace tessera::ops
