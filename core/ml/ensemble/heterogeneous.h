// The part of sklearn's _BaseHeterogeneousEnsemble shared by VotingClassifier/VotingRegressor and
// StackingClassifier/StackingRegressor: `estimators` as a list of (name, estimator or 'drop') tuples,
// its names checked (_validate_estimators), its members' parameters nested as "name__keyword", and the
// fitted clones held as estimators_ (a list) and named_estimators_ (by name, 'drop' left out), their
// state under "estimators_.I." and "named_estimators_.NAME." (base/held_state.h).
//
//   class VotingRegressor : public ensemble::HeterogeneousEnsemble { … };
//   for (const auto& m : validateMembers(/*checkKind=*/true)) …;   // after validateParams()
//   setFitted(std::move(clones));                                  // records both held attributes
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml::ensemble {

struct Member {
    std::string name;
    ParamValue estimator;  // an estimator or "drop"
    bool dropped() const { return estimator.isString() && estimator.asString() == "drop"; }
};

class HeterogeneousEnsemble : public Estimator {
public:
    using Estimator::Estimator;

    ParamList getParams(bool deep) const override;
    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> children() const override;
    // estimators_ and named_estimators_; a subclass appends what else it holds.
    std::vector<HeldEstimators> heldEstimators() const override;

protected:
    bool setChildParam(std::string_view name, const ParamValue& value) override;

    // The entries of `estimators` (TypeError for one that is not a (name, estimator) tuple).
    std::vector<Member> listed() const;
    // _validate_estimators: non-empty, valid unique names, not all dropped, and with `checkKind` every
    // member a classifier (regressor) when this class is one.
    std::vector<Member> validateMembers(bool checkKind) const;
    // Keeps the fitted clones (one per member not dropped, in order) and records their attributes.
    void setFitted(std::vector<std::shared_ptr<Estimator>> fitted);
    // After loading: clones of the members given their state again.
    void restoreFitted();

    std::vector<std::shared_ptr<Estimator>> m_fitted;
};

}  // namespace tessera::ml::ensemble
