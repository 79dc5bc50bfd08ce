// Gradient accumulation: k micro-batches, one optimizer step — torch's usual pattern
//
//   loss = criterion(model(x), y) / k
//   loss.backward()
//   if (i + 1) % k == 0: opt.step(); opt.zero_grad()
//
// written once. Dividing each micro-batch's mean loss by k makes the summed gradients equal the
// gradient of the mean loss over the k micro-batches together (when they have equal sizes), so k
// micro-batches of n samples step like one batch of k·n.
//
//   optim::GradAccumulator acc(opt, 4);
//   for (auto& [x, y] : batches) {
//       acc.scale(ops::mseLoss(model(x), y)).backward();
//       if (acc.microStep()) sched.step();    // true when the optimizer stepped
//   }
//   acc.flush();                              // steps on a partial group at the end of an epoch
#pragma once

#include <cstdint>

#include "core/optim/optimizer.h"

namespace tessera::optim {

class GradAccumulator {
public:
    // steps ≥ 1 (1 steps on every micro-batch); zeroGrad after each step as torch 1.13's zero_grad()
    // (in place) or, with setToNone, dropping the gradients.
    GradAccumulator(Optimizer& optimizer, std::int64_t steps, bool setToNone = false);

    std::int64_t steps() const { return m_steps; }
    std::int64_t pending() const { return m_pending; }  // micro-batches since the last step

    // loss / k, recorded by autograd like any op.
    Tensor scale(const Tensor& loss) const;
    // Counts one micro-batch whose backward has run; on the k-th it steps the optimizer, zeroes the
    // gradients and returns true.
    bool microStep();
    // Steps (and zeroes) if micro-batches are pending; their gradients keep the 1/k scale, as in
    // torch's pattern when a loop ends mid-group. Returns whether it stepped.
    bool flush();

private:
    void stepNow();

    Optimizer& m_optimizer;
    std::int64_t m_steps;
    bool m_setToNone;
    std::int64_t m_pending = 0;
};

}  // namespace tessera::optim
