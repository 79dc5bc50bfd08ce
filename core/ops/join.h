// Joining and splitting along a dim, as torch.cat / stack / split / chunk. cat and stack promote dtypes
// like torch; cat skips 1-D empty tensors of size [0] (torch's legacy rule). split and chunk return
// views of the input.
//
//   Tensor c = ops::cat({a, b}, 1);                   // [2, 3] and [2, 4] → [2, 7]
//   Tensor s = ops::stack({a, a}, -1);                // [2, 3] → [2, 3, 2]
//   auto parts = ops::split(c, 3, 1);                 // sizes 3, 3, 1 along dim 1
//   auto named = ops::splitWithSizes(c, {5, 2}, 1);   // torch.split(c, [5, 2], 1)
//   auto halves = ops::chunk(c, 2, 1);                // sizes 4, 3
#pragma once

#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor cat(const std::vector<Tensor>& tensors, std::int64_t dim = 0);
Tensor stack(const std::vector<Tensor>& tensors, std::int64_t dim = 0);
std::vector<Tensor> split(const Tensor& x, std::int64_t splitSize, std::int64_t dim = 0);
std::vector<Tensor> splitWithSizes(const Tensor& x, const Shape& splitSizes, std::int64_t dim = 0);
std::vector<Tensor> chunk(const Tensor& x, std::int64_t chunks, std::int64_t dim = 0);

}  // namespace tessera::ops
