#include "core/optim/optimizer.h"

#include <utility>

#include "core/autograd/grad_mode.h"
#include "core/ops/fill.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"

namespace tessera::optim {

double ParamGroup::get(const std::string& key) const {
    const auto it = options.find(key);
    if (it == options.end()) throw ValueError("param_groups: the group has no option '" + key + "'");
    return it->second;
}

Optimizer::Optimizer(std::string name, Options defaults) : m_name(std::move(name)), m_defaults(std::move(defaults)) {}

void Optimizer::addParamGroups(std::vector<ParamGroup> groups) {
    if (groups.empty()) throw ValueError(m_name + ": optimizer got an empty parameter list");
    for (auto& group : groups) addParamGroup(std::move(group));
}

void Optimizer::addParamGroup(ParamGroup group) {
    if (group.params.empty()) throw ValueError(m_name + ": optimizer got an empty parameter list");
    for (const auto& p : group.params) {
        if (!p.defined()) throw ValueError(m_name + ": a parameter is an undefined tensor");
        if (!p.isLeaf()) throw ValueError(m_name + ": can't optimize a non-leaf Tensor");
        for (const auto& g : m_groups)
            for (const auto& q : g.params)
                if (q.implPtr() == p.implPtr())
                    throw ValueError(m_name + ": some parameters appear in more than one parameter group");
    }
    for (const auto& [key, value] : m_defaults) group.options.try_emplace(key, value);
    validate(group);
    m_groups.push_back(std::move(group));
}

void Optimizer::zeroGrad(bool setToNone) {
    autograd::NoGradGuard guard;
    for (auto& group : m_groups) {
        for (const auto& p : group.params) {
            Tensor g = p.grad();
            if (!g.defined()) continue;
            if (setToNone) {
                p.setGrad(Tensor());
                continue;
            }
            if (g.gradFn()) {
                g = g.detach();
                p.setGrad(g);
            }
            ops::fill_(g, 0);
        }
    }
}

void Optimizer::step() {
    autograd::NoGradGuard guard;
    std::int64_t flat = 0;
    for (auto& group : m_groups) {
        for (const auto& p : group.params) {
            const std::int64_t index = flat++;
            Tensor grad = p.grad();
            if (!grad.defined()) continue;
            if (!p.isContiguous())
                throw ValueError(m_name + ".step: parameters must be contiguous, got strides " +
                                 shapeToString(p.strides()) + " for sizes " + shapeToString(p.sizes()));
            if (grad.dtype() != p.dtype())
                throw TypeError(m_name + ".step: the gradient's dtype " + std::string(dtypeName(grad.dtype())) +
                                " differs from the parameter's " + std::string(dtypeName(p.dtype())));
            update(group, p, ops::contiguous(grad), m_states[index]);
            p.bumpVersion();
        }
    }
}

namespace {
ParamState copyState(const ParamState& s) {
    ParamState out;
    out.step = s.step;
    for (const auto& [key, t] : s.buffers) out.buffers.emplace(key, ops::clone(t));
    return out;
}
}  // namespace

OptimizerState Optimizer::state() const {
    OptimizerState out;
    out.optimizer = m_name;
    for (const auto& g : m_groups) {
        out.groups.push_back(g.options);
        out.groupSizes.push_back(static_cast<std::int64_t>(g.params.size()));
    }
    for (const auto& [index, s] : m_states) out.states.emplace(index, copyState(s));
    return out;
}

void Optimizer::loadState(const OptimizerState& state) {
    if (state.optimizer != m_name)
        throw ValueError(m_name + ".load_state_dict: the state was saved by " + state.optimizer);
    if (state.groups.size() != m_groups.size() || state.groupSizes.size() != m_groups.size())
        throw ValueError(m_name + ".load_state_dict: loaded state dict has a different number of parameter groups");
    std::vector<const Tensor*> flat;
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
        if (state.groupSizes[i] != static_cast<std::int64_t>(m_groups[i].params.size()))
            throw ValueError(m_name +
                             ".load_state_dict: loaded state dict contains a parameter group that doesn't "
                             "match the size of optimizer's group");
        for (const auto& p : m_groups[i].params) flat.push_back(&p);
    }
    std::map<std::int64_t, ParamState> states;
    for (const auto& [index, s] : state.states) {
        if (index < 0 || index >= static_cast<std::int64_t>(flat.size()))
            throw ValueError(m_name + ".load_state_dict: state for parameter " + std::to_string(index) +
                             " but the optimizer has " + std::to_string(flat.size()) + " parameters");
        for (const auto& [key, t] : s.buffers)
            if (t.sizes() != flat[index]->sizes() || t.dtype() != flat[index]->dtype())
                throw ValueError(m_name + ".load_state_dict: state '" + key + "' of parameter " +
                                 std::to_string(index) + " has sizes " + shapeToString(t.sizes()) + ", the parameter " +
                                 shapeToString(flat[index]->sizes()));
        states.emplace(index, copyState(s));
    }
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
        Options options = state.groups[i];
        m_groups[i].options = std::move(options);
    }
    m_states = std::move(states);
}

const ParamState* Optimizer::stateOf(std::int64_t flatIndex) const {
    const auto it = m_states.find(flatIndex);
    return it == m_states.end() ? nullptr : &it->second;
}

}  // namespace tessera::optim
