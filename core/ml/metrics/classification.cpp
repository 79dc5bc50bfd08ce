// Follows sklearn/metrics/_classification.py (1.2.1): the same target checks, label unions, weighted
// counts and averages, so results agree to rounding.
#include "core/ml/metrics/classification.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/ml/metrics/labels.h"
#include "core/ml/metrics/metric_util.h"
#include "core/tensor/error.h"

namespace tessera::ml::metrics {

namespace {

std::vector<double> prfDivide(const std::vector<double>& num, const std::vector<double>& den, double zeroDivision) {
    std::vector<double> out(num.size());
    for (std::size_t i = 0; i < num.size(); ++i) out[i] = den[i] == 0.0 ? zeroDivision : num[i] / den[i];
    return out;
}

// Weighted counts per label of `selection` (tp, predicted, true), in the order of `selection`.
struct Counts {
    std::vector<double> tp, pred, truth;
};

Counts countsFor(const Targets& t, const std::vector<double>& weights, const std::vector<double>& selection) {
    const auto trueCodes = codesIn(t.yTrue, selection);
    const auto predCodes = codesIn(t.yPred, selection);
    Counts c{std::vector<double>(selection.size(), 0.0), std::vector<double>(selection.size(), 0.0),
             std::vector<double>(selection.size(), 0.0)};
    for (std::size_t i = 0; i < t.yTrue.size(); ++i) {
        const double w = weights.empty() ? 1.0 : weights[i];
        if (trueCodes[i] >= 0) {
            c.truth[trueCodes[i]] += w;
            if (t.yTrue[i] == t.yPred[i]) c.tp[trueCodes[i]] += w;
        }
        if (predCodes[i] >= 0) c.pred[predCodes[i]] += w;
    }
    return c;
}

}  // namespace

double accuracyScore(const Tensor& yTrue, const Tensor& yPred, bool normalize, const Tensor& sampleWeight) {
    const Targets t = checkTargets(yTrue, yPred, "accuracy_score");
    const auto w = sampleWeights(sampleWeight, t.yTrue.size(), "accuracy_score");
    std::vector<double> score(t.yTrue.size());
    for (std::size_t i = 0; i < score.size(); ++i) score[i] = t.yTrue[i] == t.yPred[i] ? 1.0 : 0.0;
    return weightedSum(score, w, normalize);
}

Tensor confusionMatrix(const Tensor& yTrue, const Tensor& yPred, const ConfusionMatrixOptions& options) {
    const char* where = "confusion_matrix";
    const Targets t = checkTargets(yTrue, yPred, where);
    std::vector<double> labels;
    if (options.labels) {
        labels = *options.labels;
        if (labels.empty()) throw ValueError("confusion_matrix: 'labels' should contains at least one label.");
        if (!t.yTrue.empty() && std::none_of(t.yTrue.begin(), t.yTrue.end(), [&](double v) {
                return std::find(labels.begin(), labels.end(), v) != labels.end();
            }))
            throw ValueError("confusion_matrix: At least one label specified must be in y_true");
    } else {
        labels = uniqueUnion(t.yTrue, t.yPred);
    }
    const auto w = sampleWeights(options.sampleWeight, t.yTrue.size(), where);
    const std::string& norm = options.normalize;
    if (!norm.empty() && norm != "true" && norm != "pred" && norm != "all")
        throw ValueError("confusion_matrix: normalize must be one of {'true', 'pred', 'all', None}, got '" + norm +
                         "'");
    const auto n = static_cast<std::int64_t>(labels.size());
    // Labels may be given in any order: map each value to its position in `labels`.
    auto position = [&](double v) -> std::int64_t {
        const auto it = std::find(labels.begin(), labels.end(), v);
        return it == labels.end() ? -1 : it - labels.begin();
    };
    std::vector<double> cm(static_cast<std::size_t>(n * n), 0.0);
    for (std::size_t i = 0; i < t.yTrue.size(); ++i) {
        const auto r = position(t.yTrue[i]);
        const auto c = position(t.yPred[i]);
        if (r >= 0 && c >= 0) cm[r * n + c] += w.empty() ? 1.0 : w[i];
    }
    const bool integerWeights = !options.sampleWeight.defined() || options.sampleWeight.dtype() == DType::Int64;
    if (norm.empty()) {
        if (integerWeights) {
            std::vector<std::int64_t> counts(cm.begin(), cm.end());
            return Tensor::fromVector<std::int64_t>(counts, {n, n});
        }
        return Tensor::fromVector<double>(cm, {n, n});
    }
    std::vector<double> out(cm.size());
    double total = 0;
    for (double v : cm) total += v;
    for (std::int64_t r = 0; r < n; ++r)
        for (std::int64_t c = 0; c < n; ++c) {
            double d = total;
            if (norm == "true") {
                d = 0;
                for (std::int64_t k = 0; k < n; ++k) d += cm[r * n + k];
            } else if (norm == "pred") {
                d = 0;
                for (std::int64_t k = 0; k < n; ++k) d += cm[k * n + c];
            }
            const double v = cm[r * n + c] / d;
            out[r * n + c] = std::isnan(v) ? 0.0 : v;  // nan_to_num, as sklearn
        }
    return Tensor::fromVector<double>(out, {n, n});
}

double balancedAccuracyScore(const Tensor& yTrue, const Tensor& yPred, const Tensor& sampleWeight, bool adjusted) {
    const Tensor cmT = confusionMatrix(yTrue, yPred, {.sampleWeight = sampleWeight});
    const auto cm = cmT.toVector<double>();
    const auto n = cmT.size(0);
    std::vector<double> perClass;
    for (std::int64_t r = 0; r < n; ++r) {
        double row = 0;
        for (std::int64_t c = 0; c < n; ++c) row += cm[r * n + c];
        const double v = cm[r * n + r] / row;
        if (!std::isnan(v)) perClass.push_back(v);  // classes only predicted are left out, as sklearn
    }
    double score = mean(perClass);
    if (adjusted) {
        const double chance = 1.0 / static_cast<double>(perClass.size());
        score -= chance;
        score /= 1 - chance;
    }
    return score;
}

PrecisionRecallFscore precisionRecallFscoreSupport(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& o) {
    const char* where = "precision_recall_fscore_support";
    const std::string& average = o.average;
    if (!average.empty() && average != "binary" && average != "micro" && average != "macro" && average != "weighted")
        throw ValueError(std::string(where) +
                         ": average has to be one of (None, 'micro', 'macro', 'weighted', "
                         "'binary'), got '" +
                         average + "'");
    if (o.beta < 0) throw ValueError(std::string(where) + ": beta should be >=0 in the F-beta score");
    const Targets t = checkTargets(yTrue, yPred, where);
    const auto w = sampleWeights(o.sampleWeight, t.yTrue.size(), where);
    const auto present = uniqueUnion(t.yTrue, t.yPred);
    std::vector<double> selection;
    if (average == "binary") {
        if (t.type != "binary")
            throw ValueError(std::string(where) + ": Target is " + t.type +
                             " but average='binary'. Please choose another average setting, one of [None, 'micro', "
                             "'macro', 'weighted'].");
        if (std::find(present.begin(), present.end(), o.posLabel) == present.end() && present.size() >= 2) {
            std::string list;
            for (double v : present) list += (list.empty() ? "" : ", ") + pyRepr(v, t.integerDtype);
            throw ValueError(std::string(where) + ": pos_label=" + pyRepr(o.posLabel, t.integerDtype) +
                             " is not a valid label. It should be one of [" + list + "]");
        }
        selection = {o.posLabel};
    } else {
        selection = o.labels ? *o.labels : present;
    }
    Counts c = countsFor(t, w, selection);
    if (average == "micro") {
        auto total = [](const std::vector<double>& v) {
            double s = 0;
            for (double x : v) s += x;
            return std::vector<double>{s};
        };
        c = {total(c.tp), total(c.pred), total(c.truth)};
    }
    PrecisionRecallFscore r;
    r.precision = prfDivide(c.tp, c.pred, o.zeroDivision);
    r.recall = prfDivide(c.tp, c.truth, o.zeroDivision);
    const double beta2 = o.beta * o.beta;
    r.fscore.resize(r.precision.size());
    for (std::size_t i = 0; i < r.fscore.size(); ++i) {
        double denom = beta2 * r.precision[i] + r.recall[i];
        if (denom == 0.0) denom = 1;
        r.fscore[i] = (1 + beta2) * r.precision[i] * r.recall[i] / denom;
    }
    if (average.empty()) {
        r.support = c.truth;
        return r;
    }
    std::vector<double> weights;
    if (average == "weighted") {
        weights = c.truth;
        double wsum = 0, psum = 0;
        for (double v : weights) wsum += v;
        for (double v : c.pred) psum += v;
        if (wsum == 0) {
            const double z = o.zeroDivision;
            if (psum == 0) return {{z}, {z}, {z}, {}};
            return {{0.0}, {z}, {0.0}, {}};
        }
    }
    r.precision = {average1(r.precision, weights)};
    r.recall = {average1(r.recall, weights)};
    r.fscore = {average1(r.fscore, weights)};
    return r;
}

double precisionScore(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& options) {
    if (options.average.empty())
        throw ValueError("precision_score: average=None gives one value per label: use precisionScorePerLabel");
    return precisionRecallFscoreSupport(yTrue, yPred, options).precision.front();
}
double recallScore(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& options) {
    if (options.average.empty())
        throw ValueError("recall_score: average=None gives one value per label: use recallScorePerLabel");
    return precisionRecallFscoreSupport(yTrue, yPred, options).recall.front();
}
double f1Score(const Tensor& yTrue, const Tensor& yPred, const PrfOptions& options) {
    if (options.average.empty())
        throw ValueError("f1_score: average=None gives one value per label: use f1ScorePerLabel");
    PrfOptions o = options;
    o.beta = 1.0;
    return precisionRecallFscoreSupport(yTrue, yPred, o).fscore.front();
}
double fbetaScore(const Tensor& yTrue, const Tensor& yPred, double beta, PrfOptions options) {
    if (options.average.empty()) throw ValueError("fbeta_score: average=None gives one value per label");
    options.beta = beta;
    return precisionRecallFscoreSupport(yTrue, yPred, options).fscore.front();
}
std::vector<double> precisionScorePerLabel(const Tensor& yTrue, const Tensor& yPred, PrfOptions options) {
    options.average.clear();
    return precisionRecallFscoreSupport(yTrue, yPred, options).precision;
}
std::vector<double> recallScorePerLabel(const Tensor& yTrue, const Tensor& yPred, PrfOptions options) {
    options.average.clear();
    return precisionRecallFscoreSupport(yTrue, yPred, options).recall;
}
std::vector<double> f1ScorePerLabel(const Tensor& yTrue, const Tensor& yPred, PrfOptions options) {
    options.average.clear();
    options.beta = 1.0;
    return precisionRecallFscoreSupport(yTrue, yPred, options).fscore;
}

ClassificationReport classificationReport(const Tensor& yTrue, const Tensor& yPred, const ReportOptions& options) {
    const char* where = "classification_report";
    const Targets t = checkTargets(yTrue, yPred, where);
    const auto present = uniqueUnion(t.yTrue, t.yPred);
    const std::vector<double> labels = options.labels ? *options.labels : present;
    bool microIsAccuracy = !options.labels;
    if (options.labels) {
        std::vector<double> given(labels);
        std::sort(given.begin(), given.end());
        given.erase(std::unique(given.begin(), given.end()), given.end());
        microIsAccuracy = given == present;
    }
    if (!options.targetNames.empty() && options.targetNames.size() != labels.size() && !options.labels)
        throw ValueError("classification_report: Number of classes, " + std::to_string(labels.size()) +
                         ", does not match size of target_names, " + std::to_string(options.targetNames.size()) +
                         ". Try specifying the labels parameter");
    PrfOptions prf{
        .labels = labels, .average = "", .sampleWeight = options.sampleWeight, .zeroDivision = options.zeroDivision};
    const auto perLabel = precisionRecallFscoreSupport(yTrue, yPred, prf);
    ClassificationReport report;
    report.weightedSupport = options.sampleWeight.defined() && options.sampleWeight.dtype() != DType::Int64;
    double support = 0;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        // zip() stops at the shorter of target_names and labels, as sklearn's rows do.
        if (!options.targetNames.empty() && i >= options.targetNames.size()) break;
        const std::string name =
            options.targetNames.empty() ? pyRepr(labels[i], t.integerDtype) : options.targetNames[i];
        report.rows.push_back(
            {name, perLabel.precision[i], perLabel.recall[i], perLabel.fscore[i], perLabel.support[i]});
    }
    for (double s : perLabel.support) support += s;
    for (const char* average : {"micro", "macro", "weighted"}) {
        prf.average = average;
        const auto avg = precisionRecallFscoreSupport(yTrue, yPred, prf);
        if (std::string(average) == "micro" && microIsAccuracy) {
            report.accuracy = avg.precision.front();
            continue;
        }
        report.averages.push_back(
            {std::string(average) + " avg", avg.precision.front(), avg.recall.front(), avg.fscore.front(), support});
    }
    return report;
}

