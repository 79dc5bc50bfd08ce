#include "core/ml/feature_selection/mutual_info.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "core/tensor/error.h"

namespace tessera::ml::feature_selection {
namespace {

constexpr std::int64_t kNeighbors = 3;

// scipy.special.digamma (cephes psi) at a positive integer: the harmonic sum up to 10, the asymptotic
// series above. Every argument of the estimator is a count.
double digamma(std::int64_t n) {
    constexpr double kEuler = 0.577215664901532860606512090082402431;
    if (n <= 10) {
        double y = 0;
        for (std::int64_t i = 1; i < n; ++i) y += 1.0 / static_cast<double>(i);
        return y - kEuler;
    }
    static constexpr double kA[] = {8.33333333333333333333E-2,  -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                                    -4.16666666666666666667E-3, 3.96825396825396825397E-3,  -8.33333333333333333333E-3,
                                    8.33333333333333333333E-2};
    const double x = static_cast<double>(n), z = 1.0 / (x * x);
    double poly = kA[0];
    for (int i = 1; i < 7; ++i) poly = poly * z + kA[i];
    return std::log(x) - 0.5 / x - z * poly;
}

double meanDigamma(const std::vector<std::int64_t>& counts) {
    double s = 0;
    for (std::int64_t c : counts) s += digamma(c);
    return s / static_cast<double>(counts.size());
}

// scale(v, with_mean=False): v / std (ddof 0), a std below 10·eps left as 1.
void scaleByStd(std::vector<double>& v) {
    double mean = 0;
    for (double x : v) mean += x;
    mean /= static_cast<double>(v.size());
    double var = 0;
    for (double x : v) var += (x - mean) * (x - mean);
    double sd = std::sqrt(var / static_cast<double>(v.size()));
    if (sd < 10 * std::numeric_limits<double>::epsilon()) sd = 1;
    for (double& x : v) x /= sd;
}

// The columns of X scaled and with sklearn's noise: 1e-10 · max(1, mean|x|) · standard_normal, drawn
// for all rows and columns in row-major order.
std::vector<std::vector<double>> noisyColumns(const Tensor& X, RandomState& rng) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const double* x = X.data<double>();
    std::vector<std::vector<double>> cols(static_cast<std::size_t>(p), std::vector<double>(n));
    std::vector<double> scale(static_cast<std::size_t>(p));
    for (std::int64_t j = 0; j < p; ++j) {
        for (std::int64_t i = 0; i < n; ++i) cols[j][i] = x[i * p + j];
        scaleByStd(cols[j]);
        double absMean = 0;
        for (double v : cols[j]) absMean += std::abs(v);
        scale[j] = 1e-10 * std::max(1.0, absMean / static_cast<double>(n));
    }
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < p; ++j) cols[j][i] += scale[j] * rng.standardNormal();
    return cols;
}

// How many of the sorted values lie within radius of v by the distance d(v, s) (monotone in s on each
// side of v), the point itself included, as KDTree.query_radius(count_only=True) counts them.
template <class Within>
std::int64_t countWithin(const std::vector<double>& sorted, double v, Within within) {
    const auto lo = std::partition_point(sorted.begin(), sorted.end(), [&](double s) { return s < v && !within(s); });
    const auto hi = std::partition_point(lo, sorted.end(), [&](double s) { return s <= v || within(s); });
    return hi - lo;
}

