#include "core/ops/smooth_l1_loss.h"

#include <cmath>

#include "core/autograd/function.h"
#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/mul.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
const OpInfo& kSmoothL1Loss = registerOp({"smooth_l1_loss", OpCategory::Loss, elementwiseCost});
const OpInfo& kHuberLoss = registerOp({"huber_loss", OpCategory::Loss, elementwiseCost});
const OpInfo& kSmoothL1LossBackward = registerOp({"smooth_l1_loss_backward", OpCategory::Backward, elementwiseCost});
const OpInfo& kHuberLossBackward = registerOp({"huber_loss_backward", OpCategory::Backward, elementwiseCost});

using Backward = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, Reduction, double);

// SmoothL1LossBackward0 and HuberLossBackward0: the same shape of formula with beta or delta.
struct PiecewiseLossBackward final : autograd::Node {
    std::string_view nodeName;
    Backward backward = nullptr;
    autograd::SavedVariable self, target;
    Reduction reduction = Reduction::Mean;
    double parameter = 1.0;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        const Tensor x = self.unpack(this), t = target.unpack(this);
        if (shouldComputeOutput(0)) out[0] = backward(grads[0], x, t, reduction, parameter);
        if (shouldComputeOutput(1)) out[1] = backward(grads[0], t, x, reduction, parameter);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("target", target);
    }
};

// SmoothL1LossBackwardBackward0 and HuberLossBackwardBackward0: the backward is
// grad_output · slope(self - target); its own gradients are torch's *_double_backward formulas.
struct PiecewiseLossBackwardBackward final : autograd::Node {
    std::string_view nodeName;
    Backward backward = nullptr;
    bool huber = false;
    autograd::SavedVariable gradOutput, self, target;
    Reduction reduction = Reduction::Mean;
    double parameter = 1.0;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(3);
        const Tensor& gg = grads[0];
        const Tensor go = gradOutput.unpack(this), x = self.unpack(this), t = target.unpack(this);
        if (shouldComputeOutput(0))
            out[0] = detail::gradOutputGradient(
                gg, go, reduction, [&](const Tensor& g) { return backward(g, x, t, reduction, parameter); });
        // The slope is piecewise linear: its derivative is 1/beta (smooth L1) or 1 (Huber) inside
        // |self - target| < parameter and 0 outside; smooth L1 with beta = 0 has none.
        if ((shouldComputeOutput(1) || shouldComputeOutput(2)) && !(!huber && parameter == 0)) {
            const Tensor inside = to(lt(abs(sub(x, t)), parameter), gg.dtype());
            double scale = huber ? 1.0 : 1.0 / parameter;
            if (reduction == Reduction::Mean) scale /= static_cast<double>(gg.numel());
            const Tensor gi = mul(mul(mul(gg, go), inside), scale);
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

Tensor withDoubleBackward(Tensor out, const Tensor& grad, const Tensor& input, const Tensor& target,
                          Reduction reduction, double parameter, bool huber) {
    if (auto node = autograd::makeNode<PiecewiseLossBackwardBackward>(grad, input, target)) {
        node->nodeName = huber ? "HuberLossBackwardBackward0" : "SmoothL1LossBackwardBackward0";
        node->backward = huber ? &huberLossBackward : &smoothL1LossBackward;
        node->huber = huber;
        node->gradOutput = autograd::SavedVariable(grad);
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->reduction = reduction;
        node->parameter = parameter;
        autograd::setHistory(out, node);
    }
    return out;
}

Tensor withHistory(Tensor out, const Tensor& input, const Tensor& target, Reduction reduction, double parameter,
                   std::string_view nodeName, Backward backward) {
    if (auto node = autograd::makeNode<PiecewiseLossBackward>(input, target)) {
        node->nodeName = nodeName;
        node->backward = backward;
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->reduction = reduction;
        node->parameter = parameter;
        autograd::setHistory(out, node);
    }
    return out;
}
}  // namespace

Tensor smoothL1Loss(const Tensor& inputArg, const Tensor& targetArg, Reduction reduction, double beta) {
    OpCall call(kSmoothL1Loss, inputArg, targetArg);
    if (beta < 0) throw ValueError("smooth_l1_loss does not support negative values for beta.");
    const auto [input, target] = detail::broadcastOperands(inputArg, targetArg, "smooth_l1_loss");
    const Shape& sizes = input.sizes();
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    // Named captures: clang 14 (the fuzz build) cannot capture a structured binding.
    Tensor out = visitFloating(dtype, "smooth_l1_loss", [&, &input = input, &target = target]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T b = static_cast<T>(beta);
        if (beta == 0)
            return detail::reducePointwise<T>(sizes, reduction,
                                              [=](std::int64_t i) { return std::abs(xp[i] - yp[i]); });
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T z = std::abs(xp[i] - yp[i]);
            return z < b ? T(0.5) * z * z / b : z - T(0.5) * b;
        });
    });
    return call.finish(
        withHistory(out, input, target, reduction, beta, "SmoothL1LossBackward0", &smoothL1LossBackward));
}

