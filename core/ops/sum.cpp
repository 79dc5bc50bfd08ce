#include "core/ops/sum.h"

#include "core/autograd/function.h"
#include "core/kernels/reduce.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/reduction.h"

namespace tessera::ops {

namespace {
const OpInfo& kSum = registerOp({"sum", OpCategory::Reduction, reductionCost});
const OpInfo& kMean = registerOp({"mean", OpCategory::Reduction, reductionCost});

// SumBackward0 (all elements) and SumBackward1 (a dim list): the gradient broadcast back.
struct SumBackward final : autograd::Node {
    std::string_view nodeName;
    Shape selfSizes;
    ReductionDims dims;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {expandReduced(grads[0], selfSizes, dims)};
    }
};

// MeanBackward0 (all elements) and MeanBackward1 (a dim list): the gradient broadcast back over N.
struct MeanBackward final : autograd::Node {
    std::string_view nodeName;
    Shape selfSizes;
    ReductionDims dims;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {div(expandReduced(grads[0], selfSizes, dims), static_cast<double>(dims.count(selfSizes)))};
    }
};

DType sumType(const Tensor& x, std::optional<DType> dtype) {
    if (dtype) return *dtype;
    return isFloating(x.dtype()) ? x.dtype() : DType::Int64;
}

Tensor sumImpl(const Tensor& x, const ReductionDims& r, bool keepdim, std::optional<DType> dtype,
               std::string_view nodeName) {
    if (dtype == DType::Bool) throw TypeError("sum: dtype bool is not supported for the result");
    Tensor out = Tensor::empty(r.shape(keepdim), sumType(x, dtype));
    kernels::sum(out, x, r.reduced);
    if (isFloating(out.dtype()))
        if (auto node = autograd::makeNode<SumBackward>(x)) {
            node->nodeName = nodeName;
            node->selfSizes = x.sizes();
            node->dims = r;
            autograd::setHistory(out, node);
        }
    return out;
}

Tensor meanImpl(const Tensor& x, const ReductionDims& r, bool keepdim, std::optional<DType> dtype,
                std::string_view nodeName) {
    const DType t = dtype.value_or(x.dtype());
    if (!isFloating(t))
        throw TypeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
            "Got: " +
            std::string(dtypeName(t)));
    Tensor out = Tensor::empty(r.shape(keepdim), t);
    kernels::mean(out, x, r.reduced);
    if (auto node = autograd::makeNode<MeanBackward>(x)) {
        node->nodeName = nodeName;
        node->selfSizes = x.sizes();
        node->dims = r;
        autograd::setHistory(out, node);
    }
    return out;
}
}  // namespace

Tensor sum(const Tensor& x, std::optional<DType> dtype) {
    OpCall call(kSum, x);
    return call.finish(sumImpl(x, reductionDims(x, {}, "sum"), false, dtype, "SumBackward0"));
}

Tensor sum(const Tensor& x, const Shape& dims, bool keepdim, std::optional<DType> dtype) {
    OpCall call(kSum, x);
    return call.finish(sumImpl(x, reductionDims(x, dims, "sum"), keepdim, dtype, "SumBackward1"));
}

Tensor mean(const Tensor& x, std::optional<DType> dtype) {
    OpCall call(kMean, x);
    return call.finish(meanImpl(x, reductionDims(x, {}, "mean"), false, dtype, "MeanBackward0"));
}

Tensor mean(const Tensor& x, const Shape& dims, bool keepdim, std::optional<DType> dtype) {
    OpCall call(kMean, x);
    return call.finish(meanImpl(x, reductionDims(x, dims, "mean"), keepdim, dtype, "MeanBackward1"));
}

}  // namespace tessera::ops
