#include "core/ops/clamp.h"

#include <cmath>

#include "core/kernels/layout.h"
#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/where.h"

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
using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// Number bounds: the gradient passes where min <= x <= max.
struct ClampBackward1 final : Node {
    SavedVariable self;
    std::optional<Scalar> min, max;
    std::string_view name() const override { return "ClampBackward1"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor x = self.unpack(this);
        Tensor mask;
        if (min) mask = ge(x, *min);
        if (max) mask = mask.defined() ? mul(mask, le(x, *max)) : le(x, *max);
        return {where(mask, grads[0], 0.0)};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("self", self); }
};

// Tensor bounds (PyTorch's clamp_backward_min_max): x gets the gradient where it lies inside, min where
// x < min (unless min > max), max where x > max (or wherever max < min, since then max wins).
struct ClampBackward0 final : Node {
    SavedVariable self, min, max;
    std::string_view name() const override { return "ClampBackward0"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor& g = grads[0];
        const Tensor x = self.unpack(this);
        const Tensor lo = min.wasDefined() ? min.unpack(this) : Tensor();
        const Tensor hi = max.wasDefined() ? max.unpack(this) : Tensor();
        TensorList out(3);
        if (shouldComputeOutput(0)) {
            Tensor mask;
            if (lo.defined()) mask = ge(x, lo);
            if (hi.defined()) mask = mask.defined() ? mul(mask, le(x, hi)) : le(x, hi);
            out[0] = where(mask, g, 0.0);
        }
        if (shouldComputeOutput(1)) out[1] = where(hi.defined() ? mul(lt(x, lo), lt(lo, hi)) : lt(x, lo), g, 0.0);
        if (shouldComputeOutput(2)) out[2] = where(lo.defined() ? add(gt(x, hi), lt(hi, lo)) : gt(x, hi), g, 0.0);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        if (min.wasDefined()) visit("min", min);
        if (max.wasDefined()) visit("max", max);
    }
};

Tensor clampTensorHistory(const Tensor& out, const Tensor& x, const std::optional<Tensor>& min,
                          const std::optional<Tensor>& max) {
    return detail::withGrad<ClampBackward0>(
        out,
        [&](ClampBackward0& n) {
            n.self = SavedVariable(x);
            if (min) n.min = SavedVariable(*min);
            if (max) n.max = SavedVariable(*max);
        },
        x, min.value_or(Tensor()), max.value_or(Tensor()));
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
    Tensor out = detail::unaryOp(kClamp.name, x, dtype, [&]<class T>() {
        const bool hasMin = min.has_value(), hasMax = max.has_value();
        const T lo = hasMin ? min->to<T>() : T(), hi = hasMax ? max->to<T>() : T();
        return [=](T v) {
            if (hasMin) v = clampLow(v, lo);
            if (hasMax) v = clampHigh(v, hi);
            return v;
        };
    });
    return call.finish(detail::withGrad<ClampBackward1>(
        out,
        [&](ClampBackward1& n) {
            n.self = SavedVariable(x);
            n.min = min;
            n.max = max;
        },
        x));
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
        Tensor out = kernels::emptyElementwise(
            kernels::broadcastShapes(kClamp.name, x.sizes(), min->sizes(), max->sizes()), dtype, {&x, &*min, &*max});
        const Tensor cx = kernels::cast(x, dtype), lo = kernels::cast(*min, dtype), hi = kernels::cast(*max, dtype);
        visitDType(dtype, [&]<class T>() {
            kernels::map<T, T, T, T>(
                out, [](T v, T l, T h) { return clampHigh(clampLow(v, l), h); }, cx, lo, hi);
        });
        return call.finish(clampTensorHistory(out, x, min, max));
    }
    const Tensor& bound = min ? *min : *max;
    OpCall call(kClamp, x, bound);
    const bool low = min.has_value();
    Tensor out = detail::binaryOp(kClamp.name, x, bound, resultType(x, bound), [low]<class T>() {
        return [low](T v, T b) { return low ? clampLow(v, b) : clampHigh(v, b); };
    });
    return call.finish(clampTensorHistory(out, x, min, max));
}

}  // namespace tessera::ops
