// What GradientBoostingClassifier / GradientBoostingRegressor have beyond the estimator interface:
// sklearn's staged_predict, staged_predict_proba and staged_decision_function, one result per fitted
// stage (the last equals predict / predict_proba / decision_function).
//
//   auto gb = ml::EstimatorRegistry::instance().create("GradientBoostingClassifier", {{"n_estimators", 50}});
//   gb->fit(X, y);
//   std::vector<ml::Array> p = ml::ensemble::staged(*gb, X, ml::ensemble::StagedOutput::PredictProba);
#pragma once

#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::ensemble {

enum class StagedOutput { Predict, PredictProba, DecisionFunction };

// AttributeError in Python's words for an estimator that is not a fitted GradientBoosting* (or a
// regressor asked for probabilities); NotFittedError before fit.
std::vector<Array> staged(const Estimator& gb, const Tensor& X, StagedOutput what);

}  // namespace tessera::ml::ensemble
