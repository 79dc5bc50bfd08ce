// Pooling kernels over contiguous planes: x is [P, H, W] (P = batch × channels, any leading dims
// flattened by the caller) and outputs are [P, OH, OW]. Each plane is handled by one thread, so results
// never depend on the thread count. Shapes are checked by the ops (core/ops/pool.h).
//
//   PoolParams p{.kernelH = 2, .kernelW = 2, .strideH = 2, .strideW = 2};
//   kernels::maxPool2d(out, indices, x, p);        // indices: int64 flat positions h·W + w in each plane
#pragma once

#include <cstdint>

#include "core/tensor/tensor.h"

namespace tessera::kernels {

struct PoolParams {
    std::int64_t kernelH = 1, kernelW = 1;
    std::int64_t strideH = 1, strideW = 1;
    std::int64_t padH = 0, padW = 0;
    std::int64_t dilationH = 1, dilationW = 1;
};

// Max over each window (padding never wins; NaN propagates) and the flat index of the winner.
void maxPool2d(const Tensor& out, const Tensor& indices, const Tensor& x, const PoolParams& p);
// gradInput [P, H, W] = zeros, then gradInput[p][indices[p][o]] += gradOut[p][o].
void maxPool2dBackward(const Tensor& gradInput, const Tensor& gradOut, const Tensor& indices);
// out[p][o] = x[p][indices[p][o]]: the adjoint of maxPool2dBackward.
void maxPool2dGather(const Tensor& out, const Tensor& x, const Tensor& indices);

// PyTorch's avg_pool2d: the window is clipped to the padded input; the divisor is divisorOverride when
// non-zero, else the padded window size (countIncludePad) or the number of real elements.
void avgPool2d(const Tensor& out, const Tensor& x, const PoolParams& p, bool countIncludePad,
               std::int64_t divisorOverride);
void avgPool2dBackward(const Tensor& gradInput, const Tensor& gradOut, const PoolParams& p, bool countIncludePad,
                       std::int64_t divisorOverride);

// Mean over rows [⌊i·H/OH⌋, ⌈(i+1)·H/OH⌉) and likewise for columns.
void adaptiveAvgPool2d(const Tensor& out, const Tensor& x);
void adaptiveAvgPool2dBackward(const Tensor& gradInput, const Tensor& gradOut);

}  // namespace tessera::kernels