std::string ClassificationReport::text(int digits) const {
    std::size_t width = std::string("weighted avg").size();
    for (const auto& r : rows) width = std::max(width, r.name.size());
    width = std::max(width, static_cast<std::size_t>(digits));
    auto pad = [](const std::string& s, std::size_t w) {
        return s.size() >= w ? s : std::string(w - s.size(), ' ') + s;
    };
    auto fixed = [&](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", digits, v);
        return pad(buf, 9);
    };
    auto supportText = [&](double v) { return pad(pyRepr(v, !weightedSupport), 9); };
    std::string out = pad("", width) + " ";
    for (const char* h : {"precision", "recall", "f1-score", "support"}) out += " " + pad(h, 9);
    out += "\n\n";
    auto row = [&](const ReportRow& r) {
        return pad(r.name, width) + " " + " " + fixed(r.precision) + " " + fixed(r.recall) + " " + fixed(r.f1) + " " +
               supportText(r.support) + "\n";
    };
    for (const auto& r : rows) out += row(r);
    out += "\n";
    if (accuracy) {
        const double support = averages.empty() ? 0 : averages.front().support;
        out += pad("accuracy", width) + " " + " " + pad("", 9) + " " + pad("", 9) + " " + fixed(*accuracy) + " " +
               supportText(support) + "\n";
    }
    for (const auto& r : averages) out += row(r);
    return out;
}

