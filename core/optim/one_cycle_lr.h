// OneCycleLR: torch.optim.lr_scheduler.OneCycleLR — the 1cycle policy: lr rises from
// max_lr/div_factor to max_lr over pct_start of total_steps, then falls to initial_lr/final_div_factor
// (three_phase: back to initial_lr first, then down), with cosine or linear annealing. With
// cycle_momentum the momentum (SGD, RMSprop) or beta1 (Adam, AdamW) moves the opposite way between
// max_momentum and base_momentum.
//
//   optim::OneCycleLR sched(opt, {.maxLr = {0.1}, .totalSteps = 1000});
#pragma once

#include "core/optim/lr_scheduler.h"

namespace tessera::optim {

class OneCycleLR : public LRScheduler {
public:
    enum class Anneal { Cos, Linear };
    struct Options {
        std::vector<double> maxLr;  // max_lr: one value for every group, or one per group
        std::int64_t totalSteps = 0;
        double pctStart = 0.3;
        Anneal annealStrategy = Anneal::Cos;
        bool cycleMomentum = true;
        double baseMomentum = 0.85;
        double maxMomentum = 0.95;
        double divFactor = 25.;
        double finalDivFactor = 1e4;
        bool threePhase = false;
    };
    OneCycleLR(Optimizer& optimizer, Options options);

protected:
    std::vector<double> computeLr() override;

private:
    struct Phase {
        double endStep;
        const char* startLr;
        const char* endLr;
        const char* startMomentum;
        const char* endMomentum;
    };
    double anneal(double start, double end, double pct) const;

    Options m_options;
    std::vector<Phase> m_phases;
    const char* m_momentumKey = nullptr;  // "momentum" or "beta1" when cycling momentum
};

}  // namespace tessera::optim
