#include "core/ml/discriminant_analysis/covariance.h"

#include <Eigen/Dense>
#include <cmath>
#include <limits>

namespace tessera::ml::detail {

namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// X - X.mean(0) (column sums in row order, as NumPy reduces axis 0 of a C array).
RowMatrix centered(const std::vector<double>& X, std::int64_t n, std::int64_t p) {
    RowMatrix m = Eigen::Map<const RowMatrix>(X.data(), n, p);
    Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(p);
    for (std::int64_t i = 0; i < n; ++i) mean += m.row(i);
    mean /= static_cast<double>(n);
    m.rowwise() -= mean;
    return m;
}

std::vector<double> toVector(const RowMatrix& m) { return std::vector<double>(m.data(), m.data() + m.size()); }

}  // namespace

std::vector<double> empiricalCovariance(const std::vector<double>& X, std::int64_t n, std::int64_t p) {
    const RowMatrix c = centered(X, n, p);
    // np.cov multiplies by the reciprocal of the count.
    const RowMatrix cov = (c.transpose() * c) * (1.0 / static_cast<double>(n));
    return toVector(cov);
}

std::vector<double> shrunkCovariance(std::vector<double> cov, std::int64_t p, double shrinkage) {
    double trace = 0;
    for (std::int64_t j = 0; j < p; ++j) trace += cov[j * p + j];
    const double mu = trace / static_cast<double>(p);
    for (double& v : cov) v *= 1.0 - shrinkage;
    for (std::int64_t j = 0; j < p; ++j) cov[j * p + j] += shrinkage * mu;
    return cov;
}

double ledoitWolfShrinkage(const std::vector<double>& X, std::int64_t n, std::int64_t p) {
    if (p == 1) return 0.0;
    const RowMatrix c = centered(X, n, p);
    const RowMatrix c2 = c.array().square().matrix();
    const Eigen::RowVectorXd traceTerms = c2.colwise().sum() / static_cast<double>(n);
    const double mu = traceTerms.sum() / static_cast<double>(p);
    const double nn = static_cast<double>(n);
    const double delta0 = (c.transpose() * c).array().square().sum() / (nn * nn);
    const double betaSum = (c2.transpose() * c2).sum();
    double beta = 1.0 / (static_cast<double>(p) * nn) * (betaSum / nn - delta0);
    double delta = delta0 - 2.0 * mu * traceTerms.sum() + static_cast<double>(p) * mu * mu;
    delta /= static_cast<double>(p);
    beta = std::min(beta, delta);
    return beta == 0 ? 0.0 : beta / delta;
}

std::vector<double> classCovariance(const std::vector<double>& X, std::int64_t n, std::int64_t p,
                                    std::optional<double> shrinkage) {
    if (!shrinkage) return empiricalCovariance(X, n, p);
    if (*shrinkage >= 0) return shrunkCovariance(empiricalCovariance(X, n, p), p, *shrinkage);
    // 'auto': Ledoit-Wolf on StandardScaler's output, scaled back by the features' scale_.
    const RowMatrix c = centered(X, n, p);
    std::vector<double> scale(static_cast<std::size_t>(p));
    const double eps = std::numeric_limits<double>::epsilon();
    RowMatrix m = Eigen::Map<const RowMatrix>(X.data(), n, p);
    for (std::int64_t j = 0; j < p; ++j) {
        const double mean = m.col(j).sum() / static_cast<double>(n);
        const double var = c.col(j).squaredNorm() / static_cast<double>(n);
        const double bound = static_cast<double>(n) * eps * var + std::pow(static_cast<double>(n) * mean * eps, 2);
        scale[j] = var <= bound ? 1.0 : std::sqrt(var);
    }
    RowMatrix z = c;
    for (std::int64_t j = 0; j < p; ++j) z.col(j) /= scale[j];
    std::vector<double> zs = toVector(z);
    std::vector<double> s;
    if (p == 1) {
        // ledoit_wolf on one feature: the mean of the squared centred values, shrinkage 0.
        const RowMatrix zc = centered(zs, n, 1);
        s = {zc.array().square().sum() / static_cast<double>(n)};
    } else {
        s = shrunkCovariance(empiricalCovariance(zs, n, p), p, ledoitWolfShrinkage(zs, n, p));
    }
    for (std::int64_t a = 0; a < p; ++a)
        for (std::int64_t b = 0; b < p; ++b) s[a * p + b] = scale[a] * s[a * p + b] * scale[b];
    return s;
}

}  // namespace tessera::ml::detail
