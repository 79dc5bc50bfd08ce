// Follows sklearn/metrics/_regression.py (1.2.1): per-output errors with np.average over samples,
// then the multioutput average.
#include "core/ml/metrics/regression.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/ml/metrics/metric_util.h"
#include "core/tensor/error.h"

namespace tessera::ml::metrics {

namespace {

// (n, k) row-major values of y_true and y_pred, after sklearn's _check_reg_targets.
struct RegTargets {
    std::int64_t n = 0, k = 1;
    std::vector<double> t, p, w;
    double at(const std::vector<double>& v, std::int64_t i, std::int64_t j) const { return v[i * k + j]; }
};

RegTargets checkRegTargets(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o,
                           const std::string& where, bool allowVarianceWeighted) {
    for (const auto* y : {&yTrue, &yPred})
        if (!y->defined() || y->dim() < 1 || y->dim() > 2)
            throw ShapeError(where + ": y_true and y_pred must be 1-D or 2-D");
    checkLengths(static_cast<std::size_t>(yTrue.size(0)), static_cast<std::size_t>(yPred.size(0)), where);
    const std::int64_t kt = yTrue.dim() == 1 ? 1 : yTrue.size(1);
    const std::int64_t kp = yPred.dim() == 1 ? 1 : yPred.size(1);
    if (kt != kp)
        throw ValueError(where + ": y_true and y_pred have different number of output (" + std::to_string(kt) +
                         "!=" + std::to_string(kp) + ")");
    RegTargets r;
    r.n = yTrue.size(0);
    r.k = kt;
    r.t = yTrue.toVector<double>();
    r.p = yPred.toVector<double>();
    for (const auto* v : {&r.t, &r.p})
        for (double x : *v)
            if (!std::isfinite(x)) throw ValueError(where + ": Input contains NaN or infinity");
    if (o.multioutputWeights.empty()) {
        const std::string& m = o.multioutput;
        if (m != "raw_values" && m != "uniform_average" && m != "variance_weighted")
            throw ValueError(where +
                             ": Allowed 'multioutput' string values are ('raw_values', 'uniform_average', "
                             "'variance_weighted'). You provided multioutput='" +
                             m + "'");
        if (m == "variance_weighted" && !allowVarianceWeighted)
            throw ValueError(where +
                             ": multioutput='variance_weighted' is only defined for r2_score and "
                             "explained_variance_score");
    } else {
        if (r.k == 1) throw ValueError(where + ": Custom weights are useful only in multi-output cases.");
        if (static_cast<std::int64_t>(o.multioutputWeights.size()) != r.k)
            throw ValueError(where + ": There must be equally many custom weights (" +
                             std::to_string(o.multioutputWeights.size()) + ") as outputs (" + std::to_string(r.k) +
                             ").");
    }
    r.w = sampleWeights(o.sampleWeight, static_cast<std::size_t>(r.n), where);
    return r;
}

// np.average(values(i, j), axis=0, weights=w) for each output j.
template <class F>
std::vector<double> columnAverage(const RegTargets& r, F&& values) {
    std::vector<double> out(static_cast<std::size_t>(r.k));
    for (std::int64_t j = 0; j < r.k; ++j) {
        std::vector<double> col(static_cast<std::size_t>(r.n));
        for (std::int64_t i = 0; i < r.n; ++i) col[i] = values(i, j);
        out[j] = average1(col, r.w);
    }
    return out;
}

double combine(const std::vector<double>& errors, const RegressionOptions& o) {
    return average1(errors, o.multioutputWeights);
}

std::vector<double> assembleR2(const std::vector<double>& num, const std::vector<double>& den, bool forceFinite) {
    std::vector<double> out(num.size());
    for (std::size_t j = 0; j < num.size(); ++j) {
        if (!forceFinite)
            out[j] = 1 - num[j] / den[j];
        else if (num[j] != 0 && den[j] != 0)
            out[j] = 1 - num[j] / den[j];
        else
            out[j] = num[j] != 0 ? 0.0 : 1.0;
    }
    return out;
}

double averageR2(const std::vector<double>& scores, const std::vector<double>& den, const RegressionOptions& o) {
    if (!o.multioutputWeights.empty()) return average1(scores, o.multioutputWeights);
    if (o.multioutput == "variance_weighted" && std::any_of(den.begin(), den.end(), [](double d) { return d != 0; }))
        return average1(scores, den);
    return mean(scores);
}

std::pair<std::vector<double>, std::vector<double>> r2Parts(const RegTargets& r) {
    const auto mean = columnAverage(r, [&](std::int64_t i, std::int64_t j) { return r.at(r.t, i, j); });
    std::vector<double> num(static_cast<std::size_t>(r.k), 0.0), den(static_cast<std::size_t>(r.k), 0.0);
    for (std::int64_t j = 0; j < r.k; ++j)
        for (std::int64_t i = 0; i < r.n; ++i) {
            const double w = r.w.empty() ? 1.0 : r.w[i];
            const double e = r.at(r.t, i, j) - r.at(r.p, i, j);
            const double d = r.at(r.t, i, j) - mean[j];
            num[j] += w * (e * e);
            den[j] += w * (d * d);
        }
    return {num, den};
}

std::pair<std::vector<double>, std::vector<double>> evParts(const RegTargets& r) {
    const auto diffAvg =
        columnAverage(r, [&](std::int64_t i, std::int64_t j) { return r.at(r.t, i, j) - r.at(r.p, i, j); });
    const auto num = columnAverage(r, [&](std::int64_t i, std::int64_t j) {
        const double d = r.at(r.t, i, j) - r.at(r.p, i, j) - diffAvg[j];
        return d * d;
    });
    const auto trueAvg = columnAverage(r, [&](std::int64_t i, std::int64_t j) { return r.at(r.t, i, j); });
    const auto den = columnAverage(r, [&](std::int64_t i, std::int64_t j) {
        const double d = r.at(r.t, i, j) - trueAvg[j];
        return d * d;
    });
    return {num, den};
}

std::vector<double> medianErrors(const RegTargets& r) {
    std::vector<double> out(static_cast<std::size_t>(r.k));
    for (std::int64_t j = 0; j < r.k; ++j) {
        std::vector<double> e(static_cast<std::size_t>(r.n));
        for (std::int64_t i = 0; i < r.n; ++i) e[i] = std::abs(r.at(r.p, i, j) - r.at(r.t, i, j));
        if (r.w.empty()) {
            std::sort(e.begin(), e.end());
            const std::size_t m = e.size() / 2;
            out[j] = e.size() % 2 ? e[m] : (e[m - 1] + e[m]) / 2;
            continue;
        }
        // sklearn's _weighted_percentile(50): the first sorted value whose weight cdf reaches half the total.
        std::vector<std::size_t> order(e.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return e[a] < e[b]; });
        std::vector<double> cdf(e.size());
        double s = 0;
        for (std::size_t q = 0; q < order.size(); ++q) cdf[q] = (s += r.w[order[q]]);
        double target = 50.0 / 100 * cdf.back();
        if (target == 0) target = std::nextafter(target, target + 1);
        auto idx = static_cast<std::size_t>(std::lower_bound(cdf.begin(), cdf.end(), target) - cdf.begin());
        idx = std::min(idx, e.size() - 1);
        out[j] = e[order[idx]];
    }
    return out;
}

}  // namespace

