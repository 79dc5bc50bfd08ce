#include "core/nn/conv_nd.h"

#include <algorithm>

#include "core/nn/init.h"
#include "core/nn/py_format.h"
#include "core/ops/index_select.h"
#include "core/tensor/error.h"

namespace tessera::nn {

namespace {

Shape expanded(const Shape& values, std::size_t n, const std::string& type, const char* name) {
    if (values.size() == n) return values;
    if (values.size() == 1) return Shape(n, values[0]);
    throw ValueError(type + ": " + name + " must have 1 or " + std::to_string(n) + " values, got " +
                     std::to_string(values.size()));
}

}  // namespace

ConvNd::ConvNd(std::string typeName, std::size_t spatialDims, const ConvOptions& options, Generator& gen)
    : Module(typeName), m_options(options) {
    const std::string& type = this->typeName();
    if (options.groups <= 0) throw ValueError(type + ": groups must be a positive integer");
    if (options.inChannels % options.groups != 0) throw ValueError(type + ": in_channels must be divisible by groups");
    if (options.outChannels % options.groups != 0)
        throw ValueError(type + ": out_channels must be divisible by groups");
    if (!options.paddingString.empty() && options.paddingString != "same" && options.paddingString != "valid")
        throw ValueError(type + ": Invalid padding string '" + options.paddingString +
                         "', should be one of {'valid', 'same'}");
    if (options.paddingMode != "zeros" && options.paddingMode != "reflect" && options.paddingMode != "replicate" &&
        options.paddingMode != "circular")
        throw ValueError(type +
                         ": padding_mode must be one of {'circular', 'reflect', 'zeros', 'replicate'}, but got "
                         "padding_mode='" +
                         options.paddingMode + "'");
    m_options.kernelSize = expanded(options.kernelSize, spatialDims, type, "kernel_size");
    m_options.stride = expanded(options.stride, spatialDims, type, "stride");
    m_options.dilation = expanded(options.dilation, spatialDims, type, "dilation");
    if (options.paddingString.empty()) {
        m_options.padding = expanded(options.padding, spatialDims, type, "padding");
    } else {
        m_options.padding = Shape(spatialDims, 0);
        if (options.paddingString == "same")
            for (const auto s : m_options.stride)
                if (s != 1) throw ValueError(type + ": padding='same' is not supported for strided convolutions");
    }

    Shape weightShape{options.outChannels, options.inChannels / options.groups};
    std::int64_t fanIn = options.inChannels / options.groups;
    for (const auto k : m_options.kernelSize) {
        weightShape.push_back(k);
        fanIn *= k;
    }
    const double bound = init::fanInBound(fanIn);
    weight = registerParameter("weight", init::uniform(weightShape, bound, gen));
    if (options.bias) bias = registerParameter("bias", init::uniform({options.outChannels}, bound, gen));
}

std::string ConvNd::extraRepr() const {
    const ConvOptions& o = m_options;
    std::string s = std::to_string(o.inChannels) + ", " + std::to_string(o.outChannels) +
                    ", kernel_size=" + pyTuple(o.kernelSize) + ", stride=" + pyTuple(o.stride);
    if (!o.paddingString.empty())
        s += ", padding=" + o.paddingString;
    else if (std::any_of(o.padding.begin(), o.padding.end(), [](std::int64_t v) { return v != 0; }))
        s += ", padding=" + pyTuple(o.padding);
    if (std::any_of(o.dilation.begin(), o.dilation.end(), [](std::int64_t v) { return v != 1; }))
        s += ", dilation=" + pyTuple(o.dilation);
    if (o.groups != 1) s += ", groups=" + std::to_string(o.groups);
    if (!o.bias) s += ", bias=False";
    if (o.paddingMode != "zeros") s += ", padding_mode=" + o.paddingMode;
    return s;
}

Tensor ConvNd::padInput(const Tensor& input) const {
    const ConvOptions& o = m_options;
    const auto spatial = static_cast<std::int64_t>(o.kernelSize.size());
    if (input.dim() < spatial + 1) return input;  // the convolution op reports the bad rank
    Tensor x = input;
    for (std::int64_t d = 0; d < spatial; ++d) {
        std::int64_t left = o.padding[static_cast<std::size_t>(d)], right = left;
        if (o.paddingString == "valid") left = right = 0;
        if (o.paddingString == "same") {
            // torch puts the odd element of an odd total on the right (end) side.
            const std::int64_t total =
                o.dilation[static_cast<std::size_t>(d)] * (o.kernelSize[static_cast<std::size_t>(d)] - 1);
            left = total / 2;
            right = total - left;
        }
        if (left == 0 && right == 0) continue;
        const std::int64_t dim = input.dim() - spatial + d;
        const std::int64_t size = x.size(dim);
        if (o.paddingMode == "reflect" && (left >= size || right >= size))
            throw ShapeError(typeName() +
                             ": Padding size should be less than the corresponding input dimension, but got: "
                             "padding (" +
                             std::to_string(left) + ", " + std::to_string(right) + ") at dimension " +
                             std::to_string(dim) + " of input " + shapeToString(input.sizes()));
        if (o.paddingMode == "circular" && (left > size || right > size))
            throw ShapeError(typeName() + ": Padding value causes wrapping around more than once.");
        if (size == 0)
            throw ShapeError(typeName() + ": cannot pad an empty dimension with padding_mode=" + o.paddingMode);
        Tensor index = Tensor::empty({left + size + right}, DType::Int64);
        std::int64_t* p = index.data<std::int64_t>();
        for (std::int64_t i = -left; i < size + right; ++i) {
            std::int64_t& j = p[i + left];
            if (o.paddingMode == "reflect")
                j = i < 0 ? -i : (i >= size ? 2 * (size - 1) - i : i);
            else if (o.paddingMode == "replicate")
                j = std::clamp<std::int64_t>(i, 0, size - 1);
            else
                j = ((i % size) + size) % size;
        }
        x = ops::indexSelect(x, dim, index);
    }
    return x;
}

std::vector<ParamSpec> convParams(int spatialDims) {
    return {{.name = "in_channels",
             .type = ParamType::Int,
             .required = true,
             .min = 1,
             .help = "Number of input channels."},
            {.name = "out_channels",
             .type = ParamType::Int,
             .required = true,
             .min = 1,
             .help = "Number of output channels (filters)."},
            {.name = "kernel_size",
             .type = ParamType::IntOrTuple,
             .required = true,
             .min = 1,
             .tupleSize = spatialDims,
             .help = "Size of the convolving kernel."},
            {.name = "stride",
             .type = ParamType::IntOrTuple,
             .defaultValue = 1,
             .min = 1,
             .tupleSize = spatialDims,
             .help = "Step of the kernel."},
            {.name = "padding",
             .type = ParamType::IntOrTuple,
             .defaultValue = 0,
             .min = 0,
             .choices = {"valid", "same"},
             .tupleSize = spatialDims,
             .help = "Zeros added to both sides of each spatial dim; 'same' keeps the size (stride 1 only), "
                     "'valid' adds none."},
            {.name = "dilation",
             .type = ParamType::IntOrTuple,
             .defaultValue = 1,
             .min = 1,
             .tupleSize = spatialDims,
             .help = "Spacing between kernel elements."},
            {.name = "groups",
             .type = ParamType::Int,
             .defaultValue = 1,
             .min = 1,
             .help = "Number of blocked connections from input to output channels; divides both channel counts."},
            {.name = "bias", .type = ParamType::Bool, .defaultValue = true, .help = "Learn an additive bias."},
            {.name = "padding_mode",
             .type = ParamType::Choice,
             .defaultValue = "zeros",
             .choices = {"zeros", "reflect", "replicate", "circular"},
             .help = "How the padding is filled: zeros, the mirror image without the edge (reflect), copies of the "
                     "edge (replicate) or the other end's values (circular)."}};
}

ConvOptions convOptionsFromJson(const io::Json& o) {
    ConvOptions options{.inChannels = o.at("in_channels").asInteger(),
                        .outChannels = o.at("out_channels").asInteger(),
                        .kernelSize = intList(o.at("kernel_size"), 1),
                        .stride = intList(o.at("stride"), 1),
                        .dilation = intList(o.at("dilation"), 1),
                        .groups = o.at("groups").asInteger(),
                        .bias = o.at("bias").asBool(),
                        .paddingMode = o.at("padding_mode").asString()};
    if (o.at("padding").isString())
        options.paddingString = o.at("padding").asString();
    else
        options.padding = intList(o.at("padding"), 1);
    return options;
}

}  // namespace tessera::nn
