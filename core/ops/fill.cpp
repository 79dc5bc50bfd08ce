#include "core/ops/fill.h"

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"

namespace tessera::ops {

namespace {
const OpInfo& kZero = registerOp({"zero_", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kFill = registerOp({"fill_", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kCopy = registerOp({"copy_", OpCategory::Elementwise, elementwiseCost});

using autograd::Node;
using autograd::TensorList;

// ZeroBackward0, FillBackward2 and CopyBackwards: the old values of self are overwritten, so self's
// gradient is zero; copy_'s source gets the gradient unchanged (the engine casts and sums it back).
struct OverwriteBackward final : Node {
    std::string_view nodeName;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override {
        TensorList out(nextEdges().size());
        if (shouldComputeOutput(0)) out[0] = mul(grads[0], 0.0);
        if (out.size() > 1 && shouldComputeOutput(1)) out[1] = grads[0];
        return out;
    }
};

void overwriteHistory(const Tensor& self, std::string_view name) {
    detail::withGrad<OverwriteBackward>(
        self, [&](OverwriteBackward& n) { n.nodeName = name; }, self);
}

void fillWith(const Tensor& self, const Scalar& value) {
    visitDType(self.dtype(), [&]<class T>() { kernels::map<T>(self, [v = value.to<T>()]() { return v; }); });
    self.bumpVersion();
}

Scalar scalarOf(const Tensor& t) {
    switch (t.dtype()) {
        case DType::Float32:
        case DType::Float64:
            return t.item<double>();
        case DType::Int64:
            return t.item<std::int64_t>();
        case DType::Bool:
            return t.item<bool>();
    }
    return 0;
}
}  // namespace

Tensor zero_(const Tensor& self) {
    OpCall call(kZero, self);
    kernels::checkInPlace(kZero.name, self);
    detail::checkInplaceAutograd(kZero.name, self);
    fillWith(self, 0);
    overwriteHistory(self, "ZeroBackward0");
    return call.finish(self);
}

Tensor fill_(const Tensor& self, const Scalar& value) {
    OpCall call(kFill, self);
    kernels::checkInPlace(kFill.name, self);
    detail::checkInplaceAutograd(kFill.name, self);
    fillWith(self, value);
    overwriteHistory(self, "FillBackward2");
    return call.finish(self);
}

Tensor fill_(const Tensor& self, const Tensor& value) {
    OpCall call(kFill, self, value);
    if (value.dim() != 0)
        throw ShapeError("fill_: fill_ only supports 0-dimension value tensor but got tensor with " +
                         std::to_string(value.dim()) + " dimensions.");
    if (autograd::GradMode::isEnabled() && value.requiresGrad())
        throw AutogradError(
            "fill_: filling from a tensor value that requires grad is not supported (its gradient "
            "would be the sum of self's gradient); pass value.detach() or a number");
    kernels::checkInPlace(kFill.name, self);
    detail::checkInplaceAutograd(kFill.name, self);
    fillWith(self, scalarOf(value));
    overwriteHistory(self, "FillBackward2");
    return call.finish(self);
}

Tensor copy_(const Tensor& self, const Tensor& src) {
    OpCall call(kCopy, self, src);
    const Tensor source = kernels::checkInPlace(kCopy.name, self, src);
    detail::checkInplaceAutograd(kCopy.name, self);
    kernels::checkOutputShape(kCopy.name, self, kernels::broadcastShapes(kCopy.name, self.sizes(), source.sizes()));
    visitDType(self.dtype(), [&]<class D>() {
        visitDType(source.dtype(), [&]<class S>() {
            kernels::map<D, S>(
                self, [](S v) { return static_cast<D>(v); }, source);
        });
    });
    self.bumpVersion();
    detail::withGrad<OverwriteBackward>(
        self, [](OverwriteBackward& n) { n.nodeName = "CopyBackwards"; }, self, src);
    return call.finish(self);
}

}  // namespace tessera::ops
