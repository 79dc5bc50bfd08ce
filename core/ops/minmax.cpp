#include "core/ops/minmax.h"

#include <cmath>

#include "core/autograd/function.h"
#include "core/kernels/reduce.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/mul.h"
#include "core/ops/reduction.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kMax = registerOp({"max", OpCategory::Reduction, reductionCost});
const OpInfo& kMin = registerOp({"min", OpCategory::Reduction, reductionCost});
const OpInfo& kAmax = registerOp({"amax", OpCategory::Reduction, reductionCost});
const OpInfo& kAmin = registerOp({"amin", OpCategory::Reduction, reductionCost});
const OpInfo& kArgmax = registerOp({"argmax", OpCategory::Reduction, reductionCost, false});
const OpInfo& kArgmin = registerOp({"argmin", OpCategory::Reduction, reductionCost, false});

// MaxBackward1 / MinBackward1 (all elements): the gradient shared evenly among the elements equal to
// the result (the NaNs when the result is NaN), as torch's evenly_distribute_backward.
struct ExtremeAllBackward final : autograd::Node {
    bool isMax = true;
    autograd::SavedVariable self, result;
    std::string_view name() const override { return isMax ? "MaxBackward1" : "MinBackward1"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor x = self.unpack(this), res = result.unpack(this);
        const Tensor mask = std::isnan(res.item<double>()) ? ne(x, x) : eq(x, res);
        return {mul(mask, div(grads[0], sum(mask)))};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("result", result);
    }
};

// MaxBackward0 / MinBackward0 (along a dim): the gradient goes to the selected index.
struct ExtremeDimBackward final : autograd::Node {
    bool isMax = true;
    Shape selfSizes;
    std::int64_t dim = 0;
    ReductionDims dims;
    autograd::SavedVariable indices;
    std::string_view name() const override { return isMax ? "MaxBackward0" : "MinBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        if (selfSizes.empty()) return {reshape(grads[0], {})};
        const std::int64_t n = selfSizes[dim];
        std::vector<std::int64_t> positions(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) positions[i] = i;
        Shape shape(selfSizes.size(), 1);
        shape[dim] = n;
        const Tensor chosen =
            eq(Tensor::fromVector<std::int64_t>(positions, shape), keepReduced(indices.unpack(this), dims));
        return {where(chosen, keepReduced(grads[0], dims), 0.0)};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("indices", indices); }
};

// AmaxBackward0 / AminBackward0: the gradient shared evenly among the elements equal to the result.
struct AmaxBackward final : autograd::Node {
    bool isMax = true;
    ReductionDims dims;
    autograd::SavedVariable self, result;
    std::string_view name() const override { return isMax ? "AmaxBackward0" : "AminBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor mask = eq(self.unpack(this), keepReduced(result.unpack(this), dims));
        return {mul(div(keepReduced(grads[0], dims), sum(mask, dims.dims, true)), mask)};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("result", result);
    }
};

// torch refuses to reduce an empty dim when the result would need a value from it.
void checkNonEmpty(const Tensor& x, const ReductionDims& r, const char* op) {
    for (std::int64_t d = 0; d < x.dim(); ++d)
        if (r.reduced[d] && x.sizes()[d] == 0)
            throw IndexError(std::string(op) + "(): Expected reduction dim " + std::to_string(d) +
                             " to have non-zero size.");
}

void checkNonEmptyAll(const Tensor& x, const char* op) {
    if (x.numel() == 0)
        throw ShapeError(std::string(op) +
                         "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
                         "dim with the 'dim' argument.");
}

Tensor extremeAll(const Tensor& x, bool isMax) {
    const char* op = isMax ? "max" : "min";
    checkNonEmptyAll(x, op);
    const ReductionDims r = reductionDims(x, {}, op);
    Tensor out = Tensor::empty({}, x.dtype());
    kernels::amax(out, x, r.reduced, isMax);
    if (auto node = autograd::makeNode<ExtremeAllBackward>(x)) {
        node->isMax = isMax;
        node->self = autograd::SavedVariable(x);
        node->result = autograd::SavedVariable(out, true);
        autograd::setHistory(out, node);
    }
    return out;
}

