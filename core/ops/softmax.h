// softmax and log_softmax along one dim (fused, numerically stable kernels; see core/kernels/softmax.h).
// An optional dtype converts the input first, as torch's `dtype=` does.
//
//   Tensor p = ops::softmax(logits, -1);
//   Tensor lp = ops::logSoftmax(logits, 1);     // NCHW: over channels
#pragma once

#include <optional>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor softmax(const Tensor& x, std::int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor logSoftmax(const Tensor& x, std::int64_t dim, std::optional<DType> dtype = std::nullopt);

}  // namespace tessera::ops
