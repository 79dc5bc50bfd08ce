// Dropout (torch.nn.functional.dropout): in training, each element is zeroed with probability p and
// the others are scaled by 1 / (1 - p). As in torch, this is x times a random mask (so its grad_fn is
// MulBackward0), and p = 0, evaluation mode or an empty input return x itself. The mask comes from
// `gen` (the default generator when null), so a seeded run drops the same elements on every thread
// count.
//
//   Generator gen(42);
//   Tensor y = ops::dropout(x, 0.1, /*training=*/true, &gen);
#pragma once

#include "core/tensor/tensor.h"

namespace tessera {
class Generator;
}

namespace tessera::ops {

Tensor dropout(const Tensor& x, double p = 0.5, bool training = true, Generator* gen = nullptr);

}  // namespace tessera::ops
