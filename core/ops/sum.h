// Sum and mean over all dims or a list of dims, with torch's dtype rules: the sum of bool or int64 is
// int64, mean accepts floating tensors only (or an explicit floating dtype).
//
//   Tensor s = ops::sum(x);                          // 0-d
//   Tensor r = ops::sum(x, {0, -1}, true);           // keepdim
//   Tensor m = ops::mean(x, {1});
//   Tensor d = ops::sum(x, {1}, false, DType::Float64);
#pragma once

#include <optional>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor sum(const Tensor& x, std::optional<DType> dtype = std::nullopt);
// `dims` empty reduces every dim.
Tensor sum(const Tensor& x, const Shape& dims, bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor mean(const Tensor& x, std::optional<DType> dtype = std::nullopt);
Tensor mean(const Tensor& x, const Shape& dims, bool keepdim = false, std::optional<DType> dtype = std::nullopt);

}  // namespace tessera::ops
