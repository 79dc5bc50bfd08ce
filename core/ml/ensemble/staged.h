// The staged outputs of a boosting ensemble (GradientBoosting*, AdaBoost*): sklearn's staged_predict,
// staged_predict_proba, staged_decision_function and staged_score, one result per fitted stage (the
// last equals predict / predict_proba / decision_function / score).
//
//   auto gb = ml::EstimatorRegistry::instance().create("AdaBoostClassifier", {{"n_estimators", 50}});
//   gb->fit(X, y);
//   std::vector<ml::Array> p = ml::ensemble::staged(*gb, X, ml::ensemble::StagedOutput::PredictProba);
//   std::vector<double> acc = ml::ensemble::stagedScore(*gb, X, y);
#pragma once

#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::ensemble {

enum class StagedOutput { Predict, PredictProba, DecisionFunction };

// What a boosting estimator implements beside ml::Estimator.
class StagedEstimator {
public:
    virtual ~StagedEstimator() = default;
    // AttributeError in Python's words for an output the class lacks; NotFittedError before fit.
    virtual std::vector<Array> staged(const Tensor& X, StagedOutput what) const = 0;
};

// AttributeError in Python's words for an estimator that is not a boosting ensemble.
std::vector<Array> staged(const Estimator& boosting, const Tensor& X, StagedOutput what);

// staged_score: accuracy (classifiers) or R² (regressors) of each stage's prediction, weighted by
// sampleWeight when given. AdaBoost has it; GradientBoosting does not (AttributeError).
std::vector<double> stagedScore(const Estimator& boosting, const Tensor& X, const Array& y,
                                const Tensor& sampleWeight = {});

// The stages of `staged` stacked as one array: [stages, …] for numbers, the stages' strings in turn.
Array stackStages(const std::vector<Array>& stages);

}  // namespace tessera::ml::ensemble
