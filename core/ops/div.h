// div: true division (integers give float32, as in PyTorch) or division rounded towards zero or
// down, and its in-place form.
//
//   Tensor y = ops::div(a, b);                          // a / b
//   Tensor q = ops::div(i, 2, RoundingMode::Floor);     // i // 2, stays int64
//   ops::div_(w, 4.0);                                  // w /= 4 in place
#pragma once

#include <string_view>

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

enum class RoundingMode { None, Trunc, Floor };

// "trunc" and "floor"; anything else throws ValueError with PyTorch's message. None is RoundingMode::None.
RoundingMode parseRoundingMode(std::string_view name);

Tensor div(const Tensor& a, const Tensor& b, RoundingMode mode = RoundingMode::None);
Tensor div(const Tensor& a, const Scalar& b, RoundingMode mode = RoundingMode::None);
Tensor div_(const Tensor& self, const Tensor& other, RoundingMode mode = RoundingMode::None);  // returns self
Tensor div_(const Tensor& self, const Scalar& other, RoundingMode mode = RoundingMode::None);

}  // namespace tessera::ops
