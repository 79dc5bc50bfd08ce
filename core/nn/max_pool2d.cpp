#include "core/nn/max_pool2d.h"

#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/pool.h"

namespace tessera::nn {

MaxPool2d::MaxPool2d(const MaxPool2dOptions& options) : Module("MaxPool2d"), m_options(options) {
    if (m_options.stride.empty()) m_options.stride = m_options.kernelSize;
}

Tensor MaxPool2d::forward(const Tensor& input) {
    return ops::maxPool2d(input, m_options.kernelSize, m_options.stride, m_options.padding, m_options.dilation,
                          m_options.ceilMode);
}

std::string MaxPool2d::extraRepr() const {
    return "kernel_size=" + poolSizeRepr(m_options.kernelSize) + ", stride=" + poolSizeRepr(m_options.stride) +
           ", padding=" + poolSizeRepr(m_options.padding) + ", dilation=" + poolSizeRepr(m_options.dilation) +
           ", ceil_mode=" + pyBool(m_options.ceilMode);
}

std::string poolSizeRepr(const Shape& values) {
    return values.size() == 1 ? std::to_string(values[0]) : pyTuple(values);
}

namespace {

Shape sizesOrEmpty(const io::Json& value) { return value.isNull() ? Shape{} : intList(value, 1); }

const LayerRegistration registration{
    LayerInfo{.type = "MaxPool2d",
              .category = "Pooling",
              .help = "Maximum over sliding 2-D windows of [N, C, H, W] inputs.",
              .params = {{.name = "kernel_size",
                          .type = ParamType::IntOrTuple,
                          .required = true,
                          .min = 1,
                          .tupleSize = 2,
                          .help = "Size of the window."},
                         {.name = "stride",
                          .type = ParamType::IntOrTuple,
                          .defaultValue = nullptr,
                          .min = 1,
                          .tupleSize = 2,
                          .help = "Step of the window; null means kernel_size."},
                         {.name = "padding",
                          .type = ParamType::IntOrTuple,
                          .defaultValue = 0,
                          .min = 0,
                          .tupleSize = 2,
                          .help = "Implicit −∞ padding on both sides (at most half the kernel size)."},
                         {.name = "dilation",
                          .type = ParamType::IntOrTuple,
                          .defaultValue = 1,
                          .min = 1,
                          .tupleSize = 2,
                          .help = "Spacing between window elements."},
                         {.name = "ceil_mode",
                          .type = ParamType::Bool,
                          .defaultValue = false,
                          .help = "Round the output size up instead of down."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<MaxPool2d>(MaxPool2dOptions{.kernelSize = intList(o.at("kernel_size"), 1),
                                                                      .stride = sizesOrEmpty(o.at("stride")),
                                                                      .padding = intList(o.at("padding"), 1),
                                                                      .dilation = intList(o.at("dilation"), 1),
                                                                      .ceilMode = o.at("ceil_mode").asBool()});
              }}};

}  // namespace

}  // namespace tessera::nn
