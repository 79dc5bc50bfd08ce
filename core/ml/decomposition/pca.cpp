// PCA (sklearn/decomposition/_pca.py and _base.py, 1.2.1): centred data, then LAPACK's thin SVD
// ('full') or randomized_svd ('randomized'), svd_flip signs, n_components as an int, a fraction of
// explained variance or Minka's MLE; transform/inverse_transform with whitening, and the probabilistic
// PCA log-likelihood of score_samples/score through get_precision.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/ml/base/registry.h"
#include "core/ml/decomposition/svd_support.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

// _assess_dimension: the log-likelihood of rank `rank` for the spectrum (Minka 2000).
double assessDimension(const std::vector<double>& spectrum, std::int64_t rank, std::int64_t nSamples) {
    const std::int64_t p = static_cast<std::int64_t>(spectrum.size());
    const double eps = 1e-15, n = static_cast<double>(nSamples);
    if (spectrum[rank - 1] < eps) return -std::numeric_limits<double>::infinity();
    double pu = -static_cast<double>(rank) * std::log(2.0);
    for (std::int64_t i = 1; i <= rank; ++i) {
        const double half = static_cast<double>(p - i + 1) / 2.0;
        pu += std::lgamma(half) - std::log(std::numbers::pi) * half;
    }
    double pl = 0;
    for (std::int64_t i = 0; i < rank; ++i) pl += std::log(spectrum[i]);
    pl = -pl * n / 2.0;
    double tail = 0;
    for (std::int64_t i = rank; i < p; ++i) tail += spectrum[i];
    const double v = std::max(eps, tail / static_cast<double>(p - rank));
    const double pv = -std::log(v) * n * static_cast<double>(p - rank) / 2.0;
    const double r = static_cast<double>(rank);
    const double m = static_cast<double>(p) * r - r * (r + 1.0) / 2.0;
    const double pp = std::log(2.0 * std::numbers::pi) * (m + r) / 2.0;
    double pa = 0;
    for (std::int64_t i = 0; i < rank; ++i)
        for (std::int64_t j = i + 1; j < p; ++j) {
            const double sj = j < rank ? spectrum[j] : v, si = i < rank ? spectrum[i] : v;
            pa += std::log((spectrum[i] - spectrum[j]) * (1.0 / sj - 1.0 / si)) + std::log(n);
        }
    return pu + pl + pv + pp - pa / 2.0 - r * std::log(n) / 2.0;
}

// _infer_dimension: argmax over ranks 1 … p-1 (rank 0 excluded), first maximum as np.argmax.
std::int64_t inferDimension(const std::vector<double>& spectrum, std::int64_t nSamples) {
    std::int64_t best = 0;
    double bestLl = -std::numeric_limits<double>::infinity();
    for (std::int64_t rank = 1; rank < static_cast<std::int64_t>(spectrum.size()); ++rank) {
        const double ll = assessDimension(spectrum, rank, nSamples);
        if (ll > bestLl) bestLl = ll, best = rank;
    }
    return best;
}

Array vec(const std::vector<double>& v, std::int64_t n) {
    return Array(Tensor::fromVector<double>(std::vector<double>(v.begin(), v.begin() + n), {n}));
}

