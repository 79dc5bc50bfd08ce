#include "core/ops/softmax.h"

#include "core/autograd/function.h"
#include "core/kernels/softmax.h"
#include "core/ops/add.h"
#include "core/ops/dispatch.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
// Per element: a max, an exp, a sum and a scale.
OpCost softmaxCost(CostOperands inputs, CostOperands outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    c.flops *= 4;
    return c;
}
const OpInfo& kSoftmax = registerOp({"softmax", OpCategory::Nn, softmaxCost});
const OpInfo& kLogSoftmax = registerOp({"log_softmax", OpCategory::Nn, softmaxCost});

// SoftmaxBackward0: y * (g - Σ g y); LogSoftmaxBackward0: g - exp(y) Σ g (sums along dim).
struct SoftmaxBackward final : autograd::Node {
    bool log = false;
    std::int64_t dim = 0;
    autograd::SavedVariable result;
    std::string_view name() const override { return log ? "LogSoftmaxBackward0" : "SoftmaxBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor y = result.unpack(this);
        const Tensor& g = grads[0];
        if (y.dim() == 0) return {mul(g, 0.0)};
        if (log) return {sub(g, mul(exp(y), sum(g, {dim}, true)))};
        return {mul(y, sub(g, sum(mul(g, y), {dim}, true)))};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("result", result); }
};

Tensor softmaxImpl(const Tensor& x, std::int64_t dim, std::optional<DType> dtype, bool log) {
    const char* op = log ? "log_softmax" : "softmax";
    const std::int64_t d = Tensor::wrapDim(dim, x.dim(), op);
    // A dtype conversion is part of torch's graph (ToCopyBackward0); the contiguous copy the kernel
    // needs is not, so it is made without history and the Node points at the strided input.
    const Tensor src = dtype ? to(x, *dtype) : x;
    Tensor in;
    {
        autograd::NoGradGuard noGrad;
        in = contiguous(src);
    }
    if (!isFloating(in.dtype()))
        throw TypeError(std::string(op) + ": not implemented for '" + std::string(dtypeName(in.dtype())) +
                        "' tensors (expected float32 or float64)");
    Tensor out = Tensor::empty(in.sizes(), in.dtype());
    kernels::softmax(out, in, d, log);
    if (auto node = autograd::makeNode<SoftmaxBackward>(src)) {
        node->log = log;
        node->dim = d;
        node->result = autograd::SavedVariable(out, true);
        autograd::setHistory(out, node);
    }
    return out;
}
}  // namespace

Tensor softmax(const Tensor& x, std::int64_t dim, std::optional<DType> dtype) {
    OpCall call(kSoftmax, x);
    return call.finish(softmaxImpl(x, dim, dtype, false));
}

Tensor logSoftmax(const Tensor& x, std::int64_t dim, std::optional<DType> dtype) {
    OpCall call(kLogSoftmax, x);
    return call.finish(softmaxImpl(x, dim, dtype, true));
}

}  // namespace tessera::ops
