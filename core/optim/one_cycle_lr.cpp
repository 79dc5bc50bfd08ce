#include "core/optim/one_cycle_lr.h"

#include <cmath>
#include <numbers>

#include "core/tensor/error.h"

namespace tessera::optim {

OneCycleLR::OneCycleLR(Optimizer& optimizer, Options options)
    : LRScheduler("OneCycleLR", optimizer), m_options(std::move(options)) {
    const auto total = static_cast<double>(m_options.totalSteps);
    if (m_options.totalSteps <= 0)
        throw ValueError("Expected positive integer total_steps, but got " + std::to_string(m_options.totalSteps));
    if (m_options.pctStart < 0 || m_options.pctStart > 1)
        throw ValueError("Expected float between 0 and 1 pct_start, but got " + std::to_string(m_options.pctStart));
    const double pct = m_options.pctStart;
    if (m_options.threePhase)
        m_phases = {{pct * total - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"},
                    {2 * pct * total - 2, "max_lr", "initial_lr", "base_momentum", "max_momentum"},
                    {total - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum"}};
    else
        m_phases = {{pct * total - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"},
                    {total - 1, "max_lr", "min_lr", "base_momentum", "max_momentum"}};

    auto& groups = optimizer.paramGroups();
    const auto& maxLr = m_options.maxLr;
    if (maxLr.size() != 1 && maxLr.size() != groups.size())
        throw ValueError("expected " + std::to_string(groups.size()) + " values for max_lr, got " +
                         std::to_string(maxLr.size()));
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const double m = maxLr.size() == 1 ? maxLr[0] : maxLr[i];
        groups[i].set("initial_lr", m / m_options.divFactor);
        groups[i].set("max_lr", m);
        groups[i].set("min_lr", groups[i].get("initial_lr") / m_options.finalDivFactor);
    }
    if (m_options.cycleMomentum) {
        const auto& defaults = optimizer.defaults();
        if (defaults.contains("beta1"))
            m_momentumKey = "beta1";
        else if (defaults.contains("momentum"))
            m_momentumKey = "momentum";
        else
            throw ValueError("optimizer must support momentum with `cycle_momentum` option enabled");
        for (auto& g : groups) {
            g.set(m_momentumKey, m_options.maxMomentum);
            g.set("max_momentum", m_options.maxMomentum);
            g.set("base_momentum", m_options.baseMomentum);
        }
    }
    initialStep();
}

double OneCycleLR::anneal(double start, double end, double pct) const {
    if (m_options.annealStrategy == Anneal::Linear) return (end - start) * pct + start;
    const double cosOut = std::cos(std::numbers::pi * pct) + 1;
    return end + (start - end) / 2.0 * cosOut;
}

// torch 1.13's get_lr: find the phase holding last_epoch, anneal lr (and momentum) across it.
std::vector<double> OneCycleLR::computeLr() {
    if (m_lastEpoch > m_options.totalSteps)
        throw ValueError("Tried to step " + std::to_string(m_lastEpoch + 1) +
                         " times. The specified number of total steps is " + std::to_string(m_options.totalSteps));
    const auto stepNum = static_cast<double>(m_lastEpoch);
    std::vector<double> lrs;
    for (auto& g : m_optimizer.paramGroups()) {
        double startStep = 0, lr = 0, momentum = 0;
        for (std::size_t i = 0; i < m_phases.size(); ++i) {
            const Phase& phase = m_phases[i];
            if (stepNum <= phase.endStep || i == m_phases.size() - 1) {
                const double pct = (stepNum - startStep) / (phase.endStep - startStep);
                lr = anneal(g.get(phase.startLr), g.get(phase.endLr), pct);
                if (m_momentumKey) momentum = anneal(g.get(phase.startMomentum), g.get(phase.endMomentum), pct);
                break;
            }
            startStep = phase.endStep;
        }
        lrs.push_back(lr);
        if (m_momentumKey) g.set(m_momentumKey, momentum);
    }
    return lrs;
}

}  // namespace tessera::optim
