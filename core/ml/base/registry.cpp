#include "core/ml/base/registry.h"

#include <algorithm>
#include <set>

#include "core/tensor/error.h"

namespace tessera::ml {

std::string_view kindName(EstimatorKind kind) {
    switch (kind) {
        case EstimatorKind::Classifier:
            return "classifier";
        case EstimatorKind::Regressor:
            return "regressor";
        case EstimatorKind::Transformer:
            return "transformer";
        case EstimatorKind::Clusterer:
            return "clusterer";
        case EstimatorKind::OutlierDetector:
            return "outlier detector";
        case EstimatorKind::Composite:
            return "composite";
    }
    return "?";
}

const ParamSpec* EstimatorInfo::findParam(std::string_view keyword) const {
    for (const auto& p : params)
        if (p.keyword == keyword) return &p;
    return nullptr;
}

bool EstimatorInfo::hasMethod(std::string_view method) const {
    return std::find(methods.begin(), methods.end(), method) != methods.end();
}

EstimatorRegistry& EstimatorRegistry::instance() {
    static EstimatorRegistry registry;
    return registry;
}

void EstimatorRegistry::add(EstimatorInfo info) {
    if (m_infos.count(info.name)) throw ValueError("EstimatorRegistry: '" + info.name + "' is registered twice");
    std::sort(info.params.begin(), info.params.end(),
              [](const ParamSpec& a, const ParamSpec& b) { return a.keyword < b.keyword; });
    for (std::size_t i = 1; i < info.params.size(); ++i)
        if (info.params[i].keyword == info.params[i - 1].keyword)
            throw ValueError("EstimatorRegistry: " + info.name + " lists the keyword '" + info.params[i].keyword +
                             "' twice");
    std::string name = info.name;
    m_infos.emplace(std::move(name), std::make_unique<EstimatorInfo>(std::move(info)));
}

const EstimatorInfo* EstimatorRegistry::find(std::string_view name) const {
    auto it = m_infos.find(name);
    return it == m_infos.end() ? nullptr : it->second.get();
}

const EstimatorInfo& EstimatorRegistry::at(std::string_view name) const {
    if (const EstimatorInfo* info = find(name)) return *info;
    throw ValueError("sklearn estimator '" + std::string(name) + "' is not available in Tessera");
}

std::vector<std::string> EstimatorRegistry::names() const {
    std::vector<std::string> out;
    for (const auto& [k, v] : m_infos) out.push_back(k);
    return out;
}

std::vector<const EstimatorInfo*> EstimatorRegistry::all() const {
    std::vector<const EstimatorInfo*> out;
    for (const auto& [k, v] : m_infos) out.push_back(v.get());
    return out;
}

std::shared_ptr<Estimator> EstimatorRegistry::create(std::string_view name, const ParamList& params) const {
    const EstimatorInfo& info = at(name);
    auto est = info.factory(info);
    est->setParams(params);
    return est;
}

Constraint booleanC() { return constraintOf(Constraint::Kind::Boolean); }
Constraint noneC() { return constraintOf(Constraint::Kind::None); }

}  // namespace tessera::ml
