#include "core/ops/pool.h"

#include <string>

#include "core/autograd/function.h"
#include "core/autograd/saved_variable.h"
#include "core/kernels/pool.h"
#include "core/ops/dispatch.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// One comparison or addition per window element.
OpCost poolCost(CostOperands inputs, CostOperands outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    if (!inputs.empty() && inputs[0].defined()) c.flops = static_cast<double>(inputs[0].numel());
    return c;
}

const OpInfo& kMaxPool2d = registerOp({"max_pool2d", OpCategory::Nn, poolCost});
const OpInfo& kAvgPool2d = registerOp({"avg_pool2d", OpCategory::Nn, poolCost});
const OpInfo& kAdaptiveAvgPool2d = registerOp({"adaptive_avg_pool2d", OpCategory::Nn, poolCost});
const OpInfo& kMaxPool2dBackward =
    registerOp({"max_pool2d_with_indices_backward", OpCategory::Backward, elementwiseCost});
const OpInfo& kMaxPool2dGather = registerOp({"max_pool2d_gather", OpCategory::Backward, elementwiseCost});
const OpInfo& kAvgPool2dBackward = registerOp({"avg_pool2d_backward", OpCategory::Backward, poolCost});
const OpInfo& kAdaptiveAvgPool2dBackward = registerOp({"adaptive_avg_pool2d_backward", OpCategory::Backward, poolCost});

// The input as contiguous planes [N·C, H, W], and the output sizes for [N·C, OH, OW] planes.
Tensor asPlanes(const Tensor& x) {
    autograd::NoGradGuard noGrad;  // kernel operands: no history for these copies and views
    const std::int64_t h = x.size(-2), w = x.size(-1);
    return reshape(contiguous(x), {x.numel() == 0 ? 0 : x.numel() / (h * w), h, w});
}

Shape withSpatial(const Shape& sizes, std::int64_t oh, std::int64_t ow) {
    Shape out(sizes.begin(), sizes.end() - 2);
    out.push_back(oh);
    out.push_back(ow);
    return out;
}

// Two values (H, W) from one or two; `empty` gives `fallback` (stride defaults to the kernel size).
Shape pair(const Shape& v, const std::string& op, const char* what, const Shape& fallback = {}) {
    if (v.empty() && !fallback.empty()) return fallback;
    if (v.size() == 1) return {v[0], v[0]};
    if (v.size() == 2) return v;
    throw ValueError(op + ": " + what + " must either be a single int, or a tuple of two ints, but got " +
                     shapeToString(v));
}

// PyTorch's pooling_output_shape.
std::int64_t pooledSize(std::int64_t in, std::int64_t k, std::int64_t pad, std::int64_t stride, std::int64_t dil,
                        bool ceil) {
    const std::int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
    std::int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
    if (ceil && (out - 1) * stride >= in + pad) --out;
    return out;
}

void checkPoolInput(const Tensor& x, const std::string& op) {
    const bool ok = (x.dim() == 3 || x.dim() == 4) && x.size(-1) != 0 && x.size(-2) != 0 && x.size(-3) != 0;
    if (!ok)
        throw ShapeError(op +
                         ": Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, "
                         "but got: " +
                         shapeToString(x.sizes()));
    visitFloating(x.dtype(), op, []<class T>() {});
}

struct Pooling {
    kernels::PoolParams p;
    std::int64_t oh = 0, ow = 0;
};

