#include "core/nn/avg_pool2d.h"

#include "core/nn/layer_registry.h"
#include "core/nn/max_pool2d.h"
#include "core/ops/pool.h"

namespace tessera::nn {

AvgPool2d::AvgPool2d(const AvgPool2dOptions& options) : Module("AvgPool2d"), m_options(options) {
    if (m_options.stride.empty()) m_options.stride = m_options.kernelSize;
}

Tensor AvgPool2d::forward(const Tensor& input) {
    return ops::avgPool2d(input, m_options.kernelSize, m_options.stride, m_options.padding, m_options.ceilMode,
                          m_options.countIncludePad, m_options.divisorOverride);
}

std::string AvgPool2d::extraRepr() const {
    return "kernel_size=" + poolSizeRepr(m_options.kernelSize) + ", stride=" + poolSizeRepr(m_options.stride) +
           ", padding=" + poolSizeRepr(m_options.padding);
}

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "AvgPool2d",
              .category = "Pooling",
              .help = "Average over sliding 2-D windows of [N, C, H, W] inputs.",
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
                          .help = "Implicit zero padding on both sides (at most half the kernel size)."},
                         {.name = "ceil_mode",
                          .type = ParamType::Bool,
                          .defaultValue = false,
                          .help = "Round the output size up instead of down."},
                         {.name = "count_include_pad",
                          .type = ParamType::Bool,
                          .defaultValue = true,
                          .help = "Count the zero padding in the divisor."},
                         {.name = "divisor_override",
                          .type = ParamType::OptionalInt,
                          .defaultValue = nullptr,
                          .min = 1,
                          .help = "Divide by this instead of the window size."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<AvgPool2d>(
                      AvgPool2dOptions{.kernelSize = intList(o.at("kernel_size"), 1),
                                       .stride = o.at("stride").isNull() ? Shape{} : intList(o.at("stride"), 1),
                                       .padding = intList(o.at("padding"), 1),
                                       .ceilMode = o.at("ceil_mode").asBool(),
                                       .countIncludePad = o.at("count_include_pad").asBool(),
                                       .divisorOverride = optionalInteger(o.at("divisor_override"))});
              }}};

}  // namespace

}  // namespace tessera::nn
