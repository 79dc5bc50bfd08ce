// torch.nn.MaxPool2d over [N, C, H, W] (or [C, H, W]) inputs. Sizes hold one value for both dims or
// two (H, W); an empty stride means stride = kernel_size.
//
//   nn::MaxPool2d pool({.kernelSize = {2}});
//   Tensor y = pool(x);   // [N, 8, 28, 28] → [N, 8, 14, 14]
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

struct MaxPool2dOptions {
    Shape kernelSize{};
    Shape stride{};
    Shape padding{0};
    Shape dilation{1};
    bool ceilMode = false;
};

class MaxPool2d : public Module {
public:
    explicit MaxPool2d(const MaxPool2dOptions& options);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const MaxPool2dOptions& options() const { return m_options; }

private:
    MaxPool2dOptions m_options;
};

// A pooling size as torch's repr shows it: "2" for one value, "(2, 3)" for two.
std::string poolSizeRepr(const Shape& values);

}  // namespace tessera::nn
