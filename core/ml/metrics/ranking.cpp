// Follows sklearn/metrics/_ranking.py (1.2.1): _binary_clf_curve sorts the scores descending with a
// stable sort (ties keep sklearn's order), accumulates weights with cumsum at each distinct score, and
// the curves and areas are built from those points exactly as sklearn builds them.
#include "core/ml/metrics/ranking.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/ml/metrics/labels.h"
#include "core/ml/metrics/metric_util.h"
#include "core/tensor/error.h"

namespace tessera::ml::metrics {

namespace {

struct ClfCurve {
    std::vector<double> fps, tps, thresholds;
};

std::string setRepr(const std::vector<double>& classes, bool asInt) {
    std::string s;
    for (double v : classes) s += (s.empty() ? "" : ", ") + pyRepr(v, asInt);
    return "{" + s + "}";
}

double resolvePosLabel(std::optional<double> posLabel, const std::vector<double>& classes, bool asInt,
                       const std::string& where) {
    if (posLabel) return *posLabel;
    if (!standardBinaryClasses(classes))
        throw ValueError(where + ": y_true takes value in " + setRepr(classes, asInt) +
                         " and pos_label is not specified: either make y_true take value in {0, 1} or {-1, 1} or pass "
                         "pos_label explicitly.");
    return 1.0;
}

ClfCurve binaryClfCurve(std::vector<double> truth, std::vector<double> score, std::optional<double> posLabel,
                        std::vector<double> weight, bool asInt, const std::string& where) {
    checkLengths(truth.size(), score.size(), where);
    if (!weight.empty()) checkLengths(truth.size(), weight.size(), where);
    const auto classes = uniqueUnion(truth, {});
    const std::string type = targetType(classes);
    if (!(type == "binary" || (type == "multiclass" && posLabel)))
        throw ValueError(where + ": " + type + " format is not supported");
    for (const auto* v : {&truth, &score})
        for (double x : *v)
            if (!std::isfinite(x)) throw ValueError(where + ": Input contains NaN or infinity");
    if (!weight.empty()) {
        // Zero-weighted samples are left out, as sklearn filters them.
        std::vector<double> t, s, w;
        for (std::size_t i = 0; i < weight.size(); ++i)
            if (weight[i] != 0) {
                t.push_back(truth[i]);
                s.push_back(score[i]);
                w.push_back(weight[i]);
            }
        truth.swap(t);
        score.swap(s);
        weight.swap(w);
    }
    const double pos = resolvePosLabel(posLabel, uniqueUnion(truth, {}), asInt, where);
    const std::size_t n = truth.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return score[a] < score[b]; });
    std::reverse(order.begin(), order.end());
    ClfCurve c;
    double tp = 0, fp = 0;
    for (std::size_t r = 0; r < n; ++r) {
        const std::size_t i = order[r];
        const double y = truth[i] == pos ? 1.0 : 0.0;
        const double w = weight.empty() ? 1.0 : weight[i];
        tp += y * w;
        fp += (1 - y) * w;
        if (r + 1 == n || score[order[r + 1]] != score[i]) {
            c.tps.push_back(tp);
            // Unweighted, sklearn counts false positives as 1 + index - tps.
            c.fps.push_back(weight.empty() ? 1.0 + static_cast<double>(r) - tp : fp);
            c.thresholds.push_back(score[i]);
        }
    }
    return c;
}

// roc_curve's points from _binary_clf_curve's: drop_intermediate, the (0, 0) start with threshold
// max + 1, and the normalisation (NaN when a class is absent, as sklearn after its warning).
RocCurve rocFromCurve(const ClfCurve& c, bool dropIntermediate) {
    std::vector<std::size_t> keep;
    const std::size_t m = c.fps.size();
    for (std::size_t i = 0; i < m; ++i) {
        if (!dropIntermediate || m <= 2 || i == 0 || i + 1 == m) {
            keep.push_back(i);
            continue;
        }
        // np.diff(_, 2) != 0: a corner in fps or tps
        const double d2f = (c.fps[i + 1] - c.fps[i]) - (c.fps[i] - c.fps[i - 1]);
        const double d2t = (c.tps[i + 1] - c.tps[i]) - (c.tps[i] - c.tps[i - 1]);
        if (d2f != 0 || d2t != 0) keep.push_back(i);
    }
    RocCurve r;
    std::vector<double> fps{0}, tps{0};
    r.thresholds.push_back(c.thresholds[keep.front()] + 1);
    for (auto i : keep) {
        fps.push_back(c.fps[i]);
        tps.push_back(c.tps[i]);
        r.thresholds.push_back(c.thresholds[i]);
    }
    const double nan = std::nan("");
    for (double v : fps) r.fpr.push_back(fps.back() <= 0 ? nan : v / fps.back());
    for (double v : tps) r.tpr.push_back(tps.back() <= 0 ? nan : v / tps.back());
    return r;
}