class PCA : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array&, const Tensor&) override {
        fitSvd(X);
        return *this;
    }

    Tensor fitTransform(const Tensor& X, const Array&, const Tensor&) override {
        const detail::Svd s = fitSvd(X);
        const std::int64_t n = s.rows, k = fitted("n_components_").item<std::int64_t>();
        std::vector<double> out(static_cast<std::size_t>(n * k));
        const double root = std::sqrt(static_cast<double>(n - 1));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < k; ++j)
                out[i * k + j] = s.U[i * s.k + j] * (paramBool("whiten") ? root : s.S[j]);
        return Tensor::fromVector<double>(out, {n, k});
    }

    Tensor transform(const Tensor& Xin) const override {
        checkFitted();
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const Tensor& comps = fitted("components_");
        const std::int64_t k = comps.size(0);
        const double* mean = fitted("mean_").data<double>();
        RowMatrix Xc = ConstMapRow(X.data<double>(), n, p);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < p; ++c) Xc(i, c) -= mean[c];
        RowMatrix Z = Xc * ConstMapRow(comps.data<double>(), k, p).transpose();
        if (paramBool("whiten")) {
            const double* ev = fitted("explained_variance_").data<double>();
            for (std::int64_t j = 0; j < k; ++j) Z.col(j) /= std::sqrt(ev[j]);
        }
        return Tensor::fromVector<double>(std::vector<double>(Z.data(), Z.data() + Z.size()), {n, k});
    }

    Tensor inverseTransform(const Tensor& Zin) const override {
        checkFitted();
        const Tensor& comps = fitted("components_");
        const std::int64_t k = comps.size(0), p = comps.size(1);
        const Tensor Z = validateComponents(Zin, k);
        const std::int64_t n = Z.size(0);
        RowMatrix C = ConstMapRow(comps.data<double>(), k, p);
        if (paramBool("whiten")) {
            const double* ev = fitted("explained_variance_").data<double>();
            for (std::int64_t j = 0; j < k; ++j) C.row(j) *= std::sqrt(ev[j]);
        }
        RowMatrix out = ConstMapRow(Z.data<double>(), n, k) * C;
        const double* mean = fitted("mean_").data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < p; ++c) out(i, c) += mean[c];
        return Tensor::fromVector<double>(std::vector<double>(out.data(), out.data() + out.size()), {n, p});
    }

    Tensor scoreSamples(const Tensor& Xin) const override {
        checkFitted();
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const Eigen::MatrixXd precision = getPrecision();
        RowMatrix Xr = ConstMapRow(X.data<double>(), n, p);
        const double* mean = fitted("mean_").data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < p; ++c) Xr(i, c) -= mean[c];
        const RowMatrix XP = Xr * precision;
        // fast_logdet: slogdet, -inf unless the determinant is positive.
        const Eigen::PartialPivLU<Eigen::MatrixXd> lu(precision);
        double logdet = 0, sign = lu.permutationP().determinant();
        for (Eigen::Index i = 0; i < p; ++i) {
            const double u = lu.matrixLU()(i, i);
            sign *= u > 0 ? 1.0 : (u < 0 ? -1.0 : 0.0);
            logdet += std::log(std::abs(u));
        }
        if (!(sign > 0)) logdet = -std::numeric_limits<double>::infinity();
        std::vector<double> out(static_cast<std::size_t>(n));
        const double constant = 0.5 * (static_cast<double>(p) * std::log(2.0 * std::numbers::pi) - logdet);
        for (std::int64_t i = 0; i < n; ++i) {
            double q = 0;
            for (std::int64_t c = 0; c < p; ++c) q += Xr(i, c) * XP(i, c);
            out[i] = -0.5 * q - constant;
        }
        return Tensor::fromVector<double>(out, {n});
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
        for (std::int64_t i = 0; i < fitted("n_components_").item<std::int64_t>(); ++i)
            out.push_back("pca" + std::to_string(i));
        return out;
    }

