#include "core/ops/prod.h"

#include "core/autograd/function.h"
#include "core/kernels/reduce.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/mul.h"
#include "core/ops/reduction.h"
#include "core/ops/sum.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kProd = registerOp({"prod", OpCategory::Reduction, reductionCost});

// ProdBackward0 (all elements) and ProdBackward1 (one dim). d prod / d x_i is the product of the other
// elements: result / x_i where x_i != 0; at a zero it is the product of the non-zeros if that zero is
// the only one of its group, else 0 (torch's prod_backward, without dividing by zero).
struct ProdBackward final : autograd::Node {
    std::string_view nodeName;
    autograd::SavedVariable self, result;
    ReductionDims dims;
    std::optional<std::int64_t> dim;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor x = self.unpack(this);
        const Tensor res = keepReduced(result.unpack(this), dims);
        const Tensor zero = eq(x, 0.0);
        const Tensor nonZeros = where(zero, 1.0, x);
        const Tensor nonZeroProd = dim ? prod(nonZeros, *dim, true) : keepReduced(prod(nonZeros), dims);
        const Tensor lone = eq(sum(zero, dims.dims, true), 1);
        const Tensor others = where(zero, where(lone, nonZeroProd, 0.0), div(res, x));
        return {mul(keepReduced(grads[0], dims), others)};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("result", result);
    }
};

Tensor prodImpl(const Tensor& x, const ReductionDims& r, bool keepdim, std::optional<DType> dtype,
                std::optional<std::int64_t> dim) {
    if (dtype == DType::Bool) throw TypeError("prod: dtype bool is not supported for the result");
    const DType t = dtype ? *dtype : (isFloating(x.dtype()) ? x.dtype() : DType::Int64);
    Tensor out = Tensor::empty(r.shape(keepdim), t);
    kernels::prod(out, x, r.reduced);
    if (isFloating(t))
        if (auto node = autograd::makeNode<ProdBackward>(x)) {
            node->nodeName = dim ? "ProdBackward1" : "ProdBackward0";
            node->self = autograd::SavedVariable(x);
            node->result = autograd::SavedVariable(out, true);
            node->dims = r;
            node->dim = dim;
            autograd::setHistory(out, node);
        }
    return out;
}
}  // namespace

Tensor prod(const Tensor& x, std::optional<DType> dtype) {
    OpCall call(kProd, x);
    return call.finish(prodImpl(x, reductionDims(x, {}, "prod"), false, dtype, std::nullopt));
}

Tensor prod(const Tensor& x, std::int64_t dim, bool keepdim, std::optional<DType> dtype) {
    OpCall call(kProd, x);
    return call.finish(prodImpl(x, reductionDim(x, dim, "prod"), keepdim, dtype, dim));
}

}  // namespace tessera::ops
