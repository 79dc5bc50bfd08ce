// Mean squared error, torch.nn.functional.mse_loss: (input - target)² with input and target broadcast
// together, in their promoted floating dtype, then reduced. Its backward is one Node, MseLossBackward0.
//
//   Tensor loss = ops::mseLoss(pred, target);                       // 0-d mean
//   Tensor each = ops::mseLoss(pred, target, Reduction::None);      // broadcast shape
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor mseLoss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);

// d mse_loss / d input for the gradient `grad` of the loss: 2 (input - target) grad (÷ numel for 'mean').
// The gradient for the target is mseLossBackward(grad, target, input, reduction).
Tensor mseLossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction);

}  // namespace tessera::ops
