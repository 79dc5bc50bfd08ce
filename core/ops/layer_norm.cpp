#include "core/ops/layer_norm.h"

#include "core/autograd/function.h"
#include "core/kernels/normalization.h"
#include "core/ops/add.h"
#include "core/ops/dispatch.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/sum.h"
#include "core/ops/var.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
// Per element: two passes for the moments, then a scale and a shift.
OpCost layerNormCost(CostOperands inputs, CostOperands outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    c.flops *= 5;
    return c;
}
const OpInfo& kLayerNorm = registerOp({"layer_norm", OpCategory::Nn, layerNormCost});

// NativeLayerNormBackward0 with x̂ = (x - μ) / σ over the normalised dims:
//   dbias = Σ g, dweight = Σ g x̂ (over the leading dims), and with d = g * weight,
//   dx = (d - mean(d) - x̂ mean(d x̂)) / σ.
// μ and σ are recomputed with ops so that the formula is differentiable in x as well.
struct NativeLayerNormBackward0 final : autograd::Node {
    std::int64_t normDims = 1;
    double eps = 1e-5;
    autograd::SavedVariable self, weight;
    std::string_view name() const override { return "NativeLayerNormBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor x = self.unpack(this);
        const Tensor& g = grads[0];
        Shape norm, lead;
        for (std::int64_t d = 0; d < x.dim(); ++d) (d < x.dim() - normDims ? lead : norm).push_back(d);
        const Tensor rstd = pow(add(var(x, norm, 0, true), eps), -0.5);
        const Tensor xhat = mul(sub(x, mean(x, norm, true)), rstd);
        auto sumLead = [&](const Tensor& t) { return lead.empty() ? t : sum(t, lead); };
        autograd::TensorList out(3);
        const Tensor w = weight.unpack(this);
        if (shouldComputeOutput(0)) {
            const Tensor d = w.defined() ? mul(g, w) : g;
            out[0] = mul(rstd, sub(sub(d, mean(d, norm, true)), mul(xhat, mean(mul(d, xhat), norm, true))));
        }
        if (shouldComputeOutput(1)) out[1] = sumLead(mul(g, xhat));
        if (shouldComputeOutput(2)) out[2] = sumLead(g);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("input", self);
        visit("weight", weight);
    }
};

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
    if (auto node = autograd::makeNode<NativeLayerNormBackward0>(x, weight, bias)) {
        node->normDims = k;
        node->eps = eps;
        node->self = autograd::SavedVariable(x);
        node->weight = autograd::SavedVariable(weight);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
