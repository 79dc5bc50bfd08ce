// The scorers of sklearn/metrics/_scorer.py (1.2.1): _PredictScorer, _ProbaScorer and _ThresholdScorer,
// each as sign × metric over core/ml/metrics, with the same method and column choices.
#include "core/ml/model_selection/scorer.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/metrics/classification.h"
#include "core/ml/metrics/ranking.h"
#include "core/ml/metrics/regression.h"
#include "core/ml/metrics/string_labels.h"
#include "core/ml/model_selection/check_cv.h"
#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

using ScoreFn = std::function<double(const Estimator&, const ScoreInput&, const Array&)>;

// _select_proba_binary with pos_label=None: the column of the second class.
Tensor positiveColumn(const Tensor& proba) {
    const std::int64_t n = proba.size(0), k = proba.size(1);
    const std::vector<double> p = proba.toVector<double>();
    std::vector<double> out(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) out[i] = p[i * k + (k > 1 ? 1 : 0)];
    return Tensor::fromVector<double>(out, {n});
}

Tensor numericTarget(const Array& y, const char* metric) {
    if (y.isStrings())
        throw ValueError(std::string(metric) +
                         ": y_true takes string values and pos_label is not specified: either "
                         "make y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly.");
    return y.tensor("y");
}

// y_pred of predict as metrics read it: the labels as they are.
Array predictLabels(const Estimator& e, const ScoreInput& X) { return X.predict(e); }

ScoreFn predictScorer(std::function<double(const Array&, const Array&)> metric, double sign) {
    return [metric = std::move(metric), sign](const Estimator& e, const ScoreInput& X, const Array& y) {
        return sign * metric(y, predictLabels(e, X));
    };
}

ScoreFn regressionScorer(std::function<double(const Tensor&, const Tensor&)> metric, double sign) {
    return [metric = std::move(metric), sign](const Estimator& e, const ScoreInput& X, const Array& y) {
        const Array p = X.predict(e);
        return sign * metric(y.tensor("y"), p.tensor("y_pred"));
    };
}

// _ProbaScorer: predict_proba, the positive column when y is binary and there are at most two columns.
ScoreFn probaScorer(std::function<double(const Array&, const Tensor&)> metric, double sign) {
    return [metric = std::move(metric), sign](const Estimator& e, const ScoreInput& X, const Array& y) {
        Tensor p = X.predictProba(e);
        if (typeOfTarget(y) == "binary" && p.size(1) <= 2) p = positiveColumn(p);
        return sign * metric(y, p);
    };
}

// _ThresholdScorer: binary targets only; predict for regressors, else decision_function, or
// predict_proba's positive column when the estimator has no decision_function.
ScoreFn thresholdScorer(std::function<double(const Tensor&, const Tensor&)> metric) {
    return [metric = std::move(metric)](const Estimator& e, const ScoreInput& X, const Array& y) {
        const std::string type = typeOfTarget(y);
        if (type != "binary") throw ValueError(type + " format is not supported");
        const Tensor yt = numericTarget(y, "roc_auc_score");
        Tensor score;
        if (isRegressor(e)) {
            score = X.predict(e).tensor("y_pred");
        } else {
            try {
                score = X.decisionFunction(e);
            } catch (const AttributeError&) {
                score = positiveColumn(X.predictProba(e));
            }
        }
        return metric(yt, score);
    };
}

// roc_auc_ovr / ovo (weighted): a _ProbaScorer over the labels' ranks, which keeps string labels in
// the order of classes_.
ScoreFn multiclassAuc(const std::string& multiClass, const std::string& average) {
    return probaScorer(
        [multiClass, average](const Array& y, const Tensor& p) {
            const RankedLabels r = rankLabels({&y}, "roc_auc_score");
            return metrics::rocAucScore(r.tensors[0], p, {.average = average, .multiClass = multiClass});
        },
        1.0);
}

ScoreFn prfScorer(double (*metric)(const Array&, const Array&, metrics::PrfOptions, const std::string&),
                  const std::string& average) {
    return predictScorer(
        [metric, average](const Array& y, const Array& p) { return metric(y, p, {.average = average}, {}); }, 1.0);
}

