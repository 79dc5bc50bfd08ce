#include "core/optim/step_lr.h"

#include "core/tensor/error.h"

namespace tessera::optim {

StepLR::StepLR(Optimizer& optimizer, Options options) : LRScheduler("StepLR", optimizer), m_options(options) {
    if (m_options.stepSize <= 0)
        throw ValueError("StepLR: step_size must be a positive integer, got " + std::to_string(m_options.stepSize));
    initialStep();
}

// torch's recursive get_lr: the current lr, times gamma on every multiple of step_size.
std::vector<double> StepLR::computeLr() {
    std::vector<double> lrs;
    const bool decay = m_lastEpoch != 0 && m_lastEpoch % m_options.stepSize == 0;
    for (const auto& g : m_optimizer.paramGroups()) lrs.push_back(decay ? g.get("lr") * m_options.gamma : g.get("lr"));
    return lrs;
}

}  // namespace tessera::optim
