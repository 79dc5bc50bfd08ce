// SGD: torch.optim.SGD (1.13, single-tensor path) — momentum, dampening, Nesterov, L2 weight decay.
//
//   optim::SGD opt(model.parameters(), {{"lr", 0.1}, {"momentum", 0.9}, {"nesterov", 1}});
//
// Options (torch's names, flags as 0/1): lr (required), momentum 0, dampening 0, weight_decay 0,
// nesterov 0, maximize 0. State per parameter: "momentum_buffer" once momentum is non-zero.
#pragma once

#include "core/optim/optimizer.h"

namespace tessera::optim {

class SGD : public Optimizer {
public:
    SGD(std::vector<ParamGroup> groups, const Options& defaults);
    SGD(std::vector<Tensor> params, const Options& defaults);

protected:
    void validate(const ParamGroup& group) const override;
    void update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) override;
};

}  // namespace tessera::optim
