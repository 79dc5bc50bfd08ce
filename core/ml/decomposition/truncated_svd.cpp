// TruncatedSVD (sklearn/decomposition/_truncated_svd.py, 1.2.1): randomized_svd of the uncentred data;
// the projections are X @ components_.T, whose variances over the total variance give the ratios.
#include <Eigen/Dense>

#include "core/ml/base/registry.h"
#include "core/ml/decomposition/svd_support.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

// np.var(A, axis=0): column means first, then the mean of squared deviations.
std::vector<double> columnVariances(const std::vector<double>& A, std::int64_t rows, std::int64_t cols) {
    const std::vector<double> mean = detail::columnMeans(A, rows, cols);
    std::vector<double> var(static_cast<std::size_t>(cols), 0.0);
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t c = 0; c < cols; ++c) {
            const double d = A[i * cols + c] - mean[c];
            var[c] += d * d;
        }
    for (double& v : var) v /= static_cast<double>(rows);
    return var;
}

class TruncatedSVD : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sw) override {
        fitTransform(X, y, sw);
        return *this;
    }

    Tensor fitTransform(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        if (p < 2)
            throw ValueError("Found array with " + std::to_string(p) + " feature(s) (shape=(" + std::to_string(n) +
                             ", " + std::to_string(p) + ")) while a minimum of 2 is required by TruncatedSVD.");
        if (paramString("algorithm") == "arpack")
            throw ValueError(className() +
                             ": algorithm='arpack' (ARPACK's svds) is not available in Tessera yet; "
                             "'randomized' is");
        const std::int64_t k = paramInt("n_components");
        if (k > p)
            throw ValueError("n_components(" + std::to_string(k) + ") must be <= n_features(" + std::to_string(p) +
                             ").");
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(param("random_state").asInt()));
        detail::RandomizedSvdOptions o;
        o.nOversamples = paramInt("n_oversamples");
        o.nIter = paramInt("n_iter");
        o.normalizer = paramString("power_iteration_normalizer");
        const std::vector<double> A = X.toVector<double>();
        const detail::Svd s = detail::randomizedSvd(A, n, p, k, o, rs);
        const RowMatrix Z = ConstMapRow(A.data(), n, p) * ConstMapRow(s.Vt.data(), k, p).transpose();
        const std::vector<double> z(Z.data(), Z.data() + Z.size());
        const std::vector<double> ev = columnVariances(z, n, k), full = columnVariances(A, n, p);
        double total = 0;
        for (double v : full) total += v;
        std::vector<double> ratio(ev.size());
        for (std::size_t j = 0; j < ev.size(); ++j) ratio[j] = ev[j] / total;
        setAttribute("components_", Array(Tensor::fromVector<double>(s.Vt, {k, p})));
        setAttribute("explained_variance_", Array(Tensor::fromVector<double>(ev, {k})));
        setAttribute("explained_variance_ratio_", Array(Tensor::fromVector<double>(ratio, {k})));
        setAttribute("singular_values_", Array(Tensor::fromVector<double>(s.S, {k})));
        return Tensor::fromVector<double>(z, {n, k});
    }

    Tensor transform(const Tensor& Xin) const override {
        checkFitted();
        const Tensor X = validateX(Xin);
        const Tensor& comps = fitted("components_");
        const std::int64_t n = X.size(0), k = comps.size(0), p = comps.size(1);
        const RowMatrix Z = ConstMapRow(X.data<double>(), n, p) * ConstMapRow(comps.data<double>(), k, p).transpose();
        return Tensor::fromVector<double>(std::vector<double>(Z.data(), Z.data() + Z.size()), {n, k});
    }

    Tensor inverseTransform(const Tensor& Zin) const override {
        checkFitted();
        const Tensor& comps = fitted("components_");
        const std::int64_t k = comps.size(0), p = comps.size(1);
        if (Zin.dim() != 2 || Zin.size(1) != k)
            throw ValueError(className() + ".inverse_transform: expected a 2-D array with " + std::to_string(k) +
                             " columns (one per component), got shape " + shapeToString(Zin.sizes()));
        const std::vector<double> z = Zin.toVector<double>();
        const std::int64_t n = Zin.size(0);
        const RowMatrix out = ConstMapRow(z.data(), n, k) * ConstMapRow(comps.data<double>(), k, p);
        return Tensor::fromVector<double>(std::vector<double>(out.data(), out.data() + out.size()), {n, p});
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        std::vector<std::string> out;
        for (std::int64_t i = 0; i < fitted("components_").size(0); ++i)
            out.push_back("truncatedsvd" + std::to_string(i));
        return out;
    }
};

const RegisterEstimator<TruncatedSVD> kTruncatedSVD({
    "TruncatedSVD",
    "sklearn.decomposition",
    EstimatorKind::Transformer,
    "Dimensionality reduction using truncated SVD (aka LSA).",
    {
        {"n_components", 2, {intInterval(1, std::nullopt, Closed::Left)}, "Dimensionality of the output."},
        {"algorithm",
         "randomized",
         {strOptions({"arpack", "randomized"})},
         "SVD solver: 'randomized' (Halko et al.); 'arpack' is refused."},
        {"n_iter", 5, {intInterval(0, std::nullopt, Closed::Left)}, "Power iterations of the randomized solver."},
        {"n_oversamples",
         10,
         {intInterval(1, std::nullopt, Closed::Left)},
         "Extra random vectors of the randomized solver."},
        // sklearn 1.2.1 lists "OR" (not "QR") among the options, so 'QR' is refused there and 'OR' runs
        // no power iteration; Tessera keeps that behaviour.
        {"power_iteration_normalizer",
         "auto",
         {strOptions({"auto", "OR", "LU", "none"})},
         "Normalisation between power iterations."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the random projection."},
        {"tol", 0.0, {realInterval(0, ParamValue(), Closed::Left)}, "Tolerance of the arpack solver."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
