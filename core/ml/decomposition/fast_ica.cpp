// FastICA (sklearn/decomposition/_fastica.py, 1.2.1): centring and PCA whitening (whiten_solver 'svd':
// scipy's dgesdd of Xᵀ, or 'eigh': the eigenvectors of XᵀX, both with each vector's first entry made
// positive), then Hyvärinen's fixed point — 'parallel' with symmetric decorrelation (W Wᵀ)^(-1/2) W, or
// 'deflation' one component at a time with Gram–Schmidt — for g = logcosh (fun_args alpha), exp or cube.
// w_init defaults to random_state.normal(size=(k, k)), drawn as NumPy draws it, so a seeded fit follows
// sklearn's iterations. 'unit-variance' rescales the sources to unit variance; whiten=False works on X as
// is. mixing_ is scipy.linalg.pinv(components_) (SVD, rtol max(shape)·eps).
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ml/base/errors.h"
#include "core/ml/base/lapack.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

using Matrix = Eigen::MatrixXd;

Array matrixArray(const Matrix& m) {
    std::vector<double> out(static_cast<std::size_t>(m.size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) out[i * m.cols() + j] = m(i, j);
    return Array(Tensor::fromVector<double>(out, {m.rows(), m.cols()}));
}

Matrix matrixOf(const Tensor& t) {
    return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        t.data<double>(), t.size(0), t.size(1));
}

lapack::Svd svdOf(const Matrix& m) {
    return lapack::gesdd(std::vector<double>(m.data(), m.data() + m.size()), m.rows(), m.cols());
}

// scipy.linalg.pinv(a): the SVD with singular values above max(shape)·eps·max(s) kept.
Matrix pinv(const Matrix& a) {
    const lapack::Svd s = svdOf(a);
    const Eigen::Map<const Matrix> u(s.u.data(), s.m, s.k), vt(s.vt.data(), s.k, s.n);
    const double cut =
        s.s.empty() ? 0 : s.s[0] * static_cast<double>(std::max(s.m, s.n)) * std::numeric_limits<double>::epsilon();
    Matrix out = Matrix::Zero(a.cols(), a.rows());
    for (std::int64_t r = 0; r < s.k; ++r)
        if (s.s[r] > cut) out += vt.row(r).transpose() * u.col(r).transpose() / s.s[r];
    return out;
}

// _sym_decorrelation: (W Wᵀ)^(-1/2) W, eigenvalues clipped at the smallest normal double.
Matrix symDecorrelation(const Matrix& W) {
    const Eigen::SelfAdjointEigenSolver<Matrix> eig(W * W.transpose());
    const Eigen::VectorXd s = eig.eigenvalues().cwiseMax(std::numeric_limits<double>::min());
    const Matrix& u = eig.eigenvectors();
    return u * s.cwiseSqrt().cwiseInverse().asDiagonal() * u.transpose() * W;
}

// g(x) row by row and the row means of g'(x).
struct Contrast {
    std::string fun;
    double alpha = 1.0;

    void apply(Matrix& x, Eigen::VectorXd& meanDerivative) const {
        const auto n = static_cast<double>(x.cols());
        meanDerivative.resize(x.rows());
        if (fun == "logcosh") {
            x = (x * alpha).array().tanh().matrix();
            meanDerivative = (alpha * (1 - x.array().square())).rowwise().sum().matrix() / n;
        } else if (fun == "exp") {
            const Eigen::ArrayXXd e = (-x.array().square() / 2).exp();
            meanDerivative = ((1 - x.array().square()) * e).rowwise().sum().matrix() / n;
            x = (x.array() * e).matrix();
        } else {
            meanDerivative = (3 * x.array().square()).rowwise().sum().matrix() / n;
            x = x.array().cube().matrix();
        }
    }
};

std::pair<Matrix, std::int64_t> icaParallel(const Matrix& X, const Contrast& g, std::int64_t maxIter, double tol,
                                            const Matrix& wInit) {
    Matrix W = symDecorrelation(wInit);
    const auto p = static_cast<double>(X.cols());
    std::int64_t iter = 0;
    for (; iter < maxIter; ++iter) {
        Matrix gwtx = W * X;
        Eigen::VectorXd gPrime;
        g.apply(gwtx, gPrime);
        const Matrix W1 = symDecorrelation(gwtx * X.transpose() / p - gPrime.asDiagonal() * W);
        const double lim = ((W1.array() * W.array()).rowwise().sum().abs() - 1).abs().maxCoeff();
        W = W1;
        if (lim < tol) break;
    }
    if (iter == maxIter)
        warn(WarningCategory::ConvergenceWarning,
             "FastICA did not converge. Consider increasing tolerance or the maximum number of iterations.");
    return {W, std::min(iter + 1, maxIter)};
}

