// linear (F.linear): x·Wᵀ + b over any leading dims of x, as one GEMM with the bias fused into its
// epilogue (bitwise equal to mm then add, Note [GEMM epilogue]). The autograd graph is torch's for
// at::linear: AddmmBackward0(bias, x2d, Wᵀ) with a bias, MmBackward0(x2d, Wᵀ) without, where Wᵀ is
// t(weight) (TBackward0) and x2d is x viewed as rows (ViewBackward0 and friends for other ranks).
#include "core/autograd/function.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/gemm_operands.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

const OpInfo& kLinear = registerOp({"linear", OpCategory::Linalg, linalg::productCost});

// Inputs (bias, x2d, wT) with a bias, (x2d, wT) without; the output is the 2-D product.
struct LinearBackward final : autograd::Node {
    bool hasBias = false;
    autograd::SavedVariable input, weightT;
    std::string_view name() const override { return hasBias ? "AddmmBackward0" : "MmBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const std::size_t first = hasBias ? 1 : 0;
        autograd::TensorList out(first + 2);
        const Tensor& g = grads[0];
        if (!g.defined()) return out;
        if (hasBias && shouldComputeOutput(0)) {
            // The column sums of g as a product with a row of ones (a broadcast, so nothing is allocated).
            const Tensor one = visitFloating(g.dtype(), "linear", [&]<class T>() { return Tensor::scalar<T>(1); });
            out[0] = reshape(mm(expand(one, {1, g.size(0)}), g), {g.size(1)});
        }
        if (shouldComputeOutput(first)) out[first] = mm(g, t(weightT.unpack(this)));
        if (shouldComputeOutput(first + 1)) out[first + 1] = mm(t(input.unpack(this)), g);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("mat1", input);
        visit("mat2", weightT);
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
    Tensor biasData;
    if (bias.defined()) {
        linalg::checkSameFloating("linear", x, bias);
        if (bias.dim() != 1 || bias.size(0) != outFeatures)
            throw ShapeError("linear: bias must have shape [" + std::to_string(outFeatures) + "] (out_features), got " +
                             shapeToString(bias.sizes()));
        autograd::NoGradGuard noGrad;  // only the data is read; bias itself is the Node's input
        biasData = contiguous(bias);
    }

    const Tensor weightT = t(weight);
    const Tensor x2d = x.dim() == 2       ? x
                       : x.dim() == 1     ? unsqueeze(x, 0)
                       : x.isContiguous() ? view(x, {rows, inFeatures})
                                          : reshape(x, {rows, inFeatures});
    Tensor out2d = Tensor::empty({rows, outFeatures}, x.dtype());
    visitFloating(x.dtype(), "linear", [&]<class T>() {
        kernels::GemmEpilogue<T> ep;
        if (biasData.defined()) {
            ep.bias = static_cast<const T*>(biasData.rawData());
            ep.biasKind = kernels::BiasKind::PerColumn;
        }
        kernels::gemm(linalg::matrixOf<const T>(x2d), linalg::matrixOf<const T>(weightT), linalg::matrixOf<T>(out2d),
                      ep);
    });
    std::shared_ptr<LinearBackward> node = bias.defined() ? autograd::makeNode<LinearBackward>(bias, x2d, weightT)
                                                          : autograd::makeNode<LinearBackward>(x2d, weightT);
    if (node) {
        node->hasBias = bias.defined();
        const std::size_t first = bias.defined() ? 1 : 0;
        if (node->shouldComputeOutput(first + 1)) node->input = autograd::SavedVariable(x2d);
        if (node->shouldComputeOutput(first)) node->weightT = autograd::SavedVariable(weightT);
        autograd::setHistory(out2d, node);
    }
    if (x.dim() == 2) return call.finish(out2d);
    if (x.dim() == 1) return call.finish(squeeze(out2d, 0));
    Shape outSizes = x.sizes();
    outSizes.back() = outFeatures;
    return call.finish(view(out2d, outSizes));
}

}  // namespace tessera::ops
