// Layer normalisation over the trailing `normalizedShape` dims (torch.nn.functional.layer_norm): each
// row is shifted to mean 0 and scaled to variance 1 (biased), then scaled by weight and shifted by bias.
//
//   Tensor y = ops::layerNorm(x, {C}, gamma, beta);       // x: [N, T, C]
//   Tensor z = ops::layerNorm(x, {T, C});                 // no affine parameters
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor layerNorm(const Tensor& x, const Shape& normalizedShape, const Tensor& weight = Tensor(),
                 const Tensor& bias = Tensor(), double eps = 1e-5);

}  // namespace tessera::ops