Tensor huberLoss(const Tensor& inputArg, const Tensor& targetArg, Reduction reduction, double delta) {
    OpCall call(kHuberLoss, inputArg, targetArg);
    if (delta <= 0) throw ValueError("huber_loss does not support non-positive values for delta.");
    const auto [input, target] = detail::broadcastOperands(inputArg, targetArg, "huber_loss");
    const Shape& sizes = input.sizes();
    if (!isFloating(input.dtype()))
        throw TypeError("huber_loss: result type " +
                        std::string(dtypeName(promoteTypes(input.dtype(), target.dtype()))) +
                        " can't be cast to the desired output type " + std::string(dtypeName(input.dtype())));
    const DType dtype = input.dtype();
    // Named captures: clang 14 (the fuzz build) cannot capture a structured binding.
    Tensor out = visitFloating(dtype, "huber_loss", [&, &input = input, &target = target]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T d = static_cast<T>(delta);
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T z = std::abs(xp[i] - yp[i]);
            return z < d ? T(0.5) * z * z : d * (z - T(0.5) * d);
        });
    });
    return call.finish(withHistory(out, input, target, reduction, delta, "HuberLossBackward0", &huberLossBackward));
}

Tensor smoothL1LossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction,
                            double beta) {
    OpCall call(kSmoothL1LossBackward, grad, input, target);
    const Shape sizes = detail::broadcastShapes(input.sizes(), target.sizes(), "smooth_l1_loss_backward");
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    Tensor out = visitFloating(dtype, "smooth_l1_loss_backward", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T b = static_cast<T>(beta);
        // torch's branches: at z = ±beta (and everywhere when beta = 0) the slope is ±1.
        return detail::pointwiseLossGrad<T>(grad, sizes, reduction, [=](std::int64_t i, T g) {
            const T z = xp[i] - yp[i];
            if (z <= -b) return -g;
            if (z >= b) return g;
            return z * g / b;
        });
    });
    return call.finish(withDoubleBackward(out, grad, input, target, reduction, beta, false));
}

Tensor huberLossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction,
                         double delta) {
    OpCall call(kHuberLossBackward, grad, input, target);
    const Shape sizes = detail::broadcastShapes(input.sizes(), target.sizes(), "huber_loss_backward");
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    Tensor out = visitFloating(dtype, "huber_loss_backward", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T d = static_cast<T>(delta);
        return detail::pointwiseLossGrad<T>(grad, sizes, reduction, [=](std::int64_t i, T g) {
            const T z = xp[i] - yp[i];
            if (z <= -d) return -g * d;
            if (z >= d) return g * d;
            return z * g;
        });
    });
    return call.finish(withDoubleBackward(out, grad, input, target, reduction, delta, true));
}

}  // namespace tessera::ops
