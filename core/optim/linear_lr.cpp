#include "core/optim/linear_lr.h"

#include "core/tensor/error.h"

namespace tessera::optim {

LinearLR::LinearLR(Optimizer& optimizer, Options options) : LRScheduler("LinearLR", optimizer), m_options(options) {
    if (m_options.startFactor > 1.0 || m_options.startFactor < 0)
        throw ValueError("Starting multiplicative factor expected to be between 0 and 1.");
    if (m_options.endFactor > 1.0 || m_options.endFactor < 0)
        throw ValueError("Ending multiplicative factor expected to be between 0 and 1.");
    initialStep();
}

// torch 1.13's recursive get_lr: lr·start on step 0, then lr·(1 + (end − start) /
// (total·start + (epoch − 1)·(end − start))) up to total_iters, then unchanged.
std::vector<double> LinearLR::computeLr() {
    const double start = m_options.startFactor, end = m_options.endFactor;
    const auto total = static_cast<double>(m_options.totalIters);
    std::vector<double> lrs;
    for (const auto& g : m_optimizer.paramGroups()) {
        const double lr = g.get("lr");
        if (m_lastEpoch == 0)
            lrs.push_back(lr * start);
        else if (m_lastEpoch > m_options.totalIters)
            lrs.push_back(lr);
        else
            lrs.push_back(
                lr * (1. + (end - start) / (total * start + static_cast<double>(m_lastEpoch - 1) * (end - start))));
    }
    return lrs;
}

}  // namespace tessera::optim
