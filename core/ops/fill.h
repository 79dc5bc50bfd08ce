// In-place writes that take no arithmetic: zero_, fill_ and copy_ (which broadcasts the source to
// the destination and converts dtypes). Each bumps the destination's version counter and refuses a
// destination whose elements share memory (an expanded tensor), as PyTorch does.
//
//   ops::zero_(grad);
//   ops::fill_(mask, true);
//   ops::copy_(param, newValues);    // newValues broadcast to param's shape
#pragma once

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor zero_(const Tensor& self);  // each returns self
Tensor fill_(const Tensor& self, const Scalar& value);
Tensor fill_(const Tensor& self, const Tensor& value);  // value must be 0-d
Tensor copy_(const Tensor& self, const Tensor& src);

}  // namespace tessera::ops
