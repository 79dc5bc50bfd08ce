#include "core/nn/adaptive_avg_pool2d.h"

#include "core/nn/layer_registry.h"
#include "core/nn/max_pool2d.h"
#include "core/ops/pool.h"

namespace tessera::nn {

Tensor AdaptiveAvgPool2d::forward(const Tensor& input) {
    const Shape& s = m_options.outputSize;
    return ops::adaptiveAvgPool2d(input, s.size() == 1 ? Shape{s[0], s[0]} : s);
}

std::string AdaptiveAvgPool2d::extraRepr() const {
    const Shape& s = m_options.outputSize;
    if (s.size() == 1) return "output_size=" + std::to_string(s[0]);
    std::string text = "output_size=(";
    for (std::size_t i = 0; i < s.size(); ++i) text += (i > 0 ? ", " : "") + (s[i] < 0 ? "None" : std::to_string(s[i]));
    return text + ")";
}

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
                          .nullElements = true,
                          .help = "Output height and width (one value for both); null keeps that input size."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<AdaptiveAvgPool2d>(
                      AdaptiveAvgPool2dOptions{.outputSize = intList(o.at("output_size"), 1)});
              }}};

}  // namespace

}  // namespace tessera::nn
