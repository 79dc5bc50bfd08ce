#include "core/ops/pow.h"

#include <cmath>

#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/unary.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kPow = registerOp({"pow", OpCategory::Elementwise, elementwiseCost});

// PyTorch's powi: integer powers by squaring; a negative exponent gives 0 except for bases 1 and -1.
std::int64_t powInt(std::int64_t base, std::int64_t exp) {
    if (exp < 0) {
        if (base == 1) return 1;
        if (base == -1) return exp % 2 == 0 ? 1 : -1;
        return 0;
    }
    std::int64_t result = 1;
    while (exp) {
        if (exp & 1) result *= base;
        exp >>= 1;
        base *= base;
    }
    return result;
}

template <class T>
T powValue(T base, T exp) {
    if constexpr (std::is_same_v<T, std::int64_t>)
        return powInt(base, exp);
    else if constexpr (std::is_same_v<T, bool>)
        return base || !exp;  // never reached: bool pow is refused
    else
        return std::pow(base, exp);
}

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// x ** e for a number e: e * x ** (e - 1), zero where e is 0.
struct PowBackward0 final : Node {
    SavedVariable self;
    Scalar exponent = 1;
    std::string_view name() const override { return "PowBackward0"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor& g = grads[0];
        if (exponent.to<double>() == 0) return {mul(g, 0.0)};
        const Scalar lower =
            exponent.isFloating() ? Scalar(exponent.to<double>() - 1) : Scalar(exponent.to<std::int64_t>() - 1);
        return {mul(mul(g, pow(self.unpack(this), lower)), exponent)};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("self", self); }
};

// x ** y for tensors: y * x ** (y - 1) (zero where y is 0) and x ** y * log(x) (zero where x is 0
// and y >= 0), PyTorch's pow_backward_self and pow_backward_exponent.
struct PowBackward1 final : Node {
    SavedVariable self, exponent, result;
    std::string_view name() const override { return "PowBackward1"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor& g = grads[0];
        const Tensor x = self.unpack(this), y = exponent.unpack(this);
        TensorList out(2);
        if (shouldComputeOutput(0)) out[0] = where(eq(y, 0), 0.0, mul(mul(g, y), pow(x, sub(y, 1))));
        if (shouldComputeOutput(1))
            out[1] = where(mul(eq(x, 0), ge(y, 0)), 0.0, mul(mul(g, result.unpack(this)), log(x)));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("exponent", exponent);
        visit("result", result);
    }
};

// number ** y: number ** y * log(number), zero where number is 0 and y >= 0.
struct PowBackward2 final : Node {
    SavedVariable exponent, result;
    double base = 1;
    std::string_view name() const override { return "PowBackward2"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor grad = mul(mul(grads[0], result.unpack(this)), std::log(base));
        if (base != 0) return {grad};
        return {where(ge(exponent.unpack(this), 0), 0.0, grad)};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("exponent", exponent);
        visit("result", result);
    }
};

void checkNotBool(DType dtype) {
    if (dtype == DType::Bool) detail::throwNotImplemented(kPow.name, "pow", dtype);
}
}  // namespace

Tensor pow(const Tensor& base, const Tensor& exponent) {
    OpCall call(kPow, base, exponent);
    const DType dtype = resultType(base, exponent);
    checkNotBool(dtype);
    Tensor out = detail::binaryOp(kPow.name, base, exponent, dtype,
                                  []<class T>() { return [](T x, T y) { return powValue(x, y); }; });
    return call.finish(detail::withGrad<PowBackward1>(
        out,
        [&](PowBackward1& n) {
            n.self = SavedVariable(base);
            n.exponent = SavedVariable(exponent);
            n.result = SavedVariable(out, true);
        },
        base, exponent));
}

Tensor pow(const Tensor& base, const Scalar& exponent) {
    OpCall call(kPow, base);
    const DType dtype = resultType(base, exponent);
    checkNotBool(dtype);
    if (!isFloating(dtype) && exponent.to<std::int64_t>() < 0)
        throw ValueError("pow: Integers to negative integer powers are not allowed.");
    Tensor out = detail::unaryOp(kPow.name, base, dtype, [&]<class T>() {
        const T e = exponent.to<T>();
        return [e](T x) {
            if constexpr (std::is_floating_point_v<T>) {
                if (e == T(2)) return x * x;
            }
            return powValue(x, e);
        };
    });
    return call.finish(detail::withGrad<PowBackward0>(
        std::move(out),
        [&](PowBackward0& n) {
            n.self = SavedVariable(base);
            n.exponent = exponent;
        },
        base));
}

Tensor pow(const Scalar& base, const Tensor& exponent) {
    OpCall call(kPow, exponent);
    const DType dtype = resultType(base, exponent);
    checkNotBool(dtype);
    Tensor out = detail::unaryOp(kPow.name, exponent, dtype,
                                 [&]<class T>() { return [b = base.to<T>()](T x) { return powValue(b, x); }; });
    return call.finish(detail::withGrad<PowBackward2>(
        out,
        [&](PowBackward2& n) {
            n.exponent = SavedVariable(exponent);
            n.result = SavedVariable(out, true);
            n.base = base.to<double>();
        },
        exponent));
}

}  // namespace tessera::ops
