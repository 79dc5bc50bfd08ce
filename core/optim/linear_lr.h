// LinearLR: torch.optim.lr_scheduler.LinearLR — scales the lr linearly from start_factor to end_factor
// over total_iters steps, then keeps it.
//
//   optim::LinearLR sched(opt, {.startFactor = 0.1, .endFactor = 1.0, .totalIters = 10});
#pragma once

#include "core/optim/lr_scheduler.h"

namespace tessera::optim {

class LinearLR : public LRScheduler {
public:
    struct Options {
        double startFactor = 1.0 / 3;
        double endFactor = 1.0;
        std::int64_t totalIters = 5;
    };
    LinearLR(Optimizer& optimizer, Options options);

protected:
    std::vector<double> computeLr() override;

private:
    Options m_options;
};

}  // namespace tessera::optim
