// Batch normalisation over the channel dim 1 of an (N, C, …) input (torch.nn.functional.batch_norm).
// Training normalises with the batch statistics and, when running stats are given, updates them in
// place: running = (1 - momentum) * running + momentum * batch (the unbiased variance for running_var).
// Evaluation normalises with the running stats.
//
//   Tensor y = ops::batchNorm(x, runMean, runVar, gamma, beta, /*training=*/true);   // updates runMean/runVar
//   Tensor z = ops::batchNorm(x, runMean, runVar, gamma, beta);                      // eval
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor batchNorm(const Tensor& x, const Tensor& runningMean, const Tensor& runningVar, const Tensor& weight = Tensor(),
                 const Tensor& bias = Tensor(), bool training = false, double momentum = 0.1, double eps = 1e-5);

}  // namespace tessera::ops
