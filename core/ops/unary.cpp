#include "core/ops/unary.h"

#include <cmath>

#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/where.h"

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
const OpInfo& kReciprocal = registerOp({"reciprocal", OpCategory::Elementwise, elementwiseCost});

using detail::Save;

// The gradient formulas, written with ops so that they are differentiable again.
Tensor negGrad(const Tensor& g, const Tensor&, const Tensor&) { return neg(g); }
Tensor absGrad(const Tensor& g, const Tensor& x, const Tensor&) {
    return mul(g, where(gt(x, 0), 1.0, where(lt(x, 0), -1.0, 0.0)));  // sgn(x)
}
Tensor expGrad(const Tensor& g, const Tensor&, const Tensor& y) { return mul(g, y); }
Tensor logGrad(const Tensor& g, const Tensor& x, const Tensor&) { return div(g, x); }
Tensor sqrtGrad(const Tensor& g, const Tensor&, const Tensor& y) { return div(g, mul(y, 2)); }
Tensor sinGrad(const Tensor& g, const Tensor& x, const Tensor&) { return mul(g, cos(x)); }
Tensor cosGrad(const Tensor& g, const Tensor& x, const Tensor&) { return mul(g, neg(sin(x))); }
Tensor tanhGrad(const Tensor& g, const Tensor&, const Tensor& y) { return mul(g, rsub(mul(y, y), 1)); }
Tensor reciprocalGrad(const Tensor& g, const Tensor&, const Tensor& y) { return mul(neg(g), mul(y, y)); }

// A floating function of x: integer and bool inputs are computed in float32, as PyTorch does.
template <class F>
Tensor floatingUnary(const OpInfo& op, const Tensor& x, F f, std::string_view node,
                     detail::UnaryBackward::Formula formula, Save save) {
    OpCall call(op, x);
    const DType dtype = isFloating(x.dtype()) ? x.dtype() : DType::Float32;
    Tensor out = detail::unaryOp<detail::Types::Floating>(
        op.name, x, dtype, [&f]<class T>() { return [&f](T v) { return static_cast<T>(f(v)); }; });
    return call.finish(detail::unaryHistory(out, x, node, formula, save));
}
}  // namespace

Tensor neg(const Tensor& x) {
    OpCall call(kNeg, x);
    if (x.dtype() == DType::Bool)
        throw TypeError(
            "neg: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
            "use the `~` or `logical_not()` operator instead.");
    Tensor out = detail::unaryOp<detail::Types::Numeric>(
        kNeg.name, x, x.dtype(), []<class T>() { return [](T v) { return static_cast<T>(-v); }; });
    return call.finish(detail::unaryHistory(out, x, "NegBackward0", negGrad, Save::Nothing));
}

Tensor abs(const Tensor& x) {
    OpCall call(kAbs, x);
    if (x.dtype() == DType::Bool) detail::throwNotImplemented(kAbs.name, "abs_cpu", x.dtype());
    Tensor out = detail::unaryOp<detail::Types::Numeric>(kAbs.name, x, x.dtype(), []<class T>() {
        return [](T v) {
            if constexpr (std::is_floating_point_v<T>)
                return std::abs(v);
            else
                return static_cast<T>(v < 0 ? -v : v);
        };
    });
    return call.finish(detail::unaryHistory(out, x, "AbsBackward0", absGrad, Save::Self));
}

Tensor exp(const Tensor& x) {
    return floatingUnary(
        kExp, x, [](auto v) { return std::exp(v); }, "ExpBackward0", expGrad, Save::Result);
}
Tensor log(const Tensor& x) {
    return floatingUnary(
        kLog, x, [](auto v) { return std::log(v); }, "LogBackward0", logGrad, Save::Self);
}
Tensor sqrt(const Tensor& x) {
    return floatingUnary(
        kSqrt, x, [](auto v) { return std::sqrt(v); }, "SqrtBackward0", sqrtGrad, Save::Result);
}
Tensor sin(const Tensor& x) {
    return floatingUnary(
        kSin, x, [](auto v) { return std::sin(v); }, "SinBackward0", sinGrad, Save::Self);
}
Tensor cos(const Tensor& x) {
    return floatingUnary(
        kCos, x, [](auto v) { return std::cos(v); }, "CosBackward0", cosGrad, Save::Self);
}
Tensor tanh(const Tensor& x) {
    return floatingUnary(
        kTanh, x, [](auto v) { return std::tanh(v); }, "TanhBackward0", tanhGrad, Save::Result);
}

Tensor reciprocal(const Tensor& x) {
    return floatingUnary(
        kReciprocal, x, [](auto v) { return decltype(v)(1) / v; }, "ReciprocalBackward0", reciprocalGrad, Save::Result);
}

}  // namespace tessera::ops
