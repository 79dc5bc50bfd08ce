// Adam: torch.optim.Adam (1.13, single-tensor path), with AMSGrad, L2 weight decay and maximize.
//
//   optim::Adam opt(model.parameters(), {{"lr", 1e-3}, {"beta1", 0.9}, {"beta2", 0.999}});
//
// Options (torch's names; betas split into beta1/beta2; flags as 0/1): lr 1e-3, beta1 0.9,
// beta2 0.999, eps 1e-8, weight_decay 0, amsgrad 0, maximize 0. State per parameter: step,
// "exp_avg", "exp_avg_sq", and "max_exp_avg_sq" with amsgrad.
#pragma once

#include "core/optim/optimizer.h"

namespace tessera::optim {

class Adam : public Optimizer {
public:
    Adam(std::vector<ParamGroup> groups, const Options& defaults = {});
    Adam(std::vector<Tensor> params, const Options& defaults = {});

protected:
    void validate(const ParamGroup& group) const override;
    void update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) override;
};

namespace detail {
// Adam's update; `decoupled` is AdamW's weight decay (p ← p·(1 − lr·wd) first) instead of L2 in the
// gradient.
void adamUpdate(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state, bool decoupled,
                const char* op);
void validateAdam(const ParamGroup& group);
}  // namespace detail

}  // namespace tessera::optim
