#include "core/ml/base/warnings.h"

#include <utility>

namespace tessera::ml {

namespace {

thread_local WarningCollector* t_collector = nullptr;

std::mutex& handlerMutex() {
    static std::mutex m;
    return m;
}

std::function<void(const Warning&)>& handler() {
    static std::function<void(const Warning&)> h;
    return h;
}

}  // namespace

std::string_view categoryName(WarningCategory category) {
    switch (category) {
        case WarningCategory::ConvergenceWarning:
            return "ConvergenceWarning";
        case WarningCategory::UndefinedMetricWarning:
            return "UndefinedMetricWarning";
        case WarningCategory::DataConversionWarning:
            return "DataConversionWarning";
        case WarningCategory::FitFailedWarning:
            return "FitFailedWarning";
        case WarningCategory::EfficiencyWarning:
            return "EfficiencyWarning";
        case WarningCategory::FutureWarning:
            return "FutureWarning";
        case WarningCategory::RuntimeWarning:
            return "RuntimeWarning";
        case WarningCategory::UserWarning:
            return "UserWarning";
    }
    return "UserWarning";
}

void warn(WarningCategory category, std::string message) {
    Warning w{category, std::move(message)};
    if (t_collector) {
        t_collector->add(std::move(w));
        return;
    }
    std::lock_guard lock(handlerMutex());
    if (handler()) handler()(w);
}

WarningCollector::WarningCollector() : m_previous(t_collector) { t_collector = this; }

WarningCollector::~WarningCollector() { t_collector = m_previous; }

std::vector<Warning> WarningCollector::warnings() const {
    std::lock_guard lock(m_mutex);
    return m_warnings;
}

void WarningCollector::add(Warning w) {
    std::lock_guard lock(m_mutex);
    m_warnings.push_back(std::move(w));
}

WarningScope::WarningScope(WarningCollector* collector) : m_previous(t_collector) { t_collector = collector; }

WarningScope::~WarningScope() { t_collector = m_previous; }

WarningCollector* currentWarningCollector() { return t_collector; }

void setWarningHandler(std::function<void(const Warning&)> h) {
    std::lock_guard lock(handlerMutex());
    handler() = std::move(h);
}

}  // namespace tessera::ml