private:
    // inverse_transform's input: 2-D with the components' width, widened to Float64 as check_array does.
    Tensor validateComponents(const Tensor& Z, std::int64_t k) const {
        if (Z.dim() != 2)
            throw ValueError(className() + ".inverse_transform: expected a 2-D array of projections, got shape " +
                             shapeToString(Z.sizes()));
        if (Z.size(1) != k)
            throw ValueError(className() + ".inverse_transform: X has " + std::to_string(Z.size(1)) +
                             " columns, but the model has " + std::to_string(k) + " components");
        return Tensor::fromVector<double>(Z.toVector<double>(), Z.sizes());
    }

    // get_covariance and get_precision as _BasePCA computes them.
    Eigen::MatrixXd getPrecision() const {
        const Tensor& comps = fitted("components_");
        const std::int64_t k = comps.size(0), p = comps.size(1);
        const double noise = fitted("noise_variance_").item<double>();
        if (k == 0) return Eigen::MatrixXd::Identity(p, p) / noise;
        Eigen::MatrixXd C = ConstMapRow(comps.data<double>(), k, p);
        const double* ev = fitted("explained_variance_").data<double>();
        if (paramBool("whiten"))
            for (std::int64_t j = 0; j < k; ++j) C.row(j) *= std::sqrt(ev[j]);
        Eigen::VectorXd diff(k);
        for (std::int64_t j = 0; j < k; ++j) diff[j] = std::max(ev[j] - noise, 0.0);
        if (noise == 0.0 || k == p) {
            Eigen::MatrixXd cov = C.transpose() * diff.asDiagonal() * C;
            cov.diagonal().array() += noise;
            return cov.partialPivLu().inverse();
        }
        Eigen::MatrixXd inner = C * C.transpose() / noise;
        inner.diagonal().array() += diff.array().inverse();
        Eigen::MatrixXd precision = C.transpose() * (inner.partialPivLu().inverse() * C);
        precision /= -(noise * noise);
        precision.diagonal().array() += 1.0 / noise;
        return precision;
    }

    detail::Svd fitSvd(const Tensor& Xin) {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1), mn = std::min(n, p);
        const ParamValue& nc = param("n_components");
        const bool mle = nc.isString();
        const std::string& solverParam = paramString("svd_solver");
        std::string solver = solverParam;
        if (solver == "auto") {
            // sklearn resolves n_components=None to min(X.shape) before choosing; a fraction never picks
            // 'randomized'.
            const double count = nc.isNone() ? static_cast<double>(mn) : (nc.isInt() ? nc.asDouble() : 0.0);
            const bool randomized = count >= 1 && count < 0.8 * static_cast<double>(mn);
            solver = std::max(n, p) <= 500 || mle || !randomized ? "full" : "randomized";
        }
        if (solver == "arpack")
            throw ValueError(className() +
                             ": svd_solver='arpack' (ARPACK's svds) is not available in Tessera yet; "
                             "'auto', 'full' and 'randomized' are");

        std::vector<double> A = X.toVector<double>();
        const std::vector<double> mean = detail::columnMeans(A, n, p);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < p; ++c) A[i * p + c] -= mean[c];
        const double dof = static_cast<double>(n - 1);
        detail::Svd s;
        std::int64_t k = 0;
        double noise = 0;
        std::vector<double> ev, ratio;

        if (solver == "full") {
            if (mle) {
                if (n < p) throw ValueError("n_components='mle' is only supported if n_samples >= n_features");
            } else if (!nc.isNone() && nc.isInt() && !(nc.asInt() >= 0 && nc.asInt() <= mn)) {
                throw ValueError("n_components=" + nc.repr() + " must be between 0 and min(n_samples, n_features)=" +
                                 std::to_string(mn) + " with svd_solver='full'");
            }
            s = detail::thinSvd(A, n, p);
            detail::svdFlip(s, true);
            ev.resize(s.S.size());
            double total = 0;
            for (std::size_t j = 0; j < s.S.size(); ++j) total += ev[j] = s.S[j] * s.S[j] / dof;
            ratio.resize(ev.size());
            for (std::size_t j = 0; j < ev.size(); ++j) ratio[j] = ev[j] / total;
            if (nc.isNone()) {
                k = mn;
            } else if (mle) {
                k = inferDimension(ev, n);
            } else if (!nc.isInt()) {
                // stable_cumsum then searchsorted(side='right') + 1.
                const double want = nc.asDouble();
                double cum = 0;
                k = 1;
                for (std::size_t j = 0; j < ratio.size(); ++j) {
                    cum += ratio[j];
                    if (cum <= want) k = static_cast<std::int64_t>(j) + 2;
                }
            } else {
                k = nc.asInt();
            }
            if (k < mn) {
                double sum = 0;
                for (std::int64_t j = k; j < mn; ++j) sum += ev[j];
                noise = sum / static_cast<double>(mn - k);
            }
        } else {
            if (mle) throw ValueError("n_components='mle' cannot be a string with svd_solver='" + solver + "'");
            const double want = nc.isNone() ? static_cast<double>(mn) : nc.asDouble();
            if (!(want >= 1 && want <= static_cast<double>(mn)))
                throw ValueError("n_components=" + nc.repr() + " must be between 1 and min(n_samples, n_features)=" +
                                 std::to_string(mn) + " with svd_solver='" + solver + "'");
            k = nc.isNone() ? mn : nc.asInt();
            RandomState rs = checkRandomState(param("random_state").isNone()
                                                  ? std::nullopt
                                                  : std::optional<std::int64_t>(param("random_state").asInt()));
            detail::RandomizedSvdOptions o;
            o.nOversamples = paramInt("n_oversamples");
            o.nIter = param("iterated_power").isString() ? -1 : paramInt("iterated_power");
            o.normalizer = paramString("power_iteration_normalizer");
            s = detail::randomizedSvd(A, n, p, k, o, rs);
            ev.resize(static_cast<std::size_t>(k));
            for (std::int64_t j = 0; j < k; ++j) ev[j] = s.S[j] * s.S[j] / dof;
            // total_var as sklearn sums it: column sums of squares, each over N, then summed.
            std::vector<double> sq(static_cast<std::size_t>(p), 0.0);
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t c = 0; c < p; ++c) sq[c] += A[i * p + c] * A[i * p + c];
            double total = 0;
            for (double v : sq) total += v / dof;
            ratio.resize(ev.size());
            double evSum = 0;
            for (std::size_t j = 0; j < ev.size(); ++j) ratio[j] = ev[j] / total, evSum += ev[j];
            if (k < mn) noise = (total - evSum) / static_cast<double>(mn - k);
        }

        std::vector<double> comps(s.Vt.begin(), s.Vt.begin() + k * p);
        setAttribute("components_", Array(Tensor::fromVector<double>(comps, {k, p})));
        setAttribute("explained_variance_", vec(ev, k));
        setAttribute("explained_variance_ratio_", vec(ratio, k));
        setAttribute("mean_", vec(mean, p));
        setAttribute("n_components_", Array(Tensor::scalar<std::int64_t>(k)));
        setAttribute("n_features_", Array(Tensor::scalar<std::int64_t>(p)));
        setAttribute("n_samples_", Array(Tensor::scalar<std::int64_t>(n)));
        setAttribute("noise_variance_", Array(Tensor::scalar<double>(noise)));
        setAttribute("singular_values_", vec(s.S, k));
        return s;
    }
};

