#include "core/optim/cosine_annealing_lr.h"

#include <cmath>
#include <numbers>

#include "core/tensor/error.h"

namespace tessera::optim {

CosineAnnealingLR::CosineAnnealingLR(Optimizer& optimizer, Options options)
    : LRScheduler("CosineAnnealingLR", optimizer), m_options(options) {
    if (m_options.tMax <= 0)
        throw ValueError("CosineAnnealingLR: T_max must be a positive integer, got " + std::to_string(m_options.tMax));
    initialStep();
}

// The branches of torch 1.13's get_lr, in its order and with its arithmetic.
std::vector<double> CosineAnnealingLR::computeLr() {
    const double pi = std::numbers::pi, etaMin = m_options.etaMin;
    const auto tMax = static_cast<double>(m_options.tMax);
    const auto epoch = static_cast<double>(m_lastEpoch);
    const auto& groups = m_optimizer.paramGroups();
    std::vector<double> lrs;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const double lr = groups[i].get("lr"), base = m_baseLrs[i];
        if (m_lastEpoch == 0)
            lrs.push_back(lr);
        else if (m_stepCount == 1 && m_lastEpoch > 0)
            lrs.push_back(etaMin + (base - etaMin) * (1 + std::cos(epoch * pi / tMax)) / 2);
        else if ((m_lastEpoch - 1 - m_options.tMax) % (2 * m_options.tMax) == 0)
            lrs.push_back(lr + (base - etaMin) * (1 - std::cos(pi / tMax)) / 2);
        else
            lrs.push_back((1 + std::cos(pi * epoch / tMax)) / (1 + std::cos(pi * (epoch - 1) / tMax)) * (lr - etaMin) +
                          etaMin);
    }
    return lrs;
}

}  // namespace tessera::optim
