#include "core/ops/clamp.h"

#include <cmath>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
const OpInfo& kClamp = registerOp({"clamp", OpCategory::Elementwise, elementwiseCost});

[[noreturn]] void throwNoBounds() {
    throw ValueError("clamp: torch.clamp: At least one of 'min' or 'max' must not be None");
}

template <class T>
bool isNan(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return std::isnan(v);
    else
        return false;
}

template <class T>
T clampLow(T v, T lo) {
    if (isNan(v)) return v;
    if (isNan(lo)) return lo;
    return v < lo ? lo : v;
}

template <class T>
T clampHigh(T v, T hi) {
    if (isNan(v)) return v;
    if (isNan(hi)) return hi;
    return v > hi ? hi : v;
}
}  // namespace

Tensor clamp(const Tensor& x, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
    OpCall call(kClamp, x);
    if (!min && !max) throwNoBounds();
    ResultType rt;
    rt.add(x);
    if (min) rt.add(*min);
    if (max) rt.add(*max);
    const DType dtype = rt.dtype();
    return call.finish(detail::unaryOp(kClamp.name, x, dtype, [&]<class T>() {
        const bool hasMin = min.has_value(), hasMax = max.has_value();
        const T lo = hasMin ? min->to<T>() : T(), hi = hasMax ? max->to<T>() : T();
        return [=](T v) {
            if (hasMin) v = clampLow(v, lo);
            if (hasMax) v = clampHigh(v, hi);
            return v;
        };
    }));
}

Tensor clamp(const Tensor& x, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
    if (!min && !max) {
        OpCall call(kClamp, x);
        throwNoBounds();
    }
    if (min && max) {
        OpCall call(kClamp, x, *min, *max);
        ResultType rt;
        rt.add(x);
        rt.add(*min);
        rt.add(*max);
        const DType dtype = rt.dtype();
        Tensor out = Tensor::empty(kernels::broadcastShapes(kClamp.name, x.sizes(), min->sizes(), max->sizes()), dtype);
        const Tensor cx = kernels::cast(x, dtype), lo = kernels::cast(*min, dtype), hi = kernels::cast(*max, dtype);
        visitDType(dtype, [&]<class T>() {
            kernels::map<T, T, T, T>(
                out, [](T v, T l, T h) { return clampHigh(clampLow(v, l), h); }, cx, lo, hi);
        });
        return call.finish(out);
    }
    const Tensor& bound = min ? *min : *max;
    OpCall call(kClamp, x, bound);
    const bool low = min.has_value();
    return call.finish(detail::binaryOp(kClamp.name, x, bound, resultType(x, bound), [low]<class T>() {
        return [low](T v, T b) { return low ? clampLow(v, b) : clampHigh(v, b); };
    }));
}

}  // namespace tessera::ops