std::pair<Matrix, std::int64_t> icaDeflation(const Matrix& X, const Contrast& g, std::int64_t maxIter, double tol,
                                             const Matrix& wInit) {
    const Eigen::Index k = wInit.rows();
    Matrix W = Matrix::Zero(k, k);
    std::int64_t most = 0;
    for (Eigen::Index j = 0; j < k; ++j) {
        Eigen::RowVectorXd w = wInit.row(j);
        w /= std::sqrt(w.array().square().sum());
        std::int64_t iter = 0;
        for (; iter < maxIter; ++iter) {
            Matrix gwtx = w * X;
            // g on the 1-D projection: its g' averaged over the samples.
            Eigen::VectorXd gPrime;
            g.apply(gwtx, gPrime);
            const double gPrimeMean = gPrime(0);
            Eigen::RowVectorXd w1 = (X.array().rowwise() * gwtx.row(0).array()).rowwise().sum().transpose() /
                                        static_cast<double>(X.cols()) -
                                    gPrimeMean * w.array();
            if (j > 0) w1 -= (w1 * W.topRows(j).transpose()) * W.topRows(j);
            w1 /= std::sqrt(w1.array().square().sum());
            const double lim = std::abs(std::abs((w1.array() * w.array()).sum()) - 1);
            w = w1;
            if (lim < tol) break;
        }
        most = std::max(most, std::min(iter + 1, maxIter));
        W.row(j) = w;
    }
    return {W, most};
}

class FastICA : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor Xt = validateFitX(Xin, false, 2);
        const Matrix X = matrixOf(Xt);
        const std::int64_t n = X.rows(), p = X.cols();
        const ParamValue& whitenParam = param("whiten");
        // 'warn' and True are 'arbitrary-variance' in 1.2.
        const std::string whiten =
            whitenParam.isString() ? (whitenParam.asString() == "warn" ? "arbitrary-variance" : whitenParam.asString())
                                   : (whitenParam.asBool() ? "arbitrary-variance" : "");
        Contrast g{paramString("fun")};
        if (const ParamValue& args = param("fun_args"); !args.isNone())
            for (const auto& [key, value] : args.members())
                if (key == "alpha") g.alpha = value.asDouble();
        if (!(g.alpha >= 1 && g.alpha <= 2)) throw ValueError("alpha must be in [1,2]");
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(paramInt("random_state")));
        std::int64_t k = std::min(n, p);
        if (!whiten.empty() && !param("n_components").isNone()) k = std::min(k, paramInt("n_components"));

        Matrix XT = X.transpose();  // [p, n]
        Eigen::VectorXd mean;
        Matrix K, X1;
        if (!whiten.empty()) {
            mean = XT.rowwise().mean();
            XT.colwise() -= mean;
            Matrix u;
            Eigen::VectorXd d;
            if (paramString("whiten_solver") == "eigh") {
                const Eigen::SelfAdjointEigenSolver<Matrix> eig(XT * X);
                const Eigen::Index m = eig.eigenvalues().size();
                d.resize(m);
                u.resize(p, m);
                for (Eigen::Index i = 0; i < m; ++i) {
                    d(i) = std::sqrt(std::max(eig.eigenvalues()(m - 1 - i), std::numeric_limits<double>::epsilon()));
                    u.col(i) = eig.eigenvectors().col(m - 1 - i);
                }
            } else {
                const lapack::Svd s = svdOf(XT);
                u = Eigen::Map<const Matrix>(s.u.data(), s.m, s.k);
                d = Eigen::Map<const Eigen::VectorXd>(s.s.data(), s.k);
            }
            for (Eigen::Index c = 0; c < u.cols(); ++c)
                if (u(0, c) < 0)
                    u.col(c) = -u.col(c);
                else if (u(0, c) == 0)
                    u.col(c).setZero();
            K = (u * d.cwiseInverse().asDiagonal()).transpose().topRows(k);
            X1 = K * XT * std::sqrt(static_cast<double>(n));
        } else {
            X1 = XT;
            k = p;
        }
        Matrix wInit(k, k);
        if (const ParamValue& w = param("w_init"); !w.isNone()) {
            const auto& rows = w.items();
            const bool square = static_cast<std::int64_t>(rows.size()) == k &&
                                std::all_of(rows.begin(), rows.end(), [&](const ParamValue& r) {
                                    return r.isSequence() && static_cast<std::int64_t>(r.items().size()) == k;
                                });
            if (!square)
                throw ValueError("w_init has invalid shape -- should be (" + std::to_string(k) + ", " +
                                 std::to_string(k) + ")");
            for (std::int64_t i = 0; i < k; ++i)
                for (std::int64_t j = 0; j < k; ++j) wInit(i, j) = rows[i].items()[j].asDouble();
        } else {
            for (std::int64_t i = 0; i < k; ++i)
                for (std::int64_t j = 0; j < k; ++j) wInit(i, j) = rs.normal(0.0, 1.0);
        }
        const std::int64_t maxIter = paramInt("max_iter");
        const double tol = paramDouble("tol");
        auto [W, nIter] = paramString("algorithm") == "parallel" ? icaParallel(X1, g, maxIter, tol, wInit)
                                                                 : icaDeflation(X1, g, maxIter, tol, wInit);
        Matrix components = W;
        if (!whiten.empty()) {
            if (whiten == "unit-variance") {
                const Matrix S = (W * K * XT).transpose();
                for (Eigen::Index c = 0; c < S.cols(); ++c) {
                    const double m = S.col(c).mean();
                    W.row(c) /= std::sqrt((S.col(c).array() - m).square().mean());
                }
            }
            components = W * K;
            setAttribute("mean_",
                         Array(Tensor::fromVector<double>(std::vector<double>(mean.data(), mean.data() + p), {p})));
            setAttribute("whitening_", matrixArray(K));
        }
        setAttribute("components_", matrixArray(components));
        setAttribute("mixing_", matrixArray(pinv(components)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(nIter)));
        setAttribute("_unmixing", matrixArray(W));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        checkFitted();
        Matrix X = matrixOf(validateX(Xin));
        if (hasAttribute("mean_")) X.rowwise() -= meanRow();
        return matrixArray(X * matrixOf(fitted("components_")).transpose()).tensor();
    }

    Tensor inverseTransform(const Tensor& Xin) const override {
        checkFitted();
        const Matrix mixing = matrixOf(fitted("mixing_"));
        if (Xin.dim() != 2 || Xin.size(1) != mixing.cols())
            throw ValueError("FastICA.inverse_transform: expected a 2-D array of " + std::to_string(mixing.cols()) +
                             " sources, got shape " + shapeToString(Xin.sizes()));
        const Tensor Xv = Tensor::fromVector<double>(Xin.toVector<double>(), Xin.sizes());
        Matrix X = matrixOf(Xv) * mixing.transpose();
        if (hasAttribute("mean_")) X.rowwise() += meanRow();
        return matrixArray(X).tensor();
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        std::vector<std::string> out;
        for (std::int64_t i = 0; i < fitted("components_").size(0); ++i) out.push_back("fastica" + std::to_string(i));
        return out;
    }

