// add, sub and rsub with PyTorch's alpha and type promotion, and their in-place forms.
//
//   Tensor y = ops::add(a, b);            // a + b, broadcast
//   Tensor z = ops::sub(a, 2.0, 0.5);     // a - 0.5 * 2.0
//   ops::add_(w, g, -0.1);                // w += -0.1 * g in place (w is never broadcast)
#pragma once

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha = 1);  // a + alpha * b
Tensor add(const Tensor& a, const Scalar& b, const Scalar& alpha = 1);
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha = 1);  // a - alpha * b
Tensor sub(const Tensor& a, const Scalar& b, const Scalar& alpha = 1);
Tensor rsub(const Tensor& a, const Tensor& b, const Scalar& alpha = 1);  // b - alpha * a (torch.rsub)
Tensor rsub(const Tensor& a, const Scalar& b, const Scalar& alpha = 1);  // `2 - a` in Python

// In place: self += alpha * other; returns self.
Tensor add_(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor add_(const Tensor& self, const Scalar& other, const Scalar& alpha = 1);
Tensor sub_(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor sub_(const Tensor& self, const Scalar& other, const Scalar& alpha = 1);

}  // namespace tessera::ops
