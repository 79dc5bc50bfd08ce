// torch.nn.Sigmoid: 1 / (1 + exp(-x)) element-wise.
//
//   nn::Sigmoid act;
//   Tensor y = act(x);   // same shape as x
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

class Sigmoid : public Module {
public:
    Sigmoid() : Module("Sigmoid") {}
    Tensor forward(const Tensor& input) override;
};

}  // namespace tessera::nn
