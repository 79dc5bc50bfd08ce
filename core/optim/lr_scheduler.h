// LRScheduler: the base of the learning-rate schedulers, as torch 1.13's _LRScheduler. Constructing
// one records each group's "initial_lr" and takes the first step (last_epoch 0); call step() after
// each optimizer.step().
//
//   optim::StepLR sched(opt, {.stepSize = 30, .gamma = 0.1});
//   for (…) { …; opt.step(); sched.step(); }
//   double lr = sched.lastLr()[0];              // get_last_lr()
//   optim::SchedulerState saved = sched.state(); // sched.loadState(saved) resumes exactly
//
// Schedulers keep their per-group values where torch does, in the optimizer's group options
// ("initial_lr"; OneCycleLR's "max_lr", "min_lr", "max_momentum", "base_momentum"), so they travel
// with the optimizer's state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/optim/optimizer.h"

namespace tessera::optim {

// torch's scheduler state_dict, less the constructor arguments (the scheduler is rebuilt with them).
struct SchedulerState {
    std::string scheduler;  // "StepLR", …
    std::int64_t lastEpoch = -1;
    std::int64_t stepCount = 0;
    std::vector<double> baseLrs;
    std::vector<double> lastLrs;
};

class LRScheduler {
public:
    virtual ~LRScheduler() = default;
    LRScheduler(const LRScheduler&) = delete;
    LRScheduler& operator=(const LRScheduler&) = delete;

    const std::string& name() const { return m_name; }
    // Advances last_epoch by one and sets every group's lr to the scheduler's value.
    void step();
    const std::vector<double>& lastLr() const { return m_lastLrs; }
    std::int64_t lastEpoch() const { return m_lastEpoch; }
    const std::vector<double>& baseLrs() const { return m_baseLrs; }

    SchedulerState state() const;
    void loadState(const SchedulerState& state);

protected:
    LRScheduler(std::string name, Optimizer& optimizer);
    // Called at the end of each subclass's constructor: sets "initial_lr" where absent, then steps.
    void initialStep();
    // torch's get_lr(): the new lr of each group, read after last_epoch was advanced.
    virtual std::vector<double> computeLr() = 0;

    Optimizer& m_optimizer;
    std::int64_t m_lastEpoch = -1;
    std::int64_t m_stepCount = 0;
    std::vector<double> m_baseLrs;

private:
    std::string m_name;
    std::vector<double> m_lastLrs;
};

}  // namespace tessera::optim
