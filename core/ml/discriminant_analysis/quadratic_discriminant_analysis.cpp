// QuadraticDiscriminantAnalysis (sklearn/discriminant_analysis.py, 1.2.1): one Gaussian per class from
// the SVD of its centred rows (np.linalg.svd, run in the system LAPACK as NumPy runs it, so rotations_
// has NumPy's signs), variances regularised by reg_param, and the quadratic decision function.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "core/ml/base/errors.h"
#include "core/ml/base/lapack.h"
#include "core/ml/base/registry.h"
#include "core/ml/discriminant_analysis/discriminant_support.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

Array matrixArray(const RowMatrix& m) {
    return Array(Tensor::fromVector<double>(std::vector<double>(m.data(), m.data() + m.size()), {m.rows(), m.cols()}));
}

class QuadraticDiscriminantAnalysis : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, /*numeric=*/false);
        const detail::ClassData c = detail::classData(y, className());
        const std::int64_t n = X.size(0), p = X.size(1);
        setAttribute("classes_", c.classes);
        if (c.k < 2)
            throw ValueError("The number of classes has to be greater than one; got " + std::to_string(c.k) + " class");
        const std::vector<double> priors = detail::priorsOf(param("priors"), c, n, className());
        setAttribute("priors_", Array(Tensor::fromVector<double>(priors, {c.k})));
        const double reg = paramDouble("reg_param");
        const bool store = paramBool("store_covariance");
        const double* x = X.data<double>();
        RowMatrix means(c.k, p);
        std::vector<std::pair<std::string, Array>> covs, scalings, rotations;
        for (std::int64_t g = 0; g < c.k; ++g) {
            const auto rows = detail::rowsOfClass(c, g);
            const auto m = static_cast<std::int64_t>(rows.size());
            if (m == 1)
                throw ValueError("y has only 1 sample in class " + labelText(c.classes, g) +
                                 ", covariance is ill defined.");
            Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(p);
            for (auto i : rows) mean += Eigen::Map<const Eigen::RowVectorXd>(x + i * p, p);
            mean /= static_cast<double>(m);
            means.row(g) = mean;
            RowMatrix Xgc(m, p);
            for (std::int64_t r = 0; r < m; ++r)
                Xgc.row(r) = Eigen::Map<const Eigen::RowVectorXd>(x + rows[r] * p, p) - mean;
            const lapack::Svd s = lapack::gesdd(
                detail::toColumnMajor(std::vector<double>(Xgc.data(), Xgc.data() + Xgc.size()), m, p), m, p);
            std::vector<double> s2(s.s.size());
            for (std::size_t i = 0; i < s2.size(); ++i) {
                s2[i] = (s.s[i] * s.s[i]) / static_cast<double>(m - 1);
                s2[i] = ((1 - reg) * s2[i]) + reg;
            }
            // rotations_[g] = Vt.T: [p, k]; vt is k×p column-major, so V(j, r) = vt[j * k + r].
            RowMatrix V(p, s.k);
            for (std::int64_t j = 0; j < p; ++j)
                for (std::int64_t r = 0; r < s.k; ++r) V(j, r) = s.vt[j * s.k + r];
            const std::string idx = std::to_string(g);
            if (store) {
                RowMatrix scaled = V;
                for (std::int64_t r = 0; r < s.k; ++r) scaled.col(r) *= s2[r];
                covs.emplace_back("covariance_." + idx, matrixArray(scaled * V.transpose()));
            }
            scalings.emplace_back("scalings_." + idx, Array(Tensor::fromVector<double>(s2, {s.k})));
            rotations.emplace_back("rotations_." + idx, matrixArray(V));
        }
        for (auto* list : {&covs, &scalings, &rotations})
            for (auto& [name, value] : *list) setAttribute(name, std::move(value));
        setAttribute("means_", matrixArray(means));
        return *this;
    }

    Tensor decisionFunction(const Tensor& X) const override {
        const std::int64_t k = classCount(attribute("classes_"));
        const std::vector<double> d = scores(X);
        const std::int64_t n = static_cast<std::int64_t>(d.size()) / k;
        if (k != 2) return Tensor::fromVector<double>(d, {n, k});
        std::vector<double> out(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) out[i] = d[i * 2 + 1] - d[i * 2];
        return Tensor::fromVector<double>(out, {n});
    }

    Array predict(const Tensor& X) const override {
        const std::int64_t k = classCount(attribute("classes_"));
        const std::vector<double> d = scores(X);
        const std::int64_t n = static_cast<std::int64_t>(d.size()) / k;
        std::vector<std::int64_t> codes(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i)
            codes[i] = std::max_element(d.begin() + i * k, d.begin() + (i + 1) * k) - (d.begin() + i * k);
        return decodeLabels(attribute("classes_"), codes);
    }

    Tensor predictProba(const Tensor& X) const override {
        const std::int64_t k = classCount(attribute("classes_"));
        const std::vector<double> d = scores(X);
        const std::int64_t n = static_cast<std::int64_t>(d.size()) / k;
        return Tensor::fromVector<double>(detail::softmaxRows(d, n, k), {n, k});
    }

    Tensor predictLogProba(const Tensor& X) const override {
        const Tensor proba = predictProba(X);
        std::vector<double> v = proba.toVector<double>();
        for (double& d : v) d = std::log(d);
        return Tensor::fromVector<double>(v, proba.sizes());
    }

