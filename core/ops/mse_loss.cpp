#include "core/ops/mse_loss.h"

#include "core/ops/dispatch.h"

namespace tessera::ops {

namespace {
const OpInfo& kMseLoss = registerOp({"mse_loss", OpCategory::Loss, elementwiseCost});
}  // namespace

Tensor mseLoss(const Tensor& input, const Tensor& target, Reduction reduction) {
    OpCall call(kMseLoss, input, target);
    const Shape sizes = detail::broadcastShapes(input.sizes(), target.sizes(), "mse_loss");
    const DType dtype = promoteTypes(input.dtype(), target.dtype());
    return call.finish(visitFloating(dtype, "mse_loss", [&]<class T>() {
        const Tensor x = detail::materialize(input, sizes, dtype);
        const Tensor y = detail::materialize(target, sizes, dtype);
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        return detail::reducePointwise<T>(sizes, reduction, [=](std::int64_t i) {
            const T d = xp[i] - yp[i];
            return d * d;
        });
    }));
}

}  // namespace tessera::ops
