#include "core/ml/feature_selection/score_functions.h"

#include <cmath>
#include <limits>

#include "core/ml/feature_selection/mutual_info.h"
#include "core/tensor/error.h"

namespace tessera::ml::feature_selection {
namespace {

constexpr double kTiny = 1e-300;
constexpr double kEpsilon = 1e-16;

// The continued fraction of the regularised incomplete beta function (modified Lentz).
double betaFraction(double a, double b, double x) {
    const double qab = a + b, qap = a + 1, qam = a - 1;
    double c = 1, d = 1 - qab * x / qap;
    if (std::abs(d) < kTiny) d = kTiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 10000; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1 + aa * d;
        if (std::abs(d) < kTiny) d = kTiny;
        c = 1 + aa / c;
        if (std::abs(c) < kTiny) c = kTiny;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1 + aa * d;
        if (std::abs(d) < kTiny) d = kTiny;
        c = 1 + aa / c;
        if (std::abs(c) < kTiny) c = kTiny;
        d = 1 / d;
        const double del = d * c;
        h *= del;
        if (std::abs(del - 1) < kEpsilon) break;
    }
    return h;
}

// I_x(a, b), scipy.special.betainc.
double incompleteBeta(double a, double b, double x) {
    if (std::isnan(x)) return x;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    const double front =
        std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * betaFraction(a, b, x) / a;
    return 1 - front * betaFraction(b, a, 1 - x) / b;
}

// scipy.special.fdtrc(dfn, dfd, f): the F distribution's survival function.
double fSurvival(double dfn, double dfd, double f) {
    if (std::isnan(f)) return f;
    if (std::isinf(f)) return 0;
    return incompleteBeta(dfd / 2, dfn / 2, dfd / (dfd + dfn * f));
}

// Q(a, x), the regularised upper incomplete gamma function (series below a + 1, continued fraction above).
double upperGamma(double a, double x) {
    if (std::isnan(x)) return x;
    if (x <= 0) return 1;
    if (std::isinf(x)) return 0;
    const double logFront = -x + a * std::log(x) - std::lgamma(a);
    if (x < a + 1) {
        double ap = a, sum = 1 / a, del = sum;
        for (int n = 0; n < 10000; ++n) {
            ap += 1;
            del *= x / ap;
            sum += del;
            if (std::abs(del) < std::abs(sum) * kEpsilon) break;
        }
        return 1 - sum * std::exp(logFront);
    }
    double b = x + 1 - a, c = 1 / kTiny, d = 1 / b, h = d;
    for (int i = 1; i <= 10000; ++i) {
        const double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        if (std::abs(d) < kTiny) d = kTiny;
        c = b + an / c;
        if (std::abs(c) < kTiny) c = kTiny;
        d = 1 / d;
        const double del = d * c;
        h *= del;
        if (std::abs(del - 1) < kEpsilon) break;
    }
    return std::exp(logFront) * h;
}

FeatureScores fClassif(const Tensor& X, const Array& y, const std::string& where) {
    const EncodedLabels enc = encodeLabels(y, where);
    const std::int64_t n = X.size(0), p = X.size(1), k = classCount(enc.classes);
    const double* x = X.data<double>();
    // f_oneway over the class groups, summed group by group in class order as sklearn does.
    std::vector<std::vector<double>> sums(static_cast<std::size_t>(k), std::vector<double>(p, 0.0));
    std::vector<std::vector<double>> squares(static_cast<std::size_t>(k), std::vector<double>(p, 0.0));
    std::vector<double> counts(static_cast<std::size_t>(k), 0.0);
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int64_t c = enc.codes[i];
        counts[c] += 1;
        for (std::int64_t j = 0; j < p; ++j) sums[c][j] += x[i * p + j], squares[c][j] += x[i * p + j] * x[i * p + j];
    }
    FeatureScores out;
    const double dfbn = static_cast<double>(k - 1), dfwn = static_cast<double>(n - k);
    for (std::int64_t j = 0; j < p; ++j) {
        double ssAll = 0, sumAll = 0;
        for (std::int64_t c = 0; c < k; ++c) ssAll += squares[c][j], sumAll += sums[c][j];
        const double squareOfSums = sumAll * sumAll;
        const double sstot = ssAll - squareOfSums / static_cast<double>(n);
        double ssbn = 0;
        for (std::int64_t c = 0; c < k; ++c) ssbn += sums[c][j] * sums[c][j] / counts[c];
        ssbn -= squareOfSums / static_cast<double>(n);
        const double sswn = sstot - ssbn;
        const double f = (ssbn / dfbn) / (sswn / dfwn);
        out.scores.push_back(f);
        out.pvalues.push_back(fSurvival(dfbn, dfwn, f));
    }
    return out;
}

