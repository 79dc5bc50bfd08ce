// Gradient clipping, as torch.nn.utils.clip_grad_norm_ and clip_grad_value_ (1.13): both change the
// parameters' .grad in place and skip parameters without a gradient.
//
//   Tensor total = optim::clipGradNorm(model.parameters(), 1.0);          // 2-norm over all grads
//   optim::clipGradNorm(params, 1.0, optim::kInfNorm, /*errorIfNonfinite=*/true);
//   optim::clipGradValue(model.parameters(), 0.5);                      // clamp to [-0.5, 0.5]
#pragma once

#include <limits>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::optim {

inline constexpr double kInfNorm = std::numeric_limits<double>::infinity();

// Scales every gradient by min(1, maxNorm / (total + 1e-6)), where total is the normType-norm of all
// gradients together (normType > 0, or kInfNorm); returns total as a 0-d tensor in the gradients'
// dtype (a float32 0 when no parameter has a gradient). With errorIfNonfinite a NaN or infinite total
// throws ValueError and leaves the gradients alone.
Tensor clipGradNorm(const std::vector<Tensor>& parameters, double maxNorm, double normType = 2.0,
                    bool errorIfNonfinite = false);

// Clamps every gradient element to [-clipValue, clipValue].
void clipGradValue(const std::vector<Tensor>& parameters, double clipValue);

}  // namespace tessera::optim
