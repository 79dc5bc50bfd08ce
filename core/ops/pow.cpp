#include "core/ops/pow.h"

#include <cmath>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

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

void checkNotBool(DType dtype) {
    if (dtype == DType::Bool) detail::throwNotImplemented(kPow.name, "pow", dtype);
}
}  // namespace

Tensor pow(const Tensor& base, const Tensor& exponent) {
    OpCall call(kPow, base, exponent);
    const DType dtype = resultType(base, exponent);
    checkNotBool(dtype);
    return call.finish(detail::binaryOp(kPow.name, base, exponent, dtype,
                                        []<class T>() { return [](T x, T y) { return powValue(x, y); }; }));
}

Tensor pow(const Tensor& base, const Scalar& exponent) {
    OpCall call(kPow, base);
    const DType dtype = resultType(base, exponent);
    checkNotBool(dtype);
    if (!isFloating(dtype) && exponent.to<std::int64_t>() < 0)
        throw ValueError("pow: Integers to negative integer powers are not allowed.");
    return call.finish(detail::unaryOp(kPow.name, base, dtype, [&]<class T>() {
        const T e = exponent.to<T>();
        return [e](T x) {
            if constexpr (std::is_floating_point_v<T>) {
                if (e == T(2)) return x * x;
            }
            return powValue(x, e);
        };
    }));
}

Tensor pow(const Scalar& base, const Tensor& exponent) {
    OpCall call(kPow, exponent);
    const DType dtype = resultType(base, exponent);
    checkNotBool(dtype);
    return call.finish(detail::unaryOp(kPow.name, exponent, dtype,
                                       [&]<class T>() { return [b = base.to<T>()](T x) { return powValue(b, x); }; }));
}

}  // namespace tessera::ops
