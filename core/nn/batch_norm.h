// What BatchNorm1d and BatchNorm2d share (torch's _BatchNorm): per-channel normalisation over the
// batch (and spatial) dims with a learned scale and shift, running statistics for evaluation.
//
//   nn::BatchNorm2d bn({.numFeatures = 8});
//   Tensor y = bn(x);        // training: batch statistics, running_mean/var updated
//   bn.eval();
//   Tensor z = bn(x);        // evaluation: running statistics
//
// momentum null uses a cumulative average (factor 1/num_batches_tracked); track_running_stats false
// keeps no running statistics and always normalises with the batch's.
#pragma once

#include <cstdint>
#include <optional>

#include "core/nn/layer_registry.h"
#include "core/nn/module.h"

namespace tessera::nn {

struct BatchNormOptions {
    std::int64_t numFeatures = 0;
    double eps = 1e-5;
    std::optional<double> momentum = 0.1;
    bool affine = true;
    bool trackRunningStats = true;
};

class BatchNorm : public Module {
public:
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const BatchNormOptions& options() const { return m_options; }
    Tensor weight, bias, runningMean, runningVar, numBatchesTracked;

protected:
    BatchNorm(std::string typeName, const BatchNormOptions& options);
    // Throws ValueError when the input's rank does not suit the layer.
    virtual void checkInputDim(const Tensor& input) const = 0;

private:
    BatchNormOptions m_options;
};

// The registry schema both BatchNorm layers share.
std::vector<ParamSpec> batchNormParams();

}  // namespace tessera::nn
