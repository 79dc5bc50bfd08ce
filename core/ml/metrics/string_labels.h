// String class labels for the metrics and splitters: ml::Array overloads that turn string arrays into
// the rank of each string among all strings of the call (sorted as NumPy sorts str, which is what
// np.unique gives sklearn), call the numeric code, and print labels as the strings again. Numeric
// arrays pass through unchanged.
//
//   std::vector<std::string> t{"cat", "dog", "cat"}, p{"cat", "cat", "cat"};
//   double acc = metrics::accuracyScore(Array(t), Array(p));
//   double f1 = metrics::f1Score(Array(t), Array(p), {.average = "macro"});
//   double f1dog = metrics::f1Score(Array(t), Array(p), {}, "dog");          // pos_label='dog'
//   auto folds = model_selection::StratifiedKFold(2).split(Array(t));
#pragma once

#include <string>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/metrics/classification.h"
#include "core/ml/metrics/cluster.h"
#include "core/ml/model_selection/split.h"

namespace tessera::ml {

// Label arrays of one call as numeric tensors; `names[r]` is the string of rank r (empty when the
// arrays are numeric). TypeError when string and numeric arrays are mixed.
struct RankedLabels {
    std::vector<Tensor> tensors;
    std::vector<std::string> names;
};
RankedLabels rankLabels(const std::vector<const Array*>& arrays, const std::string& where);

namespace metrics {

double accuracyScore(const Array& yTrue, const Array& yPred, bool normalize = true, const Tensor& sampleWeight = {});
double balancedAccuracyScore(const Array& yTrue, const Array& yPred, const Tensor& sampleWeight = {},
                             bool adjusted = false);
// Rows and columns in the sorted order of the labels (labels= is for numeric labels).
Tensor confusionMatrix(const Array& yTrue, const Array& yPred, const ConfusionMatrixOptions& options = {});
// posLabel: sklearn's pos_label as a string (average='binary' with string labels).
PrecisionRecallFscore precisionRecallFscoreSupport(const Array& yTrue, const Array& yPred, PrfOptions options = {},
                                                   const std::string& posLabel = {});
double precisionScore(const Array& yTrue, const Array& yPred, PrfOptions options = {},
                      const std::string& posLabel = {});
double recallScore(const Array& yTrue, const Array& yPred, PrfOptions options = {}, const std::string& posLabel = {});
double f1Score(const Array& yTrue, const Array& yPred, PrfOptions options = {}, const std::string& posLabel = {});
ClassificationReport classificationReport(const Array& yTrue, const Array& yPred, const ReportOptions& options = {});
double matthewsCorrcoef(const Array& yTrue, const Array& yPred, const Tensor& sampleWeight = {});
double logLoss(const Array& yTrue, const Tensor& yPred, const LogLossOptions& options = {});
double adjustedRandScore(const Array& labelsTrue, const Array& labelsPred);
double normalizedMutualInfoScore(const Array& labelsTrue, const Array& labelsPred,
                                 const std::string& averageMethod = "arithmetic");
double silhouetteScore(const Tensor& X, const Array& labels);
double daviesBouldinScore(const Tensor& X, const Array& labels);
double calinskiHarabaszScore(const Tensor& X, const Array& labels);

}  // namespace metrics

namespace model_selection {

std::vector<TrainTest> stratifiedKFoldSplit(const StratifiedKFold& cv, const Array& y);
std::vector<TrainTest> groupKFoldSplit(const GroupKFold& cv, const Array& groups);
std::vector<TrainTest> stratifiedShuffleSplit(const StratifiedShuffleSplit& cv, const Array& y);
// train_test_split(..., stratify=labels) with string or numeric labels.
TrainTest trainTestSplitIndices(std::int64_t nSamples, TrainTestSplitOptions options, const Array& stratify);

}  // namespace model_selection

}  // namespace tessera::ml
