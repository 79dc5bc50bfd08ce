// torch.nn.ELU: x for x > 0, alpha·(exp(x) − 1) otherwise.
//
//   nn::ELU act({.alpha = 0.5});
//   Tensor y = act(x);
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

struct ELUOptions {
    double alpha = 1.0;
};

class ELU : public Module {
public:
    explicit ELU(const ELUOptions& options = {}) : Module("ELU"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const ELUOptions& options() const { return m_options; }

private:
    ELUOptions m_options;
};

}  // namespace tessera::nn
