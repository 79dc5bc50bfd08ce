#include "core/ops/var.h"

#include "core/autograd/function.h"
#include "core/kernels/reduce.h"
#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/mul.h"
#include "core/ops/reduction.h"
#include "core/ops/sum.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kVar = registerOp({"var", OpCategory::Reduction, reductionCost});
const OpInfo& kStd = registerOp({"std", OpCategory::Reduction, reductionCost});

// VarBackward0 and StdBackward0: d var = 2 / (N - correction) * (x - mean) per element; for std the
// gradient is first divided by 2 * std (0 where std is 0, as torch masks it).
struct VarBackward final : autograd::Node {
    bool isStd = false;
    autograd::SavedVariable self, result;
    ReductionDims dims;
    double correction = 1;
    std::string_view name() const override { return isStd ? "StdBackward0" : "VarBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor x = self.unpack(this);
        Tensor g = keepReduced(grads[0], dims);
        if (isStd) {
            const Tensor res = keepReduced(result.unpack(this), dims);
            g = where(eq(res, 0.0), 0.0, div(g, mul(res, 2.0)));
        }
        const double n = static_cast<double>(dims.count(x.sizes()));
        return {mul(mul(g, 2.0 / (n - correction)), sub(x, mean(x, dims.dims, true)))};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        if (isStd) visit("result", result);
    }
};

Tensor varImpl(const Tensor& x, const Shape& dims, double correction, bool keepdim, bool takeSqrt) {
    const char* op = takeSqrt ? "std" : "var";
    if (!isFloating(x.dtype()))
        throw TypeError(std::string(op) + ": std and var only support floating point and complex dtypes, got " +
                        std::string(dtypeName(x.dtype())));
    const ReductionDims r = reductionDims(x, dims, op);
    Tensor out = Tensor::empty(r.shape(keepdim), x.dtype());
    kernels::var(out, x, r.reduced, correction, takeSqrt);
    if (auto node = autograd::makeNode<VarBackward>(x)) {
        node->isStd = takeSqrt;
        node->self = autograd::SavedVariable(x);
        if (takeSqrt) node->result = autograd::SavedVariable(out, true);
        node->dims = r;
        node->correction = correction;
        autograd::setHistory(out, node);
    }
    return out;
}
}  // namespace

Tensor var(const Tensor& x, const Shape& dims, double correction, bool keepdim) {
    OpCall call(kVar, x);
    return call.finish(varImpl(x, dims, correction, keepdim, false));
}

Tensor stdDev(const Tensor& x, const Shape& dims, double correction, bool keepdim) {
    OpCall call(kStd, x);
    return call.finish(varImpl(x, dims, correction, keepdim, true));
}

}  // namespace tessera::ops
