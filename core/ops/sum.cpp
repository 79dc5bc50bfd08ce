#include "core/ops/sum.h"

#include "core/kernels/reduce.h"
#include "core/ops/dispatch.h"
#include "core/ops/reduction.h"

namespace tessera::ops {

namespace {
const OpInfo& kSum = registerOp({"sum", OpCategory::Reduction, reductionCost});
const OpInfo& kMean = registerOp({"mean", OpCategory::Reduction, reductionCost});

DType sumType(const Tensor& x, std::optional<DType> dtype) {
    if (dtype) return *dtype;
    return isFloating(x.dtype()) ? x.dtype() : DType::Int64;
}

Tensor sumImpl(const Tensor& x, const ReductionDims& r, bool keepdim, std::optional<DType> dtype) {
    if (dtype == DType::Bool) throw TypeError("sum: dtype bool is not supported for the result");
    Tensor out = Tensor::empty(r.shape(keepdim), sumType(x, dtype));
    kernels::sum(out, x, r.reduced);
    return out;
}

Tensor meanImpl(const Tensor& x, const ReductionDims& r, bool keepdim, std::optional<DType> dtype) {
    const DType t = dtype.value_or(x.dtype());
    if (!isFloating(t))
        throw TypeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
            "Got: " +
            std::string(dtypeName(t)));
    Tensor out = Tensor::empty(r.shape(keepdim), t);
    kernels::mean(out, x, r.reduced);
    return out;
}
}  // namespace

Tensor sum(const Tensor& x, std::optional<DType> dtype) {
    OpCall call(kSum, x);
    return call.finish(sumImpl(x, reductionDims(x, {}, "sum"), false, dtype));
}

Tensor sum(const Tensor& x, const Shape& dims, bool keepdim, std::optional<DType> dtype) {
    OpCall call(kSum, x);
    return call.finish(sumImpl(x, reductionDims(x, dims, "sum"), keepdim, dtype));
}

Tensor mean(const Tensor& x, std::optional<DType> dtype) {
    OpCall call(kMean, x);
    return call.finish(meanImpl(x, reductionDims(x, {}, "mean"), false, dtype));
}

Tensor mean(const Tensor& x, const Shape& dims, bool keepdim, std::optional<DType> dtype) {
    OpCall call(kMean, x);
    return call.finish(meanImpl(x, reductionDims(x, dims, "mean"), keepdim, dtype));
}

}  // namespace tessera::ops
