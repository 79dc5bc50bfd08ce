#include "core/ml/ensemble/gb_losses.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/tensor/error.h"

namespace tessera::ml::ensemble {
namespace {

using tree::numpySum;

double sum(const std::vector<double>& v) { return numpySum(v.data(), static_cast<int64_t>(v.size())); }

// scipy.special.expit.
double expit(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// numpy.logaddexp(0, x).
double logAddExp0(double x) {
    if (x == 0.0) return std::log(2.0);
    const double tmp = 0.0 - x;
    if (tmp > 0) return std::log1p(std::exp(-tmp));
    if (tmp <= 0) return x + std::log1p(std::exp(tmp));
    return tmp;
}

double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }

}  // namespace

double weightedPercentile(const std::vector<double>& a, const std::vector<double>& w, double percentile) {
    const int64_t n = static_cast<int64_t>(a.size());
    if (n == 0) throw ValueError("weightedPercentile: an empty array has no percentile");
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) { return a[i] < a[j]; });
    std::vector<double> cdf(n);
    double running = 0.0;
    for (int64_t i = 0; i < n; ++i) cdf[i] = running += w[order[i]];
    double target = percentile / 100 * cdf[n - 1];
    if (target == 0) target = std::nextafter(target, target + 1);
    int64_t idx = std::lower_bound(cdf.begin(), cdf.end(), target) - cdf.begin();
    idx = std::clamp<int64_t>(idx, 0, n - 1);
    return a[order[idx]];
}

double numpyPercentile(std::vector<double> a, double q) {
    std::sort(a.begin(), a.end());
    const double index = q / 100.0 * static_cast<double>(a.size() - 1);
    const double lo = std::floor(index);
    const auto i = static_cast<size_t>(lo);
    const size_t j = std::min(i + 1, a.size() - 1);
    const double t = index - lo, d = a[j] - a[i];
    return t >= 0.5 ? a[j] - d * (1 - t) : a[i] + d * t;
}

double logSumExp(const double* a, int64_t K) {
    double amax = *std::max_element(a, a + K);
    if (!std::isfinite(amax)) amax = 0.0;
    double tmp[64];
    std::vector<double> big;
    double* e = tmp;
    if (K > 64) {
        big.resize(K);
        e = big.data();
    }
    for (int64_t k = 0; k < K; ++k) e[k] = std::exp(a[k] - amax);
    return std::log(numpySum(e, K)) + amax;
}

GbLoss::GbLoss(Kind kind, int64_t nClasses, double alpha) : m_kind(kind), m_alpha(alpha) {
    if (kind == Kind::Binomial || kind == Kind::Exponential) {
        if (nClasses != 2) {
            throw ValueError(std::string(kind == Kind::Binomial ? "BinomialDeviance" : "ExponentialLoss") +
                             " requires 2 classes; got " + std::to_string(nClasses) + " class(es)");
        }
    } else if (kind == Kind::Multinomial) {
        if (nClasses < 3) throw ValueError("MultinomialDeviance requires more than 2 classes.");
        m_K = nClasses;
    }
}

double GbLoss::value(const std::vector<double>& y, const std::vector<double>& raw, const std::vector<double>& sw,
                     const std::vector<int64_t>* subset) const {
    std::vector<int64_t> rows;
    if (subset) {
        rows = *subset;
    } else {
        rows.resize(y.size());
        std::iota(rows.begin(), rows.end(), 0);
    }
    const size_t n = rows.size();
    std::vector<double> w(n), terms(n);
    for (size_t i = 0; i < n; ++i) w[i] = sw[rows[i]];
    const double S = sum(w);
    auto p = [&](size_t i) { return raw[rows[i] * m_K]; };
    switch (m_kind) {
        case Kind::SquaredError:
            for (size_t i = 0; i < n; ++i) {
                const double d = y[rows[i]] - p(i);
                terms[i] = w[i] * (d * d);
            }
            return 1 / S * sum(terms);
        case Kind::AbsoluteError:
            for (size_t i = 0; i < n; ++i) terms[i] = w[i] * std::fabs(y[rows[i]] - p(i));
            return 1 / S * sum(terms);
        case Kind::Huber: {
            std::vector<double> absDiff(n);
            for (size_t i = 0; i < n; ++i) absDiff[i] = std::fabs(y[rows[i]] - p(i));
            const double gamma = m_hasGamma ? m_gamma : weightedPercentile(absDiff, w, m_alpha * 100);
            std::vector<double> sq, lin;
            for (size_t i = 0; i < n; ++i) {
                const double d = y[rows[i]] - p(i);
                if (absDiff[i] <= gamma) {
                    sq.push_back(0.5 * w[i] * (d * d));
                } else {
                    lin.push_back(gamma * w[i] * (absDiff[i] - gamma / 2));
                }
            }
            return (sum(sq) + sum(lin)) / S;
        }
        case Kind::Quantile: {
            std::vector<double> above, below;
            for (size_t i = 0; i < n; ++i) {
                const double d = y[rows[i]] - p(i);
                (y[rows[i]] > p(i) ? above : below).push_back(w[i] * d);
            }
            return (m_alpha * sum(above) - (1 - m_alpha) * sum(below)) / S;
        }
        case Kind::Binomial:
            for (size_t i = 0; i < n; ++i) terms[i] = w[i] * ((y[rows[i]] * p(i)) - logAddExp0(p(i)));
            return -2 / S * sum(terms);
        case Kind::Exponential:
            for (size_t i = 0; i < n; ++i) terms[i] = w[i] * std::exp(-(2 * y[rows[i]] - 1) * p(i));
            return 1.0 / S * sum(terms);
        case Kind::Multinomial: {
            std::vector<double> prod(m_K);
            for (size_t i = 0; i < n; ++i) {
                const double* r = raw.data() + rows[i] * m_K;
                for (int64_t k = 0; k < m_K; ++k) prod[k] = (y[rows[i]] == static_cast<double>(k) ? 1.0 : 0.0) * r[k];
                terms[i] = (-1 * sum(prod) + logSumExp(r, m_K)) * w[i];
            }
            return sum(terms) / S;
        }
    }
    return 0.0;
}

