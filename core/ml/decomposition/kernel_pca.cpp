// KernelPCA (sklearn/decomposition/_kernel_pca.py, 1.2.1): the kernel of pairwise_kernels centred as
// KernelCenterer centres it, its largest eigenpairs by a dense symmetric eigensolver, eigenvalues
// cleaned as _check_psd_eigenvalues does (tiny or rounding-negative ones to 0), svd_flip's sign
// (largest |entry| of each eigenvector positive), the order by decreasing eigenvalue, and with
// n_components=None or remove_zero_eig the zero eigenvalues dropped. fit_inverse_transform learns the
// kernel ridge map back to X. 'arpack' computes the same eigenpairs as 'dense' here (ARPACK with tol=0
// converges to them); 'randomized' is not available.
#include <Eigen/Dense>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/metrics/pairwise_kernels.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

Tensor tensorOf(const RowMatrix& m) {
    return Tensor::fromVector<double>(std::vector<double>(m.data(), m.data() + m.size()), {m.rows(), m.cols()});
}

class KernelPCA : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const bool inverse = paramBool("fit_inverse_transform");
        if (inverse && paramString("kernel") == "precomputed")
            throw ValueError("Cannot fit_inverse_transform with a precomputed kernel.");
        if (paramString("eigen_solver") == "randomized")
            throw ValueError(
                "KernelPCA: eigen_solver='randomized' is not available in Tessera (auto, dense and arpack are)");
        if (!param("kernel_params").isNone())
            throw ValueError("KernelPCA: kernel_params is not available in Tessera (use gamma, degree and coef0)");
        const Tensor X = validateFitX(Xin);
        const Tensor Kt = kernel(X, nullptr);
        const std::int64_t n = Kt.size(0);
        RowMatrix K = ConstMapRow(Kt.data<double>(), n, n);
        // KernelCenterer.fit, then its transform of the training kernel.
        const Eigen::RowVectorXd fitRows = K.colwise().sum() / static_cast<double>(n);
        const double fitAll = fitRows.sum() / static_cast<double>(n);
        center(K, fitRows, fitAll);
        setAttribute("_centerer.K_fit_rows_",
                     Array(Tensor::fromVector<double>(std::vector<double>(fitRows.data(), fitRows.data() + n), {n})));
        setAttribute("_centerer.K_fit_all_", Array(Tensor::scalar<double>(fitAll)));

        const ParamValue& nc = param("n_components");
        const std::int64_t components = nc.isNone() ? n : std::min(n, nc.asInt());
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(K);
        Eigen::VectorXd values = eig.eigenvalues().tail(components);  // ascending, as eigh's subset
        Eigen::MatrixXd vectors = eig.eigenvectors().rightCols(components);
        checkPsd(values);
        for (Eigen::Index c = 0; c < vectors.cols(); ++c) {
            Eigen::Index at = 0;
            for (Eigen::Index r = 1; r < vectors.rows(); ++r)
                if (std::abs(vectors(r, c)) > std::abs(vectors(at, c))) at = r;
            const double v = vectors(at, c);
            vectors.col(c) *= v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0;
        }
        // argsort()[::-1]: decreasing, equal eigenvalues in reverse of their ascending order.
        std::vector<Eigen::Index> order(static_cast<std::size_t>(components));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return values[a] < values[b]; });
        std::reverse(order.begin(), order.end());
        const bool dropZero = paramBool("remove_zero_eig") || nc.isNone();
        std::vector<Eigen::Index> keep;
        for (Eigen::Index i : order)
            if (!dropZero || values[i] > 0) keep.push_back(i);
        const auto m = static_cast<Eigen::Index>(keep.size());
        RowMatrix outVectors(n, m);
        Eigen::VectorXd outValues(m);
        for (Eigen::Index j = 0; j < m; ++j) outVectors.col(j) = vectors.col(keep[j]), outValues[j] = values[keep[j]];
        setAttribute("eigenvalues_", Array(Tensor::fromVector<double>(
                                         std::vector<double>(outValues.data(), outValues.data() + m), {m})));
        setAttribute("eigenvectors_", Array(tensorOf(outVectors)));
        if (inverse) {
            const RowMatrix transformed = outVectors.array().rowwise() * outValues.transpose().array().sqrt();
            const Tensor Tt = tensorOf(transformed);
            const Tensor Kinv = kernel(Tt, nullptr);
            Eigen::MatrixXd Ki = ConstMapRow(Kinv.data<double>(), n, n);
            Ki.diagonal().array() += paramDouble("alpha");
            const Eigen::MatrixXd Xm = ConstMapRow(X.data<double>(), n, X.size(1));
            Eigen::LLT<Eigen::MatrixXd> llt(Ki);
            if (llt.info() != Eigen::Success)
                throw ValueError("KernelPCA: the inverse-transform kernel is not positive definite");
            const RowMatrix dual = llt.solve(Xm);
            setAttribute("dual_coef_", Array(tensorOf(dual)));
            setAttribute("X_transformed_fit_", Array(Tt));
        }
        setAttribute("X_fit_", Array(X));
        return *this;
    }

    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sw) override {
        fit(X, y, sw);
        const Tensor& v = fitted("eigenvectors_");
        const Tensor& l = fitted("eigenvalues_");
        const RowMatrix out = ConstMapRow(v.data<double>(), v.size(0), v.size(1)).array().rowwise() *
                              Eigen::Map<const Eigen::RowVectorXd>(l.data<double>(), l.size(0)).array().sqrt();
        return tensorOf(out);
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const Tensor& fitX = fitted("X_fit_");
        const Tensor Kt = kernel(X, &fitX);
        RowMatrix K = ConstMapRow(Kt.data<double>(), Kt.size(0), Kt.size(1));
        const Tensor& rows = fitted("_centerer.K_fit_rows_");
        center(K, Eigen::Map<const Eigen::RowVectorXd>(rows.data<double>(), rows.size(0)),
               fitted("_centerer.K_fit_all_").item<double>());
        const Tensor& v = fitted("eigenvectors_");
        const Tensor& l = fitted("eigenvalues_");
        RowMatrix alphas = RowMatrix::Zero(v.size(0), v.size(1));
        const ConstMapRow V(v.data<double>(), v.size(0), v.size(1));
        for (std::int64_t j = 0; j < v.size(1); ++j) {
            const double lambda = l.data<double>()[j];
            if (lambda != 0) alphas.col(j) = V.col(j) / std::sqrt(lambda);
        }
        return tensorOf(K * alphas);
    }

    Tensor inverseTransform(const Tensor& Xin) const override {
        if (!paramBool("fit_inverse_transform"))
            throw NotFittedError(
                "The fit_inverse_transform parameter was not set to True when instantiating and hence the inverse "
                "transform is not available.");
        checkFitted();
        const Tensor& T = fitted("X_transformed_fit_");
        const Tensor X = Tensor::fromVector<double>(Xin.toVector<double>(), Xin.sizes());
        const Tensor K = kernel(X, &T);
        const Tensor& dual = fitted("dual_coef_");
        return tensorOf(ConstMapRow(K.data<double>(), K.size(0), K.size(1)) *
                        ConstMapRow(dual.data<double>(), dual.size(0), dual.size(1)));
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        std::vector<std::string> out;
        for (std::int64_t i = 0; i < fitted("eigenvalues_").size(0); ++i)
            out.push_back("kernelpca" + std::to_string(i));
        return out;
    }

