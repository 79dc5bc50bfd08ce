// torch.nn.Tanh: hyperbolic tangent element-wise.
//
//   nn::Tanh act;
//   Tensor y = act(x);   // same shape as x
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

class Tanh : public Module {
public:
    Tanh() : Module("Tanh") {}
    Tensor forward(const Tensor& input) override;
};

}  // namespace tessera::nn
