// torch.nn.LeakyReLU: x for x ≥ 0, negative_slope·x otherwise.
//
//   nn::LeakyReLU act({.negativeSlope = 0.2});
//   Tensor y = act(x);
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

struct LeakyReLUOptions {
    double negativeSlope = 0.01;
};

class LeakyReLU : public Module {
public:
    explicit LeakyReLU(const LeakyReLUOptions& options = {}) : Module("LeakyReLU"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const LeakyReLUOptions& options() const { return m_options; }

private:
    LeakyReLUOptions m_options;
};

}  // namespace tessera::nn
