// mul with PyTorch's type promotion (bool * bool is logical and), and its in-place form.
//
//   Tensor y = ops::mul(a, b);     // a * b, broadcast
//   ops::mul_(w, 0.9);             // w *= 0.9 in place
#pragma once

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor mul(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, const Scalar& b);
Tensor mul_(const Tensor& self, const Tensor& other);  // returns self
Tensor mul_(const Tensor& self, const Scalar& other);

}  // namespace tessera::ops
