// What GradientBoostingClassifier / GradientBoostingRegressor have beyond the estimator interface:
// sklearn's staged_predict, staged_predict_proba and staged_decision_function, one result per fitted
// stage (the last equals predict / predict_proba / decision_function).
//
//   auto gb = ml::EstimatorRegistry::instance().create("GradientBoostingClassifier", {{"n_estimators", 50}});
//   gb->fit(X, y);
//   std::vector<ml::Array> p = ml::ensemble::staged(*gb, X, ml::ensemble::StagedOutput::PredictProba);
#pragma once

#include "core/ml/ensemble/staged.h"
