// torch.nn.GELU: x·Φ(x), exactly (approximate "none") or with the tanh approximation.
//
//   nn::GELU act({.approximate = ops::GeluApproximate::Tanh});
//   Tensor y = act(x);
#pragma once

#include "core/nn/module.h"
#include "core/ops/activation.h"

namespace tessera::nn {

struct GELUOptions {
    ops::GeluApproximate approximate = ops::GeluApproximate::None;
};

class GELU : public Module {
public:
    explicit GELU(const GELUOptions& options = {}) : Module("GELU"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const GELUOptions& options() const { return m_options; }

private:
    GELUOptions m_options;
};

}  // namespace tessera::nn
