#include "core/ops/var.h"

#include "core/kernels/reduce.h"
#include "core/ops/dispatch.h"
#include "core/ops/reduction.h"

namespace tessera::ops {

namespace {
const OpInfo& kVar = registerOp({"var", OpCategory::Reduction, reductionCost});
const OpInfo& kStd = registerOp({"std", OpCategory::Reduction, reductionCost});

Tensor varImpl(const Tensor& x, const Shape& dims, double correction, bool keepdim, bool takeSqrt) {
    const char* op = takeSqrt ? "std" : "var";
    if (!isFloating(x.dtype()))
        throw TypeError(std::string(op) + ": std and var only support floating point and complex dtypes, got " +
                        std::string(dtypeName(x.dtype())));
    const ReductionDims r = reductionDims(x, dims, op);
    Tensor out = Tensor::empty(r.shape(keepdim), x.dtype());
    kernels::var(out, x, r.reduced, correction, takeSqrt);
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
