// LinearDiscriminantAnalysis (sklearn/discriminant_analysis.py, 1.2.1): the 'svd' solver (two SVDs of
// the whitened within-class and between-class data), 'lsqr' (lstsq of the pooled covariance) and
// 'eigen' (the generalized eigenproblem of between- and within-class scatter), shrinkage None, 'auto'
// (Ledoit-Wolf) or a float for lsqr/eigen. The SVDs and the eigenproblem run in the system LAPACK
// (core/ml/base/lapack.h), as scipy.linalg calls it, so scalings_ has sklearn's signs.
// covariance_estimator (a sklearn covariance object) is refused by name.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/lapack.h"
#include "core/ml/base/registry.h"
#include "core/ml/discriminant_analysis/covariance.h"
#include "core/ml/discriminant_analysis/discriminant_support.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using detail::ClassData;

Array matrixArray(const RowMatrix& m) {
    return Array(Tensor::fromVector<double>(std::vector<double>(m.data(), m.data() + m.size()), {m.rows(), m.cols()}));
}
Array vectorArray(const std::vector<double>& v) {
    return Array(Tensor::fromVector<double>(v, {static_cast<std::int64_t>(v.size())}));
}
RowMatrix asMatrix(const std::vector<double>& v, std::int64_t rows, std::int64_t cols) {
    return Eigen::Map<const RowMatrix>(v.data(), rows, cols);
}

