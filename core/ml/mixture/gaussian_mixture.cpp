// GaussianMixture (sklearn/mixture/_base.py and _gaussian_mixture.py, 1.2.1): EM on the four
// covariance types with sklearn's formulas written in the same order (nk + 10 eps, the tied
// covariance as X'X - means' diag(nk) means, the diagonal one as E[x²] - 2 mean E[x] + mean²), the
// precision Cholesky factor as the transposed inverse of the covariance's lower factor, scipy's
// logsumexp, and sklearn's initialisations drawn from one RandomState: KMeans labels (n_init=1),
// uniform responsibilities, rows chosen without replacement, or k-means++ rows.
#include "core/ml/mixture/gaussian_mixture.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/warnings.h"

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/lapack.h"
#include "core/ml/base/registry.h"
#include "core/ml/cluster/kmeans_common.h"

namespace tessera::ml {
namespace {

using cluster::ConstMapRow;
using cluster::RowMatrix;

constexpr double kEps = 2.220446049250313e-16;
const char* const kIllDefined =
    "Fitting the mixture model failed because some components have ill-defined empirical covariance (for "
    "instance caused by singleton or collapsed samples). Try to decrease the number of components, or "
    "increase reg_covar.";

enum class CovType { Full, Tied, Diag, Spherical };

// The fitted parameters. Full: one d×d matrix per component in `mats`; tied: one; diag: `vecs` k×d;
// spherical: `vecs` k×1.
struct Covariance {
    std::vector<Eigen::MatrixXd> mats;
    RowMatrix vecs;
};

struct Params {
    Eigen::VectorXd weights;
    RowMatrix means;
    Covariance cov, precChol;
};

std::string shapeText(const std::vector<std::int64_t>& s) {
    std::string out = "(";
    for (std::size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + (s.size() == 1 ? ",)" : ")");
}

// A nested list parameter as a flat row-major array and its shape.
void flatten(const ParamValue& v, std::vector<double>& out, std::vector<std::int64_t>& shape, std::size_t depth) {
    if (!v.isSequence()) {
        out.push_back(v.asDouble());
        return;
    }
    const auto n = static_cast<std::int64_t>(v.items().size());
    if (shape.size() <= depth) shape.push_back(n);
    for (const auto& item : v.items()) flatten(item, out, shape, depth + 1);
}

std::vector<double> arrayParam(const ParamValue& v, const std::vector<std::int64_t>& expected,
                               const std::string& name) {
    std::vector<double> flat;
    std::vector<std::int64_t> shape;
    flatten(v, flat, shape, 0);
    std::int64_t count = 1;
    for (auto s : shape) count *= s;
    if (shape != expected || count != static_cast<std::int64_t>(flat.size()))
        throw ValueError("The parameter '" + name + "' should have the shape of " + shapeText(expected) + ", but got " +
                         shapeText(shape));
    return flat;
}

Eigen::MatrixXd squareFrom(const double* data, std::int64_t d) {
    Eigen::MatrixXd m(d, d);
    for (std::int64_t i = 0; i < d; ++i)
        for (std::int64_t j = 0; j < d; ++j) m(i, j) = data[i * d + j];
    return m;
}

// The lower Cholesky factor (scipy.linalg.cholesky(lower=True)), nullopt when not positive definite.
std::optional<Eigen::MatrixXd> lowerCholesky(const Eigen::MatrixXd& m) {
    Eigen::LLT<Eigen::MatrixXd> llt(m);
    if (llt.info() != Eigen::Success) return std::nullopt;
    return Eigen::MatrixXd(llt.matrixL());
}

// _compute_precision_cholesky.
Covariance precisionCholesky(const Covariance& cov, CovType type) {
    Covariance out;
    if (type == CovType::Full || type == CovType::Tied) {
        for (const auto& c : cov.mats) {
            const auto L = lowerCholesky(c);
            if (!L) throw ValueError(kIllDefined);
            const Eigen::MatrixXd inv =
                L->triangularView<Eigen::Lower>().solve(Eigen::MatrixXd::Identity(c.rows(), c.cols()));
            out.mats.push_back(inv.transpose());
        }
        return out;
    }
    if ((cov.vecs.array() <= 0.0).any()) throw ValueError(kIllDefined);
    out.vecs = cov.vecs.array().sqrt().inverse().matrix();
    return out;
}

// _estimate_gaussian_parameters: nk, means and covariances from responsibilities.
void estimateParameters(const RowMatrix& X, const RowMatrix& resp, double reg, CovType type, Eigen::VectorXd& nk,
                        RowMatrix& means, Covariance& cov) {
    const Eigen::Index d = X.cols(), k = resp.cols();
    nk = resp.colwise().sum().transpose().array() + 10 * kEps;
    const RowMatrix respX = resp.transpose() * X;
    means = respX.array().colwise() / nk.array();
    cov = Covariance();
    if (type == CovType::Full) {
        for (Eigen::Index c = 0; c < k; ++c) {
            RowMatrix diff = X.rowwise() - means.row(c);
            const RowMatrix weighted = diff.array().colwise() * resp.col(c).array();
            Eigen::MatrixXd m = (weighted.transpose() * diff) / nk[c];
            m.diagonal().array() += reg;
            cov.mats.push_back(m);
        }
    } else if (type == CovType::Tied) {
        const Eigen::MatrixXd avgX2 = X.transpose() * X;
        const RowMatrix nkMeans = means.array().colwise() * nk.array();
        const Eigen::MatrixXd avgMeans2 = nkMeans.transpose() * means;
        Eigen::MatrixXd m = (avgX2 - avgMeans2) / nk.sum();
        m.diagonal().array() += reg;
        cov.mats.push_back(m);
    } else {
        const RowMatrix X2 = X.array().square();
        const RowMatrix avgX2 = (resp.transpose() * X2).array().colwise() / nk.array();
        const RowMatrix avgXMeans = (means.array() * respX.array()).colwise() / nk.array();
        RowMatrix diag = (avgX2.array() - 2 * avgXMeans.array() + means.array().square() + reg).matrix();
        if (type == CovType::Diag) {
            cov.vecs = diag;
        } else {
            cov.vecs = diag.rowwise().sum() / static_cast<double>(d);
        }
    }
}

// _estimate_log_gaussian_prob.
RowMatrix logGaussianProb(const RowMatrix& X, const Params& p, CovType type) {
    const Eigen::Index n = X.rows(), d = X.cols(), k = p.means.rows();
    RowMatrix logProb(n, k);
    Eigen::VectorXd logDet(k);
    if (type == CovType::Full || type == CovType::Tied) {
        for (Eigen::Index c = 0; c < k; ++c) {
            const Eigen::MatrixXd& P = p.precChol.mats[type == CovType::Full ? c : 0];
            logDet[c] = P.diagonal().array().log().sum();
            RowMatrix Y = X * P;
            const Eigen::RowVectorXd mu = p.means.row(c) * P;
            Y.rowwise() -= mu;
            logProb.col(c) = Y.rowwise().squaredNorm();
        }
    } else if (type == CovType::Diag) {
        const RowMatrix prec = p.precChol.vecs.array().square();
        logDet = p.precChol.vecs.array().log().rowwise().sum();
        const Eigen::RowVectorXd first = (p.means.array().square() * prec.array()).rowwise().sum().transpose();
        const RowMatrix cross = X * (p.means.array() * prec.array()).matrix().transpose();
        const RowMatrix sq = X.array().square().matrix() * prec.transpose();
        logProb = ((-2.0 * cross).rowwise() + first) + sq;
    } else {
        const Eigen::RowVectorXd prec = p.precChol.vecs.col(0).array().square().transpose();
        logDet = static_cast<double>(d) * p.precChol.vecs.col(0).array().log();
        const Eigen::RowVectorXd first = p.means.rowwise().squaredNorm().transpose().array() * prec.array();
        const RowMatrix meansTPrec = p.means.transpose().array().rowwise() * prec.array();
        const RowMatrix cross = X * meansTPrec;
        const Eigen::VectorXd norms = X.rowwise().squaredNorm();
        logProb = ((-2 * cross).rowwise() + first) + norms * prec;
    }
    const double c0 = static_cast<double>(d) * std::log(2 * std::numbers::pi);
    RowMatrix out = (-0.5 * (logProb.array() + c0)).matrix();
    out.rowwise() += logDet.transpose();
    return out;
}

// scipy.special.logsumexp over each row.
Eigen::VectorXd logsumexp(const RowMatrix& a) {
    Eigen::VectorXd out(a.rows());
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        double m = a.row(i).maxCoeff();
        if (!std::isfinite(m)) m = 0;
        out[i] = std::log((a.row(i).array() - m).exp().sum()) + m;
    }
    return out;
}

std::int64_t argmaxRow(const RowMatrix& a, Eigen::Index i) {
    Eigen::Index best = 0;
    for (Eigen::Index j = 1; j < a.cols(); ++j)
        if (a(i, j) > a(i, best)) best = j;
    return best;
}

class GaussianMixture : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sw) override {
        fitPredict(X, y, sw);
        return *this;
    }

