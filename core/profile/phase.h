// The phase of the op being dispatched on this thread. Node's call operator marks the time its
// apply() runs as Backward, so the ops a backward Node calls (convolution_backward from
// ConvolutionBackward0, mul from MulBackward0) are recorded as backward work, not forward.
//
//   { profile::PhaseRestore backward(profile::Phase::Backward); ops::mul(grad, 2.0); }   // a backward event
//   profile::currentPhase();                                                           // Forward again
#pragma once

#include "core/profile/profiler.h"

namespace tessera::profile {

Phase currentPhase() noexcept;

// Makes `phase` the current phase of this thread until destroyed.
class PhaseRestore {
public:
    explicit PhaseRestore(Phase phase) noexcept;
    ~PhaseRestore();
    PhaseRestore(const PhaseRestore&) = delete;
    PhaseRestore& operator=(const PhaseRestore&) = delete;

private:
    Phase m_previous;
};

}  // namespace tessera::profile