Pooling poolGeometry(const Tensor& x, const std::string& op, const Shape& kernelSize, const Shape& stride,
                     const Shape& padding, const Shape& dilation, bool ceilMode) {
    const Shape k = pair(kernelSize, op, "kernel_size");
    const Shape s = pair(stride, op, "stride", k);
    const Shape pad = pair(padding, op, "padding");
    const Shape d = pair(dilation, op, "dilation");
    checkPoolInput(x, op);
    if (k[0] <= 0 || k[1] <= 0)
        throw ValueError(op + ": kernel size should be greater than zero, but got kH: " + std::to_string(k[0]) +
                         " kW: " + std::to_string(k[1]));
    if (s[0] <= 0 || s[1] <= 0)
        throw ValueError(op + ": stride should be greater than zero, but got dH: " + std::to_string(s[0]) +
                         " dW: " + std::to_string(s[1]));
    if (d[0] <= 0 || d[1] <= 0)
        throw ValueError(op + ": dilation should be greater than zero, but got dilationH: " + std::to_string(d[0]) +
                         " dilationW: " + std::to_string(d[1]));
    if (pad[0] < 0 || pad[1] < 0 || pad[0] > k[0] / 2 || pad[1] > k[1] / 2)
        throw ValueError(op + ": pad should be at most half of kernel size, but got pad=" + shapeToString(pad) +
                         " and kernel_size=" + shapeToString(k));
    Pooling g;
    g.p = {k[0], k[1], s[0], s[1], pad[0], pad[1], d[0], d[1]};
    const std::int64_t h = x.size(-2), w = x.size(-1), c = x.size(-3);
    g.oh = pooledSize(h, k[0], pad[0], s[0], d[0], ceilMode);
    g.ow = pooledSize(w, k[1], pad[1], s[1], d[1], ceilMode);
    if (g.oh < 1 || g.ow < 1)
        throw ShapeError(op + ": Given input size: (" + std::to_string(c) + "x" + std::to_string(h) + "x" +
                         std::to_string(w) + "). Calculated output size: (" + std::to_string(c) + "x" +
                         std::to_string(g.oh) + "x" + std::to_string(g.ow) + "). Output size is too small");
    return g;
}

// ---- max_pool2d ----------------------------------------------------------------------------------------

Tensor maxPool2dGather(const Tensor& x, const Tensor& indices);

// grad_input of max_pool2d: the output gradient scattered to the winners.
Tensor maxPool2dBackward(const Tensor& grad, const Shape& inputSizes, const Tensor& indices);

struct MaxPool2DWithIndicesBackward0 final : Node {
    Shape selfSizes;
    SavedVariable indices;
    std::string_view name() const override { return "MaxPool2DWithIndicesBackward0"; }
    TensorList apply(TensorList&& grads) override {
        return {maxPool2dBackward(grads[0], selfSizes, indices.unpack(this))};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("result1", indices); }
};

