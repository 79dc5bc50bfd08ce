// torch.nn.AvgPool2d over [N, C, H, W] (or [C, H, W]) inputs. Sizes hold one value for both dims or
// two (H, W); an empty stride means stride = kernel_size.
//
//   nn::AvgPool2d pool({.kernelSize = {3}, .stride = {1}, .padding = {1}, .countIncludePad = false});
//   Tensor y = pool(x);
#pragma once

#include <cstdint>
#include <optional>

#include "core/nn/module.h"

namespace tessera::nn {

struct AvgPool2dOptions {
    Shape kernelSize{};
    Shape stride{};
    Shape padding{0};
    bool ceilMode = false;
    bool countIncludePad = true;
    std::optional<std::int64_t> divisorOverride{};
};

class AvgPool2d : public Module {
public:
    explicit AvgPool2d(const AvgPool2dOptions& options);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const AvgPool2dOptions& options() const { return m_options; }

private:
    AvgPool2dOptions m_options;
};

}  // namespace tessera::nn