private:
    static std::string labelText(const Array& classes, std::int64_t g) {
        if (classes.isStrings()) return classes.strings()[g];
        const Tensor& t = classes.tensor();
        if (t.dtype() == DType::Int64) return std::to_string(t.toVector<std::int64_t>()[g]);
        return pythonFloatRepr(t.toVector<double>()[g]);
    }

    // _decision_function: -0.5 * (|(X - mean) R S^-1/2|² + sum(log S)) + log(prior), [n, k] row-major.
    std::vector<double> scores(const Tensor& Xin) const {
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const std::int64_t k = classCount(attribute("classes_"));
        const Eigen::Map<const RowMatrix> Xm(X.data<double>(), n, p);
        const Tensor& means = fitted("means_");
        const double* priors = fitted("priors_").data<double>();
        std::vector<double> out(static_cast<std::size_t>(n * k));
        for (std::int64_t g = 0; g < k; ++g) {
            const Tensor& R = fitted("rotations_." + std::to_string(g));
            const Tensor& S = fitted("scalings_." + std::to_string(g));
            const std::int64_t r = R.size(1);
            RowMatrix W = Eigen::Map<const RowMatrix>(R.data<double>(), p, r);
            double logSum = 0;
            for (std::int64_t c = 0; c < r; ++c) {
                W.col(c) *= std::pow(S.data<double>()[c], -0.5);
                logSum += std::log(S.data<double>()[c]);
            }
            const RowMatrix centred =
                Xm.rowwise() - Eigen::Map<const Eigen::RowVectorXd>(means.data<double>() + g * p, p);
            const RowMatrix X2 = centred * W;
            for (std::int64_t i = 0; i < n; ++i)
                out[i * k + g] = -0.5 * (X2.row(i).squaredNorm() + logSum) + std::log(priors[g]);
        }
        return out;
    }
};

const RegisterEstimator<QuadraticDiscriminantAnalysis> kRegistered({
    "QuadraticDiscriminantAnalysis",
    "sklearn.discriminant_analysis",
    EstimatorKind::Classifier,
    "Quadratic Discriminant Analysis: a quadratic decision boundary from class-conditional Gaussians.",
    {
        {"priors", ParamValue(), {constraintOf(Constraint::Kind::ArrayLike), noneC()}, "Class prior probabilities."},
        {"reg_param",
         0.0,
         {realInterval(0, 1, Closed::Both)},
         "Regularises each class's variances: (1 - reg_param) * S2 + reg_param."},
        {"store_covariance", false, {booleanC()}, "Compute each class's covariance_."},
        {"tol",
         1e-4,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Singular values below it flag collinear variables."},
    },
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "score"},
});

}  // namespace
}  // namespace tessera::ml
