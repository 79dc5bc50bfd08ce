// Optimizer: the base of torch.optim's optimizers over parameter groups, with per-parameter state.
//
//   optim::Adam opt(model.parameters(), {{"lr", 1e-3}});
//   for (…) {
//       opt.zeroGrad();
//       loss.backward();
//       opt.step();
//   }
//   opt.paramGroups()[0].set("lr", 1e-4);        // what schedulers do
//   optim::OptimizerState saved = opt.state();   // exact copy; opt.loadState(saved) restores it
//
// Hyper-parameters are per group and carry torch's keyword names ("lr", "momentum", "weight_decay",
// …). Flags are stored as 0/1 and Adam's betas as "beta1" and "beta2". Options a group does not set
// take the optimizer's defaults when the group is added, as torch's add_param_group does.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::optim {

using Options = std::map<std::string, double>;

struct ParamGroup {
    std::vector<Tensor> params;
    Options options;

    // ValueError naming the key when the group has no such option.
    double get(const std::string& key) const;
    bool flag(const std::string& key) const { return get(key) != 0.0; }
    void set(const std::string& key, double value) { options[key] = value; }
};

// One parameter's state, as torch's optimizer.state[p]: the step count and named buffers
// ("momentum_buffer", "exp_avg", "exp_avg_sq", "max_exp_avg_sq", "square_avg", "grad_avg").
struct ParamState {
    std::int64_t step = 0;
    std::map<std::string, Tensor> buffers;
};

// Everything save/restore needs, as torch's state_dict: group options, and states keyed by the
// parameter's position counted over all groups in order (parameters never stepped have no entry).
struct OptimizerState {
    std::string optimizer;  // "SGD", "Adam", …
    std::vector<Options> groups;
    std::vector<std::int64_t> groupSizes;  // parameters per group, checked on restore
    std::map<std::int64_t, ParamState> states;
};

class Optimizer {
public:
    virtual ~Optimizer() = default;
    Optimizer(const Optimizer&) = delete;
    Optimizer& operator=(const Optimizer&) = delete;

    const std::string& name() const { return m_name; }  // torch's class name
    const Options& defaults() const { return m_defaults; }
    std::vector<ParamGroup>& paramGroups() { return m_groups; }
    const std::vector<ParamGroup>& paramGroups() const { return m_groups; }
    void addParamGroup(ParamGroup group);

    // torch 1.13's zero_grad(set_to_none=False) zeroes the gradients in place; setToNone drops them.
    void zeroGrad(bool setToNone = false);
    // One update of every parameter that has a gradient, under NoGradGuard, in place (each update
    // bumps the parameter's version counter).
    void step();

    // Deep copies, so that later steps do not change a saved state.
    OptimizerState state() const;
    void loadState(const OptimizerState& state);
    const ParamState* stateOf(std::int64_t flatIndex) const;

protected:
    Optimizer(std::string name, Options defaults);
    // Called by each subclass's constructor, once validate() can run.
    void addParamGroups(std::vector<ParamGroup> groups);
    // Checks one group's options (ValueError naming the option, as torch's "Invalid learning rate").
    virtual void validate(const ParamGroup& group) const = 0;
    // Updates `param` from `grad` (contiguous, same dtype and sizes) and its `state`.
    virtual void update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) = 0;

private:
    std::string m_name;
    Options m_defaults;
    std::vector<ParamGroup> m_groups;
    std::map<std::int64_t, ParamState> m_states;
};

}  // namespace tessera::optim
