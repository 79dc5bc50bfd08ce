#include "core/nn/conv1d.h"

#include "core/ops/conv.h"

namespace tessera::nn {

Tensor Conv1d::forward(const Tensor& input) {
    const ConvOptions& o = options();
    if (o.paddingMode != "zeros")
        return ops::conv1d(padInput(input), weight, bias, o.stride, Shape(o.kernelSize.size(), 0), o.dilation,
                           o.groups);
    if (o.paddingString.empty()) return ops::conv1d(input, weight, bias, o.stride, o.padding, o.dilation, o.groups);
    const auto padding = o.paddingString == "same" ? ops::ConvPadding::Same : ops::ConvPadding::Valid;
    return ops::conv1d(input, weight, bias, o.stride, padding, o.dilation, o.groups);
}

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "Conv1d",
              .category = "Convolution",
              .help = "1-D convolution over [N, C, L] (or unbatched [C, L]) inputs.",
              .params = convParams(1),
              .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
                  return std::make_shared<Conv1d>(convOptionsFromJson(o), gen);
              }}};

}  // namespace

}  // namespace tessera::nn
