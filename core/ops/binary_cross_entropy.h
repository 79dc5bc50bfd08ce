// Binary cross-entropy on probabilities and on logits (torch.nn.functional.binary_cross_entropy and
// binary_cross_entropy_with_logits).
//   bce:             -w (t log(x) + (1 - t) log(1 - x)), each log clamped at -100 as torch does, so
//                    x = 0 or 1 gives a finite loss; input must lie in [0, 1].
//   with logits:     -w (p t log σ(x) + (1 - t) log(1 - σ(x))), p = pos_weight, computed stably
//                    with the log-sum-exp trick.
// weight and pos_weight (optional: pass an undefined Tensor) broadcast to the input's shape and get no
// gradient (torch refuses them with requires_grad). Each loss is one Node, BinaryCrossEntropyBackward0
// and BinaryCrossEntropyWithLogitsBackward0, with gradients for input and target.
//
//   Tensor a = ops::binaryCrossEntropy(probs, targets);
//   Tensor b = ops::binaryCrossEntropyWithLogits(logits, targets, {}, posWeight, Reduction::Sum);
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor binaryCrossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                          Reduction reduction = Reduction::Mean);
Tensor binaryCrossEntropyWithLogits(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                                    const Tensor& posWeight = {}, Reduction reduction = Reduction::Mean);

// The gradients for the input and for the target, for the gradient `grad` of the loss.
Tensor binaryCrossEntropyBackward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                                  Reduction reduction);
Tensor binaryCrossEntropyTargetBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                        const Tensor& weight, Reduction reduction);
Tensor binaryCrossEntropyWithLogitsBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                            const Tensor& weight, const Tensor& posWeight, Reduction reduction);
Tensor binaryCrossEntropyWithLogitsTargetBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                                  const Tensor& weight, const Tensor& posWeight, Reduction reduction);

}  // namespace tessera::ops