private:
    Eigen::RowVectorXd meanRow() const {
        const Tensor& m = fitted("mean_");
        return Eigen::Map<const Eigen::RowVectorXd>(m.data<double>(), m.size(0));
    }
};

const RegisterEstimator<FastICA> kRegistered({
    "FastICA",
    "sklearn.decomposition",
    EstimatorKind::Transformer,
    "FastICA: a fast algorithm for Independent Component Analysis.",
    {
        {"n_components",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Components to use (None: all)."},
        {"algorithm", "parallel", {strOptions({"parallel", "deflation"})}, "All components at once, or one by one."},
        {"whiten",
         "warn",
         {hidden(strOptions({"warn"})), strOptions({"arbitrary-variance", "unit-variance"}), booleanC()},
         "Whitening: 'arbitrary-variance', 'unit-variance' or False ('warn' and True: arbitrary-variance)."},
        {"fun", "logcosh", {strOptions({"logcosh", "exp", "cube"})}, "The contrast function G."},
        {"fun_args", ParamValue(), {constraintOf(Constraint::Kind::Dict), noneC()}, "Arguments of fun ({'alpha': a})."},
        {"max_iter", 200, {intInterval(1, std::nullopt, Closed::Left)}, "Maximum number of iterations."},
        {"tol", 1e-4, {realInterval(0.0, ParamValue(), Closed::Left)}, "Tolerance of the fixed-point updates."},
        {"w_init",
         ParamValue(),
         {constraintOf(Constraint::Kind::ArrayLike), noneC()},
         "Initial unmixing matrix (k, k)."},
        {"whiten_solver", "svd", {strOptions({"eigh", "svd"})}, "Whitening by SVD of X or eigendecomposition of XᵀX."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the default w_init."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
