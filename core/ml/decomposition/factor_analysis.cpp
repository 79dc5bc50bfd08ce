// FactorAnalysis (sklearn/decomposition/_factor_analysis.py, 1.2.1): the EM-free SVD iteration of
// Barber's book — each round the SVD of X/(sqrt(psi)·sqrt(n)) gives the loadings W and the
// log-likelihood, and psi becomes max(var - colsum(W²), 1e-12) until the likelihood gains less than tol.
// svd_method 'lapack' is scipy.linalg.svd's dgesdd (base/lapack.h), 'randomized' sklearn's
// randomized_svd with iterated_power and one RandomState for the whole fit (svd_support.h). rotation
// varimax/quartimax is sklearn's _ortho_rotation (tol 1e-6, 100 rounds, numpy.linalg.svd). transform is
// the posterior mean of the factors; score_samples the Gaussian log-density under W Wᵀ + diag(psi),
// through sklearn's get_precision (the matrix inversion lemma below full rank).
#include <Eigen/Dense>
#include <cmath>
#include <limits>

#include "core/ml/base/errors.h"
#include "core/ml/base/lapack.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/decomposition/svd_support.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr double kSmall = 1e-12;

Array rowMatrixArray(const RowMatrix& m) {
    return Array(Tensor::fromVector<double>(std::vector<double>(m.data(), m.data() + m.size()), {m.rows(), m.cols()}));
}

Array vectorArray(const std::vector<double>& v) {
    return Array(Tensor::fromVector<double>(v, {static_cast<std::int64_t>(v.size())}));
}

// The SVD of a row-major [rows, cols] matrix through dgesdd: singular values and Vt row-major.
lapack::Svd lapackSvd(const RowMatrix& m) {
    const Eigen::MatrixXd colMajor = m;
    return lapack::gesdd(std::vector<double>(colMajor.data(), colMajor.data() + colMajor.size()), m.rows(), m.cols());
}

double squaredNorm(const double* v, std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += v[i] * v[i];
    return s;
}

// fast_logdet: log|det A| when the determinant is positive, else -inf.
double fastLogdet(const Eigen::MatrixXd& a) {
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(a);
    double logdet = 0, sign = lu.permutationP().determinant();
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        const double d = lu.matrixLU()(i, i);
        if (d < 0) sign = -sign;
        logdet += std::log(std::abs(d));
    }
    return sign > 0 ? logdet : -std::numeric_limits<double>::infinity();
}

// _ortho_rotation(components, method, tol=1e-6, max_iter=100) of components [p, k]; returns [k, p].
RowMatrix orthoRotation(const RowMatrix& components, const std::string& method) {
    const Eigen::Index nrow = components.rows(), ncol = components.cols();
    RowMatrix rotation = RowMatrix::Identity(ncol, ncol);
    double var = 0;
    for (int iter = 0; iter < 100; ++iter) {
        const RowMatrix rotated = components * rotation;
        RowMatrix target = rotated.array().cube().matrix();
        if (method == "varimax") {
            const Eigen::RowVectorXd colSq = rotated.array().square().colwise().sum() / static_cast<double>(nrow);
            target -= (rotated.array().rowwise() * colSq.array()).matrix();
        }
        const RowMatrix m = components.transpose() * target;
        const lapack::Svd svd = lapackSvd(m);
        const Eigen::Map<const Eigen::MatrixXd> u(svd.u.data(), svd.m, svd.k), vt(svd.vt.data(), svd.k, svd.n);
        rotation = u * vt;
        double varNew = 0;
        for (double s : svd.s) varNew += s;
        if (var != 0 && varNew < var * (1 + 1e-6)) break;
        var = varNew;
    }
    return (components * rotation).transpose();
}

