// KernelRidge (sklearn/kernel_ridge.py and linear_model/_ridge.py's _solve_cholesky_kernel, 1.2.1):
// the kernel matrix of pairwise_kernels (or a precomputed one), rows and columns scaled by the square
// roots of the sample weights, alpha added to the diagonal and the system solved by Cholesky; when the
// matrix is not positive definite, the least-squares solution (sklearn warns and calls lstsq). A list
// of alphas gives one penalty per target. One deliberate difference: fewer alphas than targets is an
// error here, where sklearn's zip() leaves the remaining columns of dual_coef_ as uninitialised memory.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "core/ml/base/registry.h"
#include "core/ml/metrics/pairwise_kernels.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

std::vector<std::string> kernelOptions() {
    std::vector<std::string> out = metrics::pairwiseKernelNames();
    out.push_back("precomputed");
    return out;
}

// linalg.solve(K, y, assume_a='pos'), falling back to linalg.lstsq(K, y)[0].
Eigen::MatrixXd solvePositive(const Eigen::MatrixXd& K, const Eigen::MatrixXd& y) {
    Eigen::LLT<Eigen::MatrixXd> llt(K);
    if (llt.info() == Eigen::Success) return llt.solve(y);
    Eigen::BDCSVD<Eigen::MatrixXd> svd(K, Eigen::ComputeThinU | Eigen::ComputeThinV);
    svd.setThreshold(2.220446049250313e-16);
    return svd.solve(y);
}

class KernelRidge : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        if (!param("kernel_params").isNone())
            throw ValueError("KernelRidge: kernel_params is not available in Tessera (use gamma, degree and coef0)");
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor& yt = y.tensor("y");
        const bool ravel = yt.dim() == 1;
        const std::int64_t n = X.size(0), targets = ravel ? 1 : yt.size(1);
        const std::vector<double> yv = yt.toVector<double>();
        Eigen::MatrixXd Y = ConstMapRow(yv.data(), n, targets);
        Eigen::MatrixXd K = ConstMapRow(kernel(X, nullptr).data<double>(), n, n);

        std::vector<double> alphas;
        const ParamValue& a = param("alpha");
        if (a.isSequence()) {
            for (const auto& v : a.items()) alphas.push_back(v.asDouble());
        } else {
            alphas.push_back(a.asDouble());
        }
        const bool oneAlpha = std::all_of(alphas.begin(), alphas.end(), [&](double v) { return v == alphas[0]; });
        if (!oneAlpha && static_cast<std::int64_t>(alphas.size()) != targets)
            throw ValueError("Number of targets and number of penalties do not correspond: " +
                             std::to_string(alphas.size()) + " != " + std::to_string(targets));
        Eigen::VectorXd sw;
        if (sampleWeight.defined()) {
            const std::vector<double> w = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
            sw = Eigen::Map<const Eigen::VectorXd>(w.data(), n).cwiseSqrt();
            Y = Y.array().colwise() * sw.array();
            K = K.array() * (sw * sw.transpose()).array();
        }
        Eigen::MatrixXd dual(n, targets);
        if (oneAlpha) {
            K.diagonal().array() += alphas[0];
            dual = solvePositive(K, Y);
        } else {
            for (std::int64_t t = 0; t < targets; ++t) {
                Eigen::MatrixXd Kt = K;
                Kt.diagonal().array() += alphas[t];
                dual.col(t) = solvePositive(Kt, Y.col(t));
            }
        }
        if (sw.size()) dual = dual.array().colwise() * sw.array();
        std::vector<double> out(static_cast<std::size_t>(n * targets));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t t = 0; t < targets; ++t) out[i * targets + t] = dual(i, t);
        setAttribute("dual_coef_", Array(ravel ? Tensor::fromVector<double>(out, {n})
                                               : Tensor::fromVector<double>(out, {n, targets})));
        setAttribute("X_fit_", Array(X));
        return *this;
    }

    Array predict(const Tensor& Xin) const override {
        checkFitted();
        const Tensor Xfit = fitted("X_fit_");
        const Tensor X = validateX(Xin);
        const Tensor K = kernel(X, &Xfit);
        const Tensor& dual = fitted("dual_coef_");
        const std::int64_t m = K.size(0), n = K.size(1), targets = dual.dim() == 1 ? 1 : dual.size(1);
        const RowMatrix P = ConstMapRow(K.data<double>(), m, n) * ConstMapRow(dual.data<double>(), n, targets);
        const std::vector<double> out(P.data(), P.data() + P.size());
        return Array(dual.dim() == 1 ? Tensor::fromVector<double>(out, {m})
                                     : Tensor::fromVector<double>(out, {m, targets}));
    }

private:
    Tensor kernel(const Tensor& X, const Tensor* Y) const { return metrics::estimatorKernel(*this, X, Y); }
};

const RegisterEstimator<KernelRidge> kKernelRidge({
    "KernelRidge",
    "sklearn.kernel_ridge",
    EstimatorKind::Regressor,
    "Kernel ridge regression.",
    {
        {"alpha",
         1,
         {realInterval(0, ParamValue(), Closed::Left), constraintOf(Constraint::Kind::ArrayLike)},
         "Regularization strength (a list: one per target)."},
        {"kernel",
         "linear",
         {strOptions(kernelOptions())},
         "Kernel: linear, poly/polynomial, rbf, sigmoid, laplacian, chi2, additive_chi2, cosine or precomputed."},
        {"gamma",
         ParamValue(),
         {realInterval(0, ParamValue(), Closed::Left), noneC()},
         "Kernel coefficient of rbf, laplacian, poly, sigmoid and chi2 (None: 1 / n_features)."},
        {"degree", 3, {realInterval(0, ParamValue(), Closed::Left)}, "Degree of the polynomial kernel."},
        {"coef0",
         1,
         {realInterval(ParamValue(), ParamValue(), Closed::Neither)},
         "Independent term of the polynomial and sigmoid kernels."},
        {"kernel_params", ParamValue(), {constraintOf(Constraint::Kind::Dict), noneC()}, "Extra kernel keywords."},
    },
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
