// Negative log-likelihood loss, torch.nn.functional.nll_loss. The input holds log-probabilities with
// the classes at dim 1 — (N, C), (C) without a batch, or (N, C, d1, …) for spatial targets — and the
// target holds int64 class indices of shape (N), () or (N, d1, …). Each element contributes
// -weight[t] · input[n, t, …]; targets equal to ignore_index contribute nothing. The 'mean' reduction
// divides by the sum of the weights of the targets that count (NaN when none counts, as torch).
//
// Autograd as torch: (N, C) and (C) inputs get NllLossBackward0, 4-d inputs NllLoss2DBackward0, and
// other spatial inputs are viewed as (N, C, 1, S) (ViewBackward0) before NllLoss2DBackward0. Only the
// input gets a gradient; a class weight that requires grad is refused, as in torch.
//
//   Tensor logp = …;                                   // (N, C), e.g. log_softmax(x, 1)
//   Tensor loss = ops::nllLoss(logp, labels);           // 0-d
//   Tensor each = ops::nllLoss(logp, labels, classWeights, Reduction::None, /*ignoreIndex=*/0);
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor nllLoss(const Tensor& input, const Tensor& target, const Tensor& weight = {},
               Reduction reduction = Reduction::Mean, std::int64_t ignoreIndex = -100);

// The gradient for a 1-d, 2-d or 4-d input (which gives the sizes and dtype): -weight[t] · grad at
// each counted target (÷ totalWeight for 'mean'), zero elsewhere.
Tensor nllLossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                       Reduction reduction, std::int64_t ignoreIndex, double totalWeight);

}  // namespace tessera::ops
