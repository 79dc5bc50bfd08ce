// Product of all elements or along one dim; bool and int64 products are int64, as in torch.
//
//   Tensor p = ops::prod(x);              // 0-d
//   Tensor q = ops::prod(x, 1, true);     // keepdim
#pragma once

#include <optional>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor prod(const Tensor& x, std::optional<DType> dtype = std::nullopt);
Tensor prod(const Tensor& x, std::int64_t dim, bool keepdim = false, std::optional<DType> dtype = std::nullopt);

}  // namespace tessera::ops
