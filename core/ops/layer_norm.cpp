#include "core/ops/layer_norm.h"

#include "core/kernels/normalization.h"
#include "core/ops/dispatch.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
// Per element: two passes for the moments, then a scale and a shift.
OpCost layerNormCost(const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    c.flops *= 5;
    return c;
}
const OpInfo& kLayerNorm = registerOp({"layer_norm", OpCategory::Nn, layerNormCost});

void checkParam(const Tensor& p, const char* name, const Shape& normalizedShape, DType dtype) {
    if (!p.defined()) return;
    if (p.sizes() != normalizedShape)
        throw ShapeError(std::string("layer_norm: Expected ") + name +
                         " to be of same shape as normalized_shape, but got " + name + " of shape " +
                         shapeToString(p.sizes()) + " and normalized_shape = " + shapeToString(normalizedShape));
    if (p.dtype() != dtype)
        throw TypeError(std::string("layer_norm: expected ") + name + " of dtype " + std::string(dtypeName(dtype)) +
                        " but found " + std::string(dtypeName(p.dtype())));
}
}  // namespace

Tensor layerNorm(const Tensor& x, const Shape& normalizedShape, const Tensor& weight, const Tensor& bias, double eps) {
    OpCall call(kLayerNorm, x, weight, bias);
    const auto k = static_cast<std::int64_t>(normalizedShape.size());
    if (k == 0)
        throw ShapeError(
            "layer_norm: Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
            "element, but got normalized_shape = []");
    const bool matches = x.dim() >= k && Shape(x.sizes().end() - k, x.sizes().end()) == normalizedShape;
    if (!matches) {
        std::string expected = "[*";
        for (auto s : normalizedShape) expected += ", " + std::to_string(s);
        throw ShapeError("layer_norm: Given normalized_shape=" + shapeToString(normalizedShape) +
                         ", expected input with shape " + expected + "], but got input of size" +
                         shapeToString(x.sizes()));
    }
    if (!isFloating(x.dtype()))
        throw TypeError("layer_norm: not implemented for '" + std::string(dtypeName(x.dtype())) +
                        "' tensors (expected float32 or float64)");
    checkParam(weight, "weight", normalizedShape, x.dtype());
    checkParam(bias, "bias", normalizedShape, x.dtype());
    const Tensor in = contiguous(x);
    const std::int64_t cols = shapeNumel(normalizedShape);
    const std::int64_t rows = cols == 0 ? 0 : x.numel() / cols;
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    Tensor mean = Tensor::empty({rows}, x.dtype()), rstd = Tensor::empty({rows}, x.dtype());
    kernels::layerNorm(out, mean, rstd, in, weight.defined() ? contiguous(weight) : weight,
                       bias.defined() ? contiguous(bias) : bias, cols, eps);
    return call.finish(out);
}

}  // namespace tessera::ops
