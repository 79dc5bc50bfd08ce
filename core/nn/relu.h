// torch.nn.ReLU: max(0, x) element-wise.
//
//   nn::ReLU act;
//   Tensor y = act(x);   // same shape as x
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

class ReLU : public Module {
public:
    ReLU() : Module("ReLU") {}
    Tensor forward(const Tensor& input) override;
};

}  // namespace tessera::nn