class FactorAnalysis : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const std::int64_t k = param("n_components").isNone() ? p : paramInt("n_components");
        const std::vector<double> xv = X.toVector<double>();
        const std::vector<double> mean = detail::columnMeans(xv, n, p);
        RowMatrix Xc = Eigen::Map<const RowMatrix>(xv.data(), n, p);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) Xc(i, j) -= mean[j];
        // np.var(X, axis=0) of the centred X: its mean again, then the mean square of the deviations.
        const std::vector<double> xcv(Xc.data(), Xc.data() + Xc.size());
        const std::vector<double> again = detail::columnMeans(xcv, n, p);
        std::vector<double> var(static_cast<std::size_t>(p), 0.0);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) var[j] += (Xc(i, j) - again[j]) * (Xc(i, j) - again[j]);
        for (double& v : var) v /= static_cast<double>(n);

        std::vector<double> psi(static_cast<std::size_t>(p), 1.0);
        if (const ParamValue& init = param("noise_variance_init"); !init.isNone()) {
            if (static_cast<std::int64_t>(init.items().size()) != p)
                throw ValueError("noise_variance_init dimension does not with number of features : " +
                                 std::to_string(init.items().size()) + " != " + std::to_string(p));
            for (std::int64_t j = 0; j < p; ++j) psi[j] = init.items()[j].asDouble();
        }
        const bool useLapack = paramString("svd_method") == "lapack";
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(paramInt("random_state")));
        const double nsqrt = std::sqrt(static_cast<double>(n));
        const double llconst = static_cast<double>(p) * std::log(2.0 * M_PI) + static_cast<double>(k);
        const std::int64_t maxIter = paramInt("max_iter");
        const double tol = paramDouble("tol");
        std::vector<double> loglike;
        double oldLl = -std::numeric_limits<double>::infinity();
        RowMatrix W;
        std::int64_t iter = 0;
        for (; iter < maxIter; ++iter) {
            std::vector<double> sqrtPsi(static_cast<std::size_t>(p));
            for (std::int64_t j = 0; j < p; ++j) sqrtPsi[j] = std::sqrt(psi[j]) + kSmall;
            RowMatrix M(n, p);
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = 0; j < p; ++j) M(i, j) = Xc(i, j) / (sqrtPsi[j] * nsqrt);
            std::vector<double> s;
            RowMatrix Vt;
            double unexplained = 0;
            if (useLapack) {
                const lapack::Svd svd = lapackSvd(M);
                const std::int64_t kept = std::min(k, svd.k);
                s.assign(svd.s.begin(), svd.s.begin() + kept);
                unexplained = squaredNorm(svd.s.data() + kept, static_cast<std::size_t>(svd.k - kept));
                const Eigen::Map<const Eigen::MatrixXd> vt(svd.vt.data(), svd.k, svd.n);
                Vt = vt.topRows(kept);
            } else {
                const std::vector<double> mv(M.data(), M.data() + M.size());
                const detail::Svd svd =
                    detail::randomizedSvd(mv, n, p, k, {.nOversamples = 10, .nIter = paramInt("iterated_power")}, rs);
                s = svd.S;
                unexplained = squaredNorm(mv.data(), mv.size()) - squaredNorm(s.data(), s.size());
                Vt = Eigen::Map<const RowMatrix>(svd.Vt.data(), svd.k, svd.cols);
            }
            double sumLogS = 0, sumLogPsi = 0;
            for (double& v : s) v *= v, sumLogS += std::log(v);
            W = Vt;
            for (Eigen::Index r = 0; r < W.rows(); ++r) {
                const double f = std::sqrt(std::max(s[r] - 1.0, 0.0));
                for (std::int64_t j = 0; j < p; ++j) W(r, j) = f * Vt(r, j) * sqrtPsi[j];
            }
            for (double v : psi) sumLogPsi += std::log(v);
            double ll = llconst + sumLogS;
            ll += unexplained + sumLogPsi;
            ll *= -static_cast<double>(n) / 2.0;
            loglike.push_back(ll);
            if (ll - oldLl < tol) break;
            oldLl = ll;
            for (std::int64_t j = 0; j < p; ++j) psi[j] = std::max(var[j] - W.col(j).squaredNorm(), kSmall);
        }
        if (iter == maxIter)
            warn(WarningCategory::ConvergenceWarning,
                 "FactorAnalysis did not converge. You might want to increase the number of iterations.");
        const std::int64_t nIter = std::min(iter + 1, maxIter);
        if (const ParamValue& rotation = param("rotation"); !rotation.isNone() && W.rows() > 0)
            W = orthoRotation(W.transpose(), rotation.asString()).topRows(std::min<Eigen::Index>(W.rows(), k));
        setAttribute("mean_", vectorArray(mean));
        setAttribute("components_", rowMatrixArray(W));
        setAttribute("noise_variance_", vectorArray(psi));
        setAttribute("loglike_", vectorArray(loglike));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(nIter)));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        checkFitted();
        const Tensor X = validateX(Xin);
        const RowMatrix W = components(), Xc = centred(X);
        const Eigen::VectorXd psi = noiseVariance();
        const RowMatrix Wpsi = W.array().rowwise() / psi.transpose().array();
        const Eigen::MatrixXd covZ =
            (Eigen::MatrixXd::Identity(W.rows(), W.rows()) + Wpsi * W.transpose()).partialPivLu().inverse();
        const RowMatrix out = (Xc * Wpsi.transpose()) * covZ;
        return rowMatrixArray(out).tensor();
    }

    Tensor scoreSamples(const Tensor& Xin) const override {
        checkFitted();
        const Tensor X = validateX(Xin);
        const RowMatrix Xc = centred(X);
        const Eigen::MatrixXd precision = getPrecision();
        const double constant = 0.5 * (static_cast<double>(Xc.cols()) * std::log(2.0 * M_PI) - fastLogdet(precision));
        const RowMatrix xp = Xc * precision;
        std::vector<double> out(static_cast<std::size_t>(Xc.rows()));
        for (Eigen::Index i = 0; i < Xc.rows(); ++i) out[i] = -0.5 * Xc.row(i).dot(xp.row(i)) - constant;
        return vectorArray(out).tensor();
    }

    double score(const Tensor& X, const Array&, const Tensor&) const override {
        const std::vector<double> ll = scoreSamples(X).toVector<double>();
        double sum = 0;
        for (double v : ll) sum += v;
        return sum / static_cast<double>(ll.size());
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        std::vector<std::string> out;
        for (std::int64_t i = 0; i < fitted("components_").size(0); ++i)
            out.push_back("factoranalysis" + std::to_string(i));
        return out;
    }