class LinearDiscriminantAnalysis : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor&) override {
        validateParams();
        if (!param("covariance_estimator").isNone())
            throw ValueError("LinearDiscriminantAnalysis: covariance_estimator is not available in Tessera");
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/false, /*minSamples=*/2);
        checkY(X, y, /*numeric=*/false);
        const ClassData c = detail::classData(y, className());
        const std::int64_t n = X.size(0), p = X.size(1);
        setAttribute("classes_", c.classes);
        if (n == c.k) throw ValueError("The number of samples must be more than the number of classes.");
        std::vector<double> priors = detail::priorsOf(param("priors"), c, n, className());
        for (double v : priors)
            if (v < 0) throw ValueError("priors must be non-negative");
        const double total = std::accumulate(priors.begin(), priors.end(), 0.0);
        if (std::abs(total - 1.0) > 1e-5)
            for (double& v : priors) v /= total;
        const std::int64_t maxComponents = std::min(c.k - 1, p);
        std::int64_t components = maxComponents;
        if (!param("n_components").isNone()) {
            if (paramInt("n_components") > maxComponents)
                throw ValueError("n_components cannot be larger than min(n_features, n_classes - 1).");
            components = paramInt("n_components");
        }
        setAttribute("priors_", vectorArray(priors));
        const std::string& solver = paramString("solver");
        const ParamValue& shrinkage = param("shrinkage");
        std::optional<double> shrink;
        if (shrinkage.isString()) shrink = detail::kShrinkageAuto;
        if (shrinkage.isNumber()) shrink = shrinkage.asDouble();
        RowMatrix coef;
        std::vector<double> intercept;
        const RowMatrix means = asMatrix(detail::classMeans(X, c), c.k, p);
        setAttribute("means_", matrixArray(means));
        if (solver == "svd") {
            if (!shrinkage.isNone()) throw NotImplementedError("shrinkage not supported with 'svd' solver.");
            solveSvd(X, c, priors, means, components, coef, intercept);
        } else {
            const RowMatrix cov = asMatrix(classCov(X, c, priors, shrink), p, p);
            setAttribute("covariance_", matrixArray(cov));
            if (solver == "lsqr") {
                // lstsq(covariance_, means_.T)[0].T
                const std::vector<double> sol =
                    lapack::gelsd(detail::toColumnMajor(std::vector<double>(cov.data(), cov.data() + cov.size()), p, p),
                                  p, p, detail::toColumnMajor(transposed(means), p, c.k), c.k);
                // sol is p×k column-major, i.e. coef_ (k×p) row-major.
                coef = asMatrix(sol, c.k, p);
            } else {
                solveEigen(X, shrink, cov, components, means, coef);
            }
            const RowMatrix mc = means * coef.transpose();
            for (std::int64_t g = 0; g < c.k; ++g) intercept.push_back(-0.5 * mc(g, g) + std::log(priors[g]));
        }
        if (c.k == 2) {
            const RowMatrix binary = coef.row(1) - coef.row(0);
            coef = binary;
            intercept = {intercept[1] - intercept[0]};
        }
        setAttribute("coef_", matrixArray(coef));
        setAttribute("intercept_", vectorArray(intercept));
        setAttribute("_max_components", Array(Tensor::scalar<std::int64_t>(components)));
        return *this;
    }

    Tensor decisionFunction(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const Tensor& coefT = fitted("coef_");
        const std::int64_t n = X.size(0), p = X.size(1), k = coefT.size(0);
        const RowMatrix scores = (Eigen::Map<const RowMatrix>(X.data<double>(), n, p) *
                                  Eigen::Map<const RowMatrix>(coefT.data<double>(), k, p).transpose())
                                     .rowwise() +
                                 Eigen::Map<const Eigen::RowVectorXd>(fitted("intercept_").data<double>(), k);
        std::vector<double> v(scores.data(), scores.data() + scores.size());
        if (k == 1) return Tensor::fromVector<double>(v, {n});
        return Tensor::fromVector<double>(v, {n, k});
    }

    Array predict(const Tensor& X) const override {
        const Tensor d = decisionFunction(X);
        const std::int64_t n = d.size(0);
        const std::vector<double> s = d.toVector<double>();
        std::vector<std::int64_t> codes(static_cast<std::size_t>(n));
        if (d.dim() == 1) {
            for (std::int64_t i = 0; i < n; ++i) codes[i] = s[i] > 0 ? 1 : 0;
        } else {
            const std::int64_t k = d.size(1);
            for (std::int64_t i = 0; i < n; ++i)
                codes[i] = std::max_element(s.begin() + i * k, s.begin() + (i + 1) * k) - (s.begin() + i * k);
        }
        return decodeLabels(attribute("classes_"), codes);
    }

    Tensor predictProba(const Tensor& X) const override {
        const Tensor d = decisionFunction(X);
        const std::int64_t n = d.size(0);
        const std::vector<double> s = d.toVector<double>();
        if (d.dim() == 1) {
            std::vector<double> out(static_cast<std::size_t>(2 * n));
            for (std::int64_t i = 0; i < n; ++i) {
                const double e = 1.0 / (1.0 + std::exp(-s[i]));  // scipy's expit
                out[2 * i] = 1 - e;
                out[2 * i + 1] = e;
            }
            return Tensor::fromVector<double>(out, {n, 2});
        }
        return Tensor::fromVector<double>(detail::softmaxRows(s, n, d.size(1)), {n, d.size(1)});
    }

    Tensor predictLogProba(const Tensor& X) const override {
        const Tensor proba = predictProba(X);
        std::vector<double> v = proba.toVector<double>();
        for (double& d : v) d = std::log(d == 0.0 ? std::numeric_limits<double>::min() : d);
        return Tensor::fromVector<double>(v, proba.sizes());
    }

    Tensor transform(const Tensor& Xin) const override {
        if (paramString("solver") == "lsqr")
            throw NotImplementedError("transform not implemented for 'lsqr' solver (use 'svd' or 'eigen').");
        const Tensor X = validateX(Xin);
        const Tensor& sc = fitted("scalings_");
        const std::int64_t n = X.size(0), p = X.size(1), r = sc.size(1);
        RowMatrix Xm = Eigen::Map<const RowMatrix>(X.data<double>(), n, p);
        if (paramString("solver") == "svd")
            Xm.rowwise() -= Eigen::Map<const Eigen::RowVectorXd>(fitted("xbar_").data<double>(), p);
        const RowMatrix out = Xm * Eigen::Map<const RowMatrix>(sc.data<double>(), p, r);
        const std::int64_t keep = std::min(r, fitted("_max_components").item<std::int64_t>());
        const RowMatrix kept = out.leftCols(keep);
        return Tensor::fromVector<double>(std::vector<double>(kept.data(), kept.data() + kept.size()), {n, keep});
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>&) const override {
        checkFitted();
        std::vector<std::string> out;
        for (std::int64_t i = 0; i < fitted("_max_components").item<std::int64_t>(); ++i)
            out.push_back("lineardiscriminantanalysis" + std::to_string(i));
        return out;
    }

