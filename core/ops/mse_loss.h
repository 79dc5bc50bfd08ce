// Mean squared error, torch.nn.functional.mse_loss: (input - target)² with input and target broadcast
// together, in their promoted floating dtype, then reduced.
//
//   Tensor loss = ops::mseLoss(pred, target);                       // 0-d mean
//   Tensor each = ops::mseLoss(pred, target, Reduction::None);      // broadcast shape
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor mseLoss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);

}  // namespace tessera::ops
