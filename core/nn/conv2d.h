// torch.nn.Conv2d over [N, C, H, W] (or unbatched [C, H, W]) inputs.
//
//   nn::Conv2d conv({.inChannels = 4, .outChannels = 8, .kernelSize = {3}, .padding = {1}}, gen);
//   Tensor y = conv(x);   // [N, 4, 28, 28] → [N, 8, 28, 28]
#pragma once

#include "core/nn/conv_nd.h"

namespace tessera::nn {

using Conv2dOptions = ConvOptions;

class Conv2d : public ConvNd {
public:
    Conv2d(const Conv2dOptions& options, Generator& gen) : ConvNd("Conv2d", 2, options, gen) {}
    Tensor forward(const Tensor& input) override;
};

}  // namespace tessera::nn
