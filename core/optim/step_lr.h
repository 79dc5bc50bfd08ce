// StepLR: torch.optim.lr_scheduler.StepLR — multiplies each group's lr by gamma every step_size steps.
//
//   optim::StepLR sched(opt, {.stepSize = 30, .gamma = 0.1});
#pragma once

#include "core/optim/lr_scheduler.h"

namespace tessera::optim {

class StepLR : public LRScheduler {
public:
    struct Options {
        std::int64_t stepSize = 1;  // step_size (torch requires it)
        double gamma = 0.1;
    };
    StepLR(Optimizer& optimizer, Options options);

protected:
    std::vector<double> computeLr() override;

private:
    Options m_options;
};

}  // namespace tessera::optim
