// Memory layout of new results, as torch lays them out. See Note [Output layout] in layout.cpp.
//
//   Tensor out = kernels::emptyElementwise(sizes, DType::Float32, {&a, &b});  // for a + b
//   Tensor copy = kernels::emptyPreserving(x, x.dtype());                      // for x.clone()
#pragma once

#include <initializer_list>

#include "core/tensor/tensor.h"

namespace tessera::kernels {

namespace detail {
Tensor emptyOrdered(const Shape& sizes, DType dtype, std::initializer_list<const Tensor*> inputs);
}

// The result of an element-wise op of shape `sizes` over `inputs` (defined tensors, in the op's
// operand order): its dims are laid out in the order torch's TensorIterator derives from the inputs'
// strides, so an op on transposed or permuted inputs gives a result laid out the same way. Contiguous
// when every input is, without looking further (every op of eager autograd's hot path).
inline Tensor emptyElementwise(const Shape& sizes, DType dtype, std::initializer_list<const Tensor*> inputs) {
    for (const Tensor* t : inputs)
        if (!t->isContiguous()) return detail::emptyOrdered(sizes, dtype, inputs);
    return Tensor::empty(sizes, dtype);
}

// torch.preserve_format (clone, .to(dtype), *_like): x's strides when x is non-overlapping and dense,
// contiguous otherwise.
Tensor emptyPreserving(const Tensor& x, DType dtype);

// Whether t's elements fill a block of memory exactly once (contiguous after some permutation of dims).
bool isNonOverlappingAndDense(const Tensor& t);

}  // namespace tessera::kernels