private:
    Tensor kernel(const Tensor& X, const Tensor* Y) const { return metrics::estimatorKernel(*this, X, Y); }

    // KernelCenterer.transform: K - fit rows - the rows' own means + the overall mean.
    static void center(RowMatrix& K, const Eigen::RowVectorXd& fitRows, double fitAll) {
        const Eigen::VectorXd predCols = K.rowwise().sum() / static_cast<double>(fitRows.size());
        K.rowwise() -= fitRows;
        K.colwise() -= predCols;
        K.array() += fitAll;
    }

    // _check_psd_eigenvalues (double precision).
    static void checkPsd(Eigen::VectorXd& lambdas) {
        const double maxEig = lambdas.maxCoeff();
        char buffer[256];
        if (maxEig < 0) {
            std::snprintf(buffer, sizeof buffer,
                          "All eigenvalues are negative (maximum is %g). Either the matrix is not PSD, or there was an "
                          "issue while computing the eigendecomposition of the matrix.",
                          maxEig);
            throw ValueError(buffer);
        }
        const double minEig = lambdas.minCoeff();
        if (minEig < -1e-5 * maxEig && minEig < -1e-10) {
            std::snprintf(
                buffer, sizeof buffer,
                "There are significant negative eigenvalues (%g of the maximum positive). Either the matrix is "
                "not PSD, or there was an issue while computing the eigendecomposition of the matrix.",
                -minEig / maxEig);
            throw ValueError(buffer);
        }
        for (double& v : lambdas)
            if (v < 0 || (v > 0 && v < 1e-12 * maxEig)) v = 0;
    }
};

const RegisterEstimator<KernelPCA> kKernelPCA({
    "KernelPCA",
    "sklearn.decomposition",
    EstimatorKind::Transformer,
    "Kernel Principal component analysis (KPCA).",
    {
        {"n_components",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Components kept (None: every non-zero one)."},
        {"kernel",
         "linear",
         {strOptions({"linear", "poly", "rbf", "sigmoid", "cosine", "precomputed"})},
         "Kernel: linear, poly, rbf, sigmoid, cosine or precomputed."},
        {"gamma",
         ParamValue(),
         {realInterval(0, ParamValue(), Closed::Left), noneC()},
         "Kernel coefficient of rbf, poly and sigmoid (None: 1 / n_features)."},
        {"degree", 3, {intInterval(0, std::nullopt, Closed::Left)}, "Degree of the poly kernel."},
        {"coef0",
         1,
         {realInterval(ParamValue(), ParamValue(), Closed::Neither)},
         "Independent term of the poly and sigmoid kernels."},
        {"kernel_params", ParamValue(), {constraintOf(Constraint::Kind::Dict), noneC()}, "Extra kernel keywords."},
        {"alpha", 1.0, {realInterval(0, ParamValue(), Closed::Left)}, "Ridge penalty of the inverse transform."},
        {"fit_inverse_transform", false, {booleanC()}, "Learn the map back to X (inverse_transform)."},
        {"eigen_solver",
         "auto",
         {strOptions({"auto", "dense", "arpack", "randomized"})},
         "Eigensolver: auto, dense or arpack (the same eigenpairs, computed densely in Tessera)."},
        {"tol", 0, {realInterval(0, ParamValue(), Closed::Left)}, "ARPACK tolerance (0: machine precision)."},
        {"max_iter", ParamValue(), {intInterval(1, std::nullopt, Closed::Left), noneC()}, "ARPACK iterations."},
        {"iterated_power",
         "auto",
         {intInterval(0, std::nullopt, Closed::Left), strOptions({"auto"})},
         "Power iterations of the randomized solver."},
        {"remove_zero_eig", false, {booleanC()}, "Drop components with a zero eigenvalue."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of ARPACK's start vector."},
        {"copy_X", true, {booleanC()}, "Copy X (always: inputs are never changed)."},
        {"n_jobs", ParamValue(), {noneC(), constraintOf(Constraint::Kind::Integral)}, "Parallel jobs of the kernel."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
