#include "core/ops/batch_norm.h"

#include <cmath>

#include "core/autograd/function.h"
#include "core/kernels/normalization.h"
#include "core/ops/add.h"
#include "core/ops/dispatch.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/sum.h"
#include "core/ops/var.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
// Per element: two passes for the statistics (training), then a scale and a shift.
OpCost batchNormCost(CostOperands inputs, CostOperands outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    c.flops *= 5;
    return c;
}
const OpInfo& kBatchNorm = registerOp({"batch_norm", OpCategory::Nn, batchNormCost});

// NativeBatchNormBackward0 with x̂ = (x - μ) / σ per channel (batch statistics in training, running
// statistics in evaluation): dbias = Σ g, dweight = Σ g x̂ (over every dim but 1), and with d = g * weight,
// dx = (d - mean(d) - x̂ mean(d x̂)) / σ in training, d / σ in evaluation. Batch statistics are recomputed
// with ops so that the formula is differentiable in x as well.
struct NativeBatchNormBackward0 final : autograd::Node {
    bool training = false;
    double eps = 1e-5;
    autograd::SavedVariable self, weight, runningMean, runningVar;
    std::string_view name() const override { return "NativeBatchNormBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor x = self.unpack(this);
        const Tensor& g = grads[0];
        Shape dims, channelShape(static_cast<std::size_t>(x.dim()), 1);
        channelShape[1] = x.size(1);
        for (std::int64_t d = 0; d < x.dim(); ++d)
            if (d != 1) dims.push_back(d);
        auto perChannel = [&](const Tensor& t) { return reshape(t, channelShape); };
        const Tensor mu = training ? mean(x, dims, true) : perChannel(runningMean.unpack(this));
        const Tensor sigmaSq = training ? var(x, dims, 0, true) : perChannel(runningVar.unpack(this));
        const Tensor rstd = pow(add(sigmaSq, eps), -0.5);
        const Tensor xhat = mul(sub(x, mu), rstd);
        const Tensor w = weight.unpack(this);
        autograd::TensorList out(3);
        if (shouldComputeOutput(0)) {
            const Tensor d = w.defined() ? mul(g, perChannel(w)) : g;
            out[0] = training ? mul(rstd, sub(sub(d, mean(d, dims, true)), mul(xhat, mean(mul(d, xhat), dims, true))))
                              : mul(d, rstd);
        }
        if (shouldComputeOutput(1)) out[1] = sum(mul(g, xhat), dims);
        if (shouldComputeOutput(2)) out[2] = sum(g, dims);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("input", self);
        visit("weight", weight);
        if (!training) {
            visit("running_mean", runningMean);
            visit("running_var", runningVar);
        }
    }
};

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
    auto record = [&]() {
        if (auto node = autograd::makeNode<NativeBatchNormBackward0>(x, weight, bias)) {
            node->training = training;
            node->eps = eps;
            node->self = autograd::SavedVariable(x);
            node->weight = autograd::SavedVariable(weight);
            if (!training) {
                node->runningMean = autograd::SavedVariable(runningMean);
                node->runningVar = autograd::SavedVariable(runningVar);
            }
            autograd::setHistory(out, node);
        }
        return call.finish(out);
    };
    if (x.numel() == 0) return record();

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
    return record();
}

}  // namespace tessera::ops