// _compute_mi_cd: a continuous column c against discrete labels.
double miContinuousDiscrete(const std::vector<double>& c, const std::vector<std::int64_t>& labels, std::int64_t k) {
    const std::size_t n = c.size();
    std::vector<std::int64_t> count(static_cast<std::size_t>(k), 0);
    for (std::int64_t l : labels) ++count[l];
    std::vector<double> radius(n);
    std::vector<std::int64_t> kAll(n, 0);
    for (std::int64_t label = 0; label < k; ++label) {
        if (count[label] <= 1) continue;
        const std::int64_t kk = std::min(kNeighbors, count[label] - 1);
        std::vector<double> members;
        for (std::size_t i = 0; i < n; ++i)
            if (labels[i] == label) members.push_back(c[i]);
        std::vector<double> dist(members.size() - 1);
        for (std::size_t i = 0; i < n; ++i) {
            if (labels[i] != label) continue;
            // The k-th nearest other member (euclidean on one column: sqrt of the squared difference).
            std::size_t m = 0;
            bool selfSkipped = false;
            for (double v : members) {
                if (!selfSkipped && v == c[i]) {
                    selfSkipped = true;
                    continue;
                }
                const double d = c[i] - v;
                dist[m++] = std::sqrt(d * d);
            }
            std::nth_element(dist.begin(), dist.begin() + (kk - 1), dist.end());
            radius[i] = std::nextafter(dist[kk - 1], 0.0);
            kAll[i] = kk;
        }
    }
    std::vector<double> kept;
    std::vector<std::size_t> keptIndex;
    for (std::size_t i = 0; i < n; ++i)
        if (count[labels[i]] > 1) kept.push_back(c[i]), keptIndex.push_back(i);
    if (kept.empty()) return 0;
    std::vector<double> sorted = kept;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::int64_t> mAll, kKept, labelCounts;
    for (std::size_t i : keptIndex) {
        const double r2 = radius[i] * radius[i];
        mAll.push_back(countWithin(sorted, c[i], [&](double s) {
            const double d = c[i] - s;
            return d * d <= r2;
        }));
        kKept.push_back(kAll[i]);
        labelCounts.push_back(count[labels[i]]);
    }
    const double mi = digamma(static_cast<std::int64_t>(kept.size())) + meanDigamma(kKept) - meanDigamma(labelCounts) -
                      meanDigamma(mAll);
    return std::max(0.0, mi);
}

// _compute_mi_cc: two continuous columns, Chebyshev distances in the joint space.
double miContinuousContinuous(const std::vector<double>& x, const std::vector<double>& y) {
    const std::size_t n = x.size();
    std::vector<double> sx = x, sy = y, dist(n - 1);
    std::sort(sx.begin(), sx.end());
    std::sort(sy.begin(), sy.end());
    std::vector<std::int64_t> nx(n), ny(n);
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t m = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (j != i) dist[m++] = std::max(std::abs(x[i] - x[j]), std::abs(y[i] - y[j]));
        std::nth_element(dist.begin(), dist.begin() + (kNeighbors - 1), dist.end());
        const double r = std::nextafter(dist[kNeighbors - 1], 0.0);
        // query_radius counts the point itself; sklearn subtracts it and digamma takes nx + 1.
        nx[i] = countWithin(sx, x[i], [&](double s) { return std::abs(x[i] - s) <= r; });
        ny[i] = countWithin(sy, y[i], [&](double s) { return std::abs(y[i] - s) <= r; });
    }
    const double mi = digamma(static_cast<std::int64_t>(n)) + digamma(kNeighbors) - meanDigamma(nx) - meanDigamma(ny);
    return std::max(0.0, mi);
}

}  // namespace

std::vector<double> mutualInfoClassif(const Tensor& X, const Array& y, const std::string& where, RandomState& rng) {
    const EncodedLabels enc = encodeLabels(y, where);
    const std::int64_t k = classCount(enc.classes);
    const std::vector<std::vector<double>> cols = noisyColumns(X, rng);
    std::vector<double> mi;
    for (const auto& c : cols) mi.push_back(miContinuousDiscrete(c, enc.codes, k));
    return mi;
}

std::vector<double> mutualInfoRegression(const Tensor& X, const Array& y, const std::string& where, RandomState& rng) {
    std::vector<double> target = y.tensor("y").toVector<double>();
    const std::int64_t n = X.size(0);
    if (static_cast<std::int64_t>(target.size()) != n)
        throw ValueError(where + ": mutual_info_regression needs a 1-D y of " + std::to_string(n) + " values");
    if (n <= kNeighbors)
        throw ValueError("Expected n_neighbors <= n_samples,  but n_samples = " + std::to_string(n) +
                         ", n_neighbors = " + std::to_string(kNeighbors + 1));
    const std::vector<std::vector<double>> cols = noisyColumns(X, rng);
    scaleByStd(target);
    double absMean = 0;
    for (double v : target) absMean += std::abs(v);
    const double scale = 1e-10 * std::max(1.0, absMean / static_cast<double>(n));
    for (double& v : target) v += scale * rng.standardNormal();
    std::vector<double> mi;
    for (const auto& c : cols) mi.push_back(miContinuousContinuous(c, target));
    return mi;
}

}  // namespace tessera::ml::feature_selection