private:
    static std::vector<double> transposed(const RowMatrix& m) {
        const RowMatrix t = m.transpose();
        return std::vector<double>(t.data(), t.data() + t.size());
    }

    static std::vector<double> rowsOf(const Tensor& X, const std::vector<std::int64_t>& rows) {
        const std::int64_t p = X.size(1);
        const double* x = X.data<double>();
        std::vector<double> out;
        for (auto i : rows) out.insert(out.end(), x + i * p, x + (i + 1) * p);
        return out;
    }

    // _class_cov: sum over classes of priors_[g] * _cov(X[y == g], shrinkage).
    static std::vector<double> classCov(const Tensor& X, const ClassData& c, const std::vector<double>& priors,
                                        std::optional<double> shrink) {
        const std::int64_t p = X.size(1);
        std::vector<double> cov(static_cast<std::size_t>(p * p), 0.0);
        for (std::int64_t g = 0; g < c.k; ++g) {
            const auto rows = detail::rowsOfClass(c, g);
            const auto s = detail::classCovariance(rowsOf(X, rows), static_cast<std::int64_t>(rows.size()), p, shrink);
            for (std::size_t e = 0; e < cov.size(); ++e) cov[e] += priors[g] * s[e];
        }
        return cov;
    }

    void solveSvd(const Tensor& X, const ClassData& c, const std::vector<double>& priors, const RowMatrix& means,
                  std::int64_t components, RowMatrix& coefOut, std::vector<double>& interceptOut) {
        const std::int64_t n = X.size(0), p = X.size(1), k = c.k;
        if (paramBool("store_covariance"))
            setAttribute("covariance_", matrixArray(asMatrix(classCov(X, c, priors, std::nullopt), p, p)));
        // Xc: each class's rows minus its mean, classes in order.
        RowMatrix Xc(n, p);
        std::int64_t at = 0;
        for (std::int64_t g = 0; g < k; ++g)
            for (auto i : detail::rowsOfClass(c, g)) Xc.row(at++) = asMatrix(rowsOf(X, {i}), 1, p) - means.row(g);
        const Eigen::RowVectorXd xbar = Eigen::Map<const Eigen::RowVectorXd>(priors.data(), k) * means;
        // np.std(Xc, axis=0), zeros replaced by 1.
        Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(p), sq = Eigen::RowVectorXd::Zero(p);
        for (std::int64_t i = 0; i < n; ++i) mean += Xc.row(i);
        mean /= static_cast<double>(n);
        for (std::int64_t i = 0; i < n; ++i) sq += (Xc.row(i) - mean).array().square().matrix();
        Eigen::RowVectorXd stdv = (sq / static_cast<double>(n)).array().sqrt();
        for (std::int64_t j = 0; j < p; ++j)
            if (stdv[j] == 0) stdv[j] = 1.0;
        const double fac = 1.0 / static_cast<double>(n - k);
        RowMatrix W(n, p);
        for (std::int64_t i = 0; i < n; ++i) W.row(i) = std::sqrt(fac) * (Xc.row(i).array() / stdv.array()).matrix();
        const lapack::Svd s1 =
            lapack::gesdd(detail::toColumnMajor(std::vector<double>(W.data(), W.data() + W.size()), n, p), n, p);
        const double tol = paramDouble("tol");
        std::int64_t rank = 0;
        for (double v : s1.s) rank += v > tol ? 1 : 0;
        // scalings = (Vt[:rank] / std).T / S[:rank]  → [p, rank]
        RowMatrix scalings(p, rank);
        for (std::int64_t j = 0; j < p; ++j)
            for (std::int64_t r = 0; r < rank; ++r) scalings(j, r) = (s1.vt[j * s1.k + r] / stdv[j]) / s1.s[r];
        const double fac2 = k == 1 ? 1.0 : 1.0 / static_cast<double>(k - 1);
        RowMatrix B(k, p);
        for (std::int64_t g = 0; g < k; ++g)
            B.row(g) = std::sqrt((static_cast<double>(n) * priors[g]) * fac2) * (means.row(g) - xbar);
        const RowMatrix Bs = B * scalings;
        const lapack::Svd s2 = lapack::gesdd(
            detail::toColumnMajor(std::vector<double>(Bs.data(), Bs.data() + Bs.size()), k, rank), k, rank);
        double total = 0;
        for (double v : s2.s) total += v * v;
        std::vector<double> ratio;
        for (std::int64_t i = 0; i < std::min<std::int64_t>(components, s2.k); ++i)
            ratio.push_back(s2.s[i] * s2.s[i] / total);
        setAttribute("explained_variance_ratio_", vectorArray(ratio));
        std::int64_t rank2 = 0;
        for (double v : s2.s) rank2 += v > tol * s2.s[0] ? 1 : 0;
        // scalings_ = scalings @ Vt.T[:, :rank2]
        RowMatrix V(rank, rank2);
        for (std::int64_t a = 0; a < rank; ++a)
            for (std::int64_t b = 0; b < rank2; ++b) V(a, b) = s2.vt[a * s2.k + b];
        const RowMatrix scalingsOut = scalings * V;
        setAttribute("scalings_", matrixArray(scalingsOut));
        const RowMatrix coef = (means.rowwise() - xbar) * scalingsOut;
        interceptOut.clear();
        for (std::int64_t g = 0; g < k; ++g)
            interceptOut.push_back(-0.5 * coef.row(g).squaredNorm() + std::log(priors[g]));
        coefOut = coef * scalingsOut.transpose();
        const Eigen::VectorXd shift = coefOut * xbar.transpose();
        for (std::int64_t g = 0; g < k; ++g) interceptOut[g] -= shift[g];
        // xbar_ is 1-D in sklearn.
        setAttribute("xbar_", vectorArray(std::vector<double>(xbar.data(), xbar.data() + p)));
    }

    void solveEigen(const Tensor& X, std::optional<double> shrink, const RowMatrix& Sw, std::int64_t components,
                    const RowMatrix& means, RowMatrix& coefOut) {
        const std::int64_t n = X.size(0), p = X.size(1);
        const RowMatrix St = asMatrix(
            detail::classCovariance(std::vector<double>(X.data<double>(), X.data<double>() + n * p), n, p, shrink), p,
            p);
        const RowMatrix Sb = St - Sw;
        // eigh(Sb, Sw): symmetric, so row-major and column-major copies are the same matrix.
        std::vector<double> a = detail::toColumnMajor(std::vector<double>(Sb.data(), Sb.data() + Sb.size()), p, p);
        const std::vector<double> evals =
            lapack::sygvd(a, detail::toColumnMajor(std::vector<double>(Sw.data(), Sw.data() + Sw.size()), p, p), p);
        const std::vector<double> evecs = detail::toRowMajor(a, p, p);
        double total = 0;
        for (double v : evals) total += v;
        std::vector<double> ratio;
        for (double v : evals) ratio.push_back(v / total);
        std::sort(ratio.begin(), ratio.end(), std::greater<>());
        ratio.resize(static_cast<std::size_t>(std::min<std::int64_t>(components, p)));
        setAttribute("explained_variance_ratio_", vectorArray(ratio));
        // np.argsort(evals)[::-1]: eigh's values are ascending, so the columns in reverse.
        std::vector<std::int64_t> order(static_cast<std::size_t>(p));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return evals[x] < evals[y]; });
        std::reverse(order.begin(), order.end());
        RowMatrix vecs(p, p);
        for (std::int64_t j = 0; j < p; ++j)
            for (std::int64_t col = 0; col < p; ++col) vecs(j, col) = evecs[j * p + order[col]];
        setAttribute("scalings_", matrixArray(vecs));
        coefOut = (means * vecs) * vecs.transpose();
    }
};

