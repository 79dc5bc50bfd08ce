// torch.nn.AdaptiveAvgPool2d: averages [N, C, H, W] (or [C, H, W]) inputs down to a fixed output size,
// whatever the input size.
//
//   nn::AdaptiveAvgPool2d gap({.outputSize = {1}});
//   Tensor y = gap(x);   // [N, 64, 7, 7] → [N, 64, 1, 1]
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

struct AdaptiveAvgPool2dOptions {
    Shape outputSize{};  // one value for both dims or (H, W); -1 keeps that input size (torch's None)
};

class AdaptiveAvgPool2d : public Module {
public:
    explicit AdaptiveAvgPool2d(const AdaptiveAvgPool2dOptions& options)
        : Module("AdaptiveAvgPool2d"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const AdaptiveAvgPool2dOptions& options() const { return m_options; }

private:
    AdaptiveAvgPool2dOptions m_options;
};

}  // namespace tessera::nn
