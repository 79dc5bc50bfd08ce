// dst += src for gradient accumulation: both dense, of one shape and one floating dtype. The engine
// and AccumulateGrad sum gradients in place with it when nothing else can see dst (Note [In-place
// gradient accumulation] in core/autograd/engine.cpp); everything else goes through ops::add_.
// dst += a * b is the same for a gradient that is a product, added where the engine would have
// added it (Note [Gradient sinks] in core/autograd/function.h); dst *= src turns a gradient nothing
// else holds into a product in its own buffer (MulBackward0).
//
//   kernels::accumulate(grad, incoming);          // grad += incoming, element by element
//   kernels::accumulateProduct(grad, g, other);   // grad += g * other, the product rounded first
//   kernels::multiplyInPlace(g, other);           // g *= other
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// True when accumulate(dst, src) applies: same shape and floating dtype, dst contiguous.
bool canAccumulate(const Tensor& dst, const Tensor& src);
// dst += src; requires canAccumulate(dst, src). Bumps dst's version counter as add_ does.
void accumulate(const Tensor& dst, const Tensor& src);

// True when accumulateProduct(dst, a, b) applies: a and b have dst's shape (any strides) and all three
// one floating dtype, dst contiguous.
bool canAccumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b);
// dst += a * b with the values of accumulate(dst, a * b): each product is rounded to the dtype before
// the sum (no fused multiply-add). Requires canAccumulateProduct; dst must not overlap a or b. Bumps
// dst's version counter.
void accumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b);

// dst *= src with the values of mul(dst, src); requires canAccumulate(dst, src) (same shape and
// floating dtype, dst contiguous). Bumps dst's version counter as mul_ does.
void multiplyInPlace(const Tensor& dst, const Tensor& src);

}  // namespace tessera::kernels