const RegisterEstimator<LinearDiscriminantAnalysis> kRegistered({
    "LinearDiscriminantAnalysis",
    "sklearn.discriminant_analysis",
    EstimatorKind::Classifier,
    "Linear Discriminant Analysis: a linear decision boundary from class-conditional Gaussians with a shared "
    "covariance.",
    {
        {"solver", "svd", {strOptions({"svd", "lsqr", "eigen"})}, "Solver: 'svd', 'lsqr' or 'eigen'."},
        {"shrinkage",
         ParamValue(),
         {strOptions({"auto"}), realInterval(0, 1, Closed::Both), noneC()},
         "Covariance shrinkage for lsqr/eigen: None, 'auto' (Ledoit-Wolf) or a float in [0, 1]."},
        {"priors", ParamValue(), {constraintOf(Constraint::Kind::ArrayLike), noneC()}, "Class prior probabilities."},
        {"n_components",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Dimensions of transform (at most min(n_classes - 1, n_features))."},
        {"store_covariance", false, {booleanC()}, "Compute covariance_ with the 'svd' solver too."},
        {"tol",
         1e-4,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Singular-value threshold of the 'svd' solver's rank."},
        {"covariance_estimator",
         ParamValue(),
         {hasMethods({"fit"}), noneC()},
         "A covariance estimator object (only None: not available in Tessera)."},
    },
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "transform", "fit_transform", "score",
     "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
