// Smooth L1 and Huber losses (torch.nn.functional.smooth_l1_loss / huber_loss). With z = |input - target|:
//   smooth_l1: 0.5 z² / beta if z < beta, else z - 0.5 beta   (beta = 0 gives the L1 loss)
//   huber:     0.5 z²        if z < delta, else delta (z - 0.5 delta)
// Input and target broadcast together; each loss is one autograd Node (SmoothL1LossBackward0,
// HuberLossBackward0). smooth_l1 computes in the promoted dtype; huber's result has
// the input's dtype, as torch's.
//
//   Tensor a = ops::smoothL1Loss(pred, target, Reduction::Mean, 0.5);
//   Tensor b = ops::huberLoss(pred, target, Reduction::Sum, 2.0);
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor smoothL1Loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean,
                    double beta = 1.0);
Tensor huberLoss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean, double delta = 1.0);

// The gradients for the input (swap input and target for the target's).
Tensor smoothL1LossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction,
                            double beta);
Tensor huberLossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction,
                         double delta);

}  // namespace tessera::ops
