// Internal to the matrix-product op files (mm.cpp, bmm.cpp, linear.cpp, matmul.cpp): tensors as the
// GEMM kernel's matrix views, their common checks and their cost.
//
//   checkSameFloating("mm", a, b);
//   kernels::gemm(matrixOf<float>(a), matrixOf<float>(b), matrixOf<float>(out));
#pragma once

#include <string>

#include "core/kernels/gemm.h"
#include "core/ops/dispatch.h"
#include "core/tensor/tensor.h"

namespace tessera::ops::linalg {

// The last two dims of `t` (which must have at least two) at the batch offset `offset` (elements).
template <class T>
kernels::MatrixRef<T> matrixOf(const Tensor& t, std::int64_t offset = 0) {
    const auto d = t.dim();
    return {static_cast<T*>(t.rawData()) + offset, t.size(d - 2), t.size(d - 1), t.stride(d - 2), t.stride(d - 1)};
}

// "4x3", as PyTorch writes matrix shapes in its messages.
inline std::string dims(std::int64_t rows, std::int64_t cols) {
    return std::to_string(rows) + "x" + std::to_string(cols);
}

inline void checkSameFloating(const char* op, const Tensor& a, const Tensor& b) {
    if (a.dtype() != b.dtype())
        throw TypeError(std::string(op) + ": expected both operands to have the same dtype, but got " +
                        std::string(dtypeName(a.dtype())) + " and " + std::string(dtypeName(b.dtype())));
    if (!isFloating(a.dtype()))
        throw TypeError(std::string(op) + ": expected floating point operands (float32 or float64), got " +
                        std::string(dtypeName(a.dtype())));
}

// 2·(output elements)·K FLOPs, K being the last dim of the first input; bytes of inputs and outputs.
inline OpCost productCost(CostOperands inputs, CostOperands outputs) {
    OpCost cost = elementwiseCost(inputs, outputs);
    const double k = inputs.empty() || inputs[0].dim() == 0 ? 1.0 : static_cast<double>(inputs[0].size(-1));
    cost.flops = outputs.empty() ? 0.0 : 2.0 * static_cast<double>(outputs[0].numel()) * k;
    return cost;
}

}  // namespace tessera::ops::linalg