double matthewsCorrcoef(const Tensor& yTrue, const Tensor& yPred, const Tensor& sampleWeight) {
    const Tensor cmT = confusionMatrix(yTrue, yPred, {.sampleWeight = sampleWeight});
    const auto cm = cmT.toVector<double>();
    const auto n = cmT.size(0);
    std::vector<double> tSum(n, 0.0), pSum(n, 0.0);
    double correct = 0;
    for (std::int64_t r = 0; r < n; ++r) {
        correct += cm[r * n + r];
        for (std::int64_t c = 0; c < n; ++c) {
            tSum[r] += cm[r * n + c];
            pSum[c] += cm[r * n + c];
        }
    }
    double samples = 0, tp = 0, pp = 0, tt = 0;
    for (std::int64_t k = 0; k < n; ++k) {
        samples += pSum[k];
        tp += tSum[k] * pSum[k];
        pp += pSum[k] * pSum[k];
        tt += tSum[k] * tSum[k];
    }
    const double covYtYp = correct * samples - tp;
    const double covYpYp = samples * samples - pp;
    const double covYtYt = samples * samples - tt;
    if (covYpYp * covYtYt == 0) return 0.0;
    return covYtYp / std::sqrt(covYtYt * covYpYp);
}

double logLoss(const Tensor& yTrue, const Tensor& yPred, const LogLossOptions& o) {
    const char* where = "log_loss";
    const auto truth = labelValues(yTrue, where, "y_true");
    if (!yPred.defined() || yPred.dim() < 1 || yPred.dim() > 2)
        throw ShapeError("log_loss: y_pred must be 1-D or 2-D probabilities");
    const auto n = static_cast<std::int64_t>(truth.size());
    if (yPred.size(0) != n)
        throw ValueError("log_loss: Found input variables with inconsistent numbers of samples: [" +
                         std::to_string(yPred.size(0)) + ", " + std::to_string(n) + "]");
    const auto w = sampleWeights(o.sampleWeight, truth.size(), where);
    std::vector<double> classes;
    if (o.labels) {
        classes = *o.labels;
        std::sort(classes.begin(), classes.end());
        classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    } else {
        classes = uniqueUnion(truth, {});
    }
    const bool intLabels = yTrue.dtype() == DType::Int64;
    if (classes.size() == 1) {
        if (!o.labels)
            throw ValueError("log_loss: y_true contains only one label (" + pyRepr(classes[0], intLabels) +
                             "). Please provide the true labels explicitly through the labels argument.");
        throw ValueError("log_loss: The labels array needs to contain at least two labels for log_loss, got [" +
                         pyRepr(classes[0], intLabels) + "].");
    }
    const auto codes = codesIn(truth, classes);
    for (std::size_t i = 0; i < codes.size(); ++i)
        if (codes[i] < 0)
            throw ValueError("log_loss: y_true contains the label " + pyRepr(truth[i], intLabels) + " (row " +
                             std::to_string(i) + "), which is not in labels");
    const double eps = o.eps.value_or(std::numeric_limits<double>::epsilon());
    const auto p = yPred.toVector<double>();
    const std::int64_t k = yPred.dim() == 1 ? 1 : yPred.size(1);
    const std::int64_t cols = k == 1 ? 2 : k;
    if (static_cast<std::int64_t>(classes.size()) != cols) {
        std::string list;
        for (double v : classes) list += (list.empty() ? "" : " ") + pyRepr(v, intLabels);
        if (!o.labels)
            throw ValueError("log_loss: y_true and y_pred contain different number of classes " +
                             std::to_string(classes.size()) + ", " + std::to_string(cols) +
                             ". Please provide the true labels explicitly through the labels argument. Classes found "
                             "in y_true: [" +
                             list + "]");
        throw ValueError(
            "log_loss: The number of classes in labels is different from that in y_pred. Classes found in "
            "labels: [" +
            list + "]");
    }
    std::vector<double> loss(static_cast<std::size_t>(n));
    std::vector<double> row(static_cast<std::size_t>(cols));
    for (std::int64_t i = 0; i < n; ++i) {
        if (k == 1) {
            const double q = std::clamp(p[i], eps, 1 - eps);
            row[0] = 1 - q;
            row[1] = q;
        } else {
            for (std::int64_t j = 0; j < k; ++j) row[j] = std::clamp(p[i * k + j], eps, 1 - eps);
        }
        double sum = 0;
        for (double v : row) sum += v;
        loss[i] = -std::log(row[codes[i]] / sum);
    }
    return weightedSum(loss, w, o.normalize);
}