std::vector<double> r2ScoreRawValues(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    const RegTargets r = checkRegTargets(yTrue, yPred, o, "r2_score", true);
    if (r.n < 2) return std::vector<double>(static_cast<std::size_t>(r.k), std::nan(""));
    const auto [num, den] = r2Parts(r);
    return assembleR2(num, den, o.forceFinite);
}

double r2Score(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    const RegTargets r = checkRegTargets(yTrue, yPred, o, "r2_score", true);
    // sklearn warns and returns NaN below two samples.
    if (r.n < 2) return std::nan("");
    const auto [num, den] = r2Parts(r);
    return averageR2(assembleR2(num, den, o.forceFinite), den, o);
}

std::vector<double> explainedVarianceScoreRawValues(const Tensor& yTrue, const Tensor& yPred,
                                                    const RegressionOptions& o) {
    const auto [num, den] = evParts(checkRegTargets(yTrue, yPred, o, "explained_variance_score", true));
    return assembleR2(num, den, o.forceFinite);
}

double explainedVarianceScore(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    const auto [num, den] = evParts(checkRegTargets(yTrue, yPred, o, "explained_variance_score", true));
    return averageR2(assembleR2(num, den, o.forceFinite), den, o);
}

std::vector<double> meanAbsoluteErrorRawValues(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    const RegTargets r = checkRegTargets(yTrue, yPred, o, "mean_absolute_error", false);
    return columnAverage(r,
                         [&](std::int64_t i, std::int64_t j) { return std::abs(r.at(r.p, i, j) - r.at(r.t, i, j)); });
}

double meanAbsoluteError(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    return combine(meanAbsoluteErrorRawValues(yTrue, yPred, o), o);
}

std::vector<double> meanSquaredErrorRawValues(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    const RegTargets r = checkRegTargets(yTrue, yPred, o, "mean_squared_error", false);
    auto errors = columnAverage(r, [&](std::int64_t i, std::int64_t j) {
        const double d = r.at(r.t, i, j) - r.at(r.p, i, j);
        return d * d;
    });
    if (!o.squared)
        for (double& e : errors) e = std::sqrt(e);
    return errors;
}

double meanSquaredError(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    return combine(meanSquaredErrorRawValues(yTrue, yPred, o), o);
}

std::vector<double> medianAbsoluteErrorRawValues(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    return medianErrors(checkRegTargets(yTrue, yPred, o, "median_absolute_error", false));
}

double medianAbsoluteError(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& o) {
    return combine(medianAbsoluteErrorRawValues(yTrue, yPred, o), o);
}

}  // namespace tessera::ml::metrics
