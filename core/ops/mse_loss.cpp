#include "core/ops/mse_loss.h"

#include "core/autograd/function.h"
#include "core/ops/dispatch.h"

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
}  // namespace

Tensor mseLoss(const Tensor& inputArg, const Tensor& targetArg, Reduction reduction) {
    OpCall call(kMseLoss, inputArg, targetArg);
    const auto [input, target] = detail::broadcastOperands(inputArg, targetArg, "mse_loss");
    const Shape& sizes = input.sizes();
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    Tensor out = visitFloating(dtype, "mse_loss", [&]<class T>() {
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
    return call.finish(visitFloating(dtype, "mse_loss_backward", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        return detail::pointwiseLossGrad<T>(grad, sizes, reduction,
                                            [=](std::int64_t i, T g) { return T(2) * (xp[i] - yp[i]) * g; });
    }));
}

}  // namespace tessera::ops
