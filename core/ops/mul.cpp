#include "core/ops/mul.h"

#include "core/kernels/accumulate.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/scalar_overload.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
const OpInfo& kMul = registerOp({"mul", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kMulInplace = registerOp({"mul_", OpCategory::Elementwise, elementwiseCost});

constexpr auto kMulMake = []<class T>() {
    if constexpr (std::is_same_v<T, bool>)
        return [](bool x, bool y) { return x && y; };
    else
        return [](T x, T y) { return x * y; };
};

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// g * t as the gradient of one input, or added straight into the running sum it is bound for when the
// engine offers one (Note [Gradient sinks]); then undefined.
Tensor productGradient(Tensor* sink, const Tensor& g, const Tensor& t) {
    if (sink && kernels::accumulateProduct(*sink, g, t)) return Tensor();
    return mul(g, t);
}

// Whether g * t may be written over g (kernels::multiplyInPlace checks the shapes and dtypes), as
// the engine adds into a gradient nothing else holds (Note [In-place gradient accumulation] in
// core/autograd/engine.cpp): no graph is recorded, neither the profiler nor anomaly mode is on (they
// see the product as mul, as in PyTorch), and g is held by nothing else (not by a hook, a capture or
// the caller of backward).
bool mayOverwrite(const Tensor& g) {
    return !autograd::GradMode::isEnabled() && !profile::enabled() && !autograd::AnomalyMode::isEnabled() &&
           g.implPtr().use_count() == 1 && g.storage().use_count() == 1 && g.gradFn() == nullptr;
}

struct MulBackward0 final : Node {
    SavedVariable self, other;
    std::string_view name() const override { return "MulBackward0"; }
    TensorList apply(TensorList&& grads) override {
        Tensor g = std::move(grads[0]);
        grads.assign(2, Tensor());  // Note [Reusing the gradient buffer]
        const bool both = shouldComputeOutput(0) && shouldComputeOutput(1);
        if (both && !gradientSink(0)) {
            // The incoming gradient dies here: self's gradient g * other may take its buffer once
            // other's gradient, which reads g, is done.
            const Tensor o = other.unpack(this);
            grads[1] = productGradient(gradientSink(1), g, self.unpack(this));
            if (mayOverwrite(g) && kernels::multiplyInPlace(g, o))
                grads[0] = std::move(g);
            else
                grads[0] = mul(g, o);
            return std::move(grads);
        }
        if (shouldComputeOutput(0)) grads[0] = productGradient(gradientSink(0), g, other.unpack(this));
        if (shouldComputeOutput(1)) grads[1] = productGradient(gradientSink(1), g, self.unpack(this));
        return std::move(grads);
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("other", other);
    }
};

// a * number: torch wraps the number in a tensor, so the Node is MulBackward0 with no edge for it
// (MulBackward1 when called as the Scalar overload, see scalar_overload.h).
struct MulScalarBackward final : Node {
    double factor = 1;
    std::string_view nodeName = "MulBackward0";
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override { return {mul(grads[0], factor), Tensor()}; }
};

// `savedA` is a's value for b's gradient (a copy of self's old value for mul_).
Tensor mulHistory(Tensor out, const Tensor& a, const Tensor& b, const Tensor& savedA) {
    return detail::withGrad<MulBackward0>(
        std::move(out),
        [&](MulBackward0& n) {
            if (b.requiresGrad()) n.self = SavedVariable(savedA);
            if (a.requiresGrad()) n.other = SavedVariable(b);
        },
        a, b);
}

Tensor mulScalarHistory(Tensor out, const Tensor& a, const Scalar& b, std::string_view name = "MulBackward0") {
    return detail::withGrad<MulScalarBackward>(
        std::move(out),
        [&](MulScalarBackward& n) {
            n.factor = b.to<double>();
            n.nodeName = name;
        },
        a, Tensor());
}

auto mulScalarMake(const Scalar& b) {
    return [&b]<class T>() {
        if constexpr (std::is_same_v<T, bool>)
            return [v = b.to<bool>()](bool x) { return x && v; };
        else
            return [v = b.to<T>()](T x) { return x * v; };
    };
}
}  // namespace

Tensor mul(const Tensor& a, const Tensor& b) {
    OpCall call(kMul, a, b);
    return call.finish(mulHistory(detail::binaryOp(kMul.name, a, b, resultType(a, b), kMulMake), a, b, a));
}

Tensor mul(const Tensor& a, const Scalar& b) {
    OpCall call(kMul, a);
    return call.finish(mulScalarHistory(detail::unaryOp(kMul.name, a, resultType(a, b), mulScalarMake(b)), a, b));
}

Tensor mulScalarOverload(const Tensor& a, const Scalar& b) {
    OpCall call(kMul, a);
    return call.finish(
        mulScalarHistory(detail::unaryOp(kMul.name, a, resultType(a, b), mulScalarMake(b)), a, b, "MulBackward1"));
}

Tensor mul_(const Tensor& self, const Tensor& other) {
    OpCall call(kMulInplace, self, other);
    detail::checkInplaceAutograd(kMulInplace.name, self);
    // other's gradient needs self as it was before the write.
    const bool keepOriginal = autograd::GradMode::isEnabled() && other.requiresGrad();
    const Tensor original = keepOriginal ? clone(self) : self;
    detail::inplaceBinary(kMulInplace.name, self, other, resultType(self, other), kMulMake);
    return call.finish(mulHistory(self, self, other, original));
}

Tensor mul_(const Tensor& self, const Scalar& other) {
    OpCall call(kMulInplace, self);
    detail::checkCast(kMulInplace.name, resultType(self, other), self.dtype());
    detail::checkInplaceAutograd(kMulInplace.name, self);
    detail::inplaceUnary(kMulInplace.name, self, mulScalarMake(other));
    return call.finish(mulScalarHistory(self, self, other));
}

}  // namespace tessera::ops
