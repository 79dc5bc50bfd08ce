#include "core/nn/adaptive_avg_pool2d.h"

#include "core/nn/layer_registry.h"
#include "core/nn/max_pool2d.h"
#include "core/ops/pool.h"

namespace tessera::nn {

Tensor AdaptiveAvgPool2d::forward(const Tensor& input) {
    const Shape& s = m_options.outputSize;
    return ops::adaptiveAvgPool2d(input, s.size() == 1 ? Shape{s[0], s[0]} : s);
}

std::string AdaptiveAvgPool2d::extraRepr() const { return "output_size=" + poolSizeRepr(m_options.outputSize); }

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "AdaptiveAvgPool2d",
              .category = "Pooling",
              .help = "Average pooling to a fixed output size, whatever the input size.",
              .params = {{.name = "output_size",
                          .type = ParamType::IntOrTuple,
                          .required = true,
                          .min = 1,
                          .tupleSize = 2,
                          .help = "Output height and width (one value for both)."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<AdaptiveAvgPool2d>(
                      AdaptiveAvgPool2dOptions{.outputSize = intList(o.at("output_size"), 1)});
              }}};

}  // namespace

}  // namespace tessera::nn
