#include "core/ops/fill.h"

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
const OpInfo& kZero = registerOp({"zero_", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kFill = registerOp({"fill_", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kCopy = registerOp({"copy_", OpCategory::Elementwise, elementwiseCost});

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
    fillWith(self, 0);
    return call.finish(self);
}

Tensor fill_(const Tensor& self, const Scalar& value) {
    OpCall call(kFill, self);
    kernels::checkInPlace(kFill.name, self);
    fillWith(self, value);
    return call.finish(self);
}

Tensor fill_(const Tensor& self, const Tensor& value) {
    OpCall call(kFill, self, value);
    if (value.dim() != 0)
        throw ShapeError("fill_: fill_ only supports 0-dimension value tensor but got tensor with " +
                         std::to_string(value.dim()) + " dimensions.");
    kernels::checkInPlace(kFill.name, self);
    fillWith(self, scalarOf(value));
    return call.finish(self);
}

Tensor copy_(const Tensor& self, const Tensor& src) {
    OpCall call(kCopy, self, src);
    const Tensor source = kernels::checkInPlace(kCopy.name, self, src);
    kernels::checkOutputShape(kCopy.name, self, kernels::broadcastShapes(kCopy.name, self.sizes(), source.sizes()));
    visitDType(self.dtype(), [&]<class D>() {
        visitDType(source.dtype(), [&]<class S>() {
            kernels::map<D, S>(
                self, [](S v) { return static_cast<D>(v); }, source);
        });
    });
    self.bumpVersion();
    return call.finish(self);
}

}  // namespace tessera::ops
