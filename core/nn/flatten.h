// torch.nn.Flatten: merges the dims start_dim … end_dim into one (by default all but the batch dim).
//
//   nn::Flatten flat;
//   Tensor y = flat(x);   // [64, 8, 14, 14] → [64, 1568]
#pragma once

#include <cstdint>

#include "core/nn/module.h"

namespace tessera::nn {

struct FlattenOptions {
    std::int64_t startDim = 1;
    std::int64_t endDim = -1;
};

class Flatten : public Module {
public:
    explicit Flatten(const FlattenOptions& options = {}) : Module("Flatten"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const FlattenOptions& options() const { return m_options; }

private:
    FlattenOptions m_options;
};

}  // namespace tessera::nn
