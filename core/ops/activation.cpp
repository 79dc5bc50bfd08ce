#include "core/ops/activation.h"

#include <cmath>
#include <numbers>

#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/unary.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kSigmoid = registerOp({"sigmoid", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kRelu = registerOp({"relu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kLeakyRelu = registerOp({"leaky_relu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kElu = registerOp({"elu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kGelu = registerOp({"gelu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSilu = registerOp({"silu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSoftplus = registerOp({"softplus", OpCategory::Elementwise, elementwiseCost});

// gelu's exact derivative needs erf, which is no op of its own: torch has the gelu_backward op for it.
const OpInfo& kGeluBackward = registerOp({"gelu_backward", OpCategory::Backward, elementwiseCost});

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;
using detail::Save;

Tensor sigmoidGrad(const Tensor& g, const Tensor&, const Tensor& y) { return mul(mul(g, y), rsub(y, 1)); }
Tensor reluGrad(const Tensor& g, const Tensor&, const Tensor& y) { return where(le(y, 0), 0.0, g); }
Tensor siluGrad(const Tensor& g, const Tensor& x, const Tensor&) {
    const Tensor s = sigmoid(x);
    return mul(mul(g, s), add(mul(x, rsub(s, 1)), 1));
}

// LeakyReluBackward0, EluBackward0, SoftplusBackward0 and GeluBackward0: one input, saved, and the
// op's number parameters.
struct ActivationBackward final : Node {
    using Formula = Tensor (*)(const Tensor& grad, const Tensor& self, double p0, double p1);
    std::string_view nodeName;
    Formula formula = nullptr;
    SavedVariable self;
    double p0 = 0, p1 = 0;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override { return {formula(grads[0], self.unpack(this), p0, p1)}; }
    void visitSaved(const SavedVisitor& visit) override { visit("self", self); }
};

Tensor activationHistory(const Tensor& out, const Tensor& x, std::string_view name, ActivationBackward::Formula f,
                         double p0 = 0, double p1 = 0) {
    return detail::withGrad<ActivationBackward>(
        out,
        [&](ActivationBackward& n) {
            n.nodeName = name;
            n.formula = f;
            n.self = SavedVariable(x);
            n.p0 = p0;
            n.p1 = p1;
        },
        x);
}

Tensor leakyReluGrad(const Tensor& g, const Tensor& x, double slope, double) {
    return where(gt(x, 0), g, mul(g, slope));
}
Tensor eluGrad(const Tensor& g, const Tensor& x, double alpha, double) {
    return where(gt(x, 0), g, mul(g, mul(exp(x), alpha)));
}
Tensor softplusGrad(const Tensor& g, const Tensor& x, double beta, double threshold) {
    const Tensor bx = mul(x, beta);
    return where(gt(bx, threshold), g, mul(g, sigmoid(bx)));
}

// gelu with the tanh approximation, differentiated with ops:
// 0.5 (1 + t) + 0.5 x (1 - t²) β (1 + 3κx²), t = tanh(β (x + κx³)).
Tensor geluTanhGrad(const Tensor& g, const Tensor& x, double, double) {
    constexpr double kBeta = std::numbers::sqrt2 * std::numbers::inv_sqrtpi, kKappa = 0.044715;
    const Tensor x2 = mul(x, x);
    const Tensor t = tanh(mul(add(x, mul(mul(x2, x), kKappa)), kBeta));
    const Tensor left = mul(add(t, 1), 0.5);
    const Tensor right = mul(mul(mul(x, rsub(mul(t, t), 1)), add(mul(x2, 3 * kKappa), 1)), 0.5 * kBeta);
    return mul(g, add(left, right));
}

Tensor geluBackward(const Tensor& grad, const Tensor& x);

// The second derivative of exact gelu: φ(x) (2 - x²), φ the standard normal density.
struct GeluBackwardBackward0 final : Node {
    SavedVariable grad, self;
    std::string_view name() const override { return "GeluBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor& gg = grads[0];
        const Tensor x = self.unpack(this);
        TensorList out(2);
        if (shouldComputeOutput(0)) out[0] = geluBackward(gg, x);
        if (shouldComputeOutput(1)) {
            const Tensor x2 = mul(x, x);
            const Tensor pdf = mul(exp(mul(x2, -0.5)), 0.5 * std::numbers::inv_sqrtpi * std::numbers::sqrt2);
            out[1] = mul(mul(gg, grad.unpack(this)), mul(pdf, rsub(x2, 2)));
        }
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("grad", grad);
        visit("self", self);
    }
};

// grad * (Φ(x) + x φ(x)): the exact gelu's derivative.
Tensor geluBackward(const Tensor& grad, const Tensor& x) {
    OpCall call(kGeluBackward, grad, x);
    const DType dtype = resultType(grad, x);
    Tensor out = detail::binaryOp<detail::Types::Floating>(kGeluBackward.name, grad, x, dtype, []<class T>() {
        return [](T g, T v) {
            constexpr T kSqrtHalf = T(0.707106781186547524400844362104849039);
            constexpr T kInvSqrt2Pi = std::numbers::inv_sqrtpi_v<T> * kSqrtHalf;
            const T cdf = T(0.5) * (T(1) + std::erf(v * kSqrtHalf));
            const T pdf = kInvSqrt2Pi * std::exp(T(-0.5) * v * v);
            return g * (cdf + v * pdf);
        };
    });
    return call.finish(detail::withGrad<GeluBackwardBackward0>(
        out,
        [&](GeluBackwardBackward0& n) {
            n.grad = SavedVariable(grad);
            n.self = SavedVariable(x);
        },
        grad, x));
}