double brierScoreLoss(const Tensor& yTrue, const Tensor& yProb, const Tensor& sampleWeight,
                      std::optional<double> posLabel) {
    const char* where = "brier_score_loss";
    const auto truth = labelValues(yTrue, where, "y_true");
    const auto prob = numericVector(yProb, where, "y_prob");
    if (truth.size() != prob.size())
        throw ValueError("brier_score_loss: Found input variables with inconsistent numbers of samples: [" +
                         std::to_string(truth.size()) + ", " + std::to_string(prob.size()) + "]");
    for (double v : prob)
        if (!std::isfinite(v)) throw ValueError("brier_score_loss: Input contains NaN or infinity (y_prob)");
    const auto classes = uniqueUnion(truth, {});
    const std::string type = targetType(classes);
    if (type != "binary")
        throw ValueError("brier_score_loss: Only binary classification is supported. The type of the target is " +
                         type + ".");
    if (*std::max_element(prob.begin(), prob.end()) > 1)
        throw ValueError("brier_score_loss: y_prob contains values greater than 1.");
    if (*std::min_element(prob.begin(), prob.end()) < 0)
        throw ValueError("brier_score_loss: y_prob contains values less than 0.");
    const double pos = posLabel ? *posLabel : (standardBinaryClasses(classes) ? 1.0 : classes.back());
    const auto w = sampleWeights(sampleWeight, truth.size(), where);
    std::vector<double> sq(truth.size());
    for (std::size_t i = 0; i < sq.size(); ++i) {
        const double d = (truth[i] == pos ? 1.0 : 0.0) - prob[i];
        sq[i] = d * d;
    }
    return average1(sq, w);
}

}  // namespace tessera::ml::metrics
