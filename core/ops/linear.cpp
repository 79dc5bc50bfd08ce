// linear (F.linear): x·Wᵀ + b over any leading dims of x, as one GEMM with the bias fused into its
// epilogue (bitwise equal to mm then add, Note [GEMM epilogue]). Backward: AddmmBackward0 with a bias,
// MmBackward0 without, as torch names the grad_fn of a 2-D linear.
#include "core/autograd/function.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/gemm_operands.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

const OpInfo& kLinear = registerOp({"linear", OpCategory::Linalg, linalg::productCost});

struct LinearBackward final : autograd::Node {
    std::string_view nodeName;
    autograd::SavedVariable input, weight;
    Shape inputSizes;
    std::int64_t rows = 0;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(3);
        if (!grads[0].defined()) return out;
        const std::int64_t outFeatures = grads[0].dim() == 0 ? 1 : grads[0].size(-1);
        const Tensor g = reshape(grads[0], {rows, outFeatures});
        if (shouldComputeOutput(0)) out[0] = reshape(mm(g, weight.unpack(this)), inputSizes);
        if (shouldComputeOutput(1)) {
            const Tensor x = input.unpack(this);
            out[1] = mm(t(g), reshape(x, {rows, x.dim() == 0 ? 1 : x.size(-1)}));
        }
        if (shouldComputeOutput(2)) {
            // The column sums of g as a product with a row of ones (a broadcast, so nothing is allocated).
            const Tensor ones = visitFloating(g.dtype(), "linear", [&]<class T>() { return Tensor::scalar<T>(1); });
            out[2] = reshape(mm(expand(ones, {1, rows}), g), {outFeatures});
        }
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("input", input);
        visit("weight", weight);
    }
};

}  // namespace

Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias) {
    OpCall call(kLinear, x, weight, bias);
    if (weight.dim() != 2)
        throw ShapeError("linear: weight must be a matrix [out_features, in_features], got shape " +
                         shapeToString(weight.sizes()));
    if (x.dim() == 0) throw ShapeError("linear: input must have at least one dimension, got a 0-d tensor");
    linalg::checkSameFloating("linear", x, weight);
    const std::int64_t outFeatures = weight.size(0), inFeatures = weight.size(1);
    std::int64_t rows = 1;
    for (std::int64_t d = 0; d + 1 < x.dim(); ++d) rows *= x.size(d);
    if (x.size(-1) != inFeatures)
        throw ShapeError("linear: mat1 and mat2 shapes cannot be multiplied (" + linalg::dims(rows, x.size(-1)) +
                         " and " + linalg::dims(inFeatures, outFeatures) + ")");
    if (bias.defined()) {
        linalg::checkSameFloating("linear", x, bias);
        if (bias.dim() != 1 || bias.size(0) != outFeatures)
            throw ShapeError("linear: bias must have shape [" + std::to_string(outFeatures) + "] (out_features), got " +
                             shapeToString(bias.sizes()));
    }

    Tensor x2d, biasData;
    {
        autograd::NoGradGuard noGrad;  // the reshape and copy below are internal; the op is one Node
        x2d = reshape(x, {rows, inFeatures});
        if (bias.defined()) biasData = contiguous(bias);
    }
    Shape outSizes = x.sizes();
    outSizes.back() = outFeatures;
    Tensor out = Tensor::empty(outSizes, x.dtype());
    visitFloating(x.dtype(), "linear", [&]<class T>() {
        kernels::GemmEpilogue<T> ep;
        if (biasData.defined()) {
            ep.bias = static_cast<const T*>(biasData.rawData());
            ep.biasKind = kernels::BiasKind::PerColumn;
        }
        kernels::gemm(linalg::matrixOf<const T>(x2d), linalg::matrixOf<const T>(weight).t(),
                      kernels::MatrixRef<T>{static_cast<T*>(out.rawData()), rows, outFeatures, outFeatures, 1}, ep);
    });
    if (auto node = autograd::makeNode<LinearBackward>(x, weight, bias)) {
        node->nodeName = bias.defined() ? "AddmmBackward0" : "MmBackward0";
        if (node->shouldComputeOutput(1)) node->input = autograd::SavedVariable(x);
        if (node->shouldComputeOutput(0)) node->weight = autograd::SavedVariable(weight);
        node->inputSizes = x.sizes();
        node->rows = rows;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