    Array fitPredict(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        const bool warm = paramBool("warm_start") && hasAttribute("converged_");
        FitReporter report(*this, "inits", warm ? 1 : paramInt("n_init"));
        std::optional<Params> previous;
        double previousBound = 0;
        if (warm) previous = fittedParams(), previousBound = fitted("lower_bound_").item<double>();
        clearAttributes();
        const Tensor Xt = validateFitX(Xin, false, 2);
        const std::int64_t n = Xt.size(0), d = Xt.size(1), k = paramInt("n_components");
        if (n < k)
            throw ValueError("Expected n_samples >= n_components but got n_components = " + std::to_string(k) +
                             ", n_samples = " + std::to_string(n));
        const RowMatrix X = ConstMapRow(Xt.data<double>(), n, d);
        checkInitParameters(d);
        const std::int64_t nInit = warm ? 1 : paramInt("n_init");
        const std::int64_t maxIter = paramInt("max_iter");
        const double tol = paramDouble("tol");
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(param("random_state").asInt()));
        bool converged = false;
        double maxBound = -std::numeric_limits<double>::infinity();
        Params best;
        std::int64_t bestIter = 0;
        for (std::int64_t init = 0; init < nInit; ++init) {
            report.checkStop();
            Params p = warm ? *previous : initialParameters(X, rs);
            double bound = warm ? previousBound : -std::numeric_limits<double>::infinity();
            if (maxIter == 0) {
                best = p;
                bestIter = 0;
                report.advance();
                continue;
            }
            std::int64_t iter = 1;
            for (iter = 1; iter <= maxIter; ++iter) {
                const double prev = bound;
                RowMatrix logResp;
                bound = eStep(X, p, logResp);
                mStep(X, logResp, p);
                if (std::abs(bound - prev) < tol) {
                    converged = true;
                    break;
                }
            }
            iter = std::min(iter, maxIter);
            if (bound > maxBound || maxBound == -std::numeric_limits<double>::infinity()) {
                maxBound = bound;
                best = p;
                bestIter = iter;
            }
            report.advance();
        }
        if (!converged && maxIter > 0)
            warn(WarningCategory::ConvergenceWarning,
                 "Initialization " + std::to_string(nInit) +
                     " did not converge. Try different init parameters, or increase max_iter, tol or check for "
                     "degenerate data.");
        storeParameters(best, d);
        setAttribute("converged_", Array(Tensor::scalar<bool>(converged)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(bestIter)));
        setAttribute("lower_bound_", Array(Tensor::scalar<double>(maxBound)));
        RowMatrix logResp;
        eStep(X, best, logResp);
        std::vector<std::int64_t> labels(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) labels[i] = argmaxRow(logResp, i);
        return Array(Tensor::fromVector<std::int64_t>(labels, {n}));
    }

    Array predict(const Tensor& Xin) const override {
        const RowMatrix w = weightedLogProb(Xin);
        std::vector<std::int64_t> labels(static_cast<std::size_t>(w.rows()));
        for (Eigen::Index i = 0; i < w.rows(); ++i) labels[i] = argmaxRow(w, i);
        return Array(Tensor::fromVector<std::int64_t>(labels, {w.rows()}));
    }

    Tensor predictProba(const Tensor& Xin) const override {
        const RowMatrix w = weightedLogProb(Xin);
        const Eigen::VectorXd norm = logsumexp(w);
        const RowMatrix resp = (w.colwise() - norm).array().exp().matrix();
        return Tensor::fromVector<double>(std::vector<double>(resp.data(), resp.data() + resp.size()),
                                          {resp.rows(), resp.cols()});
    }

    Tensor scoreSamples(const Tensor& Xin) const override {
        const Eigen::VectorXd s = logsumexp(weightedLogProb(Xin));
        return Tensor::fromVector<double>(std::vector<double>(s.data(), s.data() + s.size()), {s.size()});
    }

    double score(const Tensor& X, const Array&, const Tensor&) const override {
        const std::vector<double> s = scoreSamples(X).toVector<double>();
        double sum = 0;
        for (double v : s) sum += v;
        return sum / static_cast<double>(s.size());
    }

    // _n_parameters: free parameters of the fitted model.
    std::int64_t freeParameters() const {
        const std::int64_t k = paramInt("n_components"), d = fitted("means_").size(1);
        double cov = 0;
        switch (type()) {
            case CovType::Full:
                cov = static_cast<double>(k) * static_cast<double>(d) * (d + 1) / 2.0;
                break;
            case CovType::Diag:
                cov = static_cast<double>(k * d);
                break;
            case CovType::Tied:
                cov = static_cast<double>(d) * (d + 1) / 2.0;
                break;
            case CovType::Spherical:
                cov = static_cast<double>(k);
                break;
        }
        return static_cast<std::int64_t>(cov + static_cast<double>(d * k) + static_cast<double>(k - 1));
    }

    mixture::Sample sample(std::int64_t nSamples) const {
        checkFitted();
        if (nSamples < 1)
            throw ValueError("Invalid value for 'n_samples': " + std::to_string(paramInt("n_components")) +
                             " . The sampling requires at least one sample.");
        const Params p = fittedParams();
        const Eigen::Index k = p.means.rows(), d = p.means.cols();
        RandomState rng = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(param("random_state").asInt()));
        const std::vector<std::int64_t> counts =
            rng.multinomial(nSamples, std::span<const double>(p.weights.data(), static_cast<std::size_t>(k)));
        RowMatrix X(nSamples, d);
        std::vector<std::int64_t> y;
        y.reserve(static_cast<std::size_t>(nSamples));
        Eigen::Index row = 0;
        for (Eigen::Index c = 0; c < k; ++c) {
            const Eigen::Index m = counts[static_cast<std::size_t>(c)];
            const std::vector<double> z = rng.standardNormal(m * d);
            const ConstMapRow Z(z.data(), m, d);
            if (type() == CovType::Full || type() == CovType::Tied) {
                X.middleRows(row, m) = Z * normalFactor(p.cov.mats[type() == CovType::Full ? c : 0]);
                X.middleRows(row, m).rowwise() += p.means.row(c);
            } else {
                const Eigen::RowVectorXd sd = type() == CovType::Diag
                                                  ? Eigen::RowVectorXd(p.cov.vecs.row(c).array().sqrt())
                                                  : Eigen::RowVectorXd::Constant(d, std::sqrt(p.cov.vecs(c, 0)));
                X.middleRows(row, m) = (Z.array().rowwise() * sd.array()).rowwise() + p.means.row(c).array();
            }
            y.insert(y.end(), static_cast<std::size_t>(m), static_cast<std::int64_t>(c));
            row += m;
        }
        return {Tensor::fromVector<double>(std::vector<double>(X.data(), X.data() + X.size()), {nSamples, d}),
                Tensor::fromVector<std::int64_t>(y, {nSamples})};
    }

