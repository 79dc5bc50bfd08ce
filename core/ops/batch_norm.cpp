#include "core/ops/batch_norm.h"

#include <cmath>

#include "core/kernels/normalization.h"
#include "core/ops/dispatch.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
// Per element: two passes for the statistics (training), then a scale and a shift.
OpCost batchNormCost(const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    c.flops *= 5;
    return c;
}
const OpInfo& kBatchNorm = registerOp({"batch_norm", OpCategory::Nn, batchNormCost});

void checkParam(const Tensor& p, const char* name, std::int64_t channels, DType dtype) {
    if (!p.defined()) return;
    if (p.numel() != channels)
        throw ShapeError(std::string("batch_norm: ") + name + " should contain " + std::to_string(channels) +
                         " elements not " + std::to_string(p.numel()));
    if (p.dtype() != dtype)
        throw TypeError(std::string("batch_norm: mixed dtype: expected ") + name + " to have dtype " +
                        std::string(dtypeName(dtype)) + ", got " + std::string(dtypeName(p.dtype())));
}

std::vector<double> values(const Tensor& p, std::int64_t channels, double fallback) {
    if (!p.defined()) return std::vector<double>(static_cast<std::size_t>(channels), fallback);
    return p.toVector<double>();
}

// running = (1 - momentum) * running + momentum * batch, written through the tensor's strides.
void updateRunning(const Tensor& running, const std::vector<double>& batch, double momentum) {
    if (!running.defined()) return;
    const std::vector<double> old = running.toVector<double>();
    visitFloating(running.dtype(), "batch_norm", [&]<class T>() {
        T* p = static_cast<T*>(running.rawData());
        const std::int64_t stride = running.dim() == 0 ? 0 : running.strides().back();
        for (std::size_t k = 0; k < batch.size(); ++k)
            p[static_cast<std::int64_t>(k) * stride] = static_cast<T>(momentum * batch[k] + (1 - momentum) * old[k]);
    });
    running.bumpVersion();
}
}  // namespace

Tensor batchNorm(const Tensor& x, const Tensor& runningMean, const Tensor& runningVar, const Tensor& weight,
                 const Tensor& bias, bool training, double momentum, double eps) {
    OpCall call(kBatchNorm, x, runningMean, runningVar, weight, bias);
    if (x.dim() < 2)
        throw ShapeError("batch_norm: expected an input of shape (N, C, ...) with at least 2 dims, got " +
                         shapeToString(x.sizes()));
    if (!isFloating(x.dtype()))
        throw TypeError("batch_norm: not implemented for '" + std::string(dtypeName(x.dtype())) +
                        "' tensors (expected float32 or float64)");
    const std::int64_t n = x.size(0), c = x.size(1), s = c == 0 || n == 0 ? 0 : x.numel() / (n * c);
    if (!training && (!runningMean.defined() || !runningVar.defined()))
        throw ValueError(std::string("batch_norm: ") + (runningMean.defined() ? "running_var" : "running_mean") +
                         " must be defined in evaluation mode");
    checkParam(runningMean, "running_mean", c, x.dtype());
    checkParam(runningVar, "running_var", c, x.dtype());
    checkParam(weight, "weight", c, x.dtype());
    checkParam(bias, "bias", c, x.dtype());
    if (training && n * s == 1)
        throw ValueError("batch_norm: Expected more than 1 value per channel when training, got input size " +
                         shapeToString(x.sizes()));
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    if (x.numel() == 0) return call.finish(out);

    const Tensor in = contiguous(x);
    std::vector<double> mean, var;
    if (training) {
        kernels::channelMoments(in, n, c, s, mean, var);
        const double count = static_cast<double>(n * s);
        std::vector<double> unbiased(var.size());
        for (std::size_t k = 0; k < var.size(); ++k) unbiased[k] = var[k] * count / (count - 1);
        updateRunning(runningMean, mean, momentum);
        updateRunning(runningVar, unbiased, momentum);
    } else {
        mean = runningMean.toVector<double>();
        var = runningVar.toVector<double>();
    }
    const std::vector<double> w = values(weight, c, 1.0), b = values(bias, c, 0.0);
    std::vector<double> scale(static_cast<std::size_t>(c)), shift(static_cast<std::size_t>(c));
    for (std::size_t k = 0; k < scale.size(); ++k) {
        scale[k] = w[k] / std::sqrt(var[k] + eps);
        shift[k] = b[k] - mean[k] * scale[k];
    }
    kernels::channelAffine(out, in, n, c, s, scale, shift);
    return call.finish(out);
}

}  // namespace tessera::ops
