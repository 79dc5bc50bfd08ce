// torch.nn.Conv1d over [N, C, L] (or unbatched [C, L]) inputs.
//
//   nn::Conv1d conv({.inChannels = 4, .outChannels = 8, .kernelSize = {5}}, gen);
//   Tensor y = conv(x);   // [N, 4, 100] → [N, 8, 96]
#pragma once

#include "core/nn/conv_nd.h"

namespace tessera::nn {

using Conv1dOptions = ConvOptions;

class Conv1d : public ConvNd {
public:
    Conv1d(const Conv1dOptions& options, Generator& gen) : ConvNd("Conv1d", 1, options, gen) {}
    Tensor forward(const Tensor& input) override;
};

}  // namespace tessera::nn
