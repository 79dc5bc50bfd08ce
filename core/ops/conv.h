// Convolutions as torch.nn.functional has them: conv1d over [N, C, L] (or unbatched [C, L]) and conv2d
// over [N, C, H, W] (or unbatched [C, H, W]), with stride, padding, dilation and groups. Each of
// stride/padding/dilation is one value for every spatial dim or one value per dim.
//
//   Tensor y = ops::conv2d(x, w, b, {1}, {1});        // x [64, 1, 28, 28], w [8, 1, 3, 3] → [64, 8, 28, 28]
//   Tensor z = ops::conv1d(s, k, {}, {2}, {0}, {1}, 4);  // strided, grouped, no bias
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

// bias may be an undefined Tensor (no bias).
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, const Shape& stride = {1},
              const Shape& padding = {0}, const Shape& dilation = {1}, std::int64_t groups = 1);
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, const Shape& stride = {1},
              const Shape& padding = {0}, const Shape& dilation = {1}, std::int64_t groups = 1);

}  // namespace tessera::ops