std::vector<double> scoresOf(const Tensor& s, const std::string& where, const std::string& what) {
    return numericVector(s, where, what);
}

double binaryRocAuc(const std::vector<double>& truth, const std::vector<double>& score,
                    const std::vector<double>& weight, std::optional<double> maxFpr, const std::string& where) {
    if (uniqueUnion(truth, {}).size() != 2)
        throw ValueError(where + ": Only one class present in y_true. ROC AUC score is not defined in that case.");
    const ClfCurve c = binaryClfCurve(truth, score, std::nullopt, weight, true, where);
    const RocCurve roc = rocFromCurve(c, true);
    if (!maxFpr || *maxFpr == 1) return auc(roc.fpr, roc.tpr);
    if (*maxFpr <= 0 || *maxFpr > 1)
        throw ValueError(where + ": Expected max_fpr in range (0, 1], got: " + pyRepr(*maxFpr, false));
    const auto stop =
        static_cast<std::size_t>(std::upper_bound(roc.fpr.begin(), roc.fpr.end(), *maxFpr) - roc.fpr.begin());
    const double x0 = roc.fpr[stop - 1], x1 = roc.fpr[stop], y0 = roc.tpr[stop - 1], y1 = roc.tpr[stop];
    // np.interp of one point between two
    const double yi = x1 == x0 ? y1 : y0 + (*maxFpr - x0) * ((y1 - y0) / (x1 - x0));
    std::vector<double> fpr(roc.fpr.begin(), roc.fpr.begin() + stop), tpr(roc.tpr.begin(), roc.tpr.begin() + stop);
    fpr.push_back(*maxFpr);
    tpr.push_back(yi);
    const double partial = auc(fpr, tpr);
    const double minArea = 0.5 * *maxFpr * *maxFpr;
    const double maxArea = *maxFpr;
    return 0.5 * (1 + (partial - minArea) / (maxArea - minArea));
}

}  // namespace

RocCurve rocCurve(const Tensor& yTrue, const Tensor& yScore, std::optional<double> posLabel, const Tensor& sampleWeight,
                  bool dropIntermediate) {
    const std::string where = "roc_curve";
    const auto truth = labelValues(yTrue, where, "y_true");
    const ClfCurve c =
        binaryClfCurve(truth, scoresOf(yScore, where, "y_score"), posLabel,
                       sampleWeights(sampleWeight, truth.size(), where), yTrue.dtype() == DType::Int64, where);
    return rocFromCurve(c, dropIntermediate);
}

PrecisionRecallCurve precisionRecallCurve(const Tensor& yTrue, const Tensor& probasPred, std::optional<double> posLabel,
                                          const Tensor& sampleWeight) {
    const std::string where = "precision_recall_curve";
    const auto truth = labelValues(yTrue, where, "y_true");
    const ClfCurve c =
        binaryClfCurve(truth, scoresOf(probasPred, where, "probas_pred"), posLabel,
                       sampleWeights(sampleWeight, truth.size(), where), yTrue.dtype() == DType::Int64, where);
    const std::size_t m = c.tps.size();
    PrecisionRecallCurve r;
    for (std::size_t k = m; k-- > 0;) {
        const double ps = c.tps[k] + c.fps[k];
        r.precision.push_back(ps != 0 ? c.tps[k] / ps : 0.0);
        r.recall.push_back(c.tps.back() == 0 ? 1.0 : c.tps[k] / c.tps.back());
        r.thresholds.push_back(c.thresholds[k]);
    }
    r.precision.push_back(1);
    r.recall.push_back(0);
    return r;
}

double auc(const std::vector<double>& x, const std::vector<double>& y) {
    checkLengths(x.size(), y.size(), "auc");
    if (x.size() < 2)
        throw ValueError("auc: At least 2 points are needed to compute area under curve, but x.shape = " +
                         std::to_string(x.size()));
    bool anyDown = false, allDown = true;
    for (std::size_t i = 1; i < x.size(); ++i) {
        const double d = x[i] - x[i - 1];
        anyDown = anyDown || d < 0;
        allDown = allDown && d <= 0;
    }
    double direction = 1;
    if (anyDown) {
        if (!allDown) throw ValueError("auc: x is neither increasing nor decreasing");
        direction = -1;
    }
    double area = 0;
    for (std::size_t i = 1; i < x.size(); ++i) area += (x[i] - x[i - 1]) * (y[i] + y[i - 1]) / 2.0;
    return direction * area;
}

