// Strided copy with dtype conversion: the kernel behind contiguous(), clone() and to(dtype).
//
//   kernels::copy(dst, src);   // dst and src have equal sizes; any strides, any dtypes
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// Copies src into dst element by element (same sizes; strides and dtypes may differ). Large contiguous
// copies of one dtype run as parallel memcpy.
void copy(const Tensor& dst, const Tensor& src);

}  // namespace tessera::kernels
