#include "core/optim/adamw.h"

#include "core/optim/adam.h"
#include "core/optim/optim_support.h"

namespace tessera::optim {

namespace {
const Options kDefaults{{"lr", 1e-3},           {"beta1", 0.9}, {"beta2", 0.999}, {"eps", 1e-8},
                        {"weight_decay", 1e-2}, {"amsgrad", 0}, {"maximize", 0}};
}  // namespace

AdamW::AdamW(std::vector<ParamGroup> groups, const Options& defaults)
    : Optimizer("AdamW", detail::withDefaults("AdamW", kDefaults, defaults)) {
    addParamGroups(std::move(groups));
}

AdamW::AdamW(std::vector<Tensor> params, const Options& defaults)
    : AdamW(detail::oneGroup(std::move(params)), defaults) {}

void AdamW::validate(const ParamGroup& group) const { detail::validateAdam(group); }

void AdamW::update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) {
    detail::adamUpdate(group, param, grad, state, true, "AdamW.step");
}

}  // namespace tessera::optim
