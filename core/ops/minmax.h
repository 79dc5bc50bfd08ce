// Extremes: max/min of all elements or along one dim with the index of the first extreme, amax/amin
// over a list of dims, argmax/argmin. NaN counts as the largest (and smallest) element, as in torch.
//
//   Tensor m = ops::max(x);                        // 0-d
//   auto [values, indices] = ops::max(x, 1, true); // along dim 1, keepdim
//   Tensor a = ops::amax(x, {0, 2});
//   Tensor i = ops::argmax(x);                     // index into the flattened tensor
#pragma once

#include <optional>

#include "core/tensor/tensor.h"

namespace tessera::ops {

struct ValuesIndices {
    Tensor values;
    Tensor indices;  // int64
};

Tensor max(const Tensor& x);
ValuesIndices max(const Tensor& x, std::int64_t dim, bool keepdim = false);
Tensor min(const Tensor& x);
ValuesIndices min(const Tensor& x, std::int64_t dim, bool keepdim = false);
// `dims` empty reduces every dim.
Tensor amax(const Tensor& x, const Shape& dims = {}, bool keepdim = false);
Tensor amin(const Tensor& x, const Shape& dims = {}, bool keepdim = false);
// Without `dim`: the index into the flattened tensor (a 0-d result, or all-ones dims with keepdim).
Tensor argmax(const Tensor& x, std::optional<std::int64_t> dim = std::nullopt, bool keepdim = false);
Tensor argmin(const Tensor& x, std::optional<std::int64_t> dim = std::nullopt, bool keepdim = false);

}  // namespace tessera::ops
