// Scorers of sklearn.metrics (1.2.1) by sklearn's names: get_scorer("neg_log_loss") gives a callable
// scorer(estimator, X, y) that returns sign × metric, with sklearn's choice of method (predict,
// predict_proba, or decision_function falling back to predict_proba) and its column for binary
// targets. check_scoring / _check_multimetric_scoring turn a `scoring` argument into named scorers.
//
//   using namespace tessera::ml::model_selection;
//   Scorer acc = getScorer("accuracy");
//   double s = acc(*fitted, X, y);
//   Scorers many = checkScoring(*est, ParamValue::list({"r2", "neg_mean_squared_error"}));
//   // many.multimetric == true; many.items = {("r2", …), ("neg_mean_squared_error", …)}
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"

namespace tessera::ml::model_selection {

// The X a scorer predicts on: a tensor, or a table (base/tables.h) for an estimator fitted on one.
struct ScoreInput {
    const Tensor* tensor = nullptr;
    const data::Table* table = nullptr;

    Array predict(const Estimator& e) const;
    Tensor predictProba(const Estimator& e) const;
    Tensor decisionFunction(const Estimator& e) const;
    double score(const Estimator& e, const Array& y) const;
};

struct Scorer {
    std::string name;  // the scoring name, or "score" for the estimator's own score method
    std::function<double(const Estimator&, const ScoreInput&, const Array&)> function;

    double operator()(const Estimator& estimator, const Tensor& X, const Array& y) const {
        return function(estimator, ScoreInput{&X, nullptr}, y);
    }
    double operator()(const Estimator& estimator, const data::Table& X, const Array& y) const {
        return function(estimator, ScoreInput{nullptr, &X}, y);
    }
};

// sklearn.metrics.get_scorer(name). ValueError in sklearn's words for an unknown name; a sklearn
// name that Tessera lacks is refused naming it.
Scorer getScorer(std::string_view name);
// sklearn.metrics.get_scorer_names(), restricted to the scorers Tessera has (sorted).
std::vector<std::string> getScorerNames();

struct Scorers {
    std::vector<std::pair<std::string, Scorer>> items;  // one ("score", …) entry when not multimetric
    bool multimetric = false;
};
// scoring=None (the estimator's score method: TypeError when it has none), a name, a list or tuple of
// unique names, or a dict {name: scorer name}.
Scorers checkScoring(const Estimator& estimator, const ParamValue& scoring);

}  // namespace tessera::ml::model_selection
