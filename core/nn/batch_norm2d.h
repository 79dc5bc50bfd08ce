// torch.nn.BatchNorm2d over [N, C, H, W] inputs (see batch_norm.h).
//
//   nn::BatchNorm2d bn({.numFeatures = 8});
//   Tensor y = bn(x);   // x [N, 8, H, W]
#pragma once

#include "core/nn/batch_norm.h"

namespace tessera::nn {

using BatchNorm2dOptions = BatchNormOptions;

class BatchNorm2d : public BatchNorm {
public:
    explicit BatchNorm2d(const BatchNorm2dOptions& options) : BatchNorm("BatchNorm2d", options) {}

protected:
    void checkInputDim(const Tensor& input) const override;
};

}  // namespace tessera::nn
