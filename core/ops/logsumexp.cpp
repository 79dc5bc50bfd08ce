#include "core/ops/logsumexp.h"

#include "core/autograd/function.h"
#include "core/kernels/reduce.h"
#include "core/ops/add.h"
#include "core/ops/dispatch.h"
#include "core/ops/mul.h"
#include "core/ops/reduction.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
const OpInfo& kLogsumexp = registerOp({"logsumexp", OpCategory::Reduction, reductionCost});

// d logsumexp / d x = exp(x - result), i.e. the softmax over the reduced dims.
struct LogsumexpBackward0 final : autograd::Node {
    ReductionDims dims;
    autograd::SavedVariable self, result;
    std::string_view name() const override { return "LogsumexpBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {mul(keepReduced(grads[0], dims), exp(sub(self.unpack(this), keepReduced(result.unpack(this), dims))))};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("result", result);
    }
};
}  // namespace

Tensor logsumexp(const Tensor& x, const Shape& dims, bool keepdim) {
    OpCall call(kLogsumexp, x);
    const ReductionDims r = reductionDims(x, dims, "logsumexp");
    const Tensor in = isFloating(x.dtype()) ? x : to(x, DType::Float32);
    Tensor out = Tensor::empty(r.shape(keepdim), in.dtype());
    kernels::logsumexp(out, in, r.reduced);
    if (auto node = autograd::makeNode<LogsumexpBackward0>(x)) {
        node->dims = r;
        node->self = autograd::SavedVariable(x);
        node->result = autograd::SavedVariable(out, true);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
