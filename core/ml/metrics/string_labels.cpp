#include "core/ml/metrics/string_labels.h"

#include <algorithm>

#include "core/ml/metrics/labels.h"
#include "core/tensor/error.h"

namespace tessera::ml {

RankedLabels rankLabels(const std::vector<const Array*>& arrays, const std::string& where) {
    RankedLabels out;
    bool anyStrings = false, anyNumbers = false;
    for (const Array* a : arrays) {
        if (!a->defined()) throw ValueError(where + ": a label array is missing");
        (a->isStrings() ? anyStrings : anyNumbers) = true;
    }
    if (anyStrings && anyNumbers) throw TypeError(where + ": Mix of label input types (string and number)");
    if (!anyStrings) {
        for (const Array* a : arrays) out.tensors.push_back(a->tensor());
        return out;
    }
    for (const Array* a : arrays) out.names.insert(out.names.end(), a->strings().begin(), a->strings().end());
    // Byte-wise order of UTF-8 is code-point order, NumPy's order of str.
    std::sort(out.names.begin(), out.names.end());
    out.names.erase(std::unique(out.names.begin(), out.names.end()), out.names.end());
    for (const Array* a : arrays) {
        std::vector<std::int64_t> ranks;
        ranks.reserve(a->strings().size());
        for (const auto& s : a->strings())
            ranks.push_back(std::lower_bound(out.names.begin(), out.names.end(), s) - out.names.begin());
        out.tensors.push_back(Tensor::fromVector<std::int64_t>(ranks, {static_cast<std::int64_t>(ranks.size())}));
    }
    return out;
}

namespace {

// pos_label for string labels: its rank, or sklearn's error when it is not one of two or more present
// labels (a single present label is accepted, as sklearn accepts it).
metrics::PrfOptions withPosLabel(metrics::PrfOptions o, const RankedLabels& r, const std::string& posLabel) {
    if (r.names.empty() || o.average != "binary") return o;
    const auto it = std::lower_bound(r.names.begin(), r.names.end(), posLabel);
    if (!posLabel.empty() && it != r.names.end() && *it == posLabel) {
        o.posLabel = static_cast<double>(it - r.names.begin());
        return o;
    }
    if (r.names.size() >= 2) {
        std::string list;
        for (const auto& n : r.names) list += (list.empty() ? "'" : ", '") + n + "'";
        throw ValueError("precision_recall_fscore_support: pos_label=" +
                         (posLabel.empty() ? std::string("1") : "'" + posLabel + "'") +
                         " is not a valid label. It should be one of [" + list + "]");
    }
    o.posLabel = static_cast<double>(r.names.size());  // absent: counts as a label with no samples
    return o;
}

}  // namespace

namespace metrics {

double accuracyScore(const Array& yTrue, const Array& yPred, bool normalize, const Tensor& sampleWeight) {
    const auto r = rankLabels({&yTrue, &yPred}, "accuracy_score");
    return accuracyScore(r.tensors[0], r.tensors[1], normalize, sampleWeight);
}

double balancedAccuracyScore(const Array& yTrue, const Array& yPred, const Tensor& sampleWeight, bool adjusted) {
    const auto r = rankLabels({&yTrue, &yPred}, "balanced_accuracy_score");
    return balancedAccuracyScore(r.tensors[0], r.tensors[1], sampleWeight, adjusted);
}

Tensor confusionMatrix(const Array& yTrue, const Array& yPred, const ConfusionMatrixOptions& options) {
    const auto r = rankLabels({&yTrue, &yPred}, "confusion_matrix");
    if (!r.names.empty() && options.labels)
        throw ValueError("confusion_matrix: labels= with string labels is not available in Tessera");
    return confusionMatrix(r.tensors[0], r.tensors[1], options);
}

PrecisionRecallFscore precisionRecallFscoreSupport(const Array& yTrue, const Array& yPred, PrfOptions options,
                                                   const std::string& posLabel) {
    const auto r = rankLabels({&yTrue, &yPred}, "precision_recall_fscore_support");
    return precisionRecallFscoreSupport(r.tensors[0], r.tensors[1], withPosLabel(options, r, posLabel));
}
double precisionScore(const Array& yTrue, const Array& yPred, PrfOptions options, const std::string& posLabel) {
    const auto r = rankLabels({&yTrue, &yPred}, "precision_score");
    return precisionScore(r.tensors[0], r.tensors[1], withPosLabel(options, r, posLabel));
}
double recallScore(const Array& yTrue, const Array& yPred, PrfOptions options, const std::string& posLabel) {
    const auto r = rankLabels({&yTrue, &yPred}, "recall_score");
    return recallScore(r.tensors[0], r.tensors[1], withPosLabel(options, r, posLabel));
}
double f1Score(const Array& yTrue, const Array& yPred, PrfOptions options, const std::string& posLabel) {
    const auto r = rankLabels({&yTrue, &yPred}, "f1_score");
    return f1Score(r.tensors[0], r.tensors[1], withPosLabel(options, r, posLabel));
}

ClassificationReport classificationReport(const Array& yTrue, const Array& yPred, const ReportOptions& options) {
    const auto r = rankLabels({&yTrue, &yPred}, "classification_report");
    if (!r.names.empty() && options.labels)
        throw ValueError("classification_report: labels= with string labels is not available in Tessera");
    ClassificationReport report = classificationReport(r.tensors[0], r.tensors[1], options);
    // Rows were named by rank; name them by their strings (unless target_names were given).
    if (!r.names.empty() && options.targetNames.empty())
        for (auto& row : report.rows) row.name = r.names[static_cast<std::size_t>(std::stoll(row.name))];
    return report;
}

double matthewsCorrcoef(const Array& yTrue, const Array& yPred, const Tensor& sampleWeight) {
    const auto r = rankLabels({&yTrue, &yPred}, "matthews_corrcoef");
    return matthewsCorrcoef(r.tensors[0], r.tensors[1], sampleWeight);
}

double logLoss(const Array& yTrue, const Tensor& yPred, const LogLossOptions& options) {
    const auto r = rankLabels({&yTrue}, "log_loss");
    if (!r.names.empty() && options.labels)
        throw ValueError("log_loss: labels= with string labels is not available in Tessera");
    return logLoss(r.tensors[0], yPred, options);
}

double adjustedRandScore(const Array& labelsTrue, const Array& labelsPred) {
    return adjustedRandScore(rankLabels({&labelsTrue}, "adjusted_rand_score").tensors[0],
                             rankLabels({&labelsPred}, "adjusted_rand_score").tensors[0]);
}

double normalizedMutualInfoScore(const Array& labelsTrue, const Array& labelsPred, const std::string& averageMethod) {
    return normalizedMutualInfoScore(rankLabels({&labelsTrue}, "normalized_mutual_info_score").tensors[0],
                                     rankLabels({&labelsPred}, "normalized_mutual_info_score").tensors[0],
                                     averageMethod);
}

double silhouetteScore(const Tensor& X, const Array& labels) {
    return silhouetteScore(X, rankLabels({&labels}, "silhouette_score").tensors[0]);
}
double daviesBouldinScore(const Tensor& X, const Array& labels) {
    return daviesBouldinScore(X, rankLabels({&labels}, "davies_bouldin_score").tensors[0]);
}
double calinskiHarabaszScore(const Tensor& X, const Array& labels) {
    return calinskiHarabaszScore(X, rankLabels({&labels}, "calinski_harabasz_score").tensors[0]);
}

}  // namespace metrics

namespace model_selection {

std::vector<TrainTest> stratifiedKFoldSplit(const StratifiedKFold& cv, const Array& y) {
    return cv.split(rankLabels({&y}, "StratifiedKFold.split").tensors[0]);
}
std::vector<TrainTest> groupKFoldSplit(const GroupKFold& cv, const Array& groups) {
    return cv.split(rankLabels({&groups}, "GroupKFold.split").tensors[0]);
}
std::vector<TrainTest> stratifiedShuffleSplit(const StratifiedShuffleSplit& cv, const Array& y) {
    return cv.split(rankLabels({&y}, "StratifiedShuffleSplit.split").tensors[0]);
}
TrainTest trainTestSplitIndices(std::int64_t nSamples, TrainTestSplitOptions options, const Array& stratify) {
    options.stratify = rankLabels({&stratify}, "train_test_split").tensors[0];
    return trainTestSplitIndices(nSamples, options);
}

}  // namespace model_selection

}  // namespace tessera::ml
