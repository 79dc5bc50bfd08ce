#include "core/ops/mul.h"

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

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
    return call.finish(detail::binaryOp(kMul.name, a, b, resultType(a, b), kMulMake));
}

Tensor mul(const Tensor& a, const Scalar& b) {
    OpCall call(kMul, a);
    return call.finish(detail::unaryOp(kMul.name, a, resultType(a, b), mulScalarMake(b)));
}

Tensor mul_(const Tensor& self, const Tensor& other) {
    OpCall call(kMulInplace, self, other);
    detail::inplaceBinary(kMulInplace.name, self, other, resultType(self, other), kMulMake);
    return call.finish(self);
}

Tensor mul_(const Tensor& self, const Scalar& other) {
    OpCall call(kMulInplace, self);
    detail::checkCast(kMulInplace.name, resultType(self, other), self.dtype());
    detail::inplaceUnary(kMulInplace.name, self, mulScalarMake(other));
    return call.finish(self);
}

}  // namespace tessera::ops
