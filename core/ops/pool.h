// 2-D pooling as torch.nn.functional has it, over [N, C, H, W] or unbatched [C, H, W] inputs. Sizes
// (kernel, stride, padding, dilation) are one value for both dims or two values (H, W); an empty stride
// means stride = kernel size, as in torch.
//
//   Tensor y = ops::maxPool2d(x, {2});                       // [64, 8, 28, 28] → [64, 8, 14, 14]
//   auto [v, i] = ops::maxPool2dWithIndices(x, {3}, {2}, {1}, {1}, true);
//   Tensor a = ops::avgPool2d(x, {3}, {1}, {1}, false, false);   // count_include_pad=False
//   Tensor g = ops::adaptiveAvgPool2d(x, {1, -1});            // -1 keeps that input size (torch's None)
#pragma once

#include <optional>
#include <utility>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor maxPool2d(const Tensor& input, const Shape& kernelSize, const Shape& stride = {}, const Shape& padding = {0},
                 const Shape& dilation = {1}, bool ceilMode = false);
// The values and the int64 flat index (h·W + w within each plane) of each maximum.
std::pair<Tensor, Tensor> maxPool2dWithIndices(const Tensor& input, const Shape& kernelSize, const Shape& stride = {},
                                               const Shape& padding = {0}, const Shape& dilation = {1},
                                               bool ceilMode = false);
Tensor avgPool2d(const Tensor& input, const Shape& kernelSize, const Shape& stride = {}, const Shape& padding = {0},
                 bool ceilMode = false, bool countIncludePad = true,
                 std::optional<std::int64_t> divisorOverride = std::nullopt);
Tensor adaptiveAvgPool2d(const Tensor& input, const Shape& outputSize);

}  // namespace tessera::ops
