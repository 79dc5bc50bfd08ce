#include "core/ops/div.h"

#include <cmath>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/scalar_overload.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
const OpInfo& kDiv = registerOp({"div", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kDivInplace = registerOp({"div_", OpCategory::Elementwise, elementwiseCost});

// PyTorch's floor division of floating values (div_floor_floating), exact where floor(a / b) is not.
template <class T>
T floorDiv(T a, T b) {
    if (b == 0) return a / b;
    const T mod = std::fmod(a, b);
    T q = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0)) q -= T(1);
    if (q == 0) return std::copysign(T(0), a / b);
    T f = std::floor(q);
    if (q - f > T(0.5)) f += T(1);
    return f;
}

std::int64_t floorDivInt(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// True division: d(a/b)/da = 1/b, d(a/b)/db = -a/b².
struct DivBackward0 final : Node {
    SavedVariable self, other;
    std::string_view name() const override { return "DivBackward0"; }
    TensorList apply(TensorList&& grads) override {
        TensorList out(2);
        const Tensor b = other.unpack(this);
        if (shouldComputeOutput(0)) out[0] = div(grads[0], b);
        if (shouldComputeOutput(1)) out[1] = neg(div(mul(grads[0], self.unpack(this)), mul(b, b)));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("other", other);
    }
};

// a / number: MulBackward0's counterpart, the number has no edge (DivBackward1 when called as the
// Scalar overload, see scalar_overload.h).
struct DivScalarBackward final : Node {
    double divisor = 1;
    std::string_view nodeName = "DivBackward0";
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override { return {div(grads[0], divisor), Tensor()}; }
};

// Rounded division is piecewise constant: zero gradients, as PyTorch gives.
struct DivBackward2 final : Node {
    std::string_view name() const override { return "DivBackward2"; }
    TensorList apply(TensorList&& grads) override {
        TensorList out(2);
        for (std::size_t i = 0; i < 2; ++i)
            if (shouldComputeOutput(i)) out[i] = mul(grads[0], 0.0);
        return out;
    }
};

// `savedA` is a's value for b's gradient (a copy of self's old value for div_).
Tensor divHistory(Tensor out, RoundingMode mode, const Tensor& a, const Tensor& b, const Tensor& savedA) {
    if (mode != RoundingMode::None)
        return detail::withGrad<DivBackward2>(
            std::move(out), [](DivBackward2&) {}, a, b);
    return detail::withGrad<DivBackward0>(
        std::move(out),
        [&](DivBackward0& n) {
            if (b.requiresGrad()) n.self = SavedVariable(savedA);
            n.other = SavedVariable(b);
        },
        a, b);
}

Tensor divScalarHistory(Tensor out, RoundingMode mode, const Tensor& a, const Scalar& b,
                        std::string_view name = "DivBackward0") {
    if (mode != RoundingMode::None)
        return detail::withGrad<DivBackward2>(
            std::move(out), [](DivBackward2&) {}, a, Tensor());
    return detail::withGrad<DivScalarBackward>(
        std::move(out),
        [&](DivScalarBackward& n) {
            n.divisor = b.to<double>();
            n.nodeName = name;
        },
        a, Tensor());
}

DType divType(DType promoted, RoundingMode mode, std::string_view op) {
    if (mode == RoundingMode::None) return isFloating(promoted) ? promoted : DType::Float32;
    if (promoted == DType::Bool)
        detail::throwNotImplemented(op, mode == RoundingMode::Trunc ? "div_trunc_cpu" : "div_floor_cpu", promoted);
    return promoted;
}

[[noreturn]] void throwZeroDivision(std::string_view op) {
    throw ValueError(std::string(op) + ": ZeroDivisionError (integer division by zero)");
}

void checkNoIntegerZero(std::string_view op, DType dtype, RoundingMode mode, const Tensor& b) {
    if (dtype != DType::Int64 || mode == RoundingMode::None) return;
    for (std::int64_t v : b.toVector<std::int64_t>())
        if (v == 0) throwZeroDivision(op);
}

auto divMake(RoundingMode mode) {
    return [mode]<class T>() {
        return [mode](T x, T y) -> T {
            if constexpr (std::is_same_v<T, bool>) {
                return x && y;  // never reached: bool division is refused or computed in float32
            } else if constexpr (std::is_integral_v<T>) {
                return mode == RoundingMode::Floor ? floorDivInt(x, y) : x / y;
            } else {
                if (mode == RoundingMode::Floor) return floorDiv(x, y);
                if (mode == RoundingMode::Trunc) return std::trunc(x / y);
                return x / y;
            }
        };
    };
}

auto divScalarMake(RoundingMode mode, const Scalar& b) {
    return [mode, &b]<class T>() {
        auto f = divMake(mode).template operator()<T>();
        return [f, v = b.to<T>()](T x) { return f(x, v); };
    };
}

}  // namespace

