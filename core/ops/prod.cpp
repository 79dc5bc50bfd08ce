#include "core/ops/prod.h"

#include "core/kernels/reduce.h"
#include "core/ops/dispatch.h"
#include "core/ops/reduction.h"

namespace tessera::ops {

namespace {
const OpInfo& kProd = registerOp({"prod", OpCategory::Reduction, reductionCost});

Tensor prodImpl(const Tensor& x, const ReductionDims& r, bool keepdim, std::optional<DType> dtype) {
    if (dtype == DType::Bool) throw TypeError("prod: dtype bool is not supported for the result");
    const DType t = dtype ? *dtype : (isFloating(x.dtype()) ? x.dtype() : DType::Int64);
    Tensor out = Tensor::empty(r.shape(keepdim), t);
    kernels::prod(out, x, r.reduced);
    return out;
}
}  // namespace

Tensor prod(const Tensor& x, std::optional<DType> dtype) {
    OpCall call(kProd, x);
    return call.finish(prodImpl(x, reductionDims(x, {}, "prod"), false, dtype));
}

Tensor prod(const Tensor& x, std::int64_t dim, bool keepdim, std::optional<DType> dtype) {
    OpCall call(kProd, x);
    return call.finish(prodImpl(x, reductionDim(x, dim, "prod"), keepdim, dtype));
}

}  // namespace tessera::ops