ValuesIndices extremeDim(const Tensor& x, std::int64_t dim, bool keepdim, bool isMax) {
    const char* op = isMax ? "max" : "min";
    const ReductionDims r = reductionDim(x, dim, op);
    checkNonEmpty(x, r, op);
    ValuesIndices out{Tensor::empty(r.shape(keepdim), x.dtype()), Tensor::empty(r.shape(keepdim), DType::Int64)};
    kernels::argmax(out.indices, out.values, x, r.reduced, isMax);
    if (auto node = autograd::makeNode<ExtremeDimBackward>(x)) {
        node->isMax = isMax;
        node->selfSizes = x.sizes();
        node->dim = r.dims.empty() ? 0 : r.dims[0];
        node->dims = r;
        node->indices = autograd::SavedVariable(out.indices);
        autograd::setHistory(out.values, node);
    }
    return out;
}

Tensor extremeDims(const Tensor& x, const Shape& dims, bool keepdim, bool isMax) {
    const char* op = isMax ? "amax" : "amin";
    const ReductionDims r = reductionDims(x, dims, op);
    checkNonEmpty(x, r, op);
    Tensor out = Tensor::empty(r.shape(keepdim), x.dtype());
    kernels::amax(out, x, r.reduced, isMax);
    if (auto node = autograd::makeNode<AmaxBackward>(x)) {
        node->isMax = isMax;
        node->dims = r;
        node->self = autograd::SavedVariable(x);
        node->result = autograd::SavedVariable(out, true);
        autograd::setHistory(out, node);
    }
    return out;
}

Tensor argExtreme(const Tensor& x, std::optional<std::int64_t> dim, bool keepdim, bool isMax) {
    const char* op = isMax ? "argmax" : "argmin";
    if (x.dtype() == DType::Bool) throw TypeError(std::string(op) + ": not implemented for 'bool' tensors");
    ReductionDims r;
    if (dim) {
        r = reductionDim(x, *dim, op);
        checkNonEmpty(x, r, op);
    } else {
        if (x.numel() == 0)
            throw IndexError(std::string(op) + "(): Expected reduction dim to be specified for input.numel() == 0.");
        r = reductionDims(x, {}, op);
    }
    Tensor out = Tensor::empty(r.shape(keepdim), DType::Int64);
    kernels::argmax(out, Tensor(), x, r.reduced, isMax);
    return out;
}
}  // namespace

Tensor max(const Tensor& x) {
    OpCall call(kMax, x);
    return call.finish(extremeAll(x, true));
}

ValuesIndices max(const Tensor& x, std::int64_t dim, bool keepdim) {
    OpCall call(kMax, x);
    ValuesIndices out = extremeDim(x, dim, keepdim, true);
    call.finishMany(std::vector<Tensor>{out.values, out.indices});
    return out;
}

Tensor min(const Tensor& x) {
    OpCall call(kMin, x);
    return call.finish(extremeAll(x, false));
}

ValuesIndices min(const Tensor& x, std::int64_t dim, bool keepdim) {
    OpCall call(kMin, x);
    ValuesIndices out = extremeDim(x, dim, keepdim, false);
    call.finishMany(std::vector<Tensor>{out.values, out.indices});
    return out;
}

Tensor amax(const Tensor& x, const Shape& dims, bool keepdim) {
    OpCall call(kAmax, x);
    return call.finish(extremeDims(x, dims, keepdim, true));
}

Tensor amin(const Tensor& x, const Shape& dims, bool keepdim) {
    OpCall call(kAmin, x);
    return call.finish(extremeDims(x, dims, keepdim, false));
}

Tensor argmax(const Tensor& x, std::optional<std::int64_t> dim, bool keepdim) {
    OpCall call(kArgmax, x);
    return call.finish(argExtreme(x, dim, keepdim, true));
}

Tensor argmin(const Tensor& x, std::optional<std::int64_t> dim, bool keepdim) {
    OpCall call(kArgmin, x);
    return call.finish(argExtreme(x, dim, keepdim, false));
}

}  // namespace tessera::ops
