// torch.nn.LayerNorm: normalises the trailing normalized_shape dims of each sample to mean 0 and
// variance 1, then applies a learned per-element scale (weight) and shift (bias).
//
//   nn::LayerNorm norm({.normalizedShape = {64}});
//   Tensor y = norm(x);   // x [N, T, 64]
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

struct LayerNormOptions {
    Shape normalizedShape{};
    double eps = 1e-5;
    bool elementwiseAffine = true;
};

class LayerNorm : public Module {
public:
    explicit LayerNorm(const LayerNormOptions& options);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const LayerNormOptions& options() const { return m_options; }
    Tensor weight, bias;

private:
    LayerNormOptions m_options;
};

}  // namespace tessera::nn
