// CosineAnnealingLR: torch.optim.lr_scheduler.CosineAnnealingLR, computed with torch 1.13's recursive
// get_lr (not the closed form), so the values match torch's step by step, also past T_max.
//
//   optim::CosineAnnealingLR sched(opt, {.tMax = 100, .etaMin = 1e-5});
#pragma once

#include "core/optim/lr_scheduler.h"

namespace tessera::optim {

class CosineAnnealingLR : public LRScheduler {
public:
    struct Options {
        std::int64_t tMax = 1;  // T_max (torch requires it)
        double etaMin = 0;      // eta_min
    };
    CosineAnnealingLR(Optimizer& optimizer, Options options);

protected:
    std::vector<double> computeLr() override;

private:
    Options m_options;
};

}  // namespace tessera::optim
