// View ops: results share the input's storage (PyTorch's view semantics). reshape and flatten are
// views when the strides allow and copies otherwise; contiguous copies only when needed.
//
//   Tensor x = …;                       // sizes [3, 4], strides [4, 1]
//   Tensor y = ops::transpose(x, 0, 1); // sizes [4, 3], strides [1, 4], same storage
//   ops::view(y, {12});                 // throws ShapeError, as torch does
//   ops::reshape(y, {12});              // copies
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor view(const Tensor& x, const Shape& sizes);  // one size may be -1
Tensor reshape(const Tensor& x, const Shape& sizes);
Tensor transpose(const Tensor& x, std::int64_t dim0, std::int64_t dim1);
Tensor t(const Tensor& x);  // transpose of a tensor with ≤ 2 dims
Tensor permute(const Tensor& x, const Shape& dims);
// x[start:end:step] along dim; start/end are clamped like Python slices, step must be positive.
Tensor slice(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t end, std::int64_t step = 1);
Tensor narrow(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t length);
Tensor select(const Tensor& x, std::int64_t dim, std::int64_t index);
Tensor expand(const Tensor& x, const Shape& sizes);  // -1 keeps a size
Tensor squeeze(const Tensor& x);
Tensor squeeze(const Tensor& x, std::int64_t dim);
Tensor unsqueeze(const Tensor& x, std::int64_t dim);
Tensor flatten(const Tensor& x, std::int64_t startDim = 0, std::int64_t endDim = -1);
Tensor contiguous(const Tensor& x);
// A new handle on the same data and geometry, with its own grad_fn (AliasBackward0): what x[...] and
// an index that selects everything return in PyTorch.
Tensor alias(const Tensor& x);
// clone() and to() keep x's layout when x is dense, as torch's preserve_format (Note [Output layout]
// in core/kernels/layout.cpp): x.t().clone() is transposed too. contiguous() gives row-major order.
Tensor clone(const Tensor& x);
Tensor to(const Tensor& x, DType dtype);  // a copy in another dtype (x itself when the dtype matches)

// The gradient of slice/select: zeros of the input's size with `grad` written into the sliced part.
Tensor sliceBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, std::int64_t start,
                     std::int64_t end, std::int64_t step);
Tensor selectBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, std::int64_t index);

// The sizes a view/reshape with one -1 resolves to; throws naming `op` when numel does not match.
Shape inferSize(const Shape& sizes, std::int64_t numel, const char* op);

}  // namespace tessera::ops
