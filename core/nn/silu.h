// torch.nn.SiLU: x·sigmoid(x) element-wise (swish).
//
//   nn::SiLU act;
//   Tensor y = act(x);   // same shape as x
#pragma once

#include "core/nn/module.h"

namespace tessera::nn {

class SiLU : public Module {
public:
    SiLU() : Module("SiLU") {}
    Tensor forward(const Tensor& input) override;
};

}  // namespace tessera::nn