double rocAucScore(const Tensor& yTrue, const Tensor& yScore, const RocAucOptions& o) {
    const std::string where = "roc_auc_score";
    const auto truth = labelValues(yTrue, where, "y_true");
    const auto classesTrue = uniqueUnion(truth, {});
    const std::string type = targetType(classesTrue);
    if (type == "continuous") throw ValueError(where + ": continuous format is not supported");
    const auto w = sampleWeights(o.sampleWeight, truth.size(), where);
    const bool twoD = yScore.defined() && yScore.dim() == 2;
    if (yScore.defined() && yScore.size(0) != static_cast<std::int64_t>(truth.size()))
        checkLengths(truth.size(), static_cast<std::size_t>(yScore.size(0)), where);
    if (type == "multiclass" || (type == "binary" && twoD && yScore.size(1) > 2)) {
        if (o.maxFpr && *o.maxFpr != 1.0)
            throw ValueError(where +
                             ": Partial AUC computation not available in multiclass setting, 'max_fpr' must be "
                             "set to `None`, received `max_fpr=" +
                             pyRepr(*o.maxFpr, false) + "` instead");
        if (o.multiClass == "raise") throw ValueError(where + ": multi_class must be in ('ovo', 'ovr')");
        if (!twoD) throw ShapeError(where + ": multiclass y_score must be 2-D (n_samples, n_classes)");
        const auto n = yScore.size(0);
        const auto k = yScore.size(1);
        const auto s = yScore.toVector<double>();
        for (std::int64_t i = 0; i < n; ++i) {
            double sum = 0;
            for (std::int64_t j = 0; j < k; ++j) sum += s[i * k + j];
            if (!(std::abs(1 - sum) <= 1e-8 + 1e-5 * std::abs(sum)))
                throw ValueError(where +
                                 ": Target scores need to be probabilities for multiclass roc_auc, i.e. they "
                                 "should sum up to 1.0 over classes");
        }
        const bool ovr = o.multiClass == "ovr";
        if (o.average != "macro" && o.average != "weighted" && !(ovr && o.average == "micro"))
            throw ValueError(where + ": average must be one of " +
                             std::string(ovr ? "('micro', 'macro', 'weighted', None)" : "('macro', 'weighted', None)") +
                             " for multiclass problems");
        if (!ovr && o.multiClass != "ovo")
            throw ValueError(where + ": multi_class='" + o.multiClass +
                             "' is not supported for multiclass ROC AUC, multi_class must be in ('ovo', 'ovr')");
        std::vector<double> classes;
        if (o.labels) {
            classes = *o.labels;
            std::vector<double> sorted = uniqueUnion(classes, {});
            if (sorted.size() != classes.size()) throw ValueError(where + ": Parameter 'labels' must be unique");
            if (sorted != classes) throw ValueError(where + ": Parameter 'labels' must be ordered");
            if (static_cast<std::int64_t>(classes.size()) != k)
                throw ValueError(where + ": Number of given labels, " + std::to_string(classes.size()) +
                                 ", not equal to the number of columns in 'y_score', " + std::to_string(k));
            for (double v : truth)
                if (!std::binary_search(classes.begin(), classes.end(), v))
                    throw ValueError(where + ": 'y_true' contains labels not in parameter 'labels'");
        } else {
            classes = classesTrue;
            if (static_cast<std::int64_t>(classes.size()) != k)
                throw ValueError(where +
                                 ": Number of classes in y_true not equal to the number of columns in 'y_score'");
        }
        const auto codes = codesIn(truth, classes);
        auto column = [&](std::int64_t c, const std::vector<std::size_t>& rows) {
            std::vector<double> v;
            for (auto i : rows) v.push_back(s[i * k + c]);
            return v;
        };
        if (!ovr) {
            if (!w.empty())
                throw ValueError(where +
                                 ": sample_weight is not supported for multiclass one-vs-one ROC AUC, "
                                 "'sample_weight' must be None in this case.");
            // Hand & Till: each pair of classes present in y_true, both ways round.
            std::vector<std::int64_t> present;
            for (auto c : codes)
                if (std::find(present.begin(), present.end(), c) == present.end()) present.push_back(c);
            std::sort(present.begin(), present.end());
            std::vector<double> pairScores, prevalence;
            for (std::size_t ia = 0; ia < present.size(); ++ia)
                for (std::size_t ib = ia + 1; ib < present.size(); ++ib) {
                    const auto a = present[ia], b = present[ib];
                    std::vector<std::size_t> rows;
                    std::vector<double> aTrue, bTrue;
                    for (std::size_t i = 0; i < codes.size(); ++i)
                        if (codes[i] == a || codes[i] == b) {
                            rows.push_back(i);
                            aTrue.push_back(codes[i] == a ? 1.0 : 0.0);
                            bTrue.push_back(codes[i] == b ? 1.0 : 0.0);
                        }
                    prevalence.push_back(static_cast<double>(rows.size()) / static_cast<double>(codes.size()));
                    const double sa = binaryRocAuc(aTrue, column(a, rows), {}, std::nullopt, where);
                    const double sb = binaryRocAuc(bTrue, column(b, rows), {}, std::nullopt, where);
                    pairScores.push_back((sa + sb) / 2);
                }
            return average1(pairScores, o.average == "weighted" ? prevalence : std::vector<double>{});
        }
        std::vector<std::size_t> all(codes.size());
        std::iota(all.begin(), all.end(), 0);
        if (o.average == "micro") {
            std::vector<double> t, sc, ww;
            for (std::size_t i = 0; i < codes.size(); ++i)
                for (std::int64_t c = 0; c < k; ++c) {
                    t.push_back(codes[i] == c ? 1.0 : 0.0);
                    sc.push_back(s[i * k + c]);
                    if (!w.empty()) ww.push_back(w[i]);
                }
            return binaryRocAuc(t, sc, ww, std::nullopt, where);
        }
        std::vector<double> scores(static_cast<std::size_t>(k)), weights;
        for (std::int64_t c = 0; c < k; ++c) {
            std::vector<double> t(codes.size());
            double support = 0;
            for (std::size_t i = 0; i < codes.size(); ++i) {
                t[i] = codes[i] == c ? 1.0 : 0.0;
                support += t[i] * (w.empty() ? 1.0 : w[i]);
            }
            scores[c] = binaryRocAuc(t, column(c, all), w, std::nullopt, where);
            weights.push_back(support);
        }
        if (o.average == "weighted") {
            double total = 0;
            for (double v : weights) total += v;
            if (std::abs(total) <= 1e-8) return 0;
            for (std::int64_t c = 0; c < k; ++c)
                if (weights[c] == 0) scores[c] = 0;
            return average1(scores, weights);
        }
        return mean(scores);
    }
    if (o.average != "macro" && o.average != "weighted" && o.average != "micro" && o.average != "samples")
        throw ValueError(where + ": average has to be one of (None, 'micro', 'macro', 'weighted', 'samples')");
    if (twoD && yScore.size(1) != 1)
        throw ShapeError(where + ": binary y_score must be 1-D, got shape " + shapeToString(yScore.sizes()));
    // Binary: the larger label is the positive class (label_binarize over the sorted classes).
    std::vector<double> t(truth.size());
    for (std::size_t i = 0; i < t.size(); ++i)
        t[i] = truth[i] == classesTrue.back() && classesTrue.size() == 2 ? 1.0 : 0.0;
    return binaryRocAuc(t, scoresOf(yScore, where, "y_score"), w, o.maxFpr, where);
}

double averagePrecisionScore(const Tensor& yTrue, const Tensor& yScore, double posLabel, const Tensor& sampleWeight) {
    const std::string where = "average_precision_score";
    const auto truth = labelValues(yTrue, where, "y_true");
    const auto present = uniqueUnion(truth, {});
    const std::string type = targetType(present);
    if (type != "binary") throw ValueError(where + ": " + type + " format is not supported");
    const bool asInt = yTrue.dtype() == DType::Int64;
    if (present.size() == 2 && !std::binary_search(present.begin(), present.end(), posLabel))
        throw ValueError(where + ": pos_label=" + pyRepr(posLabel, asInt) +
                         " is not a valid label. It should be one of [" + pyRepr(present[0], asInt) + ", " +
                         pyRepr(present[1], asInt) + "]");
    const auto pr = precisionRecallCurve(yTrue, yScore, posLabel, sampleWeight);
    double s = 0;
    for (std::size_t i = 0; i + 1 < pr.recall.size(); ++i) s += (pr.recall[i + 1] - pr.recall[i]) * pr.precision[i];
    return -s;
}

}  // namespace tessera::ml::metrics
