// torch.nn.functional.cross_entropy, written as torch writes it: log_softmax over the class dim (1, or
// 0 for an unbatched (C) input) followed by nll_loss, so autograd records LogSoftmaxBackward0 then
// NllLossBackward0 (NllLoss2DBackward0 for spatial inputs).
// - Class-index targets: int64 of shape (N), () or (N, d1, …); weight, ignore_index and the weighted
//   mean are nll_loss's. label_smoothing = ε mixes in the uniform distribution:
//   (1 - ε) · nll + ε / C · Σ_c -w_c log p_c (ignored targets contribute nothing; 'mean' divides that
//   sum by the same total weight as nll).
// - Class-probability targets: a floating target with the input's shape; the loss is
//   -Σ_c w_c t_c log p_c with t smoothed to (1 - ε) t + ε / C; 'mean' divides by N·d1·….
//   ignore_index must stay negative there.
//
//   Tensor loss = ops::crossEntropy(logits, labels);
//   Tensor soft = ops::crossEntropy(logits, labels, classWeights, Reduction::Sum, -100, 0.1);
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor crossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                    Reduction reduction = Reduction::Mean, std::int64_t ignoreIndex = -100,
                    double labelSmoothing = 0.0);

}  // namespace tessera::ops
