#include "core/ops/mse_loss.h"

#include "core/autograd/function.h"
#include "core/ops/dispatch.h"
#include "core/ops/mul.h"
#include "core/ops/unary.h"

namespace tessera::ops {

namespace {
const OpInfo& kMseLoss = registerOp({"mse_loss", OpCategory::Loss, elementwiseCost});
const OpInfo& kMseLossBackward = registerOp({"mse_loss_backward", OpCategory::Backward, elementwiseCost});

struct MseLossBackward0 final : autograd::Node {
    autograd::SavedVariable self, target;
    Reduction reduction = Reduction::Mean;
    std::string_view name() const override { return "MseLossBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        const Tensor x = self.unpack(this), t = target.unpack(this);
        if (shouldComputeOutput(0)) out[0] = mseLossBackward(grads[0], x, t, reduction);
        if (shouldComputeOutput(1)) out[1] = mseLossBackward(grads[0], t, x, reduction);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("target", target);
    }
};
// The gradient of mseLossBackward(grad_output, self, target) = 2 (self - target) grad_output (÷ n):
// torch's mse_loss_double_backward formulas.
struct MseLossBackwardBackward0 final : autograd::Node {
    autograd::SavedVariable gradOutput, self, target;
    Reduction reduction = Reduction::Mean;
    std::string_view name() const override { return "MseLossBackwardBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(3);
        const Tensor& gg = grads[0];
        const Tensor go = gradOutput.unpack(this), x = self.unpack(this), t = target.unpack(this);
        if (shouldComputeOutput(0))
            out[0] = detail::gradOutputGradient(gg, go, reduction,
                                                [&](const Tensor& g) { return mseLossBackward(g, x, t, reduction); });
        if (shouldComputeOutput(1) || shouldComputeOutput(2)) {
            const double scale = reduction == Reduction::Mean ? 2.0 / static_cast<double>(gg.numel()) : 2.0;
            const Tensor gi = mul(mul(gg, go), scale);
            out[1] = gi;
            if (shouldComputeOutput(2)) out[2] = neg(gi);
        }
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("grad_output", gradOutput);
        visit("self", self);
        visit("target", target);
    }
};
}  // namespace

Tensor mseLoss(const Tensor& inputArg, const Tensor& targetArg, Reduction reduction) {
    OpCall call(kMseLoss, inputArg, targetArg);
    const auto [input, target] = detail::broadcastOperands(inputArg, targetArg, "mse_loss");
    const Shape& sizes = input.sizes();
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    // Named captures: clang 14 (the fuzz build) cannot capture a structured binding.
    Tensor out = visitFloating(dtype, "mse_loss", [&, &input = input, &target = target]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T d = xp[i] - yp[i];
            return d * d;
        });
    });
    if (auto node = autograd::makeNode<MseLossBackward0>(input, target)) {
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->reduction = reduction;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

Tensor mseLossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction) {
    OpCall call(kMseLossBackward, grad, input, target);
    const Shape sizes = detail::broadcastShapes(input.sizes(), target.sizes(), "mse_loss_backward");
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    Tensor out = visitFloating(dtype, "mse_loss_backward", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        return detail::pointwiseLossGrad<T>(grad, sizes, reduction,
                                            [=](std::int64_t i, T g) { return T(2) * (xp[i] - yp[i]) * g; });
    });
    if (auto node = autograd::makeNode<MseLossBackwardBackward0>(grad, input, target)) {
        node->gradOutput = autograd::SavedVariable(grad);
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->reduction = reduction;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