const RegisterEstimator<PCA> kPCA({
    "PCA",
    "sklearn.decomposition",
    EstimatorKind::Transformer,
    "Principal component analysis (PCA).",
    {
        {"n_components",
         ParamValue(),
         {intInterval(0, std::nullopt, Closed::Left), realInterval(0, 1, Closed::Neither), strOptions({"mle"}),
          noneC()},
         "Components to keep: a count, a fraction of explained variance (0 < f < 1), 'mle' or None (all)."},
        {"copy", true, {booleanC()}, "Copy X (always: inputs are never changed)."},
        {"whiten", false, {booleanC()}, "Scale the projections to unit variance."},
        {"svd_solver",
         "auto",
         {strOptions({"auto", "full", "arpack", "randomized"})},
         "SVD: 'full' (LAPACK-style), 'randomized' (Halko et al.), 'auto' as sklearn chooses; 'arpack' is refused."},
        {"tol", 0.0, {realInterval(0, ParamValue(), Closed::Left)}, "Tolerance of the arpack solver."},
        {"iterated_power",
         "auto",
         {strOptions({"auto"}), intInterval(0, std::nullopt, Closed::Left)},
         "Power iterations of the randomized solver."},
        {"n_oversamples",
         10,
         {intInterval(1, std::nullopt, Closed::Left)},
         "Extra random vectors of the randomized solver."},
        {"power_iteration_normalizer",
         "auto",
         {strOptions({"auto", "QR", "LU", "none"})},
         "Normalisation between power iterations of the randomized solver."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the randomized solver."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "score_samples", "score", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
