// torch.nn.Dropout: in training, zeroes each element with probability p and scales the rest by
// 1/(1 − p); in evaluation, the identity. Masks come from the default generator (see manualSeed()).
//
//   nn::Dropout drop({.p = 0.2});
//   Tensor y = drop(x);
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

struct DropoutOptions {
    double p = 0.5;
};

class Dropout : public Module {
public:
    explicit Dropout(const DropoutOptions& options = {});
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const DropoutOptions& options() const { return m_options; }

private:
    DropoutOptions m_options;
};

}  // namespace tessera::nn
