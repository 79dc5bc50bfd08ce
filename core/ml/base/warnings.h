// sklearn's warnings without Python or Qt: ml::warn(category, message) where sklearn calls
// warnings.warn, worded as sklearn words it. A WarningCollector records the warnings raised on its
// thread while it lives (the GUI keeps them with a fit); where none is installed they go to the
// process's handler (tessera-cli prints "file: ConvergenceWarning: …" on stderr), and without a handler
// they are dropped, as a library should.
//
//   ml::WarningCollector collected;                 // this thread's warnings from here on
//   model->fit(X, y);
//   for (const ml::Warning& w : collected.warnings()) show(ml::categoryName(w.category), w.message);
//
// Work spread over oneTBB workers installs the caller's collector there with WarningScope, so a
// search's member fits are collected with the search.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/ml/base/array.h"

namespace tessera::ml {

// sklearn.exceptions' warning classes, and Python's own that sklearn raises.
enum class WarningCategory {
    ConvergenceWarning,
    UndefinedMetricWarning,
    DataConversionWarning,
    FitFailedWarning,
    EfficiencyWarning,
    FutureWarning,
    RuntimeWarning,
    UserWarning,
};

std::string_view categoryName(WarningCategory category);

struct Warning {
    WarningCategory category;
    std::string message;
};

void warn(WarningCategory category, std::string message);

class WarningCollector {
public:
    WarningCollector();  // installs itself on this thread, over the previous collector
    ~WarningCollector();
    WarningCollector(const WarningCollector&) = delete;
    WarningCollector& operator=(const WarningCollector&) = delete;

    std::vector<Warning> warnings() const;
    void add(Warning w);  // thread-safe: workers under a WarningScope add to it

private:
    WarningCollector* m_previous;
    mutable std::mutex m_mutex;
    std::vector<Warning> m_warnings;
};

// Installs `collector` (nullptr: none) as this thread's for its lifetime, restoring the previous one.
class WarningScope {
public:
    explicit WarningScope(WarningCollector* collector);
    ~WarningScope();
    WarningScope(const WarningScope&) = delete;
    WarningScope& operator=(const WarningScope&) = delete;

private:
    WarningCollector* m_previous;
};

// This thread's collector, or nullptr.
WarningCollector* currentWarningCollector();

// Where warnings go when no collector is installed (replaces the previous handler; empty: dropped).
void setWarningHandler(std::function<void(const Warning&)> handler);

// column_or_1d(y, warn=True): [n, 1] numbers flattened to [n] with sklearn's DataConversionWarning (as
// encodeLabels does for every classifier); any other y returned as it is.
Array columnOr1d(const Array& y);

}  // namespace tessera::ml
