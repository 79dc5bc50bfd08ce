// Variance and standard deviation over all dims or a list of dims, with Bessel's correction as in
// torch (`correction` = 1 is unbiased, 0 the population variance; the divisor is max(0, N - correction)).
//
//   Tensor v = ops::var(x);                  // unbiased, over every element
//   Tensor s = ops::stdDev(x, {1}, 0, true); // population std along dim 1, keepdim
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

// `dims` empty reduces every dim.
Tensor var(const Tensor& x, const Shape& dims = {}, double correction = 1, bool keepdim = false);
// torch.std (named stdDev here so that it does not read as the namespace std).
Tensor stdDev(const Tensor& x, const Shape& dims = {}, double correction = 1, bool keepdim = false);

}  // namespace tessera::ops
