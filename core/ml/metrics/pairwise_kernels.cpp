#include "core/ml/metrics/pairwise_kernels.h"

#include <Eigen/Dense>
#include <cmath>

#include "core/ml/base/estimator.h"
#include "core/tensor/error.h"

namespace tessera::ml::metrics {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

ConstMapRow rowsOf(const Tensor& t) { return ConstMapRow(t.data<double>(), t.size(0), t.size(1)); }

// sklearn.preprocessing.normalize(norm='l2'): rows divided by their norm, zero rows left as they are.
RowMatrix normalizeRows(const RowMatrix& X) {
    RowMatrix out = X;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        const double norm = std::sqrt(X.row(i).squaredNorm());
        out.row(i) /= norm == 0 ? 1.0 : norm;
    }
    return out;
}

void checkNonNegative(const RowMatrix& A, const char* name) {
    if ((A.array() < 0).any()) throw ValueError(std::string(name) + " contains negative values.");
}

// additive_chi2_kernel: -sum (x - y)² / (x + y) over the features where x + y is not zero.
RowMatrix additiveChi2(const RowMatrix& X, const RowMatrix& Y) {
    checkNonNegative(X, "X");
    checkNonNegative(Y, "Y");
    RowMatrix K(X.rows(), Y.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        for (Eigen::Index j = 0; j < Y.rows(); ++j) {
            double res = 0;
            for (Eigen::Index c = 0; c < X.cols(); ++c) {
                const double denom = X(i, c) - Y(j, c), nom = X(i, c) + Y(j, c);
                if (nom != 0) res += denom * denom / nom;
            }
            K(i, j) = -res;
        }
    return K;
}

}  // namespace

const std::vector<std::string>& pairwiseKernelNames() {
    static const std::vector<std::string> names = {"additive_chi2", "chi2",      "linear",  "poly",  "polynomial",
                                                   "rbf",           "laplacian", "sigmoid", "cosine"};
    return names;
}

Tensor pairwiseKernel(const Tensor& Xt, const Tensor* Yt, const KernelParams& p) {
    const RowMatrix X = rowsOf(Xt);
    const bool same = Yt == nullptr;
    const RowMatrix Y = same ? X : RowMatrix(rowsOf(*Yt));
    const double gamma = p.gamma ? *p.gamma : 1.0 / static_cast<double>(X.cols());
    const std::string& k = p.kernel;
    RowMatrix K;
    if (k == "linear") {
        K = X * Y.transpose();
    } else if (k == "poly" || k == "polynomial") {
        K = X * Y.transpose();
        K = ((K.array() * gamma + p.coef0).pow(p.degree)).matrix();
    } else if (k == "sigmoid") {
        K = X * Y.transpose();
        K = (K.array() * gamma + p.coef0).tanh().matrix();
    } else if (k == "rbf") {
        const Eigen::VectorXd xx = X.rowwise().squaredNorm(), yy = Y.rowwise().squaredNorm();
        K = -2.0 * (X * Y.transpose());
        K.colwise() += xx;
        K.rowwise() += yy.transpose();
        K = K.cwiseMax(0.0);
        if (same) K.diagonal().setZero();
        K = (K.array() * -gamma).exp().matrix();
    } else if (k == "laplacian") {
        K.resize(X.rows(), Y.rows());
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            for (Eigen::Index j = 0; j < Y.rows(); ++j) K(i, j) = (X.row(i) - Y.row(j)).cwiseAbs().sum();
        K = ((-gamma * K).array().exp()).matrix();
    } else if (k == "additive_chi2") {
        K = additiveChi2(X, Y);
    } else if (k == "chi2") {
        K = additiveChi2(X, Y);
        if (!p.gamma)
            throw TypeError(
                "Cannot cast ufunc 'multiply' output from dtype('O') to dtype('float64') with casting rule "
                "'same_kind'");
        K = (K.array() * *p.gamma).exp().matrix();
    } else if (k == "cosine") {
        const RowMatrix xn = normalizeRows(X);
        K = same ? RowMatrix(xn * xn.transpose()) : RowMatrix(xn * normalizeRows(Y).transpose());
    } else {
        throw ValueError("pairwise_kernels: unknown kernel '" + k + "'");
    }
    return Tensor::fromVector<double>(std::vector<double>(K.data(), K.data() + K.size()), {K.rows(), K.cols()});
}

Tensor estimatorKernel(const Estimator& e, const Tensor& X, const Tensor* Y) {
    const std::string& name = e.param("kernel").asString();
    if (name == "precomputed") return X;
    KernelParams kp;
    kp.kernel = name;
    if (!e.param("gamma").isNone()) kp.gamma = e.param("gamma").asDouble();
    kp.degree = e.param("degree").asDouble();
    kp.coef0 = e.param("coef0").asDouble();
    return pairwiseKernel(X, Y, kp);
}

}  // namespace tessera::ml::metrics
