// torch.nn.functional.l1_loss: |input - target| with input and target broadcast together, then
// reduced. Like torch it is not a kernel of its own but sub, abs and mean/sum, so autograd records
// SubBackward0, AbsBackward0 and MeanBackward0 (or SumBackward0).
//
//   Tensor loss = ops::l1Loss(pred, target);                        // 0-d mean
//   Tensor each = ops::l1Loss(pred, target, Reduction::None);
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor l1Loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);

}  // namespace tessera::ops
