// torch.nn.functional.one_hot: int64 class indices of any shape → an int64 tensor with one more,
// last, dim of num_classes entries, 1 at each index. num_classes = -1 infers max(index) + 1.
//
//   Tensor y = ops::oneHot(Tensor::fromVector<std::int64_t>({0, 2}, {2}));   // [[1, 0, 0], [0, 0, 1]]
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor oneHot(const Tensor& x, std::int64_t numClasses = -1);

}  // namespace tessera::ops
