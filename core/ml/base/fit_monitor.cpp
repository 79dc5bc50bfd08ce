#include "core/ml/base/fit_monitor.h"

#include <exception>
#include <string>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

namespace {

thread_local FitMonitor* t_monitor = nullptr;
thread_local int t_depth = 0;  // reporters alive on this thread

}  // namespace

void FitMonitor::progress(const FitProgress& p) {
    if (!onProgress) return;
    std::lock_guard lock(m_mutex);
    onProgress(p);
}

void FitMonitor::curve(const CurvePoint& c) {
    if (!onCurve) return;
    std::lock_guard lock(m_mutex);
    onCurve(c);
}

FitMonitorScope::FitMonitorScope(FitMonitor* monitor, int depth) : m_previous(t_monitor), m_previousDepth(t_depth) {
    t_monitor = monitor;
    t_depth = depth;
}

FitMonitorScope::~FitMonitorScope() {
    t_monitor = m_previous;
    t_depth = m_previousDepth;
}

FitMonitor* currentFitMonitor() { return t_monitor; }

int currentFitDepth() { return t_depth; }

FitReporter::FitReporter(std::string_view estimator, std::string_view unit, std::int64_t total)
    : m_monitor(t_monitor), m_estimator(estimator), m_unit(unit), m_total(total), m_depth(t_depth) {
    ++t_depth;
    if (m_monitor) m_monitor->progress({m_estimator, m_unit, 0, m_total, m_depth});
}

FitReporter::FitReporter(Estimator& estimator, std::string_view unit, std::int64_t total)
    : FitReporter(estimator.className(), unit, total) {
    if (!m_monitor) return;
    m_owner = &estimator;
    m_kept = estimator.attributes();
    m_uncaught = std::uncaught_exceptions();
}

FitReporter::~FitReporter() {
    --t_depth;
    if (!m_owner || !m_monitor->stopRequested() || std::uncaught_exceptions() <= m_uncaught) return;
    try {
        m_owner->restoreAttributes(std::move(m_kept));
    } catch (...) {
        // The stop is already on its way; a state that cannot be rebuilt is left unfitted.
        m_owner->restoreAttributes({});
    }
}

void FitReporter::advance(std::int64_t units) {
    const std::int64_t done = m_done.fetch_add(units, std::memory_order_relaxed) + units;
    if (m_monitor) m_monitor->progress({m_estimator, m_unit, done, m_total, m_depth});
}

void FitReporter::checkStop() const {
    if (!m_monitor || !m_monitor->stopRequested()) return;
    std::string message = m_estimator + ": fit stopped after " + std::to_string(m_done.load()) + " ";
    if (m_total > 0) message += "of " + std::to_string(m_total) + " ";
    throw FitStopped(message + m_unit);
}

void FitReporter::curve(std::string_view name, std::int64_t step, double value) const {
    if (m_monitor) m_monitor->curve({m_estimator, std::string(name), step, value, m_depth});
}

}  // namespace tessera::ml
