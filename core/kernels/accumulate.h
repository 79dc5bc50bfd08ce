// dst += src for gradient accumulation: both dense, of one shape and one floating dtype. The engine
// and AccumulateGrad sum gradients in place with it when nothing else can see dst (Note [In-place
// gradient accumulation] in core/autograd/engine.cpp); everything else goes through ops::add_.
// dst += a * b is the same for a gradient that is a product, added where the engine would have
// added it (Note [Gradient sinks] in core/autograd/function.h); dst *= src turns a gradient nothing
// else holds into a product in its own buffer (MulBackward0).
//
//   if (!kernels::accumulate(grad, incoming)) ops::add_(grad, incoming);   // grad += incoming
//   bool added = kernels::accumulateProduct(grad, g, other);   // grad += g * other, product rounded first
//   bool done = kernels::multiplyInPlace(g, other);             // g *= other
// Each returns false, leaving dst as it was, when the operands do not qualify: its caller has a general
// path (an op) for that case, and the operands are checked once.
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// True when accumulate(dst, src) applies: same shape and floating dtype, dst contiguous.
bool canAccumulate(const Tensor& dst, const Tensor& src);
// dst += src if canAccumulate(dst, src); returns whether it did. Bumps dst's version counter as add_
// does.
[[nodiscard]] bool accumulate(const Tensor& dst, const Tensor& src);

// True when accumulateProduct(dst, a, b) applies: a and b have dst's shape (any strides) and all
// three one floating dtype, dst contiguous.
bool canAccumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b);
// dst += a * b if canAccumulateProduct(dst, a, b), with the values of dst += (a * b): each product is
// rounded to the dtype before the sum (no fused multiply-add); returns whether it did. dst must not
// overlap a or b. Bumps dst's version counter.
[[nodiscard]] bool accumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b);

// dst *= src if canAccumulate(dst, src), with the values of mul(dst, src); returns whether it did.
// Bumps dst's version counter as mul_ does.
[[nodiscard]] bool multiplyInPlace(const Tensor& dst, const Tensor& src);

}  // namespace tessera::kernels
