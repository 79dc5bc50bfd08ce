#include "core/nn/conv2d.h"

#include "core/ops/conv.h"

namespace tessera::nn {

Tensor Conv2d::forward(const Tensor& input) {
    const ConvOptions& o = options();
    if (o.paddingMode != "zeros")
        return ops::conv2d(padInput(input), weight, bias, o.stride, Shape(o.kernelSize.size(), 0), o.dilation,
                           o.groups);
    if (o.paddingString.empty()) return ops::conv2d(input, weight, bias, o.stride, o.padding, o.dilation, o.groups);
    const auto padding = o.paddingString == "same" ? ops::ConvPadding::Same : ops::ConvPadding::Valid;
    return ops::conv2d(input, weight, bias, o.stride, padding, o.dilation, o.groups);
}

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "Conv2d",
              .category = "Convolution",
              .help = "2-D convolution over [N, C, H, W] (or unbatched [C, H, W]) inputs.",
              .params = convParams(2),
              .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
                  return std::make_shared<Conv2d>(convOptionsFromJson(o), gen);
              }}};

}  // namespace

}  // namespace tessera::nn
