// torch.Tensor.index_put / index_put_ and advanced indexing (aten::index, what x[indices] computes),
// with indices a list of int64 tensors (one dim each) and bool masks (as many dims as the mask has,
// its sizes equal to those of the dims it covers). The index tensors, a mask counting as its
// nonzero() positions, broadcast together to a shape B; they address the leading dims of self, so the
// indexing result has shape B + the remaining sizes of self. Negative int64 indices count from the
// end. index_put writes (or, with accumulate, adds) `values`, broadcast to that result shape, at the
// addressed places; values must have self's dtype. Backward Nodes: IndexPutBackward0, IndexBackward0.
// A 0-dim bool mask, which torch treats inconsistently across these entry points, is refused.
//
//   Tensor y = ops::indexPut(x, {mask}, Tensor::scalar<float>(0.0f));                  // y[mask] = 0
//   ops::indexPut_(counts, {labels}, ones({n}, DType::Float64), /*accumulate=*/true);   // a histogram
//   Tensor rows = ops::index(x, {Tensor::fromVector<std::int64_t>({2, 0}, {2})});      // x[[2, 0]]
#pragma once

#include <vector>

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor index(const Tensor& self, const std::vector<Tensor>& indices);
Tensor indexPut(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate = false);
Tensor indexPut_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                 bool accumulate = false);  // returns self

// torch's C++ `self.index_put_({mask}, value)` with a TensorIndex list (at::indexing::set_item, the
// same path as Python's `self[mask] = value`), as torch's own composite ops call it: index_put_ for a
// mask with dims; for a 0-dim mask torch writes through the view self.unsqueeze(0) indexed by [0] (or
// by nothing when the mask is false), so autograd records CopySlices over that index_put_.
Tensor setItem_(const Tensor& self, const Tensor& mask, const Scalar& value);  // returns self

}  // namespace tessera::ops