FeatureScores fRegression(const Tensor& X, const Array& y, const std::string& where) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const std::vector<double> yv = y.tensor("y").toVector<double>();
    if (static_cast<std::int64_t>(yv.size()) != n) throw ValueError(where + ": f_regression needs a 1-D y");
    const double* x = X.data<double>();
    double ymean = 0;
    for (double v : yv) ymean += v;
    ymean /= static_cast<double>(n);
    std::vector<double> yc(yv.size());
    double ynorm = 0;
    for (std::size_t i = 0; i < yv.size(); ++i) yc[i] = yv[i] - ymean, ynorm += yc[i] * yc[i];
    ynorm = std::sqrt(ynorm);
    const double dof = static_cast<double>(n - 2);
    FeatureScores out;
    for (std::int64_t j = 0; j < p; ++j) {
        double mean = 0, sq = 0, dot = 0;
        for (std::int64_t i = 0; i < n; ++i) mean += x[i * p + j], sq += x[i * p + j] * x[i * p + j];
        mean /= static_cast<double>(n);
        for (std::int64_t i = 0; i < n; ++i) dot += yc[i] * x[i * p + j];
        double r = dot / std::sqrt(sq - static_cast<double>(n) * (mean * mean)) / ynorm;
        if (std::isnan(r)) r = 0;
        const double r2 = r * r;
        double f = r2 / (1 - r2) * dof;
        double pv = fSurvival(1, dof, f);
        if (std::isinf(f)) f = std::numeric_limits<double>::max();
        if (std::isnan(f)) f = 0, pv = 1;
        out.scores.push_back(f);
        out.pvalues.push_back(pv);
    }
    return out;
}

FeatureScores chiSquare(const Tensor& X, const Array& y, const std::string& where) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const double* x = X.data<double>();
    for (std::int64_t i = 0; i < n * p; ++i)
        if (x[i] < 0) throw ValueError("Input X must be non-negative.");
    const EncodedLabels enc = encodeLabels(y, where);
    const std::int64_t k = std::max<std::int64_t>(classCount(enc.classes), 2);
    std::vector<std::vector<double>> observed(static_cast<std::size_t>(k), std::vector<double>(p, 0.0));
    std::vector<double> featureCount(static_cast<std::size_t>(p), 0.0), classCountOf(static_cast<std::size_t>(k), 0);
    for (std::int64_t i = 0; i < n; ++i) {
        classCountOf[enc.codes[i]] += 1;
        for (std::int64_t j = 0; j < p; ++j) observed[enc.codes[i]][j] += x[i * p + j], featureCount[j] += x[i * p + j];
    }
    FeatureScores out;
    for (std::int64_t j = 0; j < p; ++j) {
        double chisq = 0;
        for (std::int64_t c = 0; c < k; ++c) {
            const double expected = classCountOf[c] / static_cast<double>(n) * featureCount[j];
            const double d = observed[c][j] - expected;
            chisq += d * d / expected;
        }
        out.scores.push_back(chisq);
        out.pvalues.push_back(upperGamma(static_cast<double>(k - 1) / 2, chisq / 2));
    }
    return out;
}

}  // namespace

const std::vector<std::string>& scoreFunctionNames() {
    static const std::vector<std::string> names = {"f_classif", "f_regression", "chi2", "mutual_info_classif",
                                                   "mutual_info_regression"};
    return names;
}

FeatureScores scoreFeatures(const std::string& function, const Tensor& X, const Array& y, const std::string& where) {
    if (function == "f_classif") return fClassif(X, y, where);
    if (function == "f_regression") return fRegression(X, y, where);
    if (function == "chi2") return chiSquare(X, y, where);
    // The mutual information functions have no p-values (pvalues stays empty: sklearn's None); as a
    // score_func they run with random_state=None, so their noise comes from fresh entropy.
    if (function == "mutual_info_classif" || function == "mutual_info_regression") {
        RandomState rng = checkRandomState(std::nullopt);
        return {function == "mutual_info_classif" ? mutualInfoClassif(X, y, where, rng)
                                                  : mutualInfoRegression(X, y, where, rng),
                {}};
    }
    throw ValueError(where + ": score_func '" + function +
                     "' is not available in Tessera (f_classif, f_regression, chi2, mutual_info_classif and "
                     "mutual_info_regression are)");
}

}  // namespace tessera::ml::feature_selection