RoundingMode parseRoundingMode(std::string_view name) {
    if (name == "trunc") return RoundingMode::Trunc;
    if (name == "floor") return RoundingMode::Floor;
    throw ValueError("div: div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" +
                     std::string(name) + "'");
}

Tensor div(const Tensor& a, const Tensor& b, RoundingMode mode) {
    OpCall call(kDiv, a, b);
    const DType dtype = divType(resultType(a, b), mode, kDiv.name);
    checkNoIntegerZero(kDiv.name, dtype, mode, b);
    return call.finish(divHistory(detail::binaryOp(kDiv.name, a, b, dtype, divMake(mode)), mode, a, b, a));
}

Tensor div(const Tensor& a, const Scalar& b, RoundingMode mode) {
    OpCall call(kDiv, a);
    const DType dtype = divType(resultType(a, b), mode, kDiv.name);
    if (dtype == DType::Int64 && b.to<std::int64_t>() == 0) throwZeroDivision(kDiv.name);
    return call.finish(divScalarHistory(detail::unaryOp(kDiv.name, a, dtype, divScalarMake(mode, b)), mode, a, b));
}

Tensor divScalarOverload(const Tensor& a, const Scalar& b) {
    OpCall call(kDiv, a);
    const DType dtype = divType(resultType(a, b), RoundingMode::None, kDiv.name);
    return call.finish(divScalarHistory(detail::unaryOp(kDiv.name, a, dtype, divScalarMake(RoundingMode::None, b)),
                                        RoundingMode::None, a, b, "DivBackward1"));
}

Tensor div_(const Tensor& self, const Tensor& other, RoundingMode mode) {
    OpCall call(kDivInplace, self, other);
    const DType dtype = divType(resultType(self, other), mode, kDivInplace.name);
    detail::checkCast(kDivInplace.name, dtype, self.dtype());
    checkNoIntegerZero(kDivInplace.name, dtype, mode, other);
    detail::checkInplaceAutograd(kDivInplace.name, self);
    // other's gradient needs self as it was before the write.
    const bool keepOriginal = autograd::GradMode::isEnabled() && other.requiresGrad() && mode == RoundingMode::None;
    const Tensor original = keepOriginal ? clone(self) : self;
    detail::inplaceBinary(kDivInplace.name, self, other, dtype, divMake(mode));
    return call.finish(divHistory(self, mode, self, other, original));
}

Tensor div_(const Tensor& self, const Scalar& other, RoundingMode mode) {
    OpCall call(kDivInplace, self);
    const DType dtype = divType(resultType(self, other), mode, kDivInplace.name);
    detail::checkCast(kDivInplace.name, dtype, self.dtype());
    if (dtype == DType::Int64 && other.to<std::int64_t>() == 0) throwZeroDivision(kDivInplace.name);
    detail::checkInplaceAutograd(kDivInplace.name, self);
    detail::inplaceUnary(kDivInplace.name, self, divScalarMake(mode, other));
    return call.finish(divScalarHistory(self, mode, self, other));
}

}  // namespace tessera::ops
