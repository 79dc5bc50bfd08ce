#include "core/optim/lr_scheduler.h"

#include <utility>

#include "core/tensor/error.h"

namespace tessera::optim {

LRScheduler::LRScheduler(std::string name, Optimizer& optimizer) : m_optimizer(optimizer), m_name(std::move(name)) {}

void LRScheduler::initialStep() {
    m_baseLrs.clear();
    for (auto& group : m_optimizer.paramGroups()) {
        group.options.try_emplace("initial_lr", group.get("lr"));
        m_baseLrs.push_back(group.get("initial_lr"));
    }
    m_stepCount = 0;
    step();
}

void LRScheduler::step() {
    m_stepCount += 1;
    m_lastEpoch += 1;
    const std::vector<double> lrs = computeLr();
    auto& groups = m_optimizer.paramGroups();
    m_lastLrs.clear();
    for (std::size_t i = 0; i < groups.size() && i < lrs.size(); ++i) groups[i].set("lr", lrs[i]);
    for (const auto& g : groups) m_lastLrs.push_back(g.get("lr"));
}

SchedulerState LRScheduler::state() const { return {m_name, m_lastEpoch, m_stepCount, m_baseLrs, m_lastLrs}; }

void LRScheduler::loadState(const SchedulerState& state) {
    if (state.scheduler != m_name)
        throw ValueError(m_name + ".load_state_dict: the state was saved by " + state.scheduler);
    if (state.baseLrs.size() != m_optimizer.paramGroups().size())
        throw ValueError(m_name + ".load_state_dict: the state has " + std::to_string(state.baseLrs.size()) +
                         " base_lrs, the optimizer " + std::to_string(m_optimizer.paramGroups().size()) +
                         " parameter groups");
    m_lastEpoch = state.lastEpoch;
    m_stepCount = state.stepCount;
    m_baseLrs = state.baseLrs;
    m_lastLrs = state.lastLrs;
}

}  // namespace tessera::optim
