// SelectKBest and SelectPercentile (sklearn/feature_selection/_univariate_selection.py, 1.2.1): scores_
// and pvalues_ from the named score function (score_functions.h; score_func names the function, as
// sklearn's callable), NaN scores ranked lowest, the k best by a stable sort (ties keep the later
// columns, as sklearn's argsort(kind='mergesort')[-k:] does), and the percentile's ties filled up to
// int(n_features * percentile / 100) from the left.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/ml/base/registry.h"
#include "core/ml/feature_selection/score_functions.h"
#include "core/ml/feature_selection/selector.h"

namespace tessera::ml {
namespace {

using feature_selection::Selector;

// _BaseFilter.fit.
class UnivariateFilter : public Selector {
public:
    using Selector::Selector;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        checkK(X.size(1));
        const feature_selection::FeatureScores s =
            feature_selection::scoreFeatures(paramString("score_func"), X, y, className());
        const auto p = static_cast<std::int64_t>(s.scores.size());
        setAttribute("scores_", Array(Tensor::fromVector<double>(s.scores, {p})));
        setAttribute("pvalues_", s.pvalues.empty() ? Array() : Array(Tensor::fromVector<double>(s.pvalues, {p})));
        return *this;
    }

protected:
    virtual void checkK(std::int64_t) const {}

    // _clean_nans: NaN scores become the lowest float.
    std::vector<double> cleanScores() const {
        checkFitted();
        std::vector<double> s = fitted("scores_").toVector<double>();
        for (double& v : s)
            if (std::isnan(v)) v = std::numeric_limits<double>::lowest();
        return s;
    }
};

class SelectKBest : public UnivariateFilter {
public:
    using UnivariateFilter::UnivariateFilter;

    std::vector<bool> supportMask() const override {
        const std::vector<double> scores = cleanScores();
        const ParamValue& k = param("k");
        if (k.isString()) return std::vector<bool>(scores.size(), true);
        std::vector<bool> mask(scores.size(), false);
        std::vector<std::size_t> order(scores.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return scores[a] < scores[b]; });
        for (std::size_t i = order.size() - static_cast<std::size_t>(k.asInt()); i < order.size(); ++i)
            mask[order[i]] = true;
        return mask;
    }

protected:
    void checkK(std::int64_t features) const override {
        const ParamValue& k = param("k");
        if (!k.isString() && k.asInt() > features)
            throw ValueError("k should be <= n_features = " + std::to_string(features) + "; got " +
                             std::to_string(k.asInt()) + ". Use k='all' to return all features.");
    }
};

// np.percentile(values, q) with the default linear method (numpy's _lerp).
double percentile(std::vector<double> values, double q) {
    std::sort(values.begin(), values.end());
    const double index = q / 100 * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(index));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    const double t = index - static_cast<double>(below), a = values[below], b = values[above];
    const double diff = b - a;
    return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

class SelectPercentile : public UnivariateFilter {
public:
    using UnivariateFilter::UnivariateFilter;

    std::vector<bool> supportMask() const override {
        const std::vector<double> scores = cleanScores();
        const double pct = paramDouble("percentile");
        if (pct == 100) return std::vector<bool>(scores.size(), true);
        if (pct == 0) return std::vector<bool>(scores.size(), false);
        const double threshold = percentile(scores, 100 - pct);
        std::vector<bool> mask(scores.size());
        std::int64_t kept = 0;
        for (std::size_t i = 0; i < scores.size(); ++i) kept += mask[i] = scores[i] > threshold;
        const auto maxFeats = static_cast<std::int64_t>(static_cast<double>(scores.size()) * pct / 100);
        for (std::size_t i = 0; i < scores.size() && kept < maxFeats; ++i)
            if (scores[i] == threshold) mask[i] = true, ++kept;
        return mask;
    }
};

std::vector<ParamSpec> withScoreFunc(std::vector<ParamSpec> specs) {
    specs.push_back({"score_func",
                     "f_classif",
                     {strOptions(feature_selection::scoreFunctionNames())},
                     "Score function, by its sklearn name: f_classif, f_regression, chi2, mutual_info_classif or "
                     "mutual_info_regression."});
    return specs;
}

const RegisterEstimator<SelectKBest> kSelectKBest({
    "SelectKBest",
    "sklearn.feature_selection",
    EstimatorKind::Transformer,
    "Select features according to the k highest scores.",
    withScoreFunc({{"k",
                    10,
                    {strOptions({"all"}), intInterval(0, std::nullopt, Closed::Left)},
                    "Number of top features to keep, or 'all'."}}),
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

const RegisterEstimator<SelectPercentile> kSelectPercentile({
    "SelectPercentile",
    "sklearn.feature_selection",
    EstimatorKind::Transformer,
    "Select features according to a percentile of the highest scores.",
    withScoreFunc({{"percentile", 10, {realInterval(0, 100, Closed::Both)}, "Percent of the features to keep."}}),
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
