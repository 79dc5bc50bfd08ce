// Negative log-likelihood loss, torch.nn.functional.nll_loss. The input holds log-probabilities with
// the classes at dim 1 — (N, C), (C) without a batch, or (N, C, d1, …) for spatial targets — and the
// target holds int64 class indices of shape (N), () or (N, d1, …). Each element contributes
// -weight[t] · input[n, t, …]; targets equal to ignore_index contribute nothing. The 'mean' reduction
// divides by the sum of the weights of the targets that count (NaN when none counts, as torch).
//
//   Tensor logp = …;                                   // (N, C), e.g. log_softmax(x, 1)
//   Tensor loss = ops::nllLoss(logp, labels);           // 0-d
//   Tensor each = ops::nllLoss(logp, labels, classWeights, Reduction::None, /*ignoreIndex=*/0);
#pragma once

#include "core/ops/loss_common.h"

namespace tessera::ops {

Tensor nllLoss(const Tensor& input, const Tensor& target, const Tensor& weight = {},
               Reduction reduction = Reduction::Mean, std::int64_t ignoreIndex = -100);

}  // namespace tessera::ops