struct MaxPool2DWithIndicesBackwardBackward0 final : Node {
    SavedVariable indices;
    std::string_view name() const override { return "MaxPool2DWithIndicesBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override { return {maxPool2dGather(grads[0], indices.unpack(this))}; }
    void visitSaved(const SavedVisitor& visit) override { visit("indices", indices); }
};

// torch's double backward of max pooling is a gather, whose grad_fn is GatherBackward0.
struct GatherBackward0 final : Node {
    Shape selfSizes;
    SavedVariable indices;
    std::string_view name() const override { return "GatherBackward0"; }
    TensorList apply(TensorList&& grads) override {
        return {maxPool2dBackward(grads[0], selfSizes, indices.unpack(this))};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("index", indices); }
};

Tensor maxPool2dBackward(const Tensor& grad, const Shape& inputSizes, const Tensor& indices) {
    OpCall call(kMaxPool2dBackward, grad, indices);
    Tensor out = Tensor::empty(inputSizes, grad.dtype());
    if (out.numel() > 0) kernels::maxPool2dBackward(asPlanes(out), asPlanes(grad), asPlanes(indices));
    if (auto node = autograd::makeNode<MaxPool2DWithIndicesBackwardBackward0>(grad)) {
        node->indices = SavedVariable(indices);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

Tensor maxPool2dGather(const Tensor& x, const Tensor& indices) {
    OpCall call(kMaxPool2dGather, x, indices);
    Tensor out = Tensor::empty(indices.sizes(), x.dtype());
    if (out.numel() > 0) kernels::maxPool2dGather(asPlanes(out), asPlanes(x), asPlanes(indices));
    if (auto node = autograd::makeNode<GatherBackward0>(x)) {
        node->selfSizes = x.sizes();
        node->indices = SavedVariable(indices);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

std::pair<Tensor, Tensor> maxPool2dImpl(const Tensor& input, const Shape& kernelSize, const Shape& stride,
                                        const Shape& padding, const Shape& dilation, bool ceilMode) {
    const Pooling g = poolGeometry(input, "max_pool2d", kernelSize, stride, padding, dilation, ceilMode);
    const Shape outSizes = withSpatial(input.sizes(), g.oh, g.ow);
    Tensor out = Tensor::empty(outSizes, input.dtype());
    Tensor indices = Tensor::empty(outSizes, DType::Int64);
    if (out.numel() > 0) kernels::maxPool2d(asPlanes(out), asPlanes(indices), asPlanes(input), g.p);
    if (auto node = autograd::makeNode<MaxPool2DWithIndicesBackward0>(input)) {
        node->selfSizes = input.sizes();
        node->indices = SavedVariable(indices);
        autograd::setHistory(out, node);
    }
    return {out, indices};
}

// ---- avg_pool2d ----------------------------------------------------------------------------------------

struct AvgPooling {
    kernels::PoolParams p;
    bool countIncludePad = true;
    std::int64_t divisorOverride = 0;  // 0: none
};

Tensor avgPool2dBackward(const Tensor& grad, const Shape& inputSizes, const AvgPooling& a);

Tensor avgPool2dForward(const Tensor& input, const Shape& outSizes, const AvgPooling& a);

struct AvgPool2DBackward0 final : Node {
    Shape selfSizes;
    AvgPooling pooling;
    std::string_view name() const override { return "AvgPool2DBackward0"; }
    TensorList apply(TensorList&& grads) override { return {avgPool2dBackward(grads[0], selfSizes, pooling)}; }
};

struct AvgPool2DBackwardBackward0 final : Node {
    Shape gradSizes;
    AvgPooling pooling;
    std::string_view name() const override { return "AvgPool2DBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override { return {avgPool2dForward(grads[0], gradSizes, pooling)}; }
};

Tensor avgPool2dForward(const Tensor& input, const Shape& outSizes, const AvgPooling& a) {
    Tensor out = Tensor::empty(outSizes, input.dtype());
    if (out.numel() > 0) kernels::avgPool2d(asPlanes(out), asPlanes(input), a.p, a.countIncludePad, a.divisorOverride);
    if (auto node = autograd::makeNode<AvgPool2DBackward0>(input)) {
        node->selfSizes = input.sizes();
        node->pooling = a;
        autograd::setHistory(out, node);
    }
    return out;
}

Tensor avgPool2dBackward(const Tensor& grad, const Shape& inputSizes, const AvgPooling& a) {
    OpCall call(kAvgPool2dBackward, grad);
    Tensor out = Tensor::empty(inputSizes, grad.dtype());
    if (out.numel() > 0)
        kernels::avgPool2dBackward(asPlanes(out), asPlanes(grad), a.p, a.countIncludePad, a.divisorOverride);
    if (auto node = autograd::makeNode<AvgPool2DBackwardBackward0>(grad)) {
        node->gradSizes = grad.sizes();
        node->pooling = a;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

// ---- adaptive_avg_pool2d -------------------------------------------------------------------------------

Tensor adaptiveBackward(const Tensor& grad, const Shape& inputSizes);
Tensor adaptiveForward(const Tensor& input, std::int64_t oh, std::int64_t ow);

struct AdaptiveAvgPool2DBackward0 final : Node {
    Shape selfSizes;
    std::string_view name() const override { return "AdaptiveAvgPool2DBackward0"; }
    TensorList apply(TensorList&& grads) override { return {adaptiveBackward(grads[0], selfSizes)}; }
};

struct AdaptiveAvgPool2DBackwardBackward0 final : Node {
    std::int64_t oh = 0, ow = 0;
    std::string_view name() const override { return "AdaptiveAvgPool2DBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override { return {adaptiveForward(grads[0], oh, ow)}; }
};

Tensor adaptiveForward(const Tensor& input, std::int64_t oh, std::int64_t ow) {
    Tensor out = Tensor::empty(withSpatial(input.sizes(), oh, ow), input.dtype());
    if (out.numel() > 0) kernels::adaptiveAvgPool2d(asPlanes(out), asPlanes(input));
    if (auto node = autograd::makeNode<AdaptiveAvgPool2DBackward0>(input)) {
        node->selfSizes = input.sizes();
        autograd::setHistory(out, node);
    }
    return out;
}

Tensor adaptiveBackward(const Tensor& grad, const Shape& inputSizes) {
    OpCall call(kAdaptiveAvgPool2dBackward, grad);
    Tensor out = Tensor::empty(inputSizes, grad.dtype());
    if (out.numel() > 0) kernels::adaptiveAvgPool2dBackward(asPlanes(out), asPlanes(grad));
    if (auto node = autograd::makeNode<AdaptiveAvgPool2DBackwardBackward0>(grad)) {
        node->oh = grad.size(-2);
        node->ow = grad.size(-1);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace

Tensor maxPool2d(const Tensor& input, const Shape& kernelSize, const Shape& stride, const Shape& padding,
                 const Shape& dilation, bool ceilMode) {
    OpCall call(kMaxPool2d, input);
    return call.finish(maxPool2dImpl(input, kernelSize, stride, padding, dilation, ceilMode).first);
}

std::pair<Tensor, Tensor> maxPool2dWithIndices(const Tensor& input, const Shape& kernelSize, const Shape& stride,
                                               const Shape& padding, const Shape& dilation, bool ceilMode) {
    OpCall call(kMaxPool2d, input);
    auto [out, indices] = maxPool2dImpl(input, kernelSize, stride, padding, dilation, ceilMode);
    call.finishMany(std::vector<Tensor>{out, indices});
    return {out, indices};
}

Tensor avgPool2d(const Tensor& input, const Shape& kernelSize, const Shape& stride, const Shape& padding, bool ceilMode,
                 bool countIncludePad, std::optional<std::int64_t> divisorOverride) {
    OpCall call(kAvgPool2d, input);
    const Pooling g = poolGeometry(input, "avg_pool2d", kernelSize, stride, padding, {1}, ceilMode);
    if (divisorOverride && *divisorOverride == 0) throw ValueError("avg_pool2d: divisor must be not zero");
    const AvgPooling a{g.p, countIncludePad, divisorOverride.value_or(0)};
    return call.finish(avgPool2dForward(input, withSpatial(input.sizes(), g.oh, g.ow), a));
}

Tensor adaptiveAvgPool2d(const Tensor& input, const Shape& outputSize) {
    OpCall call(kAdaptiveAvgPool2d, input);
    const Shape size = pair(outputSize, "adaptive_avg_pool2d", "output_size");
    checkPoolInput(input, "adaptive_avg_pool2d");
    const std::int64_t oh = size[0] < 0 ? input.size(-2) : size[0];
    const std::int64_t ow = size[1] < 0 ? input.size(-1) : size[1];
    if (oh == 0 || ow == 0)
        throw ShapeError("adaptive_avg_pool2d: output size must be positive, but got " + shapeToString(size));
    // torch computes a 1x1 output as input.mean((-1, -2), keepdim=True), so its graph shows MeanBackward1.
    if (oh == 1 && ow == 1) return call.finish(mean(input, {-1, -2}, /*keepdim=*/true));
    return call.finish(adaptiveForward(input, oh, ow));
}

}  // namespace tessera::ops
