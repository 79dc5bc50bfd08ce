#include "core/ops/dispatch.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <string>

#include "core/profile/phase.h"

namespace tessera::ops {

namespace {
struct Registry {
    std::mutex mutex;
    std::map<std::string, OpInfo, std::less<>> ops;
};
Registry& registry() {
    static Registry r;
    return r;
}
}  // namespace

constinit thread_local const OpInfo* detail::t_currentOp = nullptr;

OpCost zeroCost(CostOperands, CostOperands) { return {}; }

const OpInfo& registerOp(const OpInfo& info) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    auto [it, inserted] = r.ops.try_emplace(std::string(info.name), info);
    if (!inserted) throw ValueError("registerOp: op '" + std::string(info.name) + "' is registered twice");
    return it->second;
}

std::vector<OpInfo> registeredOps() {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<OpInfo> out;
    for (const auto& [name, info] : r.ops) out.push_back(info);
    return out;
}

const OpInfo* findOp(std::string_view name) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    auto it = r.ops.find(name);
    return it == r.ops.end() ? nullptr : &it->second;
}

void OpCall::end(std::span<const Tensor* const> outputs) {
    const std::int64_t stop = profile::ticks();
    // Views and ops without a cost are priced at zero whatever their outputs: those are not kept.
    const bool free = m_op.cost == nullptr || m_op.cost == &zeroCost;
    profile::recordEvent({.name = m_op.name,
                          .nameIsStatic = true,
                          .phase = profile::currentPhase(),
                          .startTicks = m_start,
                          .endTicks = stop,
                          .cost = free ? nullptr : m_op.cost},
                         m_inputs, free ? std::span<const Tensor* const>() : outputs);
}

}  // namespace tessera::ops

namespace tessera::ops {

void OpCall::checkFinite(const Tensor& t) const {
    if (!t.defined() || !isFloating(t.dtype())) return;
    visitFloating(t.dtype(), m_op.name, [&]<class T>() {
        for (T v : t.toVector<T>())
            if (!std::isfinite(v))
                throw AutogradError("Anomaly detected: op '" + std::string(m_op.name) + "' produced " +
                                    (std::isnan(v) ? "nan" : "inf") + " values in its output of shape " +
                                    shapeToString(t.sizes()));
    });
}

}  // namespace tessera::ops
