// clamp with number or tensor bounds, either of which may be absent (not both). NaN in the input or
// in a bound gives NaN, and where min > max the result is max, as in PyTorch.
//
//   Tensor y = ops::clamp(x, 0.0, 6.0);                    // relu6
//   Tensor z = ops::clamp(x, std::nullopt, hi);            // min(x, hi), broadcast
#pragma once

#include <optional>

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor clamp(const Tensor& x, const std::optional<Scalar>& min, const std::optional<Scalar>& max = std::nullopt);
Tensor clamp(const Tensor& x, const std::optional<Tensor>& min, const std::optional<Tensor>& max = std::nullopt);

}  // namespace tessera::ops
