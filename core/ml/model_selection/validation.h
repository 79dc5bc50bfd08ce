// Cross-validation of sklearn.model_selection (1.2.1): cross_validate, cross_val_score,
// cross_val_predict, learning_curve and validation_curve, with sklearn's keywords, fold order and
// results. `cv` and `scoring` take what sklearn takes (check_cv.h, scorer.h); n_jobs runs the fits
// on oneTBB and never changes a result.
//
//   using namespace tessera::ml::model_selection;
//   Tensor s = crossValScore(*ridge, X, y, {.cv = 5, .scoring = "r2"});               // (5,)
//   CrossValidateResult r = crossValidate(*ridge, X, y, {.scoring = ParamValue::list({"r2",
//   "neg_mean_squared_error"})},
//                                         /*returnTrainScore=*/true);
//   const Tensor& t = r.at("test_r2");                                                 // also fit_time, score_time
//   Array p = crossValPredict(*knn, X, y, {.cv = 4}, "predict_proba");
//   LearningCurve lc = learningCurve(*ridge, X, y, {.trainSizes = std::vector<double>{0.2, 0.6, 1.0}});
//   ValidationCurve vc = validationCurve(*ridge, X, y, "alpha", {0.1, 1.0, 10.0});
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"

namespace tessera::ml::model_selection {

struct CvOptions {
    ParamValue cv{};        // None (5 folds), an int, or splitterParam(...)
    ParamValue scoring{};   // None (estimator.score), a name, a list of names, a dict
    Array groups{};         // for GroupKFold
    Tensor sampleWeight{};  // fit_params={'sample_weight': w}, sliced to each train fold
    ParamValue nJobs{};     // None = 1 thread, -1 = all cores
    ParamValue errorScore = ParamValue(std::numeric_limits<double>::quiet_NaN());  // or "raise"
};

// cross_validate's dict, in sklearn's key order: fit_time, score_time, then test_NAME (and
// train_NAME after each when returnTrainScore); NAME is "score" for a single scorer.
struct CrossValidateResult {
    std::vector<std::pair<std::string, Tensor>> columns;  // 1-D Float64 of n_splits values each
    const Tensor& at(std::string_view key) const;         // KeyError (as ValueError) when absent
};
CrossValidateResult crossValidate(const Estimator& estimator, const Tensor& X, const Array& y,
                                  const CvOptions& options = {}, bool returnTrainScore = false);
// The same on a table (string columns): each fold's rows by Table::takeRows, fits and scores through
// base/tables.h.
CrossValidateResult crossValidate(const Estimator& estimator, const data::Table& X, const Array& y,
                                  const CvOptions& options = {}, bool returnTrainScore = false);

// cross_val_score: the test scores of a single scorer (a list or dict of scorers is refused as sklearn
// refuses it).
Tensor crossValScore(const Estimator& estimator, const Tensor& X, const Array& y, const CvOptions& options = {});
Tensor crossValScore(const Estimator& estimator, const data::Table& X, const Array& y, const CvOptions& options = {});

// cross_val_predict(method='predict' | 'predict_proba' | 'predict_log_proba' | 'decision_function'):
// each row predicted by the fold that held it out. The probability methods fit on label-encoded y, as
// sklearn does, and put each fold's columns in the order of all classes.
Array crossValPredict(const Estimator& estimator, const Tensor& X, const Array& y, const CvOptions& options = {},
                      std::string_view method = "predict");

struct LearningCurveOptions {
    // Fractions of the largest training fold (floats in (0, 1]) or absolute counts (ints).
    std::variant<std::vector<double>, std::vector<std::int64_t>> trainSizes =
        std::vector<double>{0.1, 0.325, 0.55, 0.775, 1.0};  // np.linspace(0.1, 1.0, 5)
    bool shuffle = false;
    ParamValue randomState{};  // int or None
};
struct LearningCurve {
    Tensor trainSizesAbs;            // 1-D Int64, sorted and unique
    Tensor trainScores, testScores;  // (n_ticks, n_splits) Float64
};
// learning_curve (exploit_incremental_learning=False, return_times=False).
LearningCurve learningCurve(const Estimator& estimator, const Tensor& X, const Array& y,
                            const LearningCurveOptions& curve = {}, const CvOptions& options = {});

struct ValidationCurve {
    Tensor trainScores, testScores;  // (n_params, n_splits) Float64
};
ValidationCurve validationCurve(const Estimator& estimator, const Tensor& X, const Array& y,
                                const std::string& paramName, const std::vector<ParamValue>& paramRange,
                                const CvOptions& options = {});

}  // namespace tessera::ml::model_selection
