// torch.nn.Linear: y = x · weightᵀ + bias over the last dim of x.
//
//   Generator gen(0);
//   nn::Linear fc({.inFeatures = 4, .outFeatures = 3}, gen);   // weight [3, 4], bias [3]
//   Tensor y = fc(x);                                           // x [N, 4] → [N, 3]
#pragma once

#include <cstdint>

#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::nn {

struct LinearOptions {
    std::int64_t inFeatures = 0;
    std::int64_t outFeatures = 0;
    bool bias = true;
};

class Linear : public Module {
public:
    Linear(const LinearOptions& options, Generator& gen);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;

    const LinearOptions& options() const { return m_options; }
    Tensor weight, bias;

private:
    LinearOptions m_options;
};

}  // namespace tessera::nn
