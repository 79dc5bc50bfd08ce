#include "core/ops/binary_cross_entropy.h"

#include <algorithm>
#include <cmath>

#include "core/ops/dispatch.h"

namespace tessera::ops {

namespace {
const OpInfo& kBinaryCrossEntropy = registerOp({"binary_cross_entropy", OpCategory::Loss, elementwiseCost});
const OpInfo& kBinaryCrossEntropyWithLogits =
    registerOp({"binary_cross_entropy_with_logits", OpCategory::Loss, elementwiseCost});

// `w` (weight or pos_weight) must broadcast to the input's sizes without growing them, as torch's
// in-place multiply requires.
void checkBroadcastsTo(const Tensor& w, const Shape& sizes, const char* op) {
    const Shape b = detail::broadcastShapes(sizes, w.sizes(), op);
    if (b != sizes)
        throw ShapeError(std::string(op) + ": output with shape " + shapeToString(sizes) +
                         " doesn't match the broadcast shape " + shapeToString(b));
}
}  // namespace

Tensor binaryCrossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropy, input, target, weight);
    const char* op = "binary_cross_entropy";
    if (input.sizes() != target.sizes())
        throw ShapeError(std::string(op) + ": Using a target size (" + shapeToString(target.sizes()) +
                         ") that is different to the input size (" + shapeToString(input.sizes()) +
                         ") is deprecated. Please ensure they have the same size.");
    if (target.dtype() != input.dtype())
        throw TypeError(std::string(op) + ": Found dtype " + std::string(dtypeName(target.dtype())) + " but expected " +
                        std::string(dtypeName(input.dtype())));
    if (weight.defined()) checkBroadcastsTo(weight, input.sizes(), op);
    const Shape& sizes = input.sizes();
    return call.finish(visitFloating(input.dtype(), op, [&]<class T>() {
        const Tensor x = detail::materialize(input);
        const Tensor y = detail::materialize(target);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const std::int64_t n = x.numel();
        for (std::int64_t i = 0; i < n; ++i)
            if (!(xp[i] >= T(0) && xp[i] <= T(1)))
                throw ValueError(std::string(op) + ": all elements of input should be between 0 and 1");
        Tensor w;
        const T* wp = nullptr;
        if (weight.defined()) {
            w = detail::materialize(weight, sizes, input.dtype());
            wp = w.data<T>();
        }
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            // torch's formula and clamp: (t - 1) max(log(1 - x), -100) - t max(log(x), -100).
            const T l =
                (yp[i] - T(1)) * std::max(std::log1p(-xp[i]), T(-100)) - yp[i] * std::max(std::log(xp[i]), T(-100));
            return wp ? l * wp[i] : l;
        });
    }));
}

Tensor binaryCrossEntropyWithLogits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                    const Tensor& posWeight, Reduction reduction) {
    OpCall call(kBinaryCrossEntropyWithLogits, input, target, weight, posWeight);
    const char* op = "binary_cross_entropy_with_logits";
    if (input.sizes() != target.sizes())
        throw ShapeError(std::string(op) + ": Target size (" + shapeToString(target.sizes()) +
                         ") must be the same as input size (" + shapeToString(input.sizes()) + ")");
    // torch computes into a tensor of the target's dtype.
    const DType dtype = target.dtype();
    if (!isFloating(dtype))
        throw TypeError(std::string(op) + ": result type " +
                        std::string(dtypeName(promoteTypes(input.dtype(), dtype))) +
                        " can't be cast to the desired output type " + std::string(dtypeName(dtype)));
    if (weight.defined()) checkBroadcastsTo(weight, input.sizes(), op);
    if (posWeight.defined()) checkBroadcastsTo(posWeight, input.sizes(), op);
    const Shape& sizes = input.sizes();
    return call.finish(visitFloating(dtype, op, [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        Tensor w, pw;
        const T* wp = nullptr;
        const T* pwp = nullptr;
        if (weight.defined()) {
            w = detail::materialize(weight, sizes, dtype);
            wp = w.data<T>();
        }
        if (posWeight.defined()) {
            pw = detail::materialize(posWeight, sizes, dtype);
            pwp = pw.data<T>();
        }
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T xi = xp[i], ti = yp[i];
            const T maxVal = std::max(-xi, T(0));
            // log(1 + exp(-x)) without overflow: log(exp(-m) + exp(-x - m)) + m.
            const T softplusNeg = std::log(std::exp(-maxVal) + std::exp(-xi - maxVal)) + maxVal;
            const T logWeight = pwp ? (pwp[i] - T(1)) * ti + T(1) : T(1);
            const T l = (T(1) - ti) * xi + logWeight * softplusNeg;
            return wp ? l * wp[i] : l;
        });
    }));
}

}  // namespace tessera::ops
