// Whether ops record autograd history on this thread, and guards to switch it, as torch.no_grad and
// torch.enable_grad do.
//
//   {
//       autograd::NoGradGuard guard;   // ops inside record nothing
//       w = ops::sub(w, ops::mul(lr, g));
//   }
#pragma once

#include <atomic>

namespace tessera::autograd {

namespace detail {
extern std::atomic<bool> g_anomaly;
}

class GradMode {
public:
    static bool isEnabled() noexcept;
    static void setEnabled(bool enabled) noexcept;
};

// Restores the previous mode when it goes out of scope.
class AutoGradMode {
public:
    explicit AutoGradMode(bool enabled) noexcept : m_previous(GradMode::isEnabled()) { GradMode::setEnabled(enabled); }
    ~AutoGradMode() { GradMode::setEnabled(m_previous); }
    AutoGradMode(const AutoGradMode&) = delete;
    AutoGradMode& operator=(const AutoGradMode&) = delete;

private:
    bool m_previous;
};

class NoGradGuard : public AutoGradMode {
public:
    NoGradGuard() noexcept : AutoGradMode(false) {}
};

class EnableGradGuard : public AutoGradMode {
public:
    EnableGradGuard() noexcept : AutoGradMode(true) {}
};

// Anomaly mode (torch.autograd.set_detect_anomaly): the first NaN or Inf produced by a forward op or a
// backward Node raises an AutogradError naming that op. Process-wide.
class AnomalyMode {
public:
    static bool isEnabled() noexcept { return detail::g_anomaly.load(std::memory_order_relaxed); }
    static void setEnabled(bool enabled) noexcept { detail::g_anomaly.store(enabled, std::memory_order_relaxed); }
};

}  // namespace tessera::autograd
