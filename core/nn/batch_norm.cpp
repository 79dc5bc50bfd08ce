#include "core/nn/batch_norm.h"

#include "core/nn/py_format.h"
#include "core/ops/batch_norm.h"
#include "core/tensor/factory.h"

namespace tessera::nn {

BatchNorm::BatchNorm(std::string typeName, const BatchNormOptions& options)
    : Module(std::move(typeName)), m_options(options) {
    const Shape shape{options.numFeatures};
    if (options.affine) {
        weight = registerParameter("weight", ones(shape));
        bias = registerParameter("bias", zeros(shape));
    }
    if (options.trackRunningStats) {
        runningMean = registerBuffer("running_mean", zeros(shape));
        runningVar = registerBuffer("running_var", ones(shape));
        numBatchesTracked = registerBuffer("num_batches_tracked", zeros({}, DType::Int64));
    }
}

Tensor BatchNorm::forward(const Tensor& input) {
    checkInputDim(input);
    double factor = m_options.momentum.value_or(0.0);
    if (isTraining() && m_options.trackRunningStats) {
        // The counter is state, not part of the graph: bumped in place like torch's add_(1).
        numBatchesTracked.data<std::int64_t>()[0] += 1;
        numBatchesTracked.bumpVersion();
        if (!m_options.momentum) factor = 1.0 / static_cast<double>(numBatchesTracked.item<std::int64_t>());
    }
    // Without running statistics the batch's are used in evaluation too.
    const bool useBatchStats = isTraining() || !runningMean.defined();
    return ops::batchNorm(input, runningMean, runningVar, weight, bias, useBatchStats, factor, m_options.eps);
}

std::string BatchNorm::extraRepr() const {
    return std::to_string(m_options.numFeatures) + ", eps=" + pyFloat(m_options.eps) +
           ", momentum=" + pyOptional(m_options.momentum) + ", affine=" + pyBool(m_options.affine) +
           ", track_running_stats=" + pyBool(m_options.trackRunningStats);
}

std::vector<ParamSpec> batchNormParams() {
    return {
        {.name = "num_features", .type = ParamType::Int, .required = true, .min = 1, .help = "Number of channels C."},
        {.name = "eps",
         .type = ParamType::Float,
         .defaultValue = 1e-5,
         .min = 0.0,
         .help = "Added to the variance for numerical stability."},
        {.name = "momentum",
         .type = ParamType::OptionalFloat,
         .defaultValue = 0.1,
         .min = 0.0,
         .max = 1.0,
         .help = "Weight of the new batch in the running statistics; null for a cumulative average."},
        {.name = "affine",
         .type = ParamType::Bool,
         .defaultValue = true,
         .help = "Learn a per-channel weight (init 1) and bias (init 0)."},
        {.name = "track_running_stats",
         .type = ParamType::Bool,
         .defaultValue = true,
         .help = "Keep running mean and variance for evaluation; otherwise batch statistics are always used."}};
}

}  // namespace tessera::nn
