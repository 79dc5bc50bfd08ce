#include "core/ops/conv.h"

#include <array>
#include <cstring>
#include <string>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/autograd/saved_variable.h"
#include "core/kernels/conv.h"
#include "core/ops/dispatch.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"

namespace tessera::ops {

namespace {

// A multiply-add per weight element per output element, plus the bias.
OpCost convCost(CostOperands inputs, CostOperands outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    if (inputs.size() < 2 || outputs.empty() || !inputs[1].defined() || inputs[1].dim() == 0) return c;
    const CostOperand& w = inputs[1];
    const double perOutput = w.size(0) == 0 ? 0.0 : static_cast<double>(w.numel() / w.size(0));
    c.flops = 2.0 * perOutput * static_cast<double>(outputs[0].numel());
    return c;
}

const OpInfo& kConv1d = registerOp({"conv1d", OpCategory::Nn, convCost});
const OpInfo& kConv2d = registerOp({"conv2d", OpCategory::Nn, convCost});
const OpInfo& kConvBackward = registerOp({"convolution_backward", OpCategory::Backward, elementwiseCost});

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// The 2-D form of any conv: [N, C, H, W] input (unbatched gets N = 1, conv1d gets H = 1) and
// [Cout, Cg, KH, KW] weight; views, so gradients flow through them.
Tensor asBatched2d(const Tensor& x, std::int64_t spatial, bool batched) {
    Tensor t = batched ? x : unsqueeze(x, 0);
    return spatial == 1 ? unsqueeze(t, 2) : t;
}

Tensor conv2dWith(const Tensor& x, const Tensor& w, const Tensor& b, const kernels::ConvParams& p) {
    return conv2d(x, w, b, {p.strideH, p.strideW}, {p.padH, p.padW}, {p.dilationH, p.dilationW}, p.groups);
}

std::array<Tensor, 3> convolutionBackward(const Tensor& grad, const Tensor& input, const Tensor& weight,
                                          const kernels::ConvParams& p, std::array<bool, 3> mask);

// The gradients of convolution_backward's outputs (grad_input, grad_weight, grad_bias) with respect to
// its inputs (grad_output, input, weight). Each piece is a conv or a convolution_backward again, so
// gradients of any order exist.
struct ConvolutionBackwardBackward0 final : Node {
    SavedVariable gradOutput, self, weight;
    kernels::ConvParams params;
    std::array<bool, 3> mask{};  // which of grad_input, grad_weight, grad_bias were computed
    std::string_view name() const override { return "ConvolutionBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override {
        // Outputs that were not computed are empty placeholders: their gradients are no gradients.
        const Tensor ggI = mask[0] ? grads[0] : Tensor();
        const Tensor ggW = mask[1] ? grads[1] : Tensor();
        const Tensor ggB = mask[2] ? grads[2] : Tensor();
        const Tensor g = gradOutput.unpack(this), x = self.unpack(this), w = weight.unpack(this);
        TensorList out(3);
        if (shouldComputeOutput(0)) {
            Tensor gg;
            if (ggI.defined() || (ggB.defined() && !ggW.defined()))
                gg = conv2dWith(ggI.defined() ? ggI : zeros(x.sizes(), x.dtype()), w, ggB, params);
            if (ggW.defined()) {
                Tensor fromW = conv2dWith(x, ggW, gg.defined() ? Tensor() : ggB, params);
                gg = gg.defined() ? autograd::detail::accumulate(gg, fromW) : fromW;
            }
            out[0] = gg;
        }
        if (shouldComputeOutput(1) && ggW.defined())
            out[1] = convolutionBackward(g, x, ggW, params, {true, false, false})[0];
        if (shouldComputeOutput(2) && ggI.defined())
            out[2] = convolutionBackward(g, ggI, w, params, {false, true, false})[1];
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("grad_output", gradOutput);
        visit("self", self);
        visit("weight", weight);
    }
};

// torch's convolution_backward over 4-D tensors: (grad_input, grad_weight, grad_bias), each computed
// when its mask entry is set.
std::array<Tensor, 3> convolutionBackward(const Tensor& grad, const Tensor& input, const Tensor& weight,
                                          const kernels::ConvParams& p, std::array<bool, 3> mask) {
    OpCall call(kConvBackward, grad, input, weight);
    std::array<Tensor, 3> out;
    {
        autograd::NoGradGuard noGrad;
        const Tensor g = contiguous(grad);
        if (mask[0]) {
            out[0] = Tensor::empty(input.sizes(), grad.dtype());
            kernels::convBackwardInput(out[0], g, contiguous(weight), p);
        }
        if (mask[1]) {
            out[1] = Tensor::empty(weight.sizes(), grad.dtype());
            kernels::convBackwardWeight(out[1], g, contiguous(input), p);
        }
        if (mask[2]) {
            out[2] = Tensor::empty({grad.size(1)}, grad.dtype());
            kernels::convBackwardBias(out[2], g);
        }
    }
    if (auto node = autograd::makeNode<ConvolutionBackwardBackward0>(grad, input, weight)) {
        node->gradOutput = SavedVariable(grad);
        node->self = SavedVariable(input);
        node->weight = SavedVariable(weight);
        node->params = p;
        node->mask = mask;
        for (auto& t : out) {
            if (!t.defined()) t = zeros({0}, grad.dtype());
            autograd::setHistory(t, node);
        }
    }
    call.finishMany(std::vector<Tensor>(out.begin(), out.end()));
    return out;
}

struct ConvolutionBackward0 final : Node {
    SavedVariable input, weight;
    Shape biasSizes;  // empty when there is no bias
    kernels::ConvParams params;
    std::int64_t spatial = 2;
    bool batched = true;
    std::string_view name() const override { return "ConvolutionBackward0"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor x = input.unpack(this), w = weight.unpack(this);
        const Tensor g = asBatched2d(grads[0], spatial, batched);
        const auto parts = convolutionBackward(
            g, asBatched2d(x, spatial, batched), asBatched2d(w, spatial, true), params,
            {shouldComputeOutput(0), shouldComputeOutput(1), shouldComputeOutput(2) && !biasSizes.empty()});
        TensorList out(3);
        if (shouldComputeOutput(0)) out[0] = reshape(parts[0], x.sizes());
        if (shouldComputeOutput(1)) out[1] = reshape(parts[1], w.sizes());
        if (shouldComputeOutput(2) && !biasSizes.empty()) out[2] = parts[2];
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("input", input);
        visit("weight", weight);
    }
};

// "2 x 2", as torch prints spatial sizes in its messages.
std::string dimsString(const Shape& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " x " : "") + std::to_string(v[i]);
    return s;
}

// One value per spatial dim, from a list of one value or of `spatial` values.
Shape expandParam(const Shape& v, std::int64_t spatial, const char* name, const std::string& op) {
    if (static_cast<std::int64_t>(v.size()) == spatial) return v;
    if (v.size() == 1) return Shape(spatial, v[0]);
    throw ValueError(op + ": expected " + name + " to be a single integer value or a list of " +
                     std::to_string(spatial) + " values to match the convolution dimensions, but got " + name + "=" +
                     shapeToString(v));
}

Tensor convNd(const OpInfo& info, std::int64_t spatial, const Tensor& input, const Tensor& weight, const Tensor& bias,
              const Shape& strideArg, const Shape& paddingArg, const Shape& dilationArg, std::int64_t groups,
              ConvPadding paddingMode = ConvPadding::Valid) {
    const std::string op(info.name);
    const bool batched = input.dim() == spatial + 2;
    if (!batched && input.dim() != spatial + 1)
        throw ShapeError(op + ": Expected " + std::to_string(spatial + 1) + "D (unbatched) or " +
                         std::to_string(spatial + 2) + "D (batched) input to " + op +
                         ", but got input of size: " + shapeToString(input.sizes()));
    visitFloating(input.dtype(), op, []<class T>() {});
    if (weight.dtype() != input.dtype() || (bias.defined() && bias.dtype() != input.dtype()))
        throw TypeError(op + ": expected input, weight and bias to have the same dtype, but got input " +
                        std::string(dtypeName(input.dtype())) + ", weight " + std::string(dtypeName(weight.dtype())) +
                        (bias.defined() ? ", bias " + std::string(dtypeName(bias.dtype())) : std::string()));
    if (weight.dim() != spatial + 2)
        throw ShapeError(op + ": expected weight to be " + std::to_string(spatial + 2) +
                         "-dimensional, but got weight of size " + shapeToString(weight.sizes()));
    const Shape stride = expandParam(strideArg, spatial, "stride", op);
    Shape padding = expandParam(paddingArg, spatial, "padding", op);
    const Shape dilation = expandParam(dilationArg, spatial, "dilation", op);
    for (auto s : stride)
        if (s <= 0)
            throw ValueError(op + ": non-positive stride is not supported, but got stride=" + shapeToString(stride));
    for (auto p : padding)
        if (p < 0)
            throw ValueError(op + ": negative padding is not supported, but got padding=" + shapeToString(padding));
    for (auto d : dilation)
        if (d <= 0)
            throw ValueError(op +
                             ": dilation should be greater than zero, but got dilation=" + shapeToString(dilation));
    if (groups <= 0)
        throw ValueError(op + ": non-positive groups is not supported, but got groups=" + std::to_string(groups));

    Shape xs = input.sizes();  // as batched
    if (!batched) xs.insert(xs.begin(), 1);
    if (weight.size(0) % groups != 0)
        throw ShapeError(op + ": Given groups=" + std::to_string(groups) + ", expected weight to be divisible by " +
                         std::to_string(groups) + " at dimension 0, but got weight of size " +
                         shapeToString(weight.sizes()) + " instead");
    if (xs[1] != weight.size(1) * groups)
        throw ShapeError(op + ": Given groups=" + std::to_string(groups) + ", weight of size " +
                         shapeToString(weight.sizes()) + ", expected input" + shapeToString(input.sizes()) +
                         " to have " + std::to_string(weight.size(1) * groups) + " channels, but got " +
                         std::to_string(xs[1]) + " channels instead");
    if (bias.defined() && (bias.dim() != 1 || bias.size(0) != weight.size(0)))
        throw ShapeError(op + ": Given weight of size " + shapeToString(weight.sizes()) +
                         ", expected bias to be 1-dimensional with " + std::to_string(weight.size(0)) +
                         " elements, but got bias of size " + shapeToString(bias.sizes()) + " instead");
    // padding='same' pads dilation·(K − 1) in total, the odd element after (right/bottom), as torch does.
    Shape padAfter = padding;
    if (paddingMode == ConvPadding::Same) {
        for (auto s : stride)
            if (s != 1) throw ValueError(op + ": padding='same' is not supported for strided convolutions");
        for (std::int64_t d = 0; d < spatial; ++d) {
            const std::int64_t total = dilation[d] * (weight.size(2 + d) - 1);
            padding[d] = total / 2;
            padAfter[d] = total - padding[d];
        }
    }
    Shape padded(spatial), kernel(spatial), outSizes{xs[0], weight.size(0)};
    bool tooSmall = false;
    for (std::int64_t d = 0; d < spatial; ++d) {
        padded[d] = xs[2 + d] + padding[d] + padAfter[d];
        kernel[d] = dilation[d] * (weight.size(2 + d) - 1) + 1;
        tooSmall = tooSmall || padded[d] < kernel[d];
        outSizes.push_back((padded[d] - kernel[d]) / stride[d] + 1);
    }
    if (tooSmall)
        throw ShapeError(op + ": Calculated padded input size per channel: (" + dimsString(padded) +
                         "). Kernel size: (" + dimsString(kernel) +
                         "). Kernel size can't be greater than actual input size");

    // The kernels see everything as 2-D: conv1d is conv2d over rows of height 1.
    kernels::ConvParams p;
    p.groups = groups;
    p.strideW = stride.back();
    p.padW = padding.back();
    p.dilationW = dilation.back();
    if (spatial == 2) {
        p.strideH = stride[0];
        p.padH = padding[0];
        p.dilationH = dilation[0];
    }
    Tensor out = Tensor::empty(outSizes, input.dtype());
    Tensor result;
    {
        // The kernels' operands are plain data: no history for these copies and views.
        autograd::NoGradGuard noGrad;
        kernels::convForward(asBatched2d(out, spatial, true), contiguous(asBatched2d(input, spatial, batched)),
                             contiguous(asBatched2d(weight, spatial, true)),
                             bias.defined() ? contiguous(bias) : Tensor(), p);
        result = batched ? out : squeeze(out, 0);
    }
    if (auto node = autograd::makeNode<ConvolutionBackward0>(input, weight, bias)) {
        node->input = SavedVariable(input);
        node->weight = SavedVariable(weight);
        if (bias.defined()) node->biasSizes = bias.sizes();
        node->params = p;
        node->spatial = spatial;
        node->batched = batched;
        autograd::setHistory(result, node);
    }
    return result;
}

}  // namespace

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride, const Shape& padding,
              const Shape& dilation, std::int64_t groups) {
    OpCall call(kConv1d, input, weight, bias);
    return call.finish(convNd(kConv1d, 1, input, weight, bias, stride, padding, dilation, groups));
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride, ConvPadding padding,
              const Shape& dilation, std::int64_t groups) {
    OpCall call(kConv1d, input, weight, bias);
    return call.finish(convNd(kConv1d, 1, input, weight, bias, stride, {0}, dilation, groups, padding));
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride, ConvPadding padding,
              const Shape& dilation, std::int64_t groups) {
    OpCall call(kConv2d, input, weight, bias);
    return call.finish(convNd(kConv2d, 2, input, weight, bias, stride, {0}, dilation, groups, padding));
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride, const Shape& padding,
              const Shape& dilation, std::int64_t groups) {
    OpCall call(kConv2d, input, weight, bias);
    return call.finish(convNd(kConv2d, 2, input, weight, bias, stride, padding, dilation, groups));
}

}  // namespace tessera::ops
