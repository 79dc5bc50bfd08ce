#include "core/ops/unary.h"

#include <cmath>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
const OpInfo& kNeg = registerOp({"neg", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kAbs = registerOp({"abs", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kExp = registerOp({"exp", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kLog = registerOp({"log", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSqrt = registerOp({"sqrt", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSin = registerOp({"sin", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kCos = registerOp({"cos", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kTanh = registerOp({"tanh", OpCategory::Elementwise, elementwiseCost});

// A floating function of x: integer and bool inputs are computed in float32, as PyTorch does.
template <class F>
Tensor floatingUnary(const OpInfo& op, const Tensor& x, F f) {
    OpCall call(op, x);
    const DType dtype = isFloating(x.dtype()) ? x.dtype() : DType::Float32;
    return call.finish(detail::unaryOp<detail::Types::Floating>(
        op.name, x, dtype, [&f]<class T>() { return [&f](T v) { return static_cast<T>(f(v)); }; }));
}
}  // namespace

Tensor neg(const Tensor& x) {
    OpCall call(kNeg, x);
    if (x.dtype() == DType::Bool)
        throw TypeError(
            "neg: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
            "use the `~` or `logical_not()` operator instead.");
    return call.finish(detail::unaryOp<detail::Types::Numeric>(
        kNeg.name, x, x.dtype(), []<class T>() { return [](T v) { return static_cast<T>(-v); }; }));
}

Tensor abs(const Tensor& x) {
    OpCall call(kAbs, x);
    if (x.dtype() == DType::Bool) detail::throwNotImplemented(kAbs.name, "abs_cpu", x.dtype());
    return call.finish(detail::unaryOp<detail::Types::Numeric>(kAbs.name, x, x.dtype(), []<class T>() {
        return [](T v) {
            if constexpr (std::is_floating_point_v<T>)
                return std::abs(v);
            else
                return static_cast<T>(v < 0 ? -v : v);
        };
    }));
}

Tensor exp(const Tensor& x) {
    return floatingUnary(kExp, x, [](auto v) { return std::exp(v); });
}
Tensor log(const Tensor& x) {
    return floatingUnary(kLog, x, [](auto v) { return std::log(v); });
}
Tensor sqrt(const Tensor& x) {
    return floatingUnary(kSqrt, x, [](auto v) { return std::sqrt(v); });
}
Tensor sin(const Tensor& x) {
    return floatingUnary(kSin, x, [](auto v) { return std::sin(v); });
}
Tensor cos(const Tensor& x) {
    return floatingUnary(kCos, x, [](auto v) { return std::cos(v); });
}
Tensor tanh(const Tensor& x) {
    return floatingUnary(kTanh, x, [](auto v) { return std::tanh(v); });
}

}  // namespace tessera::ops
