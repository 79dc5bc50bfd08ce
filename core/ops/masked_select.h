// torch.masked_select: the elements of input where mask is true, as a 1-D tensor in row-major order.
// input and mask broadcast together; mask must be bool; the result has input's dtype. Backward Node:
// MaskedSelectBackward0.
//
//   Tensor kept = ops::maskedSelect(losses, ops::ne(target, ignoreIndex));   // the counted losses
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor maskedSelect(const Tensor& input, const Tensor& mask);

// The gradient for masked_select's input: zeros of the broadcast shape `sizes` with grad's elements
// placed, in order, where mask is true (torch's zeros.masked_scatter_(mask, grad)). The engine sums it
// back to the input's shape.
Tensor maskedSelectBackward(const Tensor& grad, const Tensor& mask, const Shape& sizes);

}  // namespace tessera::ops
