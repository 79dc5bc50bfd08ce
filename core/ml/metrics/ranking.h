// Ranking metrics of sklearn.metrics (1.2.1): ROC and precision–recall curves with sklearn's
// threshold conventions (roc_curve's first threshold is max(score) + 1, drop_intermediate drops
// collinear points; precision_recall_curve ends at precision 1, recall 0), auc, roc_auc_score
// (binary, multiclass ovr and ovo, max_fpr) and average_precision_score.
//
//   using namespace tessera::ml::metrics;
//   RocCurve roc = rocCurve(yTrue, scores);              // roc.fpr, roc.tpr, roc.thresholds
//   double a = rocAucScore(yTrue, scores);
//   double m = rocAucScore(y3, proba3, {.multiClass = "ovr", .average = "weighted"});
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ml/metrics/classification.h"

namespace tessera::ml::metrics {

struct RocCurve {
    std::vector<double> fpr, tpr, thresholds;
};
RocCurve rocCurve(const Tensor& yTrue, const Tensor& yScore, std::optional<double> posLabel = std::nullopt,
                  const Tensor& sampleWeight = {}, bool dropIntermediate = true);

struct PrecisionRecallCurve {
    std::vector<double> precision, recall, thresholds;
};
PrecisionRecallCurve precisionRecallCurve(const Tensor& yTrue, const Tensor& probasPred,
                                          std::optional<double> posLabel = std::nullopt,
                                          const Tensor& sampleWeight = {});

// auc(x, y): the trapezoidal area under a monotonic curve.
double auc(const std::vector<double>& x, const std::vector<double>& y);

struct RocAucOptions {
    std::string average = "macro";  // "macro", "weighted", "micro" (ovr only)
    Tensor sampleWeight{};
    std::optional<double> maxFpr{};
    std::string multiClass = "raise";  // "raise", "ovr", "ovo"
    Labels labels{};
};
// roc_auc_score: y_score (n,) for binary targets, (n, k) probabilities for multiclass.
double rocAucScore(const Tensor& yTrue, const Tensor& yScore, const RocAucOptions& options = {});

// average_precision_score(y_true, y_score, average='macro', pos_label=1, sample_weight=None) for
// binary targets.
double averagePrecisionScore(const Tensor& yTrue, const Tensor& yScore, double posLabel = 1,
                             const Tensor& sampleWeight = {});

}  // namespace tessera::ml::metrics