const std::map<std::string, ScoreFn, std::less<>>& table() {
    static const std::map<std::string, ScoreFn, std::less<>> t = [] {
        std::map<std::string, ScoreFn, std::less<>> m;
        m["accuracy"] = predictScorer([](const Array& y, const Array& p) { return metrics::accuracyScore(y, p); }, 1);
        m["balanced_accuracy"] =
            predictScorer([](const Array& y, const Array& p) { return metrics::balancedAccuracyScore(y, p); }, 1);
        m["matthews_corrcoef"] =
            predictScorer([](const Array& y, const Array& p) { return metrics::matthewsCorrcoef(y, p); }, 1);
        const std::pair<const char*, double (*)(const Array&, const Array&, metrics::PrfOptions, const std::string&)>
            prf[] = {
                {"precision", metrics::precisionScore}, {"recall", metrics::recallScore}, {"f1", metrics::f1Score}};
        for (const auto& [name, fn] : prf) {
            m[name] = prfScorer(fn, "binary");
            for (const char* average : {"macro", "micro", "weighted"})
                m[std::string(name) + "_" + average] = prfScorer(fn, average);
        }
        m["adjusted_rand_score"] =
            predictScorer([](const Array& y, const Array& p) { return metrics::adjustedRandScore(y, p); }, 1);
        m["normalized_mutual_info_score"] =
            predictScorer([](const Array& y, const Array& p) { return metrics::normalizedMutualInfoScore(y, p); }, 1);
        m["roc_auc"] = thresholdScorer([](const Tensor& y, const Tensor& s) { return metrics::rocAucScore(y, s); });
        m["average_precision"] =
            thresholdScorer([](const Tensor& y, const Tensor& s) { return metrics::averagePrecisionScore(y, s); });
        m["roc_auc_ovr"] = multiclassAuc("ovr", "macro");
        m["roc_auc_ovo"] = multiclassAuc("ovo", "macro");
        m["roc_auc_ovr_weighted"] = multiclassAuc("ovr", "weighted");
        m["roc_auc_ovo_weighted"] = multiclassAuc("ovo", "weighted");
        m["neg_log_loss"] = probaScorer([](const Array& y, const Tensor& p) { return metrics::logLoss(y, p); }, -1.0);
        m["neg_brier_score"] = probaScorer(
            [](const Array& y, const Tensor& p) {
                return metrics::brierScoreLoss(numericTarget(y, "brier_score_loss"), p);
            },
            -1.0);
        m["r2"] = regressionScorer([](const Tensor& a, const Tensor& b) { return metrics::r2Score(a, b); }, 1);
        m["explained_variance"] =
            regressionScorer([](const Tensor& a, const Tensor& b) { return metrics::explainedVarianceScore(a, b); }, 1);
        m["neg_mean_squared_error"] =
            regressionScorer([](const Tensor& a, const Tensor& b) { return metrics::meanSquaredError(a, b); }, -1);
        m["neg_root_mean_squared_error"] = regressionScorer(
            [](const Tensor& a, const Tensor& b) { return metrics::meanSquaredError(a, b, {.squared = false}); }, -1);
        m["neg_mean_absolute_error"] =
            regressionScorer([](const Tensor& a, const Tensor& b) { return metrics::meanAbsoluteError(a, b); }, -1);
        m["neg_median_absolute_error"] =
            regressionScorer([](const Tensor& a, const Tensor& b) { return metrics::medianAbsoluteError(a, b); }, -1);
        return m;
    }();
    return t;
}

