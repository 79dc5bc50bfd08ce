// AdamW: torch.optim.AdamW (1.13, single-tensor path): Adam with decoupled weight decay.
//
//   optim::AdamW opt(model.parameters(), {{"lr", 1e-3}, {"weight_decay", 1e-2}});
//
// Options as Adam's, with weight_decay 1e-2 by default; each step first scales the parameter by
// (1 − lr·weight_decay), then applies Adam's update without weight decay in the gradient.
#pragma once

#include "core/optim/optimizer.h"

namespace tessera::optim {

class AdamW : public Optimizer {
public:
    AdamW(std::vector<ParamGroup> groups, const Options& defaults = {});
    AdamW(std::vector<Tensor> params, const Options& defaults = {});

protected:
    void validate(const ParamGroup& group) const override;
    void update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) override;
};

}  // namespace tessera::optim
