#include "core/ops/conv.h"

#include <string>

#include "core/kernels/conv.h"
#include "core/ops/dispatch.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

// A multiply-add per weight element per output element, plus the bias.
OpCost convCost(const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    if (inputs.size() < 2 || outputs.empty() || !inputs[1].defined() || inputs[1].dim() == 0) return c;
    const Tensor& w = inputs[1];
    const double perOutput = w.size(0) == 0 ? 0.0 : static_cast<double>(w.numel() / w.size(0));
    c.flops = 2.0 * perOutput * static_cast<double>(outputs[0].numel());
    return c;
}

const OpInfo& kConv1d = registerOp({"conv1d", OpCategory::Nn, convCost});
const OpInfo& kConv2d = registerOp({"conv2d", OpCategory::Nn, convCost});

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
              const Shape& strideArg, const Shape& paddingArg, const Shape& dilationArg, std::int64_t groups) {
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
    const Shape padding = expandParam(paddingArg, spatial, "padding", op);
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

    const Tensor x = batched ? input : unsqueeze(input, 0);
    if (weight.size(0) % groups != 0)
        throw ShapeError(op + ": Given groups=" + std::to_string(groups) + ", expected weight to be divisible by " +
                         std::to_string(groups) + " at dimension 0, but got weight of size " +
                         shapeToString(weight.sizes()) + " instead");
    if (x.size(1) != weight.size(1) * groups)
        throw ShapeError(op + ": Given groups=" + std::to_string(groups) + ", weight of size " +
                         shapeToString(weight.sizes()) + ", expected input" + shapeToString(input.sizes()) +
                         " to have " + std::to_string(weight.size(1) * groups) + " channels, but got " +
                         std::to_string(x.size(1)) + " channels instead");
    if (bias.defined() && (bias.dim() != 1 || bias.size(0) != weight.size(0)))
        throw ShapeError(op + ": Given weight of size " + shapeToString(weight.sizes()) +
                         ", expected bias to be 1-dimensional with " + std::to_string(weight.size(0)) +
                         " elements, but got bias of size " + shapeToString(bias.sizes()) + " instead");
    Shape padded(spatial), kernel(spatial), outSizes{x.size(0), weight.size(0)};
    bool tooSmall = false;
    for (std::int64_t d = 0; d < spatial; ++d) {
        padded[d] = x.size(2 + d) + 2 * padding[d];
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
    Tensor xc = contiguous(x), wc = contiguous(weight);
    if (spatial == 1) {
        xc = unsqueeze(xc, 2);
        wc = unsqueeze(wc, 2);
    }
    const Tensor bc = bias.defined() ? contiguous(bias) : Tensor();
    Tensor out = Tensor::empty(outSizes, input.dtype());
    kernels::convForward(spatial == 1 ? unsqueeze(out, 2) : out, xc, wc, bc, p);
    return batched ? out : squeeze(out, 0);
}

}  // namespace

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride, const Shape& padding,
              const Shape& dilation, std::int64_t groups) {
    OpCall call(kConv1d, input, weight, bias);
    return call.finish(convNd(kConv1d, 1, input, weight, bias, stride, padding, dilation, groups));
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride, const Shape& padding,
              const Shape& dilation, std::int64_t groups) {
    OpCall call(kConv2d, input, weight, bias);
    return call.finish(convNd(kConv2d, 2, input, weight, bias, stride, padding, dilation, groups));
}

}  // namespace tessera::ops
