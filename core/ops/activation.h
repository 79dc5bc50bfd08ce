// Activation functions with torch.nn.functional's parameters and defaults. relu keeps int64; the
// others take floating tensors only (sigmoid computes int64 and bool in float32, as PyTorch does).
//
//   Tensor h = ops::gelu(x, GeluApproximate::Tanh);
//   Tensor s = ops::softplus(x, 2.0, 20.0);
#pragma once

#include <string_view>

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

enum class GeluApproximate { None, Tanh };
// "none" or "tanh"; anything else throws ValueError with PyTorch's message.
GeluApproximate parseGeluApproximate(std::string_view name);

Tensor sigmoid(const Tensor& x);
Tensor relu(const Tensor& x);
Tensor leakyRelu(const Tensor& x, const Scalar& negativeSlope = 0.01);  // torch: leaky_relu
Tensor elu(const Tensor& x, const Scalar& alpha = 1.0);
Tensor gelu(const Tensor& x, GeluApproximate approximate = GeluApproximate::None);
Tensor silu(const Tensor& x);
Tensor softplus(const Tensor& x, const Scalar& beta = 1, const Scalar& threshold = 20);

}  // namespace tessera::ops
