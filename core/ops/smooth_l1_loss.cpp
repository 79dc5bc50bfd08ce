#include "core/ops/smooth_l1_loss.h"

#include <cmath>

#include "core/ops/dispatch.h"

namespace tessera::ops {

namespace {
const OpInfo& kSmoothL1Loss = registerOp({"smooth_l1_loss", OpCategory::Loss, elementwiseCost});
const OpInfo& kHuberLoss = registerOp({"huber_loss", OpCategory::Loss, elementwiseCost});
}  // namespace

Tensor smoothL1Loss(const Tensor& input, const Tensor& target, Reduction reduction, double beta) {
    OpCall call(kSmoothL1Loss, input, target);
    if (beta < 0) throw ValueError("smooth_l1_loss does not support negative values for beta.");
    const Shape sizes = detail::broadcastShapes(input.sizes(), target.sizes(), "smooth_l1_loss");
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    return call.finish(visitFloating(dtype, "smooth_l1_loss", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T b = static_cast<T>(beta);
        if (beta == 0)
            return detail::reducePointwise<T>(sizes, reduction,
                                              [=](std::int64_t i) { return std::abs(xp[i] - yp[i]); });
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T z = std::abs(xp[i] - yp[i]);
            return z < b ? T(0.5) * z * z / b : z - T(0.5) * b;
        });
    }));
}

Tensor huberLoss(const Tensor& input, const Tensor& target, Reduction reduction, double delta) {
    OpCall call(kHuberLoss, input, target);
    if (delta <= 0) throw ValueError("huber_loss does not support non-positive values for delta.");
    const Shape sizes = detail::broadcastShapes(input.sizes(), target.sizes(), "huber_loss");
    if (!isFloating(input.dtype()))
        throw TypeError("huber_loss: result type " +
                        std::string(dtypeName(promoteTypes(input.dtype(), target.dtype()))) +
                        " can't be cast to the desired output type " + std::string(dtypeName(input.dtype())));
    const DType dtype = input.dtype();
    return call.finish(visitFloating(dtype, "huber_loss", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        const T d = static_cast<T>(delta);
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T z = std::abs(xp[i] - yp[i]);
            return z < d ? T(0.5) * z * z : d * (z - T(0.5) * d);
        });
    }));
}

}  // namespace tessera::ops
