#include "core/optim/grad_accumulator.h"

#include "core/ops/div.h"
#include "core/tensor/error.h"

namespace tessera::optim {

GradAccumulator::GradAccumulator(Optimizer& optimizer, std::int64_t steps, bool setToNone)
    : m_optimizer(optimizer), m_steps(steps), m_setToNone(setToNone) {
    if (steps < 1) throw ValueError("GradAccumulator: steps must be at least 1, got " + std::to_string(steps));
}

Tensor GradAccumulator::scale(const Tensor& loss) const {
    return m_steps == 1 ? loss : ops::div(loss, static_cast<double>(m_steps));
}

bool GradAccumulator::microStep() {
    m_pending += 1;
    if (m_pending < m_steps) return false;
    stepNow();
    return true;
}

bool GradAccumulator::flush() {
    if (m_pending == 0) return false;
    stepNow();
    return true;
}

void GradAccumulator::stepNow() {
    m_optimizer.step();
    m_optimizer.zeroGrad(m_setToNone);
    m_pending = 0;
}

}  // namespace tessera::optim