private:
    // NumPy's legacy multivariate_normal maps standard normal rows through sqrt(s)[:, None] * Vt of
    // numpy.linalg.svd(cov) (LAPACK dgesdd, whose singular-vector signs the rows inherit).
    static Eigen::MatrixXd normalFactor(const Eigen::MatrixXd& cov) {
        const Eigen::Index d = cov.rows();
        const lapack::Svd s = lapack::gesdd(std::vector<double>(cov.data(), cov.data() + cov.size()), d, d);
        Eigen::MatrixXd f(d, d);
        for (Eigen::Index i = 0; i < d; ++i)
            for (Eigen::Index j = 0; j < d; ++j) f(i, j) = std::sqrt(s.s[i]) * s.vt[i + j * d];
        return f;
    }

    CovType type() const {
        const std::string& t = paramString("covariance_type");
        return t == "full"   ? CovType::Full
               : t == "tied" ? CovType::Tied
               : t == "diag" ? CovType::Diag
                             : CovType::Spherical;
    }

    RowMatrix weightedLogProb(const Tensor& Xin) const {
        const Tensor Xt = validateX(Xin);
        const RowMatrix X = ConstMapRow(Xt.data<double>(), Xt.size(0), Xt.size(1));
        const Params p = fittedParams();
        RowMatrix w = logGaussianProb(X, p, type());
        w.rowwise() += p.weights.array().log().matrix().transpose();
        return w;
    }

    // _e_step: the mean log-likelihood and the log responsibilities.
    double eStep(const RowMatrix& X, const Params& p, RowMatrix& logResp) const {
        RowMatrix w = logGaussianProb(X, p, type());
        w.rowwise() += p.weights.array().log().matrix().transpose();
        const Eigen::VectorXd norm = logsumexp(w);
        logResp = w.colwise() - norm;
        return norm.mean();
    }

    void mStep(const RowMatrix& X, const RowMatrix& logResp, Params& p) const {
        estimateParameters(X, logResp.array().exp().matrix(), paramDouble("reg_covar"), type(), p.weights, p.means,
                           p.cov);
        p.weights /= p.weights.sum();
        p.precChol = precisionCholesky(p.cov, type());
    }

    // _initialize_parameters then _initialize.
    Params initialParameters(const RowMatrix& X, RandomState& rs) const {
        const Eigen::Index n = X.rows(), d = X.cols();
        const std::int64_t k = paramInt("n_components");
        const std::string& how = paramString("init_params");
        RowMatrix resp = RowMatrix::Zero(n, k);
        if (how == "kmeans") {
            const std::vector<std::int64_t> labels = cluster::kmeansLabels(X, k, rs);
            for (Eigen::Index i = 0; i < n; ++i) resp(i, labels[i]) = 1;
        } else if (how == "random") {
            const std::vector<double> u = rs.uniform(0.0, 1.0, n * k);
            resp = ConstMapRow(u.data(), n, k);
            const Eigen::VectorXd sums = resp.rowwise().sum();
            resp = resp.array().colwise() / sums.array();
        } else {
            std::vector<std::int64_t> rows;
            if (how == "random_from_data") {
                rows = rs.choice(n, k, false);
            } else {
                cluster::kmeansPlusPlus(X, X.rowwise().squaredNorm(), k, rs, &rows);
            }
            for (std::int64_t c = 0; c < k; ++c) resp(rows[c], c) = 1;
        }
        Params p;
        estimateParameters(X, resp, paramDouble("reg_covar"), type(), p.weights, p.means, p.cov);
        p.weights /= static_cast<double>(n);
        if (!param("weights_init").isNone())
            p.weights = Eigen::Map<const Eigen::VectorXd>(arrayParam(param("weights_init"), {k}, "weights").data(), k);
        if (!param("means_init").isNone()) {
            const std::vector<double> m = arrayParam(param("means_init"), {k, d}, "means");
            p.means = ConstMapRow(m.data(), k, d);
        }
        if (param("precisions_init").isNone()) {
            p.precChol = precisionCholesky(p.cov, type());
        } else {
            p.precChol = Covariance();
            const std::vector<double> prec = precisionsInit(d);
            if (type() == CovType::Full || type() == CovType::Tied) {
                const std::int64_t mats = type() == CovType::Full ? k : 1;
                for (std::int64_t c = 0; c < mats; ++c)
                    p.precChol.mats.push_back(*lowerCholesky(squareFrom(prec.data() + c * d * d, d)));
            } else {
                const std::int64_t cols = type() == CovType::Diag ? d : 1;
                p.precChol.vecs = ConstMapRow(prec.data(), k, cols).array().sqrt().matrix();
            }
        }
        return p;
    }

    std::vector<double> precisionsInit(std::int64_t d) const {
        const std::int64_t k = paramInt("n_components");
        const std::string& t = paramString("covariance_type");
        std::vector<std::int64_t> shape;
        switch (type()) {
            case CovType::Full:
                shape = {k, d, d};
                break;
            case CovType::Tied:
                shape = {d, d};
                break;
            case CovType::Diag:
                shape = {k, d};
                break;
            case CovType::Spherical:
                shape = {k};
                break;
        }
        return arrayParam(param("precisions_init"), shape, t + " precision");
    }

    // _check_parameters: weights_init, means_init and precisions_init against their shapes and ranges.
    void checkInitParameters(std::int64_t d) const {
        const std::int64_t k = paramInt("n_components");
        if (!param("weights_init").isNone()) {
            const std::vector<double> w = arrayParam(param("weights_init"), {k}, "weights");
            double lo = w[0], hi = w[0], sum = 0;
            for (double v : w) lo = std::min(lo, v), hi = std::max(hi, v), sum += v;
            char buffer[160];
            if (lo < 0.0 || hi > 1.0) {
                std::snprintf(buffer, sizeof buffer,
                              "The parameter 'weights' should be in the range [0, 1], but got max value %.5f, min "
                              "value %.5f",
                              lo, hi);
                throw ValueError(buffer);
            }
            if (!(std::abs(std::abs(1.0 - sum)) <= 1e-8)) {
                std::snprintf(buffer, sizeof buffer,
                              "The parameter 'weights' should be normalized, but got sum(weights) = %.5f", sum);
                throw ValueError(buffer);
            }
        }
        if (!param("means_init").isNone()) arrayParam(param("means_init"), {k, d}, "means");
        if (!param("precisions_init").isNone()) {
            const std::vector<double> prec = precisionsInit(d);
            const std::string name = "'" + paramString("covariance_type") + " precision'";
            if (type() == CovType::Full || type() == CovType::Tied) {
                const std::int64_t mats = type() == CovType::Full ? k : 1;
                for (std::int64_t c = 0; c < mats; ++c) {
                    const Eigen::MatrixXd m = squareFrom(prec.data() + c * d * d, d);
                    const bool symmetric =
                        ((m - m.transpose()).array().abs() <= 1e-8 + 1e-5 * m.transpose().array().abs()).all();
                    if (!symmetric || !lowerCholesky(m))
                        throw ValueError(name + " should be symmetric, positive-definite");
                }
            } else {
                for (double v : prec)
                    if (v <= 0.0) throw ValueError(name + " should be positive");
            }
        }
    }

    static Tensor matsTensor(const std::vector<Eigen::MatrixXd>& mats, bool stacked) {
        const auto d = mats[0].rows();
        std::vector<double> out;
        for (const auto& m : mats)
            for (Eigen::Index i = 0; i < d; ++i)
                for (Eigen::Index j = 0; j < d; ++j) out.push_back(m(i, j));
        if (stacked) return Tensor::fromVector<double>(out, {static_cast<std::int64_t>(mats.size()), d, d});
        return Tensor::fromVector<double>(out, {d, d});
    }

    Tensor covarianceTensor(const Covariance& c) const {
        if (type() == CovType::Full || type() == CovType::Tied) return matsTensor(c.mats, type() == CovType::Full);
        if (type() == CovType::Diag)
            return Tensor::fromVector<double>(std::vector<double>(c.vecs.data(), c.vecs.data() + c.vecs.size()),
                                              {c.vecs.rows(), c.vecs.cols()});
        return Tensor::fromVector<double>(std::vector<double>(c.vecs.data(), c.vecs.data() + c.vecs.size()),
                                          {c.vecs.rows()});
    }

    Covariance covarianceFrom(const Tensor& t) const {
        Covariance c;
        const std::vector<double> v = t.toVector<double>();
        if (type() == CovType::Full || type() == CovType::Tied) {
            const std::int64_t d = t.size(t.dim() - 1), mats = type() == CovType::Full ? t.size(0) : 1;
            for (std::int64_t m = 0; m < mats; ++m) c.mats.push_back(squareFrom(v.data() + m * d * d, d));
        } else {
            const std::int64_t cols = type() == CovType::Diag ? t.size(1) : 1;
            c.vecs = ConstMapRow(v.data(), t.size(0), cols);
        }
        return c;
    }

    // _set_parameters: the attributes, and precisions_ from the Cholesky factors.
    void storeParameters(const Params& p, std::int64_t d) {
        const std::int64_t k = p.means.rows();
        setAttribute("weights_", Array(Tensor::fromVector<double>(
                                     std::vector<double>(p.weights.data(), p.weights.data() + k), {k})));
        setAttribute("means_", Array(Tensor::fromVector<double>(
                                   std::vector<double>(p.means.data(), p.means.data() + p.means.size()), {k, d})));
        setAttribute("covariances_", Array(covarianceTensor(p.cov)));
        setAttribute("precisions_cholesky_", Array(covarianceTensor(p.precChol)));
        Covariance prec;
        if (type() == CovType::Full || type() == CovType::Tied) {
            for (const auto& P : p.precChol.mats) prec.mats.push_back(P * P.transpose());
        } else {
            prec.vecs = p.precChol.vecs.array().square();
        }
        setAttribute("precisions_", Array(covarianceTensor(prec)));
    }

    Params fittedParams() const {
        checkFitted();
        Params p;
        const Tensor& w = fitted("weights_");
        p.weights = Eigen::Map<const Eigen::VectorXd>(w.data<double>(), w.size(0));
        const Tensor& m = fitted("means_");
        p.means = ConstMapRow(m.data<double>(), m.size(0), m.size(1));
        p.cov = covarianceFrom(fitted("covariances_"));
        p.precChol = covarianceFrom(fitted("precisions_cholesky_"));
        return p;
    }
};

