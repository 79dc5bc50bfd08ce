#include "core/ops/logsumexp.h"

#include "core/kernels/reduce.h"
#include "core/ops/dispatch.h"
#include "core/ops/reduction.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
const OpInfo& kLogsumexp = registerOp({"logsumexp", OpCategory::Reduction, reductionCost});
}  // namespace

Tensor logsumexp(const Tensor& x, const Shape& dims, bool keepdim) {
    OpCall call(kLogsumexp, x);
    const ReductionDims r = reductionDims(x, dims, "logsumexp");
    const Tensor in = isFloating(x.dtype()) ? x : to(x, DType::Float32);
    Tensor out = Tensor::empty(r.shape(keepdim), in.dtype());
    kernels::logsumexp(out, in, r.reduced);
    return call.finish(out);
}

}  // namespace tessera::ops