// sklearn 1.2.1's scorer names that Tessera does not have (refused by name rather than as unknown).
const std::set<std::string, std::less<>> kSklearnOnly = {"max_error",
                                                         "neg_mean_absolute_percentage_error",
                                                         "neg_mean_squared_log_error",
                                                         "neg_mean_poisson_deviance",
                                                         "neg_mean_gamma_deviance",
                                                         "top_k_accuracy",
                                                         "positive_likelihood_ratio",
                                                         "neg_negative_likelihood_ratio",
                                                         "rand_score",
                                                         "homogeneity_score",
                                                         "completeness_score",
                                                         "v_measure_score",
                                                         "mutual_info_score",
                                                         "adjusted_mutual_info_score",
                                                         "fowlkes_mallows_score",
                                                         "precision_samples",
                                                         "recall_samples",
                                                         "f1_samples",
                                                         "jaccard",
                                                         "jaccard_macro",
                                                         "jaccard_micro",
                                                         "jaccard_samples",
                                                         "jaccard_weighted"};

Scorer passthrough(const Estimator& estimator) {
    if (!estimator.info().hasMethod("score"))
        throw TypeError(
            "If no scoring is specified, the estimator passed should have a 'score' method. The estimator " +
            ParamValue(std::const_pointer_cast<Estimator>(estimator.shared_from_this())).repr() + " does not.");
    return {"score", [](const Estimator& e, const ScoreInput& X, const Array& y) { return X.score(e, y); }};
}

}  // namespace

Array ScoreInput::predict(const Estimator& e) const { return table ? e.predictTable(*table) : e.predict(*tensor); }
Tensor ScoreInput::predictProba(const Estimator& e) const {
    return table ? e.predictProbaTable(*table) : e.predictProba(*tensor);
}
Tensor ScoreInput::decisionFunction(const Estimator& e) const {
    return table ? e.decisionFunctionTable(*table) : e.decisionFunction(*tensor);
}
double ScoreInput::score(const Estimator& e, const Array& y) const {
    return table ? e.scoreTable(*table, y) : e.score(*tensor, y);
}

Scorer getScorer(std::string_view name) {
    const auto& t = table();
    if (auto it = t.find(name); it != t.end()) return {std::string(name), it->second};
    if (kSklearnOnly.count(name))
        throw ValueError("The scorer '" + std::string(name) + "' of sklearn is not available in Tessera");
    throw ValueError("'" + std::string(name) +
                     "' is not a valid scoring value. Use sklearn.metrics.get_scorer_names() to get valid options.");
}

std::vector<std::string> getScorerNames() {
    std::vector<std::string> out;
    for (const auto& [name, fn] : table()) out.push_back(name);
    return out;
}

Scorers checkScoring(const Estimator& estimator, const ParamValue& scoring) {
    Scorers out;
    if (scoring.isNone()) {
        out.items.emplace_back("score", passthrough(estimator));
        return out;
    }
    if (scoring.isString()) {
        out.items.emplace_back("score", getScorer(scoring.asString()));
        return out;
    }
    out.multimetric = true;
    if (scoring.isSequence()) {
        const std::string err = "The list/tuple elements must be unique strings of predefined scorers. ";
        std::set<std::string> seen;
        for (const auto& item : scoring.items()) {
            if (!item.isString())
                throw ValueError(err + "Non-string types were found in the given list. Got " + scoring.repr());
            seen.insert(item.asString());
        }
        if (scoring.items().empty()) throw ValueError(err + "Empty list was given. " + scoring.repr());
        if (seen.size() != scoring.items().size())
            throw ValueError(err + "Duplicate elements were found in the given list. " + scoring.repr());
        for (const auto& item : scoring.items()) out.items.emplace_back(item.asString(), getScorer(item.asString()));
        return out;
    }
    if (scoring.kind() == ParamValue::Kind::Dict) {
        if (scoring.members().empty()) throw ValueError("An empty dict was passed. " + scoring.repr());
        for (const auto& [key, value] : scoring.members()) {
            if (!value.isString())
                throw ValueError("scoring: the scorer of '" + key +
                                 "' must be a scorer name (callables are not "
                                 "available in Tessera), got " +
                                 value.repr());
            out.items.emplace_back(key, getScorer(value.asString()));
        }
        return out;
    }
    throw ValueError("scoring is invalid (got " + scoring.repr() +
                     "). Refer to the scoring glossary for details: "
                     "https://scikit-learn.org/stable/glossary.html#term-scoring");
}

}  // namespace tessera::ml::model_selection
