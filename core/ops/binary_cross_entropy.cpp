#include "core/ops/binary_cross_entropy.h"

#include <algorithm>
#include <cmath>

#include "core/autograd/function.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/clamp.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"

namespace tessera::ops {

namespace {
const OpInfo& kBinaryCrossEntropy = registerOp({"binary_cross_entropy", OpCategory::Loss, elementwiseCost});
const OpInfo& kBinaryCrossEntropyWithLogits =
    registerOp({"binary_cross_entropy_with_logits", OpCategory::Loss, elementwiseCost});

const OpInfo& kBinaryCrossEntropyBackward =
    registerOp({"binary_cross_entropy_backward", OpCategory::Backward, elementwiseCost});

struct BinaryCrossEntropyBackward0 final : autograd::Node {
    autograd::SavedVariable self, target, weight;
    Reduction reduction = Reduction::Mean;
    std::string_view name() const override { return "BinaryCrossEntropyBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        const Tensor x = self.unpack(this), t = target.unpack(this), w = weight.unpack(this);
        if (shouldComputeOutput(0)) out[0] = binaryCrossEntropyBackward(grads[0], x, t, w, reduction);
        if (shouldComputeOutput(1)) out[1] = binaryCrossEntropyTargetBackward(grads[0], x, t, w, reduction);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("target", target);
        visit("weight", weight);
    }
};

struct BinaryCrossEntropyWithLogitsBackward0 final : autograd::Node {
    autograd::SavedVariable self, target, weight, posWeight;
    Reduction reduction = Reduction::Mean;
    std::string_view name() const override { return "BinaryCrossEntropyWithLogitsBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        const Tensor x = self.unpack(this), t = target.unpack(this);
        const Tensor w = weight.unpack(this), pw = posWeight.unpack(this);
        if (shouldComputeOutput(0)) out[0] = binaryCrossEntropyWithLogitsBackward(grads[0], x, t, w, pw, reduction);
        if (shouldComputeOutput(1))
            out[1] = binaryCrossEntropyWithLogitsTargetBackward(grads[0], x, t, w, pw, reduction);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("target", target);
        visit("weight", weight);
        visit("pos_weight", posWeight);
    }
};

// torch's floor on x (1 - x) in the gradients of binary_cross_entropy.
constexpr double kBceEpsilon = 1e-12;

// The gradient of binaryCrossEntropyBackward(grad_output, x, t, w) = grad_output (x - t) / max(x (1 - x), ε) w
// (÷ n): torch's binary_cross_entropy_double_backward formulas.
struct BinaryCrossEntropyBackwardBackward0 final : autograd::Node {
    autograd::SavedVariable gradOutput, self, target, weight;
    Reduction reduction = Reduction::Mean;
    std::string_view name() const override { return "BinaryCrossEntropyBackwardBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(3);
        const Tensor& gg = grads[0];
        const Tensor go = gradOutput.unpack(this), x = self.unpack(this), t = target.unpack(this);
        const Tensor w = weight.unpack(this);
        const double n = static_cast<double>(x.numel());
        auto weighted = [&](Tensor v) { return w.defined() ? mul(v, w) : v; };
        auto reduced = [&](Tensor v) { return reduction == Reduction::Mean ? div(v, n) : v; };
        const Tensor denom = clamp(mul(rsub(x, 1), x), Scalar(kBceEpsilon));
        if (shouldComputeOutput(0)) {
            const Tensor slope = weighted(div(sub(x, t), denom));
            out[0] = reduction == Reduction::None ? mul(slope, gg) : reduced(sum(mul(slope, gg)));
        }
        if (shouldComputeOutput(1)) {
            // d/dx of (x - t) / (x (1 - x)) = (x² - 2 x t + t) / (x² (1 - x)²), with ε as torch.
            const Tensor num = add(sub(mul(x, x), mul(mul(x, t), 2)), t);
            const Tensor den = mul(pow(add(x, kBceEpsilon), 2), pow(add(rsub(x, 1), kBceEpsilon), 2));
            out[1] = reduced(weighted(mul(div(num, den), mul(gg, go))));
        }
        if (shouldComputeOutput(2)) out[2] = reduced(div(weighted(neg(mul(gg, go))), denom));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("grad_output", gradOutput);
        visit("self", self);
        visit("target", target);
        visit("weight", weight);
    }
};

// `w` (weight or pos_weight) must broadcast to the input's sizes without growing them, as torch's
// in-place multiply requires.
void checkBroadcastsTo(const Tensor& w, const Shape& sizes, const char* op) {
    const Shape b = detail::broadcastShapes(sizes, w.sizes(), op);
    if (b != sizes)
        throw ShapeError(std::string(op) + ": output with shape " + shapeToString(sizes) +
                         " doesn't match the broadcast shape " + shapeToString(b));
}
}  // namespace

Tensor binaryCrossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropy, input, target, weight);
    const char* op = "binary_cross_entropy";
    if (input.sizes() != target.sizes())
        throw ShapeError(std::string(op) + ": Using a target size (" + shapeToString(target.sizes()) +
                         ") that is different to the input size (" + shapeToString(input.sizes()) +
                         ") is deprecated. Please ensure they have the same size.");
    if (target.dtype() != input.dtype())
        throw TypeError(std::string(op) + ": Found dtype " + std::string(dtypeName(target.dtype())) + " but expected " +
                        std::string(dtypeName(input.dtype())));
    if (weight.defined()) checkBroadcastsTo(weight, input.sizes(), op);
    detail::checkNotDifferentiable(weight, op, "weight");
    const Shape& sizes = input.sizes();
    Tensor out = visitFloating(input.dtype(), op, [&]<class T>() {
        const Tensor x = detail::materialize(input);
        const Tensor y = detail::materialize(target);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const std::int64_t n = x.numel();
        for (std::int64_t i = 0; i < n; ++i)
            if (!(xp[i] >= T(0) && xp[i] <= T(1)))
                throw ValueError(std::string(op) + ": all elements of input should be between 0 and 1");
        Tensor w;
        const T* wp = nullptr;
        if (weight.defined()) {
            w = detail::materialize(weight, sizes, input.dtype());
            wp = w.data<T>();
        }
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            // torch's formula and clamp: (t - 1) max(log(1 - x), -100) - t max(log(x), -100).
            const T l =
                (yp[i] - T(1)) * std::max(std::log1p(-xp[i]), T(-100)) - yp[i] * std::max(std::log(xp[i]), T(-100));
            return wp ? l * wp[i] : l;
        });
    });
    if (auto node = autograd::makeNode<BinaryCrossEntropyBackward0>(input, target)) {
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->weight = autograd::SavedVariable(weight);
        node->reduction = reduction;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

Tensor binaryCrossEntropyWithLogits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                    const Tensor& posWeight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropyWithLogits, input, target, weight, posWeight);
    const char* op = "binary_cross_entropy_with_logits";
    if (input.sizes() != target.sizes())
        throw ShapeError(std::string(op) + ": Target size (" + shapeToString(target.sizes()) +
                         ") must be the same as input size (" + shapeToString(input.sizes()) + ")");
    // torch computes into a tensor of the target's dtype.
    const DType dtype = target.dtype();
    if (!isFloating(dtype))
        throw TypeError(std::string(op) + ": result type " +
                        std::string(dtypeName(promoteTypes(input.dtype(), dtype))) +
                        " can't be cast to the desired output type " + std::string(dtypeName(dtype)));
    if (weight.defined()) checkBroadcastsTo(weight, input.sizes(), op);
    if (posWeight.defined()) checkBroadcastsTo(posWeight, input.sizes(), op);
    detail::checkNotDifferentiable(weight, op, "weight");
    detail::checkNotDifferentiable(posWeight, op, "pos_weight");
    const Shape& sizes = input.sizes();
    Tensor out = visitFloating(dtype, op, [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        Tensor w, pw;
        const T* wp = nullptr;
        const T* pwp = nullptr;
        if (weight.defined()) {
            w = detail::materialize(weight, sizes, dtype);
            wp = w.data<T>();
        }
        if (posWeight.defined()) {
            pw = detail::materialize(posWeight, sizes, dtype);
            pwp = pw.data<T>();
        }
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T xi = xp[i], ti = yp[i];
            const T maxVal = std::max(-xi, T(0));
            // log(1 + exp(-x)) without overflow: log(exp(-m) + exp(-x - m)) + m.
            const T softplusNeg = std::log(std::exp(-maxVal) + std::exp(-xi - maxVal)) + maxVal;
            const T logWeight = pwp ? (pwp[i] - T(1)) * ti + T(1) : T(1);
            const T l = (T(1) - ti) * xi + logWeight * softplusNeg;
            return wp ? l * wp[i] : l;
        });
    });
    if (auto node = autograd::makeNode<BinaryCrossEntropyWithLogitsBackward0>(input, target)) {
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->weight = autograd::SavedVariable(weight);
        node->posWeight = autograd::SavedVariable(posWeight);
        node->reduction = reduction;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

namespace {
Tensor applyWeightAndMean(Tensor g, const Tensor& weight, Reduction reduction, std::int64_t numel) {
    if (weight.defined()) g = mul(g, weight);
    return reduction == Reduction::Mean ? div(g, numel) : g;
}
}  // namespace

Tensor binaryCrossEntropyBackward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                                  Reduction reduction) {
    OpCall call(kBinaryCrossEntropyBackward, grad, input, target, weight);
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    const Shape& sizes = input.sizes();
    Tensor out = visitFloating(dtype, "binary_cross_entropy_backward", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        Tensor w;
        if (weight.defined()) w = detail::materialize(weight, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T* wp = weight.defined() ? w.data<T>() : nullptr;
        return detail::pointwiseLossGrad<T>(grad, sizes, reduction, [=](std::int64_t i, T g) {
            // torch's d/dx with its floor on x (1 - x).
            const T d = g * (xp[i] - yp[i]) / std::max((T(1) - xp[i]) * xp[i], T(kBceEpsilon));
            return wp ? d * wp[i] : d;
        });
    });
    if (auto node = autograd::makeNode<BinaryCrossEntropyBackwardBackward0>(grad, input, target)) {
        node->gradOutput = autograd::SavedVariable(grad);
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->weight = autograd::SavedVariable(weight);
        node->reduction = reduction;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

// The next three are written with ops, as torch writes them, so they are differentiable as they stand.

Tensor binaryCrossEntropyTargetBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                        const Tensor& weight, Reduction reduction) {
    // -logit(x) · grad, unclamped as torch.
    const Tensor g = mul(neg(log(div(input, rsub(input, 1)))), grad);
    return applyWeightAndMean(g, weight, reduction, target.numel());
}

Tensor binaryCrossEntropyWithLogitsBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                            const Tensor& weight, const Tensor& posWeight, Reduction reduction) {
    Tensor g;
    if (posWeight.defined()) {
        const Tensor pt = mul(posWeight, target);
        g = sub(mul(sub(add(pt, 1), target), sigmoid(input)), pt);
    } else {
        g = sub(sigmoid(input), target);
    }
    return applyWeightAndMean(mul(g, grad), weight, reduction, input.numel());
}

Tensor binaryCrossEntropyWithLogitsTargetBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                                  const Tensor& weight, const Tensor& posWeight, Reduction reduction) {
    Tensor g;
    if (posWeight.defined()) {
        // log σ(-x) - pw log σ(x) = pw softplus(-x) - softplus(x).
        g = mul(sub(mul(softplus(neg(input)), posWeight), softplus(input)), grad);
    } else {
        g = mul(neg(input), grad);
    }
    return applyWeightAndMean(g, weight, reduction, target.numel());
}

}  // namespace tessera::ops
