#include "core/ops/dispatch.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <string>

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
double tensorBytes(CostOperands ts) {
    double b = 0;
    for (const auto& t : ts)
        if (t.defined()) b += static_cast<double>(t.nbytes());
    return b;
}
}  // namespace

OpCost elementwiseCost(CostOperands inputs, CostOperands outputs) {
    double n = 0;
    for (const auto& t : outputs)
        if (t.defined()) n += static_cast<double>(t.numel());
    return {n, tensorBytes(inputs) + tensorBytes(outputs)};
}

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

void OpCall::end(CostOperands outputs) {
    const std::int64_t stop = profile::nowNs();
    SmallVector<profile::ShapeView, 4> shapes;
    for (const auto& t : m_inputs) shapes.push_back(t.defined() ? profile::ShapeView(t.sizes()) : profile::ShapeView());
    const OpCost cost = m_op.cost ? m_op.cost(m_inputs, outputs) : OpCost{};
    profile::recordEvent({.name = m_op.name,
                          .phase = profile::Phase::Forward,
                          .startNs = m_start,
                          .endNs = stop,
                          .flops = cost.flops,
                          .bytes = cost.bytes,
                          .scope = profile::currentScope()},
                         shapes);
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
