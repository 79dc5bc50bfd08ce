// FitMonitor: what a long fit reports while it runs, and how it is stopped — progress in the
// estimator's own units (trees built, boosting iterations, SMO iterations, k-means restarts, CV folds,
// search candidates), curves per iteration (train and validation loss per boosting iteration, per SGD
// epoch), and a stop request checked between units. core/ml knows no Qt: the app turns these plain
// callbacks into throttled signals, as it does for the trainer's.
//
//   ml::FitMonitor monitor;
//   monitor.onProgress = [](const ml::FitProgress& p) { bar(p.done, p.total, p.unit); };
//   monitor.onCurve = [](const ml::CurvePoint& c) { plot(c.curve, c.step, c.value); };
//   {
//       ml::FitMonitorScope scope(&monitor);   // this thread's fits report to `monitor`
//       pipeline->fitTable(X, y);              // ml::FitStopped once monitor.requestStop() was called
//   }
//
// Inside an estimator's fit, first thing:
//   ml::FitReporter report(*this, "trees", nEstimators);   // a no-op when no monitor is installed
//   for (…) { report.checkStop(); build(…); report.advance(); }
//   report.curve("train_loss", iteration, loss);
// A reporter made from the estimator keeps its fitted attributes (when a monitor is installed) and puts
// them back when the fit is left by a stop, so a stopped fit leaves the estimator as it was: fitted as
// before, or unfitted. Fits replace attributes (setAttribute), they never write into a kept one.
//
// Reporters nest: a search's candidates are depth 0, the forest it fits inside reports trees at depth 1,
// so a progress bar can follow depth 0 and show the inner unit as detail. Work spread over oneTBB
// workers uses the reporter made on the calling thread (advance() and curve() are thread-safe); code that
// fits whole estimators on workers installs the caller's monitor there with FitMonitorScope, at the
// caller's depth (FitMonitorScope(monitor, currentFitDepth())), so nested members report at depth 1.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include <utility>
#include <vector>

#include "core/ml/base/array.h"
#include "core/tensor/error.h"

namespace tessera::ml {

class Estimator;

struct FitProgress {
    std::string estimator;  // class name: "RandomForestClassifier"
    std::string unit;       // "trees", "iterations", "restarts", "folds", "candidates", "epochs"
    std::int64_t done = 0;
    std::int64_t total = 0;  // 0 when unknown (an iterative solver that stops on tol)
    int depth = 0;           // 0 for the outermost reporter of this fit
};

struct CurvePoint {
    std::string estimator;
    std::string curve;  // "train_loss", "validation_loss", "oob_score", "objective"
    std::int64_t step = 0;
    double value = 0;
    int depth = 0;
};

// Thrown by FitReporter::checkStop after FitMonitor::requestStop: the fit ends at a unit boundary and
// the estimator is left as it was before fit was called (callers keep their own copy).
class FitStopped : public Error {
public:
    using Error::Error;
};

class FitMonitor {
public:
    std::function<void(const FitProgress&)> onProgress;
    std::function<void(const CurvePoint&)> onCurve;

    void requestStop() { m_stop.store(true, std::memory_order_relaxed); }
    bool stopRequested() const { return m_stop.load(std::memory_order_relaxed); }

    // Called by reporters, serialised so that callbacks never run concurrently.
    void progress(const FitProgress& p);
    void curve(const CurvePoint& c);

private:
    std::atomic<bool> m_stop{false};
    std::mutex m_mutex;
};

// Installs `monitor` (nullptr: none) as this thread's for its lifetime, restoring the previous one;
// reporters made under it start at `depth`.
class FitMonitorScope {
public:
    explicit FitMonitorScope(FitMonitor* monitor, int depth = 0);
    ~FitMonitorScope();
    FitMonitorScope(const FitMonitorScope&) = delete;
    FitMonitorScope& operator=(const FitMonitorScope&) = delete;

private:
    FitMonitor* m_previous;
    int m_previousDepth;
};

// This thread's monitor, or nullptr.
FitMonitor* currentFitMonitor();
// The depth a reporter made now on this thread would have.
int currentFitDepth();

class FitReporter {
public:
    FitReporter(std::string_view estimator, std::string_view unit, std::int64_t total);
    // Named after the estimator's class; restores its attributes when a stop ends the fit.
    FitReporter(Estimator& estimator, std::string_view unit, std::int64_t total);
    ~FitReporter();
    FitReporter(const FitReporter&) = delete;
    FitReporter& operator=(const FitReporter&) = delete;

    // One more unit done (thread-safe); reports done/total.
    void advance(std::int64_t units = 1);
    // FitStopped ("RandomForestClassifier: fit stopped after 12 of 100 trees") when a stop was requested.
    void checkStop() const;
    void curve(std::string_view name, std::int64_t step, double value) const;
    bool active() const { return m_monitor != nullptr; }
    // The total once the fit knows it (a warm start's new trees); reported with the next advance.
    void setTotal(std::int64_t total) { m_total = total; }

private:
    FitMonitor* m_monitor;
    std::string m_estimator;
    std::string m_unit;
    std::int64_t m_total;
    std::atomic<std::int64_t> m_done{0};
    int m_depth;
    Estimator* m_owner = nullptr;
    std::vector<std::pair<std::string, Array>> m_kept;
    int m_uncaught = 0;
};

}  // namespace tessera::ml