const RegisterEstimator<GaussianMixture> kGaussianMixture({
    "GaussianMixture",
    "sklearn.mixture",
    EstimatorKind::Clusterer,
    "Gaussian Mixture.",
    {
        {"n_components", 1, {intInterval(1, std::nullopt, Closed::Left)}, "Number of mixture components."},
        {"covariance_type",
         "full",
         {strOptions({"full", "tied", "diag", "spherical"})},
         "Covariance per component: full, tied (one shared), diag or spherical."},
        {"tol", 1e-3, {realInterval(0.0, ParamValue(), Closed::Left)}, "Stop when the lower bound gains less."},
        {"reg_covar", 1e-6, {realInterval(0.0, ParamValue(), Closed::Left)}, "Added to the covariance diagonals."},
        {"max_iter", 100, {intInterval(0, std::nullopt, Closed::Left)}, "EM iterations per initialisation."},
        {"n_init", 1, {intInterval(1, std::nullopt, Closed::Left)}, "Initialisations; the best lower bound is kept."},
        {"init_params",
         "kmeans",
         {strOptions({"kmeans", "random", "random_from_data", "k-means++"})},
         "Initial responsibilities: KMeans labels, random, random rows or k-means++ rows."},
        {"weights_init", ParamValue(), {constraintOf(Constraint::Kind::ArrayLike), noneC()}, "Initial weights."},
        {"means_init", ParamValue(), {constraintOf(Constraint::Kind::ArrayLike), noneC()}, "Initial means."},
        {"precisions_init",
         ParamValue(),
         {constraintOf(Constraint::Kind::ArrayLike), noneC()},
         "Initial precisions (inverse covariances), shaped by covariance_type."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the initialisation."},
        {"warm_start", false, {booleanC()}, "Start from the previous fit (one initialisation)."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"verbose_interval", 10, {intInterval(1, std::nullopt, Closed::Left)}, "Iterations between messages."},
    },
    {"fit", "fit_predict", "predict", "predict_proba", "score_samples", "score", "bic", "aic", "sample"},
});

double informationCriterion(const Estimator& e, const Tensor& X, bool bayesian) {
    const auto* gm = dynamic_cast<const GaussianMixture*>(&e);
    if (!gm)
        throw AttributeError("'" + e.className() + "' object has no attribute '" + (bayesian ? "bic" : "aic") + "'");
    const double score = gm->score(X, Array(), Tensor());
    const double n = static_cast<double>(X.size(0));
    const double params = static_cast<double>(gm->freeParameters());
    return -2 * score * n + (bayesian ? params * std::log(n) : 2 * params);
}

}  // namespace

double mixture::bic(const Estimator& e, const Tensor& X) { return informationCriterion(e, X, true); }
double mixture::aic(const Estimator& e, const Tensor& X) { return informationCriterion(e, X, false); }

mixture::Sample mixture::sample(const Estimator& e, std::int64_t nSamples) {
    const auto* gm = dynamic_cast<const GaussianMixture*>(&e);
    if (!gm) throw AttributeError("'" + e.className() + "' object has no attribute 'sample'");
    return gm->sample(nSamples);
}

}  // namespace tessera::ml
