#include "core/ops/add.h"

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/scalar_overload.h"
#include "core/ops/unary.h"

namespace tessera::ops {

namespace {
const OpInfo& kAdd = registerOp({"add", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSub = registerOp({"sub", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kRsub = registerOp({"rsub", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kAddInplace = registerOp({"add_", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kSubInplace = registerOp({"sub_", OpCategory::Elementwise, elementwiseCost});

using autograd::Node;
using autograd::TensorList;

// g * factor, written with ops so that the backward is itself differentiable.
Tensor scaled(const Tensor& g, double factor) {
    if (factor == 1) return g;
    if (factor == -1) return neg(g);
    return mul(g, factor);
}

// AddBackward0 (a + alpha * b), SubBackward0 (a - alpha * b), RsubBackward0 (b - alpha * a, gradients
// in the order a, b) and RsubBackward1 (number - alpha * a): each input's gradient is g times a
// constant. A number operand has no edge; the engine sums broadcast gradients back to each input.
struct LinearBackward final : Node {
    std::string_view nodeName;
    double factorA = 1, factorB = 1;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override {
        const Tensor g = std::move(grads[0]);
        grads.assign(2, Tensor());  // Note [Reusing the gradient buffer]
        if (shouldComputeOutput(0)) grads[0] = scaled(g, factorA);
        if (shouldComputeOutput(1)) grads[1] = scaled(g, factorB);
        return std::move(grads);
    }
};

Tensor linearHistory(Tensor out, std::string_view name, double factorA, double factorB, const Tensor& a,
                     const Tensor& b) {
    return detail::withGrad<LinearBackward>(
        std::move(out),
        [&](LinearBackward& n) {
            n.nodeName = name;
            n.factorA = factorA;
            n.factorB = factorB;
        },
        a, b);
}

// PyTorch refuses subtraction on bool tensors, pointing at the logical operators.
void checkSubBool(std::string_view op, DType a, DType b) {
    if (a == DType::Bool && b == DType::Bool)
        throw TypeError(std::string(op) +
                        ": Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                        "`logical_xor()` operator instead.");
    if (a == DType::Bool || b == DType::Bool)
        throw TypeError(std::string(op) +
                        ": Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                        "invert a mask, use the `~` or `logical_not()` operator instead.");
}

// x + alpha * y for tensors; `sign` is -1 for sub.
auto addMake(const Scalar& alpha, int sign) {
    return [&alpha, sign]<class T>() {
        if constexpr (std::is_same_v<T, bool>) {
            return [a = alpha.to<bool>()](bool x, bool y) { return x || (a && y); };
        } else {
            const T a = static_cast<T>(sign) * alpha.to<T>();
            return [a](T x, T y) { return x + a * y; };
        }
    };
}

// x + alpha * b for a tensor x and a number b, with b and alpha in the compute type as torch does.
auto addScalarMake(const Scalar& b, const Scalar& alpha, int sign) {
    return [&b, &alpha, sign]<class T>() {
        if constexpr (std::is_same_v<T, bool>) {
            return [v = alpha.to<bool>() && b.to<bool>()](bool x) { return x || v; };
        } else {
            const T a = static_cast<T>(sign) * alpha.to<T>(), v = b.to<T>();
            return [a, v](T x) { return x + a * v; };
        }
    };
}

Tensor addTensor(const OpInfo& op, const Tensor& a, const Tensor& b, const Scalar& alpha, int sign) {
    const DType dtype = resultType(a, b);
    if (sign < 0) checkSubBool(op.name, a.dtype(), b.dtype());
    detail::checkAlpha(op.name, dtype, alpha);
    return detail::binaryOp(op.name, a, b, dtype, addMake(alpha, sign));
}

Tensor addScalar(const OpInfo& op, const Tensor& a, const Scalar& b, const Scalar& alpha, int sign) {
    const DType dtype = resultType(a, b);
    if (sign < 0) checkSubBool(op.name, a.dtype(), b.dtype());
    detail::checkAlpha(op.name, dtype, alpha);
    return detail::unaryOp(op.name, a, dtype, addScalarMake(b, alpha, sign));
}

}  // namespace

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) {
    OpCall call(kAdd, a, b);
    return call.finish(linearHistory(addTensor(kAdd, a, b, alpha, 1), "AddBackward0", 1, alpha.to<double>(), a, b));
}

Tensor add(const Tensor& a, const Scalar& b, const Scalar& alpha) {
    OpCall call(kAdd, a);
    return call.finish(linearHistory(addScalar(kAdd, a, b, alpha, 1), "AddBackward0", 1, 0, a, Tensor()));
}

Tensor addScalarOverload(const Tensor& a, const Scalar& b) {
    OpCall call(kAdd, a);
    return call.finish(linearHistory(addScalar(kAdd, a, b, 1, 1), "AddBackward1", 1, 0, a, Tensor()));
}

Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) {
    OpCall call(kSub, a, b);
    return call.finish(linearHistory(addTensor(kSub, a, b, alpha, -1), "SubBackward0", 1, -alpha.to<double>(), a, b));
}

Tensor sub(const Tensor& a, const Scalar& b, const Scalar& alpha) {
    OpCall call(kSub, a);
    return call.finish(linearHistory(addScalar(kSub, a, b, alpha, -1), "SubBackward0", 1, 0, a, Tensor()));
}

Tensor rsub(const Tensor& a, const Tensor& b, const Scalar& alpha) {
    OpCall call(kRsub, a, b);
    return call.finish(linearHistory(addTensor(kRsub, b, a, alpha, -1), "RsubBackward0", -alpha.to<double>(), 1, a, b));
}

Tensor rsub(const Tensor& a, const Scalar& b, const Scalar& alpha) {
    OpCall call(kRsub, a);
    const DType dtype = resultType(a, b);
    checkSubBool(kRsub.name, a.dtype(), b.dtype());
    detail::checkAlpha(kRsub.name, dtype, alpha);
    Tensor out = detail::unaryOp(kRsub.name, a, dtype, [&]<class T>() {
        const T s = alpha.to<T>(), v = b.to<T>();
        return [s, v](T x) { return v - s * x; };
    });
    return call.finish(detail::withGrad<LinearBackward>(
        std::move(out),
        [&](LinearBackward& n) {
            n.nodeName = "RsubBackward1";
            n.factorA = -alpha.to<double>();
        },
        a));
}

Tensor add_(const Tensor& self, const Tensor& other, const Scalar& alpha) {
    OpCall call(kAddInplace, self, other);
    const DType dtype = resultType(self, other);
    detail::checkAlpha(kAddInplace.name, dtype, alpha);
    detail::checkInplaceAutograd(kAddInplace.name, self);
    detail::inplaceBinary(kAddInplace.name, self, other, dtype, addMake(alpha, 1));
    linearHistory(self, "AddBackward0", 1, alpha.to<double>(), self, other);
    return call.finish(self);
}

Tensor add_(const Tensor& self, const Scalar& other, const Scalar& alpha) {
    OpCall call(kAddInplace, self);
    const DType dtype = resultType(self, other);
    detail::checkAlpha(kAddInplace.name, dtype, alpha);
    detail::checkCast(kAddInplace.name, dtype, self.dtype());
    detail::checkInplaceAutograd(kAddInplace.name, self);
    detail::inplaceUnary(kAddInplace.name, self, addScalarMake(other, alpha, 1));
    linearHistory(self, "AddBackward0", 1, 0, self, Tensor());
    return call.finish(self);
}

Tensor sub_(const Tensor& self, const Tensor& other, const Scalar& alpha) {
    OpCall call(kSubInplace, self, other);
    const DType dtype = resultType(self, other);
    checkSubBool(kSubInplace.name, self.dtype(), other.dtype());
    detail::checkAlpha(kSubInplace.name, dtype, alpha);
    detail::checkInplaceAutograd(kSubInplace.name, self);
    detail::inplaceBinary(kSubInplace.name, self, other, dtype, addMake(alpha, -1));
    linearHistory(self, "SubBackward0", 1, -alpha.to<double>(), self, other);
    return call.finish(self);
}

Tensor sub_(const Tensor& self, const Scalar& other, const Scalar& alpha) {
    OpCall call(kSubInplace, self);
    const DType dtype = resultType(self, other);
    checkSubBool(kSubInplace.name, self.dtype(), other.dtype());
    detail::checkAlpha(kSubInplace.name, dtype, alpha);
    detail::checkCast(kSubInplace.name, dtype, self.dtype());
    detail::checkInplaceAutograd(kSubInplace.name, self);
    detail::inplaceUnary(kSubInplace.name, self, addScalarMake(other, alpha, -1));
    linearHistory(self, "SubBackward0", 1, 0, self, Tensor());
    return call.finish(self);
}

}  // namespace tessera::ops
