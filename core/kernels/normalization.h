// Kernels of layer norm (statistics per row) and batch norm (statistics per channel of N, C, …).
//
//   kernels::layerNorm(y, mean, rstd, x, w, b, 1e-5);          // x: contiguous [rows, cols]
//   kernels::channelMoments(x, n, c, s, mean, var);            // x: contiguous [N, C, S]
//   kernels::channelAffine(y, x, n, c, s, scale, shift);       // y = x * scale[c] + shift[c]
#pragma once

#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// x, out: contiguous [rows, cols] (any leading shape, numel = rows * cols); weight, bias: contiguous
// [cols] or undefined; mean, rstd: contiguous with `rows` elements (biased variance, 1/sqrt(var + eps)).
void layerNorm(const Tensor& out, const Tensor& mean, const Tensor& rstd, const Tensor& x, const Tensor& weight,
               const Tensor& bias, std::int64_t cols, double eps);

// Mean and biased variance of each channel of a contiguous [n, c, s] tensor, accumulated in double.
void channelMoments(const Tensor& x, std::int64_t n, std::int64_t c, std::int64_t s, std::vector<double>& mean,
                    std::vector<double>& var);

// out[i, k, j] = x[i, k, j] * scale[k] + shift[k] for contiguous [n, c, s] tensors.
void channelAffine(const Tensor& out, const Tensor& x, std::int64_t n, std::int64_t c, std::int64_t s,
                   const std::vector<double>& scale, const std::vector<double>& shift);

}  // namespace tessera::kernels
