#include "core/ops/l1_loss.h"

#include "core/ops/add.h"
#include "core/ops/dispatch.h"
#include "core/ops/unary.h"

namespace tessera::ops {

namespace {
const OpInfo& kL1Loss = registerOp({"l1_loss", OpCategory::Loss, elementwiseCost});
}  // namespace

Tensor l1Loss(const Tensor& input, const Tensor& target, Reduction reduction) {
    OpCall call(kL1Loss, input, target);
    const auto [x, t] = detail::broadcastOperands(input, target, "l1_loss");
    return call.finish(detail::applyReduction(abs(sub(x, t)), reduction));
}

}  // namespace tessera::ops
