#include "core/ops/binary_cross_entropy.h"

#include <algorithm>
#include <cmath>

#include "core/autograd/function.h"
#include "core/ops/dispatch.h"

namespace tessera::ops {

namespace {
const OpInfo& kBinaryCrossEntropy = registerOp({"binary_cross_entropy", OpCategory::Loss, elementwiseCost});
const OpInfo& kBinaryCrossEntropyWithLogits =
    registerOp({"binary_cross_entropy_with_logits", OpCategory::Loss, elementwiseCost});

const OpInfo& kBinaryCrossEntropyBackward =
    registerOp({"binary_cross_entropy_backward", OpCategory::Backward, elementwiseCost});
const OpInfo& kBinaryCrossEntropyTargetBackward =
    registerOp({"binary_cross_entropy_target_backward", OpCategory::Backward, elementwiseCost});
const OpInfo& kBinaryCrossEntropyWithLogitsBackward =
    registerOp({"binary_cross_entropy_with_logits_backward", OpCategory::Backward, elementwiseCost});
const OpInfo& kBinaryCrossEntropyWithLogitsTargetBackward =
    registerOp({"binary_cross_entropy_with_logits_target_backward", OpCategory::Backward, elementwiseCost});

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
// The operands of a BCE backward kernel as contiguous arrays of the result dtype; w and pw may be null.
template <class T>
struct BceOperands {
    Tensor x, t, w, pw;
    const T *xp = nullptr, *tp = nullptr, *wp = nullptr, *pwp = nullptr;
    BceOperands(const Tensor& input, const Tensor& target, const Tensor& weight, const Tensor& posWeight,
                const Shape& sizes) {
        x = detail::materialize(input, sizes, dtypeOf<T>);
        t = detail::materialize(target, sizes, dtypeOf<T>);
        xp = x.template data<T>();
        tp = t.template data<T>();
        if (weight.defined()) {
            w = detail::materialize(weight, sizes, dtypeOf<T>);
            wp = w.template data<T>();
        }
        if (posWeight.defined()) {
            pw = detail::materialize(posWeight, sizes, dtypeOf<T>);
            pwp = pw.template data<T>();
        }
    }
};
}  // namespace

Tensor binaryCrossEntropyBackward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                                  Reduction reduction) {
    OpCall call(kBinaryCrossEntropyBackward, grad, input, target, weight);
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    return call.finish(visitFloating(dtype, "binary_cross_entropy_backward", [&]<class T>() {
        const BceOperands<T> o(input, target, weight, {}, input.sizes());
        const T *xp = o.xp, *tp = o.tp, *wp = o.wp;
        return detail::pointwiseLossGrad<T>(grad, input.sizes(), reduction, [=](std::int64_t i, T g) {
            // torch's d/dx with its 1e-12 floor on x (1 - x).
            const T d = g * (xp[i] - tp[i]) / std::max((T(1) - xp[i]) * xp[i], T(1e-12));
            return wp ? d * wp[i] : d;
        });
    }));
}

Tensor binaryCrossEntropyTargetBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                        const Tensor& weight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropyTargetBackward, grad, input, target, weight);
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    return call.finish(visitFloating(dtype, "binary_cross_entropy_target_backward", [&]<class T>() {
        const BceOperands<T> o(input, target, weight, {}, input.sizes());
        const T *xp = o.xp, *wp = o.wp;
        return detail::pointwiseLossGrad<T>(grad, input.sizes(), reduction, [=](std::int64_t i, T g) {
            const T d = -std::log(xp[i] / (T(1) - xp[i])) * g;  // -logit(x), unclamped as torch
            return wp ? d * wp[i] : d;
        });
    }));
}

Tensor binaryCrossEntropyWithLogitsBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                            const Tensor& weight, const Tensor& posWeight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropyWithLogitsBackward, grad, input, target, weight, posWeight);
    const DType dtype = target.dtype();
    return call.finish(visitFloating(dtype, "binary_cross_entropy_with_logits_backward", [&]<class T>() {
        const BceOperands<T> o(input, target, weight, posWeight, input.sizes());
        const T *xp = o.xp, *tp = o.tp, *wp = o.wp, *pwp = o.pwp;
        return detail::pointwiseLossGrad<T>(grad, input.sizes(), reduction, [=](std::int64_t i, T g) {
            const T s = T(1) / (T(1) + std::exp(-xp[i]));
            T d;
            if (pwp) {
                const T pt = pwp[i] * tp[i];
                d = ((pt + T(1) - tp[i]) * s - pt) * g;
            } else {
                d = (s - tp[i]) * g;
            }
            return wp ? d * wp[i] : d;
        });
    }));
}

Tensor binaryCrossEntropyWithLogitsTargetBackward(const Tensor& grad, const Tensor& input, const Tensor& target,
                                                  const Tensor& weight, const Tensor& posWeight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropyWithLogitsTargetBackward, grad, input, target, weight, posWeight);
    const DType dtype = target.dtype();
    return call.finish(visitFloating(dtype, "binary_cross_entropy_with_logits_target_backward", [&]<class T>() {
        const BceOperands<T> o(input, target, weight, posWeight, input.sizes());
        const T *xp = o.xp, *wp = o.wp, *pwp = o.pwp;
        // log σ(x) computed stably: min(x, 0) - log1p(exp(-|x|)).
        auto logSigmoid = [](T v) { return std::min(v, T(0)) - std::log1p(std::exp(-std::abs(v))); };
        return detail::pointwiseLossGrad<T>(grad, input.sizes(), reduction, [=](std::int64_t i, T g) {
            const T d = pwp ? (logSigmoid(-xp[i]) - logSigmoid(xp[i]) * pwp[i]) * g : -xp[i] * g;
            return wp ? d * wp[i] : d;
        });
    }));
}

}  // namespace tessera::ops
