// Matrix products with PyTorch's rules: matmul (1-D dot, 2-D mm, 1-D/2-D mixes, batched with broadcast
// batch dims), mm, bmm and linear (x·Wᵀ + b over any leading dims). f32 and f64; any strides (transposed
// and expanded operands are read in place); zero-size operands give empty or zero results.
//
//   Tensor y = ops::matmul(x, w);              // [B, S, K] @ [K, N] -> [B, S, N]
//   Tensor z = ops::linear(x, weight, bias);   // [..., in] -> [..., out]; one fused GEMM
//   ops::mm(a, b);  // throws ShapeError "mm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor matmul(const Tensor& a, const Tensor& b);
Tensor mm(const Tensor& a, const Tensor& b);   // [M, K] · [K, N]
Tensor bmm(const Tensor& a, const Tensor& b);  // [B, M, K] · [B, K, N]
// F.linear: x [..., in], weight [out, in], bias [out] or undefined.
Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias = Tensor());

}  // namespace tessera::ops
