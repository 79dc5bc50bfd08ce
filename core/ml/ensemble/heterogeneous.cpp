// _BaseHeterogeneousEnsemble (sklearn/ensemble/_base.py, 1.2.1) for Voting* and Stacking*.
#include "core/ml/ensemble/heterogeneous.h"

#include <algorithm>

#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/pipeline.h"
#include "core/ml/model_selection/check_cv.h"

namespace tessera::ml::ensemble {

ParamList HeterogeneousEnsemble::getParams(bool deep) const {
    ParamList out = Estimator::getParams(deep);
    if (deep) {
        std::vector<std::pair<std::string, ParamValue>> named;
        for (const Member& m : listed()) named.emplace_back(m.name, m.estimator);
        appendNamedParams(out, named);
    }
    return out;
}

std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> HeterogeneousEnsemble::children() const {
    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> out;
    for (const Member& m : listed())
        if (m.estimator.isEstimator()) out.emplace_back(m.name, m.estimator.asEstimator());
    return out;
}

std::vector<Estimator::HeldEstimators> HeterogeneousEnsemble::heldEstimators() const {
    HeldEstimators list{"estimators_", HeldEstimators::Form::List, {}};
    HeldEstimators named{"named_estimators_", HeldEstimators::Form::Named, {}};
    std::size_t next = 0;
    for (const Member& m : listed()) {
        if (m.dropped() || next >= m_fitted.size()) continue;
        list.items.emplace_back("", m_fitted[next]);
        named.items.emplace_back(m.name, m_fitted[next++]);
    }
    return {list, named};
}

bool HeterogeneousEnsemble::setChildParam(std::string_view name, const ParamValue& value) {
    ParamValue list = withNamedEstimator(param("estimators"), name, value);
    if (list.isNone()) return false;
    setParams({{"estimators", std::move(list)}});
    return true;
}

std::vector<Member> HeterogeneousEnsemble::listed() const {
    std::vector<Member> out;
    const ParamValue& list = param("estimators");
    if (!list.isSequence()) return out;
    for (const auto& t : list.items()) {
        if (!t.isSequence() || t.items().size() != 2 || !t.items()[0].isString())
            throw TypeError(className() + ": every estimator must be a (name, estimator) tuple, got " + t.repr());
        out.push_back({t.items()[0].asString(), t.items()[1]});
    }
    return out;
}

std::vector<Member> HeterogeneousEnsemble::validateMembers(bool checkKind) const {
    const std::vector<Member> members = listed();
    if (members.empty())
        throw ValueError(
            "Invalid 'estimators' attribute, 'estimators' should be a non-empty list of (string, estimator) "
            "tuples.");
    std::vector<std::string> names;
    for (const Member& m : members) names.push_back(m.name);
    checkStepNames(names, info());
    if (std::all_of(members.begin(), members.end(), [](const Member& m) { return m.dropped(); }))
        throw ValueError("All estimators are dropped. At least one is required to be an estimator.");
    const bool classifier = info().kind == EstimatorKind::Classifier;
    for (const Member& m : members) {
        if (m.dropped()) continue;
        if (!m.estimator.isEstimator())
            throw TypeError(className() + ": the estimator '" + m.name + "' must be an estimator or 'drop', got " +
                            m.estimator.repr());
        if (!checkKind) continue;
        const Estimator& e = *m.estimator.asEstimator();
        if (classifier ? !model_selection::isClassifier(e) : !model_selection::isRegressor(e))
            throw ValueError("The estimator " + e.className() + " should be a " +
                             (classifier ? "classifier" : "regressor") + ".");
    }
    return members;
}

void HeterogeneousEnsemble::setFitted(std::vector<std::shared_ptr<Estimator>> fitted) {
    m_fitted = std::move(fitted);
    std::size_t next = 0;
    for (const Member& m : listed()) {
        if (m.dropped()) continue;
        const auto& est = m_fitted.at(next);
        for (auto& [name, value] : heldAttributes(*est, "estimators_." + std::to_string(next)))
            setAttribute(name, std::move(value));
        for (auto& [name, value] : heldAttributes(*est, "named_estimators_." + m.name))
            setAttribute(name, std::move(value));
        ++next;
    }
    if (m_fitted.front()->hasAttribute("n_features_in_"))
        setAttribute("n_features_in_", m_fitted.front()->attribute("n_features_in_"));
}

void HeterogeneousEnsemble::restoreFitted() {
    m_fitted.clear();
    for (const Member& m : listed()) {
        if (m.dropped()) continue;
        auto est = m.estimator.asEstimator()->clone();
        restoreHeldAttributes(*est, attributes(), "estimators_." + std::to_string(m_fitted.size()));
        m_fitted.push_back(std::move(est));
    }
}

}  // namespace tessera::ml::ensemble