private:
    RowMatrix components() const {
        const Tensor& c = fitted("components_");
        return Eigen::Map<const RowMatrix>(c.data<double>(), c.size(0), c.size(1));
    }

    Eigen::VectorXd noiseVariance() const {
        const Tensor& v = fitted("noise_variance_");
        return Eigen::Map<const Eigen::VectorXd>(v.data<double>(), v.size(0));
    }

    RowMatrix centred(const Tensor& X) const {
        const Tensor& mean = fitted("mean_");
        RowMatrix out = Eigen::Map<const RowMatrix>(X.data<double>(), X.size(0), X.size(1));
        for (Eigen::Index j = 0; j < out.cols(); ++j) out.col(j).array() -= mean.data<double>()[j];
        return out;
    }

    // get_covariance and get_precision as sklearn computes them.
    Eigen::MatrixXd getPrecision() const {
        const RowMatrix W = components();
        const Eigen::VectorXd psi = noiseVariance();
        const Eigen::Index p = W.cols();
        if (W.rows() == 0) return psi.cwiseInverse().asDiagonal();
        if (W.rows() == p) {
            Eigen::MatrixXd cov = W.transpose() * W;
            cov.diagonal() += psi;
            return cov.partialPivLu().inverse();
        }
        const RowMatrix Wpsi = W.array().rowwise() / psi.transpose().array();
        Eigen::MatrixXd inner = Wpsi * W.transpose();
        inner.diagonal().array() += 1.0;
        Eigen::MatrixXd precision = W.transpose() * (inner.partialPivLu().inverse() * W);
        for (Eigen::Index i = 0; i < p; ++i)
            for (Eigen::Index j = 0; j < p; ++j) precision(i, j) = precision(i, j) / psi[i] / -psi[j];
        precision.diagonal() += psi.cwiseInverse();
        return precision;
    }
};

const RegisterEstimator<FactorAnalysis> kRegistered({
    "FactorAnalysis",
    "sklearn.decomposition",
    EstimatorKind::Transformer,
    "Factor Analysis (FA).",
    {
        {"n_components",
         ParamValue(),
         {intInterval(0, std::nullopt, Closed::Left), noneC()},
         "Dimensionality of the latent space (None: n_features)."},
        {"tol",
         1e-2,
         {realInterval(0.0, ParamValue(), Closed::Left)},
         "Stopping tolerance on the log-likelihood gain."},
        {"copy", true, {booleanC()}, "Copy X (always: inputs are never changed)."},
        {"max_iter", 1000, {intInterval(1, std::nullopt, Closed::Left)}, "Maximum number of iterations."},
        {"noise_variance_init",
         ParamValue(),
         {constraintOf(Constraint::Kind::ArrayLike), noneC()},
         "Initial noise variance of each feature (None: ones)."},
        {"svd_method",
         "randomized",
         {strOptions({"randomized", "lapack"})},
         "SVD of each round: 'lapack' (dgesdd) or 'randomized' (randomized_svd)."},
        {"iterated_power", 3, {intInterval(0, std::nullopt, Closed::Left)}, "Power iterations of the randomized SVD."},
        {"rotation", ParamValue(), {strOptions({"varimax", "quartimax"}), noneC()}, "Rotation of the loadings."},
        {"random_state", 0, {constraintOf(Constraint::Kind::RandomState)}, "Seed of the randomized SVD."},
    },
    {"fit", "transform", "fit_transform", "score", "score_samples", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
