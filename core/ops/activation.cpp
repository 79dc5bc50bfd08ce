#include "core/ops/activation.h"

#include <cmath>
#include <numbers>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
const OpInfo& kSigmoid = registerOp({"sigmoid", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kRelu = registerOp({"relu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kLeakyRelu = registerOp({"leaky_relu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kElu = registerOp({"elu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kGelu = registerOp({"gelu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSilu = registerOp({"silu", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSoftplus = registerOp({"softplus", OpCategory::Elementwise, elementwiseCost});

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
    return call.finish(detail::unaryOp<detail::Types::Floating>(
        kSigmoid.name, x, dtype, []<class T>() { return [](T v) { return T(1) / (T(1) + std::exp(-v)); }; }));
}

Tensor relu(const Tensor& x) {
    OpCall call(kRelu, x);
    if (x.dtype() == DType::Bool) throw TypeError("relu: Boolean inputs not supported for relu");
    return call.finish(detail::unaryOp<detail::Types::Numeric>(kRelu.name, x, x.dtype(), []<class T>() {
        // NaN stays NaN, as in PyTorch (a comparison with NaN is false).
        return [](T v) { return v < T(0) ? T(0) : v; };
    }));
}

Tensor leakyRelu(const Tensor& x, const Scalar& negativeSlope) {
    OpCall call(kLeakyRelu, x);
    checkFloating(kLeakyRelu, "leaky_relu_cpu", x);
    return call.finish(floatingActivation(
        kLeakyRelu, x, [&]<class T>() { return [s = negativeSlope.to<T>()](T v) { return v > T(0) ? v : v * s; }; }));
}

Tensor elu(const Tensor& x, const Scalar& alpha) {
    OpCall call(kElu, x);
    checkFloating(kElu, "elu_cpu", x);
    return call.finish(floatingActivation(kElu, x, [&]<class T>() {
        return [a = alpha.to<T>()](T v) { return v > T(0) ? v : a * (std::exp(v) - T(1)); };
    }));
}

Tensor gelu(const Tensor& x, GeluApproximate approximate) {
    OpCall call(kGelu, x);
    checkFloating(kGelu, "GeluKernelImpl", x);
    if (approximate == GeluApproximate::Tanh)
        return call.finish(floatingActivation(kGelu, x, []<class T>() {
            return [](T v) {
                constexpr T kBeta = std::numbers::sqrt2_v<T> * std::numbers::inv_sqrtpi_v<T>;  // sqrt(2 / pi)
                constexpr T kKappa = T(0.044715);
                return T(0.5) * v * (T(1) + std::tanh(kBeta * (v + kKappa * v * v * v)));
            };
        }));
    return call.finish(floatingActivation(kGelu, x, []<class T>() {
        return [](T v) {
            constexpr T kSqrtHalf = T(0.707106781186547524400844362104849039);  // M_SQRT1_2
            return v * T(0.5) * (T(1) + std::erf(v * kSqrtHalf));
        };
    }));
}

Tensor silu(const Tensor& x) {
    OpCall call(kSilu, x);
    checkFloating(kSilu, "silu_cpu", x);
    return call.finish(
        floatingActivation(kSilu, x, []<class T>() { return [](T v) { return v / (T(1) + std::exp(-v)); }; }));
}

Tensor softplus(const Tensor& x, const Scalar& beta, const Scalar& threshold) {
    OpCall call(kSoftplus, x);
    checkFloating(kSoftplus, "softplus_cpu", x);
    return call.finish(floatingActivation(kSoftplus, x, [&]<class T>() {
        return
            [b = beta.to<T>(), t = threshold.to<T>()](T v) { return v * b > t ? v : std::log1p(std::exp(v * b)) / b; };
    }));
}

}  // namespace tessera::ops
