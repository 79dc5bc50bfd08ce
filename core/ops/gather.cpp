#include "core/ops/gather.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/autograd/function.h"
#include "core/kernels/parallel.h"
#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"

namespace tessera::ops {

namespace {
const OpInfo& kGather = registerOp({"gather", OpCategory::Shape, elementwiseCost});
const OpInfo& kGatherBackward = registerOp({"gather_backward", OpCategory::Backward, elementwiseCost});

struct GatherBackward0 final : autograd::Node {
    Shape selfSizes;
    std::int64_t dim = 0;
    autograd::SavedVariable index;
    std::string_view name() const override { return "GatherBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {gatherBackward(grads[0], selfSizes, dim, index.unpack(this))};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("index", index); }
};

// The gradient of gatherBackward (torch's scatter_add_ into zeros) for its source: gather.
struct ScatterAddBackward0 final : autograd::Node {
    std::int64_t dim = 0;
    autograd::SavedVariable index;
    std::string_view name() const override { return "ScatterAddBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        if (shouldComputeOutput(1)) out[1] = gather(grads[0], dim, index.unpack(this));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override { visit("index", index); }
};

// torch treats a 0-d tensor as having one dim of size 1 in gather's shape rules.
std::int64_t nonemptyDim(std::int64_t dims) { return std::max<std::int64_t>(dims, 1); }
Shape nonemptySizes(const Shape& s) { return s.empty() ? Shape{1} : s; }

// Calls f(i, base) for index elements i in [lo, hi) (row-major over `sizes`), where base is the offset
// of the addressed element along every dim but `dim`, for a tensor with `strides`.
template <class F>
void walkIndex(const Shape& sizes, const Shape& strides, std::int64_t dim, std::int64_t lo, std::int64_t hi, F&& f) {
    const auto nd = static_cast<std::int64_t>(sizes.size());
    std::vector<std::int64_t> pos(static_cast<std::size_t>(nd));
    std::int64_t rest = lo, base = 0;
    for (std::int64_t d = nd - 1; d >= 0; --d) {
        pos[d] = rest % sizes[d];
        rest /= sizes[d];
        if (d != dim) base += pos[d] * strides[d];
    }
    for (std::int64_t i = lo; i < hi; ++i) {
        f(i, base);
        for (std::int64_t d = nd - 1; d >= 0; --d) {
            const std::int64_t step = d == dim ? 0 : strides[d];
            if (++pos[d] < sizes[d]) {
                base += step;
                break;
            }
            base -= (sizes[d] - 1) * step;
            pos[d] = 0;
        }
    }
}
}  // namespace

Tensor gather(const Tensor& x, std::int64_t dim, const Tensor& index) {
    OpCall call(kGather, x, index);
    dim = Tensor::wrapDim(dim, x.dim(), "gather");
    if (index.dtype() != DType::Int64)
        throw TypeError("gather(): Expected dtype int64 for index, got " + std::string(dtypeName(index.dtype())));
    Tensor out = Tensor::empty(index.sizes(), x.dtype());
    if (index.numel() > 0) {
        const Shape xSizes = nonemptySizes(x.sizes()), iSizes = nonemptySizes(index.sizes());
        const std::int64_t nd = nonemptyDim(x.dim());
        if (nd != nonemptyDim(index.dim()))
            throw ShapeError("gather(): Index tensor must have the same number of dimensions as input tensor (index " +
                             shapeToString(index.sizes()) + ", input " + shapeToString(x.sizes()) + ")");
        for (std::int64_t d = 0; d < nd; ++d)
            if (d != dim && iSizes[d] > xSizes[d])
                throw ShapeError("gather(): Size does not match at dimension " + std::to_string(d) +
                                 " expected index " + shapeToString(index.sizes()) + " to be smaller than self " +
                                 shapeToString(x.sizes()) + " apart from dimension " + std::to_string(dim));
        const Tensor idx = detail::materialize(index);
        const std::int64_t* ip = idx.data<std::int64_t>();
        const std::int64_t n = xSizes[dim];
        const std::int64_t count = idx.numel();
        for (std::int64_t i = 0; i < count; ++i)
            if (ip[i] < 0 || ip[i] >= n)
                throw IndexError("gather(): index " + std::to_string(ip[i]) + " is out of bounds for dimension " +
                                 std::to_string(dim) + " with size " + std::to_string(n));
        const Shape xStrides = x.dim() == 0 ? Shape{0} : x.strides();
        visitDType(x.dtype(), [&]<class T>() {
            const T* xp = static_cast<const T*>(x.rawData());
            T* op = out.data<T>();
            kernels::parallelFor(0, count, 1 << 15, [&](std::int64_t lo, std::int64_t hi) {
                walkIndex(iSizes, xStrides, dim, lo, hi,
                          [&](std::int64_t i, std::int64_t base) { op[i] = xp[base + ip[i] * xStrides[dim]]; });
            });
        });
    }
    if (isFloating(x.dtype()))
        if (auto node = autograd::makeNode<GatherBackward0>(x)) {
            node->selfSizes = x.sizes();
            node->dim = dim;
            node->index = autograd::SavedVariable(index);
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

Tensor gatherBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, const Tensor& index) {
    OpCall call(kGatherBackward, grad, index);
    Tensor out = tessera::zeros(inputSizes, grad.dtype());
    if (auto node = autograd::makeNode<ScatterAddBackward0>(Tensor(), grad)) {
        node->dim = dim;
        node->index = autograd::SavedVariable(index);
        autograd::setHistory(out, node);
    }
    if (index.numel() == 0 || out.numel() == 0) return call.finish(out);
    const Tensor idx = detail::materialize(index);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const Shape sizes = nonemptySizes(index.sizes());
    const Shape strides = contiguousStrides(nonemptySizes(inputSizes));
    visitFloating(grad.dtype(), "gather_backward", [&]<class T>() {
        const Tensor g = detail::materialize(grad, index.sizes(), grad.dtype());
        const T* gp = g.data<T>();
        T* op = out.data<T>();
        // Serial: several index elements may add into one place, and the order must not vary.
        walkIndex(sizes, strides, dim, 0, idx.numel(),
                  [&](std::int64_t i, std::int64_t base) { op[base + ip[i] * strides[dim]] += gp[i]; });
    });
    return call.finish(out);
}

}  // namespace tessera::ops
