// Classification metrics of sklearn.metrics (1.2.1), with its names, keywords and results. Labels are
// 1-D Float64 or Int64 tensors (core/ml/metrics/labels.h); sample_weight is an optional 1-D tensor
// (an undefined Tensor means None). zero_division "warn" behaves as 0, as sklearn's does after warning.
//
//   using namespace tessera::ml::metrics;
//   double acc = accuracyScore(yTrue, yPred);
//   double f1 = f1Score(yTrue, yPred, {.average = "macro"});
//   std::vector<double> perClass = f1ScorePerLabel(yTrue, yPred);       // average=None
//   Tensor cm = confusionMatrix(yTrue, yPred, {.normalize = "true"});
//   ClassificationReport report = classificationReport(yTrue, yPred);  // output_dict=True, as data
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml::metrics {

using Labels = std::optional<std::vector<double>>;  // labels=None or a list

// accuracy_score(y_true, y_pred, normalize=True, sample_weight=None)
double accuracyScore(const Tensor& yTrue, const Tensor& yPred, bool normalize = true, const Tensor& sampleWeight = {});
// balanced_accuracy_score(y_true, y_pred, sample_weight=None, adjusted=False)
double balancedAccuracyScore(const Tensor& yTrue, const Tensor& yPred, const Tensor& sampleWeight = {},
                             bool adjusted = false);

struct ConfusionMatrixOptions {
    Labels labels{};
    Tensor sampleWeight{};
    std::string normalize{};  // "", "true", "pred" or "all"
};
// confusion_matrix: int64 counts, or float64 when weighted or normalized; rows are true labels.
Tensor confusionMatrix(const Tensor& yTrue, const Tensor& yPred, const ConfusionMatrixOptions& options = {});

struct PrfOptions {
    Labels labels{};
    double posLabel = 1;
    std::string average = "binary";  // "binary", "micro", "macro", "weighted"
    Tensor sampleWeight{};
    double zeroDivision = 0.0;  // "warn" and 0 give 0, 1 gives 1
    double beta = 1.0;
};

struct PrecisionRecallFscore {
    std::vector<double> precision, recall, fscore;
    std::vector<double> support{};  // empty when averaged (sklearn returns None)
};
// precision_recall_fscore_support; average "" means None (one value per label).
PrecisionRecallFscore precisionRecallFscoreSupport(const Tensor& yTrue, const Tensor& yPred,
                                                   const PrfOptions& options = {});
double precisionScore(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& options = {});
double recallScore(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& options = {});
double f1Score(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& options = {});
double fbetaScore(const Tensor& yTrue, const Tensor& yPred, double beta, PrfOptions options = {});
// The same with average=None: one value per label (sorted labels, or `labels` in its order).
std::vector<double> precisionScorePerLabel(const Tensor& yTrue, const Tensor& yPred, PrfOptions options = {});
std::vector<double> recallScorePerLabel(const Tensor& yTrue, const Tensor& yPred, PrfOptions options = {});
std::vector<double> f1ScorePerLabel(const Tensor& yTrue, const Tensor& yPred, PrfOptions options = {});

// classification_report(..., output_dict=True): a row per label, then the averages.
struct ReportRow {
    std::string name{};  // the label as sklearn prints it, or its target name; "macro avg", …
    double precision = 0, recall = 0, f1 = 0, support = 0;
};
struct ClassificationReport {
    std::vector<ReportRow> rows{};      // per label, in label order
    std::optional<double> accuracy{};   // present when micro average equals accuracy
    std::vector<ReportRow> averages{};  // "micro avg" (when not accuracy), "macro avg", "weighted avg"
    bool weightedSupport = false;       // float sample weights: supports are printed as floats
    // The text form (output_dict=False), formatted as sklearn formats it.
    std::string text(int digits = 2) const;
};
struct ReportOptions {
    Labels labels{};
    std::vector<std::string> targetNames{};
    Tensor sampleWeight{};
    double zeroDivision = 0.0;
};
ClassificationReport classificationReport(const Tensor& yTrue, const Tensor& yPred, const ReportOptions& options = {});

// matthews_corrcoef(y_true, y_pred, sample_weight=None)
double matthewsCorrcoef(const Tensor& yTrue, const Tensor& yPred, const Tensor& sampleWeight = {});

struct LogLossOptions {
    std::optional<double> eps{};  // None means "auto": the machine epsilon of float64
    bool normalize = true;
    Tensor sampleWeight{};
    Labels labels{};
};
// log_loss(y_true, y_pred): y_pred (n, k) probabilities in label order, or (n,) for the positive class.
double logLoss(const Tensor& yTrue, const Tensor& yPred, const LogLossOptions& options = {});
// brier_score_loss(y_true, y_prob, sample_weight=None, pos_label=None)
double brierScoreLoss(const Tensor& yTrue, const Tensor& yProb, const Tensor& sampleWeight = {},
                      std::optional<double> posLabel = std::nullopt);

}  // namespace tessera::ml::metrics
