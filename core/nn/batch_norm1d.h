// torch.nn.BatchNorm1d over [N, C] or [N, C, L] inputs (see batch_norm.h).
//
//   nn::BatchNorm1d bn({.numFeatures = 32});
//   Tensor y = bn(x);   // x [N, 32]
#pragma once

#include "core/nn/batch_norm.h"

namespace tessera::nn {

using BatchNorm1dOptions = BatchNormOptions;

class BatchNorm1d : public BatchNorm {
public:
    explicit BatchNorm1d(const BatchNorm1dOptions& options) : BatchNorm("BatchNorm1d", options) {}

protected:
    void checkInputDim(const Tensor& input) const override;
};

}  // namespace tessera::nn
