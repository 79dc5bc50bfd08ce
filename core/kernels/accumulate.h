// dst += src for gradient accumulation: both dense, of one shape and one floating dtype. The engine
// and AccumulateGrad sum gradients in place with it when nothing else can see dst (Note [In-place
// gradient accumulation] in core/autograd/engine.cpp); everything else goes through ops::add_.
//
//   kernels::accumulate(grad, incoming);   // grad += incoming, element by element
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// True when accumulate(dst, src) applies: same shape and floating dtype, dst contiguous.
bool canAccumulate(const Tensor& dst, const Tensor& src);
// dst += src; requires canAccumulate(dst, src). Bumps dst's version counter as add_ does.
void accumulate(const Tensor& dst, const Tensor& src);

}  // namespace tessera::kernels
