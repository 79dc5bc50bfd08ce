// Each per-row formula is _loss.pyx.tp's (sklearn 1.2.1), evaluated in float64 and stored into the
// float32 gradient arrays as sklearn's G_H_DTYPE memoryviews store it.
#include "core/ml/ensemble/hist_gradient_boosting/hgb_loss.h"

#include <algorithm>
#include <cmath>

#include "core/ml/ensemble/gb_losses.h"
#include "core/ml/tree/tree.h"

namespace tessera::ml::hgb {
namespace {

constexpr double kEps = 2.220446049250313e-16;  // np.finfo(float64).eps

double log1pexp(double x) {
    if (x <= -37) return std::exp(x);
    if (x <= -2) return std::log1p(std::exp(x));
    if (x <= 18) return std::log(1. + std::exp(x));
    if (x <= 33.3) return x + std::exp(-x);
    return x;
}

// np.average(a, weights=w): sum(a * w) / sum(w), NumPy's pairwise sums.
double average(const std::vector<double>& a, const std::vector<double>& w) {
    const auto n = static_cast<int64_t>(a.size());
    if (w.empty()) return tree::numpySum(a.data(), n) / static_cast<double>(n);
    std::vector<double> aw(n);
    for (int64_t i = 0; i < n; ++i) aw[i] = a[i] * w[i];
    return tree::numpySum(aw.data(), n) / tree::numpySum(w.data(), n);
}

// np.median: the middle value, or the mean of the two middle ones.
double median(std::vector<double> a) {
    const size_t n = a.size(), m = n / 2;
    std::nth_element(a.begin(), a.begin() + m, a.end());
    const double hi = a[m];
    if (n % 2) return hi;
    const double lo = *std::max_element(a.begin(), a.begin() + m);
    return (lo + hi) / 2.0;
}

}  // namespace

bool HgbLoss::constantHessian(bool weighted) const {
    return !weighted && (m_kind == Kind::SquaredError || m_kind == Kind::AbsoluteError || m_kind == Kind::Quantile);
}

std::vector<double> HgbLoss::baseline(const std::vector<double>& y, const std::vector<double>& sw) const {
    switch (m_kind) {
        case Kind::SquaredError:
            return {average(y, sw)};
        case Kind::AbsoluteError:
            return {sw.empty() ? median(y) : ensemble::weightedPercentile(y, sw, 50)};
        case Kind::Quantile:
            return {sw.empty() ? ensemble::numpyPercentile(y, 100 * m_quantile)
                               : ensemble::weightedPercentile(y, sw, 100 * m_quantile)};
        case Kind::Poisson:
            return {std::log(std::max(average(y, sw), 10 * kEps))};
        case Kind::Binomial: {
            const double p = std::clamp(average(y, sw), 10 * kEps, 1 - 10 * kEps);
            return {std::log(p / (1 - p))};
        }
        case Kind::Multinomial: {
            // np.clip(np.average(y == k), eps, 1 - eps), then the symmetric multinomial logit
            // log(p / gmean(p)), gmean = exp(mean(log p)).
            std::vector<double> p(m_K), logs(m_K);
            for (int64_t k = 0; k < m_K; ++k) {
                std::vector<double> is(y.size());
                for (size_t i = 0; i < y.size(); ++i) is[i] = y[i] == static_cast<double>(k) ? 1.0 : 0.0;
                p[k] = std::clamp(average(is, sw), kEps, 1 - kEps);
                logs[k] = std::log(p[k]);
            }
            const double gm = std::exp(tree::numpySum(logs.data(), m_K) / static_cast<double>(m_K));
            for (double& v : p) v = std::log(v / gm);
            return p;
        }
    }
    return {};
}

void HgbLoss::gradientHessian(const std::vector<double>& y, const std::vector<double>& raw,
                              const std::vector<double>& sw, std::vector<std::vector<float>>& g,
                              std::vector<std::vector<float>>& h) const {
    const auto n = static_cast<int64_t>(y.size());
    const bool weighted = !sw.empty();
    g.assign(m_K, std::vector<float>(n));
    h.assign(m_K, std::vector<float>(constantHessian(weighted) ? 1 : n, 1.0f));
    auto w = [&](int64_t i) { return weighted ? sw[i] : 1.0; };
    if (m_kind == Kind::Multinomial) {
        std::vector<double> p(m_K);
        for (int64_t i = 0; i < n; ++i) {
            double mx = raw[i];
            for (int64_t k = 1; k < m_K; ++k) mx = std::max(mx, raw[k * n + i]);
            double sum = 0;
            for (int64_t k = 0; k < m_K; ++k) sum += p[k] = std::exp(raw[k * n + i] - mx);
            for (int64_t k = 0; k < m_K; ++k) {
                const double pk = p[k] / sum;
                g[k][i] = static_cast<float>((pk - (y[i] == static_cast<double>(k) ? 1.0 : 0.0)) * w(i));
                h[k][i] = static_cast<float>((1. - pk) * pk * w(i));
            }
        }
        return;
    }
    std::vector<float>& G = g[0];
    std::vector<float>& H = h[0];
    const bool perRow = H.size() > 1;
    for (int64_t i = 0; i < n; ++i) {
        const double r = raw[i], t = y[i];
        double gi = 0, hi = 1;
        switch (m_kind) {
            case Kind::SquaredError:
                gi = r - t;
                break;
            case Kind::AbsoluteError:
                gi = r > t ? 1. : -1.;
                break;
            case Kind::Quantile:
                gi = t >= r ? -m_quantile : 1 - m_quantile;
                break;
            case Kind::Poisson:
                hi = std::exp(r);
                gi = hi - t;
                break;
            case Kind::Binomial: {
                const double e = std::exp(-r);
                gi = ((1 - t) - t * e) / (1 + e);
                hi = e / ((1 + e) * (1 + e));
                break;
            }
            case Kind::Multinomial:
                break;
        }
        G[i] = static_cast<float>(gi * w(i));
        if (perRow) H[i] = static_cast<float>(hi * w(i));
    }
}

double HgbLoss::value(const std::vector<double>& y, const std::vector<double>& raw,
                      const std::vector<double>& sw) const {
    const auto n = static_cast<int64_t>(y.size());
    std::vector<double> l(n);
    for (int64_t i = 0; i < n; ++i) {
        const double r = raw[i], t = y[i];
        switch (m_kind) {
            case Kind::SquaredError:
                l[i] = 0.5 * (r - t) * (r - t);
                break;
            case Kind::AbsoluteError:
                l[i] = std::fabs(t - r);
                break;
            case Kind::Quantile:
                l[i] = t >= r ? m_quantile * (t - r) : (1 - m_quantile) * (r - t);
                break;
            case Kind::Poisson:
                l[i] = std::exp(r) - t * r;
                break;
            case Kind::Binomial:
                l[i] = log1pexp(r) - t * r;
                break;
            case Kind::Multinomial: {
                double mx = raw[i];
                for (int64_t k = 1; k < m_K; ++k) mx = std::max(mx, raw[k * n + i]);
                double sum = 0;
                for (int64_t k = 0; k < m_K; ++k) sum += std::exp(raw[k * n + i] - mx);
                l[i] = std::log(sum) + mx;
                l[i] -= raw[static_cast<int64_t>(t) * n + i];
                break;
            }
        }
    }
    return average(l, sw);
}

double HgbLoss::leafValue(const std::vector<double>& y, const double* raw, const std::vector<double>& sw,
                          const uint32_t* rows, int64_t n) const {
    std::vector<double> residual(n), w;
    for (int64_t i = 0; i < n; ++i) residual[i] = y[rows[i]] - raw[rows[i]];
    if (!sw.empty()) {
        w.resize(n);
        for (int64_t i = 0; i < n; ++i) w[i] = sw[rows[i]];
    }
    return baseline(residual, w)[0];
}

double HgbLoss::inverseLink(double raw) const { return m_kind == Kind::Poisson ? std::exp(raw) : raw; }

}  // namespace tessera::ml::hgb
