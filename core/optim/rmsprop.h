// RMSprop: torch.optim.RMSprop (1.13, single-tensor path), plain or centered, with momentum.
//
//   optim::RMSprop opt(model.parameters(), {{"lr", 1e-2}, {"alpha", 0.99}, {"centered", 1}});
//
// Options (torch's names, flags as 0/1): lr 1e-2, alpha 0.99, eps 1e-8, weight_decay 0, momentum 0,
// centered 0, maximize 0. State per parameter: step, "square_avg", "momentum_buffer" when momentum
// > 0, "grad_avg" when centered.
#pragma once

#include "core/optim/optimizer.h"

namespace tessera::optim {

class RMSprop : public Optimizer {
public:
    RMSprop(std::vector<ParamGroup> groups, const Options& defaults = {});
    RMSprop(std::vector<Tensor> params, const Options& defaults = {});

protected:
    void validate(const ParamGroup& group) const override;
    void update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) override;
};

}  // namespace tessera::optim
