#include "core/ops/masked_select.h"

#include <string>

#include "core/autograd/function.h"
#include "core/kernels/elementwise.h"
#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"
#include "core/tensor/factory.h"

namespace tessera::ops {

namespace {
const OpInfo& kMaskedSelect = registerOp({"masked_select", OpCategory::Shape, elementwiseCost});
const OpInfo& kMaskedSelectBackward = registerOp({"masked_select_backward", OpCategory::Backward, elementwiseCost});

struct MaskedSelectBackward0 final : autograd::Node {
    autograd::SavedVariable mask;
    Shape sizes;  // input and mask broadcast together
    std::string_view name() const override { return "MaskedSelectBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {maskedSelectBackward(grads[0], mask.unpack(this), sizes)};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("mask", mask); }
};

// The backward of maskedSelectBackward (torch's masked_scatter_ into zeros) for its source, grad: the
// incoming gradient at the mask's places.
struct MaskedScatterBackward0 final : autograd::Node {
    autograd::SavedVariable mask;
    std::string_view name() const override { return "MaskedScatterBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        if (shouldComputeOutput(1)) out[1] = maskedSelect(grads[0], mask.unpack(this));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override { visit("mask", mask); }
};

void checkMask(const Tensor& mask) {
    if (mask.dtype() != DType::Bool)
        throw TypeError("masked_select: expected BoolTensor or ByteTensor for mask, got " +
                        std::string(dtypeName(mask.dtype())));
}
}  // namespace

Tensor maskedSelect(const Tensor& input, const Tensor& mask) {
    OpCall call(kMaskedSelect, input, mask);
    checkMask(mask);
    const Shape sizes = kernels::broadcastShapes(kMaskedSelect.name, mask.sizes(), input.sizes());
    const Tensor m = detail::materialize(mask, sizes, DType::Bool);
    const bool* mp = m.data<bool>();
    const std::int64_t n = m.numel();
    std::int64_t count = 0;
    for (std::int64_t i = 0; i < n; ++i) count += mp[i] ? 1 : 0;
    Tensor out = Tensor::empty({count}, input.dtype());
    if (count > 0) {
        const Tensor x = detail::materialize(input, sizes, input.dtype());
        visitDType(input.dtype(), [&]<class T>() {
            const T* xp = x.data<T>();
            T* op = out.data<T>();
            for (std::int64_t i = 0, j = 0; i < n; ++i)
                if (mp[i]) op[j++] = xp[i];
        });
    }
    if (isFloating(input.dtype()))
        if (auto node = autograd::makeNode<MaskedSelectBackward0>(input)) {
            node->mask = autograd::SavedVariable(mask);
            node->sizes = sizes;
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

Tensor maskedSelectBackward(const Tensor& grad, const Tensor& mask, const Shape& sizes) {
    OpCall call(kMaskedSelectBackward, grad, mask);
    checkMask(mask);
    const Tensor m = detail::materialize(mask, sizes, DType::Bool);
    const bool* mp = m.data<bool>();
    const std::int64_t n = m.numel();
    std::int64_t count = 0;
    for (std::int64_t i = 0; i < n; ++i) count += mp[i] ? 1 : 0;
    if (grad.dim() != 1 || grad.numel() != count)
        throw ShapeError("masked_select_backward: expected a gradient of shape [" + std::to_string(count) +
                         "] (one per true mask element), got " + shapeToString(grad.sizes()));
    Tensor out = zeros(sizes, grad.dtype());
    if (count > 0) {
        const Tensor g = detail::materialize(grad);
        visitFloating(grad.dtype(), "masked_select_backward", [&]<class T>() {
            const T* gp = g.data<T>();
            T* op = out.data<T>();
            for (std::int64_t i = 0, j = 0; i < n; ++i)
                if (mp[i]) op[i] = gp[j++];
        });
    }
    if (auto node = autograd::makeNode<MaskedScatterBackward0>(Tensor(), grad)) {
        node->mask = autograd::SavedVariable(mask);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