Tensor geluGrad(const Tensor& g, const Tensor& x, double, double) { return geluBackward(g, x); }

// The activations PyTorch implements for floating types only; `kernel` is its kernel's name.
void checkFloating(const OpInfo& op, std::string_view kernel, const Tensor& x) {
    if (!isFloating(x.dtype())) detail::throwNotImplemented(op.name, kernel, x.dtype());
}

template <class Make>
Tensor floatingActivation(const OpInfo& op, const Tensor& x, Make&& make) {
    return detail::unaryOp<detail::Types::Floating>(op.name, x, x.dtype(), std::forward<Make>(make));
}
}  // namespace

GeluApproximate parseGeluApproximate(std::string_view name) {
    if (name == "none") return GeluApproximate::None;
    if (name == "tanh") return GeluApproximate::Tanh;
    throw ValueError("gelu: approximate argument must be either none or tanh.");
}

Tensor sigmoid(const Tensor& x) {
    OpCall call(kSigmoid, x);
    const DType dtype = isFloating(x.dtype()) ? x.dtype() : DType::Float32;
    Tensor out = detail::unaryOp<detail::Types::Floating>(
        kSigmoid.name, x, dtype, []<class T>() { return [](T v) { return T(1) / (T(1) + std::exp(-v)); }; });
    return call.finish(detail::unaryHistory(out, x, "SigmoidBackward0", sigmoidGrad, Save::Result));
}

Tensor relu(const Tensor& x) {
    OpCall call(kRelu, x);
    if (x.dtype() == DType::Bool) throw TypeError("relu: Boolean inputs not supported for relu");
    Tensor out = detail::unaryOp<detail::Types::Numeric>(kRelu.name, x, x.dtype(), []<class T>() {
        // NaN stays NaN, as in PyTorch (a comparison with NaN is false).
        return [](T v) { return v < T(0) ? T(0) : v; };
    });
    return call.finish(detail::unaryHistory(out, x, "ReluBackward0", reluGrad, Save::Result));
}

Tensor leakyRelu(const Tensor& x, const Scalar& negativeSlope) {
    OpCall call(kLeakyRelu, x);
    checkFloating(kLeakyRelu, "leaky_relu_cpu", x);
    Tensor out = floatingActivation(
        kLeakyRelu, x, [&]<class T>() { return [s = negativeSlope.to<T>()](T v) { return v > T(0) ? v : v * s; }; });
    return call.finish(activationHistory(out, x, "LeakyReluBackward0", leakyReluGrad, negativeSlope.to<double>()));
}

Tensor elu(const Tensor& x, const Scalar& alpha) {
    OpCall call(kElu, x);
    checkFloating(kElu, "elu_cpu", x);
    Tensor out = floatingActivation(kElu, x, [&]<class T>() {
        return [a = alpha.to<T>()](T v) { return v > T(0) ? v : a * (std::exp(v) - T(1)); };
    });
    return call.finish(activationHistory(out, x, "EluBackward0", eluGrad, alpha.to<double>()));
}

Tensor gelu(const Tensor& x, GeluApproximate approximate) {
    OpCall call(kGelu, x);
    checkFloating(kGelu, "GeluKernelImpl", x);
    if (approximate == GeluApproximate::Tanh) {
        Tensor out = floatingActivation(kGelu, x, []<class T>() {
            return [](T v) {
                constexpr T kBeta = std::numbers::sqrt2_v<T> * std::numbers::inv_sqrtpi_v<T>;  // sqrt(2 / pi)
                constexpr T kKappa = T(0.044715);
                return T(0.5) * v * (T(1) + std::tanh(kBeta * (v + kKappa * v * v * v)));
            };
        });
        return call.finish(activationHistory(out, x, "GeluBackward0", geluTanhGrad));
    }
    Tensor out = floatingActivation(kGelu, x, []<class T>() {
        return [](T v) {
            constexpr T kSqrtHalf = T(0.707106781186547524400844362104849039);  // M_SQRT1_2
            return v * T(0.5) * (T(1) + std::erf(v * kSqrtHalf));
        };
    });
    return call.finish(activationHistory(out, x, "GeluBackward0", geluGrad));
}

Tensor silu(const Tensor& x) {
    OpCall call(kSilu, x);
    checkFloating(kSilu, "silu_cpu", x);
    Tensor out = floatingActivation(kSilu, x, []<class T>() { return [](T v) { return v / (T(1) + std::exp(-v)); }; });
    return call.finish(detail::unaryHistory(out, x, "SiluBackward0", siluGrad, Save::Self));
}

Tensor softplus(const Tensor& x, const Scalar& beta, const Scalar& threshold) {
    OpCall call(kSoftplus, x);
    checkFloating(kSoftplus, "softplus_cpu", x);
    Tensor out = floatingActivation(kSoftplus, x, [&]<class T>() {
        return
            [b = beta.to<T>(), t = threshold.to<T>()](T v) { return v * b > t ? v : std::log1p(std::exp(v * b)) / b; };
    });
    return call.finish(
        activationHistory(out, x, "SoftplusBackward0", softplusGrad, beta.to<double>(), threshold.to<double>()));
}

}  // namespace tessera::ops
