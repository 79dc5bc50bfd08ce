#include "core/ml/ensemble/members.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace tessera::ml::ensemble {

// The classes whose sklearn 1.2.1 fit has no sample_weight argument (checked against sklearn with
// inspect.signature).
bool fitTakesSampleWeight(const Estimator& e) {
    static const std::set<std::string, std::less<>> without{"KNeighborsClassifier",
                                                            "KNeighborsRegressor",
                                                            "RadiusNeighborsClassifier",
                                                            "RadiusNeighborsRegressor",
                                                            "LinearDiscriminantAnalysis",
                                                            "QuadraticDiscriminantAnalysis",
                                                            "Pipeline",
                                                            "GridSearchCV",
                                                            "RandomizedSearchCV",
                                                            "TransformedTargetRegressor"};
    return !without.count(e.className());
}

void setRandomStates(Estimator& e, RandomState& rng) {
    constexpr std::int64_t kMaxInt = 2147483647;  // np.iinfo(np.int32).max
    static const std::string suffix = "__random_state";
    std::vector<std::string> keys;
    for (const auto& [k, v] : e.getParams(true))
        if (k == "random_state" ||
            (k.size() > suffix.size() && k.compare(k.size() - suffix.size(), suffix.size(), suffix) == 0))
            keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    ParamList set;
    for (const auto& k : keys) set.emplace_back(k, ParamValue(rng.randint(0, kMaxInt)));
    if (!set.empty()) e.setParams(set);
}

}  // namespace tessera::ml::ensemble