std::vector<double> GbLoss::negativeGradient(const std::vector<double>& y, const std::vector<double>& raw, int64_t k,
                                             const std::vector<double>& sw) {
    const size_t n = y.size();
    std::vector<double> r(n);
    for (size_t i = 0; i < n; ++i) {
        const double p = raw[i * m_K + k];
        switch (m_kind) {
            case Kind::SquaredError:
            case Kind::Huber:
                r[i] = y[i] - p;
                break;
            case Kind::AbsoluteError:
                r[i] = y[i] - p > 0 ? 1.0 : -1.0;
                break;
            case Kind::Quantile:
                r[i] = y[i] > p ? m_alpha : 0.0 - (1 - m_alpha);
                break;
            case Kind::Binomial:
                r[i] = y[i] - expit(p);
                break;
            case Kind::Exponential: {
                const double y_ = 2.0 * y[i] - 1.0;
                r[i] = y_ * std::exp(-y_ * p);
                break;
            }
            case Kind::Multinomial: {
                const double e = std::exp(p - logSumExp(raw.data() + i * m_K, m_K));
                r[i] = y[i] - (std::isnan(e) ? 0.0 : (std::isinf(e) ? std::numeric_limits<double>::max() : e));
                break;
            }
        }
    }
    if (m_kind == Kind::Huber) {
        std::vector<double> absDiff(n);
        for (size_t i = 0; i < n; ++i) absDiff[i] = std::fabs(r[i]);
        m_gamma = weightedPercentile(absDiff, sw, m_alpha * 100);
        m_hasGamma = true;
        for (size_t i = 0; i < n; ++i)
            if (!(absDiff[i] <= m_gamma)) r[i] = m_gamma * sign(r[i]);
    }
    return r;
}

double GbLoss::leafValue(const std::vector<int64_t>& region, const std::vector<double>& y,
                         const std::vector<double>& residual, const std::vector<double>& raw,
                         const std::vector<double>& sw, int64_t k) const {
    const size_t n = region.size();
    std::vector<double> w(n), diff(n);
    for (size_t i = 0; i < n; ++i) {
        w[i] = sw[region[i]];
        diff[i] = y[region[i]] - raw[region[i] * m_K + k];
    }
    switch (m_kind) {
        case Kind::AbsoluteError:
            return weightedPercentile(diff, w, 50);
        case Kind::Quantile:
            return weightedPercentile(diff, w, m_alpha * 100);
        case Kind::Huber: {
            const double median = weightedPercentile(diff, w, 50);
            std::vector<double> t(n);
            for (size_t i = 0; i < n; ++i) {
                const double dm = diff[i] - median;
                t[i] = sign(dm) * std::min(std::fabs(dm), m_gamma);
            }
            return median + sum(t) / static_cast<double>(n);
        }
        default:
            break;
    }
    std::vector<double> num(n), den(n);
    for (size_t i = 0; i < n; ++i) {
        const double yi = y[region[i]], ri = residual[region[i]];
        if (m_kind == Kind::Exponential) {
            const double y_ = 2.0 * yi - 1.0, e = std::exp(-y_ * raw[region[i] * m_K + k]);
            num[i] = y_ * w[i] * e;
            den[i] = w[i] * e;
        } else {
            num[i] = w[i] * ri;
            den[i] = w[i] * (yi - ri) * (1 - yi + ri);
        }
    }
    double numerator = sum(num);
    if (m_kind == Kind::Multinomial) numerator *= static_cast<double>(m_K - 1) / static_cast<double>(m_K);
    const double denominator = sum(den);
    return std::fabs(denominator) < 1e-150 ? 0.0 : numerator / denominator;
}

void GbLoss::updateTerminalRegions(tree::Tree& tree, const std::vector<int64_t>& leaves, const std::vector<double>& y,
                                   const std::vector<double>& residual, std::vector<double>& raw,
                                   const std::vector<double>& sw, const std::vector<char>& inBag, double learningRate,
                                   int64_t k) const {
    const int64_t n = static_cast<int64_t>(leaves.size());
    if (m_kind != Kind::SquaredError) {
        std::vector<std::vector<int64_t>> regions(tree.nodeCount());
        for (int64_t i = 0; i < n; ++i)
            if (inBag.empty() || inBag[i]) regions[leaves[i]].push_back(i);
        const int64_t stride = tree.valueStride();
        for (int64_t node = 0; node < tree.nodeCount(); ++node) {
            if (tree.childrenLeft[node] != tree::kLeaf) continue;
            tree.value[node * stride] = leafValue(regions[node], y, residual, raw, sw, k);
        }
    }
    const int64_t stride = tree.valueStride();
    for (int64_t i = 0; i < n; ++i) raw[i * m_K + k] += learningRate * tree.value[leaves[i] * stride];
}

}  // namespace tessera::ml::ensemble
