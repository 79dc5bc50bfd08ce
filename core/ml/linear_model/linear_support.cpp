#include "core/ml/linear_model/linear_support.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "core/kernels/gemm.h"
#include "core/kernels/parallel.h"

namespace tessera::ml::detail {

namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapRow = Eigen::Map<RowMatrix>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

// Note [Row blocks]: the QR of a tall A runs on blocks of rows whose boundaries depend only on the
// shape, each block on its own thread, combined in block order, so the result is bitwise the same for
// every thread count.
std::int64_t blockCount(std::int64_t rows, std::int64_t cols) {
    const std::int64_t blockRows = std::max<std::int64_t>(4096, 4 * cols);
    return std::max<std::int64_t>(1, rows / blockRows);
}

std::int64_t blockStart(std::int64_t b, std::int64_t blocks, std::int64_t rows) { return b * rows / blocks; }

// [AᵀA, AᵀB] for row-major A [n, p], B [n, t], on the kernels' GEMM (deterministic for any thread
// count, Note [GEMM determinism]). AᵀA is symmetric: the GEMM computes the tiles of its upper triangle
// only (about half the multiply-adds) and the lower one is mirrored; each element is the chain of
// multiply-adds of the full product, and the (j, i) chain equals the (i, j) one, so the result is bitwise
// the full product's.
std::pair<Eigen::MatrixXd, Eigen::MatrixXd> normalEquations(const ConstMapRow& A, const ConstMapRow& B) {
    const std::int64_t n = A.rows(), p = A.cols(), t = B.cols();
    RowMatrix G(p, p), C(p, t);
    const kernels::MatrixRef<const double> a{A.data(), n, p, p, 1}, b{B.data(), n, t, t, 1};
    kernels::gemm(a.t(), a, kernels::MatrixRef<double>{G.data(), p, p, p, 1}, {.triangle = kernels::Triangle::Upper});
    for (std::int64_t i = 0; i < p; ++i)
        for (std::int64_t j = 0; j < i; ++j) G(i, j) = G(j, i);
    kernels::gemm(a.t(), b, kernels::MatrixRef<double>{C.data(), p, t, t, 1});
    return {Eigen::MatrixXd(G), Eigen::MatrixXd(C)};
}

// R and the top rows of QᵀB of A = QR for a tall A, by TSQR: a QR per row block, then one of the stacked Rs.
std::pair<Eigen::MatrixXd, Eigen::MatrixXd> tallQr(const ConstMapRow& A, const ConstMapRow& B) {
    const std::int64_t n = A.rows(), p = A.cols(), t = B.cols();
    const std::int64_t blocks = blockCount(n, p);
    auto qrOf = [p](const Eigen::MatrixXd& M, const Eigen::MatrixXd& rhs) {
        Eigen::HouseholderQR<Eigen::MatrixXd> qr(M);
        Eigen::MatrixXd R = qr.matrixQR().topRows(p).triangularView<Eigen::Upper>();
        Eigen::MatrixXd QtB = (qr.householderQ().transpose() * rhs).topRows(p);
        return std::make_pair(std::move(R), std::move(QtB));
    };
    if (blocks == 1) return qrOf(Eigen::MatrixXd(A), Eigen::MatrixXd(B));
    Eigen::MatrixXd stackedR(blocks * p, p), stackedB(blocks * p, t);
    kernels::parallelFor(0, blocks, 1, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t b = lo; b < hi; ++b) {
            const std::int64_t r0 = blockStart(b, blocks, n), r1 = blockStart(b + 1, blocks, n);
            auto [R, QtB] =
                qrOf(Eigen::MatrixXd(A.middleRows(r0, r1 - r0)), Eigen::MatrixXd(B.middleRows(r0, r1 - r0)));
            stackedR.middleRows(b * p, p) = R;
            stackedB.middleRows(b * p, p) = QtB;
        }
    });
    return qrOf(stackedR, stackedB);
}

}  // namespace

CenteredData centerData(const Tensor& X, const Tensor& Y, const std::vector<double>& sw, bool fitIntercept) {
    CenteredData d;
    d.rows = X.size(0);
    d.features = X.size(1);
    d.targets = Y.dim() == 2 ? Y.size(1) : 1;
    const std::int64_t n = d.rows, p = d.features, t = d.targets;
    const double* x = X.data<double>();
    const double* y = Y.data<double>();
    d.xOffset.assign(p, 0.0);
    d.yOffset.assign(t, 0.0);
    if (fitIntercept) {
        // np.average(X, axis=0, weights=sw): sum(w * x) / sum(w).
        double wsum = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            const double w = sw.empty() ? 1.0 : sw[i];
            wsum += w;
            for (std::int64_t j = 0; j < p; ++j) d.xOffset[j] += w * x[i * p + j];
            for (std::int64_t k = 0; k < t; ++k) d.yOffset[k] += w * y[i * t + k];
        }
        for (auto& v : d.xOffset) v /= wsum;
        for (auto& v : d.yOffset) v /= wsum;
    }
    // One pass writes (x - offset) · sqrt(w) into fresh buffers, the same two roundings as centering in
    // place and scaling after.
    d.X = Tensor::empty({n, p}, DType::Float64);
    d.Y = Tensor::empty({n, t}, DType::Float64);
    double* xc = d.X.data<double>();
    double* yc = d.Y.data<double>();
    const double* xo = d.xOffset.data();
    const double* yo = d.yOffset.data();
    for (std::int64_t i = 0; i < n; ++i) {
        const double* xr = x + i * p;
        const double* yr = y + i * t;
        double* xcr = xc + i * p;
        double* ycr = yc + i * t;
        if (sw.empty()) {
            for (std::int64_t j = 0; j < p; ++j) xcr[j] = xr[j] - xo[j];
            for (std::int64_t k = 0; k < t; ++k) ycr[k] = yr[k] - yo[k];
        } else {
            const double s = std::sqrt(sw[i]);
            for (std::int64_t j = 0; j < p; ++j) xcr[j] = (xr[j] - xo[j]) * s;
            for (std::int64_t k = 0; k < t; ++k) ycr[k] = (yr[k] - yo[k]) * s;
        }
    }
    return d;
}

LstsqResult solveLstsq(const CenteredData& d) {
    const std::int64_t n = d.rows, p = d.features, t = d.targets;
    ConstMapRow A(d.X.data<double>(), n, p);
    ConstMapRow B(d.Y.data<double>(), n, t);
    LstsqResult r;
    Eigen::MatrixXd coef;  // [p, t]
    Eigen::VectorXd s;
    Eigen::MatrixXd U, V;
    Eigen::MatrixXd rhs;  // U^T B
    if (n >= p) {
        // A = QR first: the SVD then runs on the small R, and the singular values are A's.
        auto [R, QtB] = tallQr(A, B);
        Eigen::JacobiSVD<Eigen::MatrixXd> svd(R, Eigen::ComputeFullU | Eigen::ComputeFullV);
        s = svd.singularValues();
        U = svd.matrixU();
        V = svd.matrixV();
        rhs = U.transpose() * QtB;
    } else {
        Eigen::JacobiSVD<Eigen::MatrixXd> svd(Eigen::MatrixXd(A), Eigen::ComputeThinU | Eigen::ComputeThinV);
        s = svd.singularValues();
        U = svd.matrixU();
        V = svd.matrixV();
        rhs = U.transpose() * B;
    }
    const double cutoff = std::numeric_limits<double>::epsilon() * (s.size() ? s(0) : 0.0);
    const Eigen::Index k = s.size();
    for (Eigen::Index i = 0; i < k; ++i) {
        if (s(i) > cutoff) {
            ++r.rank;
            rhs.row(i) /= s(i);
        } else {
            rhs.row(i).setZero();
        }
    }
    coef = V.leftCols(k) * rhs;
    r.coef.resize(static_cast<std::size_t>(t * p));
    for (std::int64_t a = 0; a < t; ++a)
        for (std::int64_t j = 0; j < p; ++j) r.coef[a * p + j] = coef(j, a);
    r.singular.assign(s.data(), s.data() + s.size());
    return r;
}

std::vector<double> solveNnls(const CenteredData& d) {
    const std::int64_t n = d.rows, p = d.features, t = d.targets;
    ConstMapRow A(d.X.data<double>(), n, p);
    ConstMapRow B(d.Y.data<double>(), n, t);
    const double tol = 10 * std::numeric_limits<double>::epsilon() * A.cwiseAbs().colwise().sum().maxCoeff() *
                       static_cast<double>(std::max(n, p));
    std::vector<double> out(static_cast<std::size_t>(t * p), 0.0);
    for (std::int64_t a = 0; a < t; ++a) {
        const Eigen::VectorXd b = B.col(a);
        Eigen::VectorXd x = Eigen::VectorXd::Zero(p);
        std::vector<bool> passive(static_cast<std::size_t>(p), false);
        auto solvePassive = [&]() {
            std::vector<Eigen::Index> idx;
            for (std::int64_t j = 0; j < p; ++j)
                if (passive[j]) idx.push_back(j);
            Eigen::MatrixXd Ap(n, static_cast<Eigen::Index>(idx.size()));
            for (std::size_t k = 0; k < idx.size(); ++k) Ap.col(static_cast<Eigen::Index>(k)) = A.col(idx[k]);
            Eigen::VectorXd sp = Ap.colPivHouseholderQr().solve(b);
            Eigen::VectorXd z = Eigen::VectorXd::Zero(p);
            for (std::size_t k = 0; k < idx.size(); ++k) z(idx[k]) = sp(static_cast<Eigen::Index>(k));
            return z;
        };
        for (std::int64_t iter = 0; iter < 3 * p; ++iter) {
            const Eigen::VectorXd w = A.transpose() * (b - A * x);
            Eigen::Index best = -1;
            for (std::int64_t j = 0; j < p; ++j)
                if (!passive[j] && w(j) > tol && (best < 0 || w(j) > w(best))) best = j;
            if (best < 0) break;
            passive[best] = true;
            Eigen::VectorXd z = solvePassive();
            for (std::int64_t inner = 0; inner < 3 * p; ++inner) {
                bool feasible = true;
                for (std::int64_t j = 0; j < p; ++j)
                    if (passive[j] && z(j) <= 0) feasible = false;
                if (feasible) break;
                double alpha = 1.0;
                for (std::int64_t j = 0; j < p; ++j)
                    if (passive[j] && z(j) <= 0) alpha = std::min(alpha, x(j) / (x(j) - z(j)));
                x += alpha * (z - x);
                for (std::int64_t j = 0; j < p; ++j)
                    if (passive[j] && std::abs(x(j)) <= tol) {
                        passive[j] = false;
                        x(j) = 0;
                    }
                z = solvePassive();
            }
            x = z;
        }
        for (std::int64_t j = 0; j < p; ++j) out[a * p + j] = x(j);
    }
    return out;
}

std::vector<double> solveRidge(const CenteredData& d, const std::vector<double>& alphas, bool useSvd) {
    const std::int64_t n = d.rows, p = d.features, t = d.targets;
    ConstMapRow A(d.X.data<double>(), n, p);
    ConstMapRow B(d.Y.data<double>(), n, t);
    std::vector<double> out(static_cast<std::size_t>(t * p));
    if (useSvd) {
        // sklearn's _solve_svd: coef = V diag(s / (s² + alpha)) Uᵀ y, singular values below 1e-15 dropped.
        Eigen::BDCSVD<Eigen::MatrixXd> svd(Eigen::MatrixXd(A), Eigen::ComputeThinU | Eigen::ComputeThinV);
        const Eigen::VectorXd& s = svd.singularValues();
        Eigen::MatrixXd UtB = svd.matrixU().transpose() * B;
        for (std::int64_t a = 0; a < t; ++a) {
            Eigen::VectorXd dvec(s.size());
            for (Eigen::Index i = 0; i < s.size(); ++i) dvec(i) = s(i) > 1e-15 ? s(i) / (s(i) * s(i) + alphas[a]) : 0.0;
            Eigen::VectorXd c = svd.matrixV() * (dvec.asDiagonal() * UtB.col(a));
            for (std::int64_t j = 0; j < p; ++j) out[a * p + j] = c(j);
        }
        return out;
    }
    if (p <= n) {
        const auto [G, AtB] = normalEquations(A, B);
        for (std::int64_t a = 0; a < t; ++a) {
            Eigen::MatrixXd M = G;
            M.diagonal().array() += alphas[a];
            Eigen::LLT<Eigen::MatrixXd> llt(M);
            Eigen::VectorXd c;
            if (llt.info() == Eigen::Success)
                c = llt.solve(AtB.col(a));
            else
                c = M.completeOrthogonalDecomposition().solve(AtB.col(a));
            for (std::int64_t j = 0; j < p; ++j) out[a * p + j] = c(j);
        }
        return out;
    }
    // More features than rows: sklearn's _solve_cholesky_kernel, dual coefficients of K = A Aᵀ.
    Eigen::MatrixXd K = A * A.transpose();
    for (std::int64_t a = 0; a < t; ++a) {
        Eigen::MatrixXd M = K;
        M.diagonal().array() += alphas[a];
        Eigen::LLT<Eigen::MatrixXd> llt(M);
        Eigen::VectorXd dual = llt.info() == Eigen::Success
                                   ? Eigen::VectorXd(llt.solve(B.col(a)))
                                   : Eigen::VectorXd(M.completeOrthogonalDecomposition().solve(B.col(a)));
        Eigen::VectorXd c = A.transpose() * dual;
        for (std::int64_t j = 0; j < p; ++j) out[a * p + j] = c(j);
    }
    return out;
}

std::vector<double> intercepts(const CenteredData& d, const std::vector<double>& coef, bool fitIntercept) {
    std::vector<double> b(static_cast<std::size_t>(d.targets), 0.0);
    if (!fitIntercept) return b;
    for (std::int64_t a = 0; a < d.targets; ++a) {
        double dot = 0;
        for (std::int64_t j = 0; j < d.features; ++j) dot += d.xOffset[j] * coef[a * d.features + j];
        b[a] = d.yOffset[a] - dot;
    }
    return b;
}

std::vector<double> linearPredict(const Tensor& X, const Tensor& coef, const Tensor& intercept) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const std::int64_t targets = coef.dim() == 2 ? coef.size(0) : 1;
    const Tensor b = intercept.dtype() == DType::Float64 ? intercept : toFloat64(Array(intercept), "intercept_");
    std::vector<double> bias(static_cast<std::size_t>(targets));
    for (std::int64_t a = 0; a < targets; ++a) bias[a] = b.data<double>()[b.numel() == 1 ? 0 : a];
    std::vector<double> out(static_cast<std::size_t>(n * targets));
    const kernels::MatrixRef<const double> x{X.data<double>(), n, p, p, 1}, w{coef.data<double>(), targets, p, p, 1};
    kernels::gemm(x, w.t(), kernels::MatrixRef<double>{out.data(), n, targets, targets, 1},
                  {.bias = bias.data(), .biasKind = kernels::BiasKind::PerColumn});
    return out;
}

Tensor linearPredictTensor(const Tensor& X, const Tensor& coef, const Tensor& intercept, bool ravelSingle) {
    std::vector<double> out = linearPredict(X, coef, intercept);
    const std::int64_t t = coef.dim() == 2 ? coef.size(0) : 1;
    if (coef.dim() == 1 || (ravelSingle && t == 1)) return Tensor::fromVector<double>(out, {X.size(0)});
    return Tensor::fromVector<double>(out, {X.size(0), t});
}

std::pair<Array, Array> coefAttributes(const std::vector<double>& coef, const std::vector<double>& intercept,
                                       std::int64_t features, bool multiOutput, bool fitIntercept) {
    const auto t = static_cast<std::int64_t>(intercept.size());
    if (multiOutput && !fitIntercept)
        return {Array(Tensor::fromVector<double>(coef, {t, features})), Array(Tensor::scalar<double>(0.0))};
    if (!multiOutput)
        return {Array(Tensor::fromVector<double>(coef, {features})), Array(Tensor::scalar<double>(intercept[0]))};
    return {Array(Tensor::fromVector<double>(coef, {t, features})), Array(Tensor::fromVector<double>(intercept, {t}))};
}

Tensor targetMatrix(const Array& y) { return toFloat64(y, "y"); }

Tensor singleTarget(const Array& y) {
    const Tensor Y = targetMatrix(y);
    if (Y.dim() != 1)
        throw ValueError("y should be a 1d array, got an array of shape " + shapeToString(Y.sizes()) + " instead.");
    return Y;
}

Tensor logOf(const Tensor& probabilities) {
    std::vector<double> v = probabilities.toVector<double>();
    for (double& x : v) x = std::log(x);
    return Tensor::fromVector<double>(v, probabilities.sizes());
}

Tensor LinearClassifier::decisionFunction(const Tensor& Xin) const {
    const Tensor X = validateX(Xin);
    return linearPredictTensor(X, fitted("coef_"), fitted("intercept_"), /*ravelSingle=*/true);
}

Array LinearClassifier::predict(const Tensor& Xin) const {
    const Tensor scores = decisionFunction(Xin);
    const std::int64_t n = scores.size(0);
    const double* s = scores.data<double>();
    std::vector<std::int64_t> codes(static_cast<std::size_t>(n));
    if (scores.dim() == 1) {
        for (std::int64_t i = 0; i < n; ++i) codes[i] = s[i] > 0 ? 1 : 0;
    } else {
        const std::int64_t t = scores.size(1);
        for (std::int64_t i = 0; i < n; ++i) codes[i] = std::max_element(s + i * t, s + (i + 1) * t) - (s + i * t);
    }
    return decodeLabels(attribute("classes_"), codes);
}

Array LinearRegressor::predict(const Tensor& Xin) const {
    const Tensor X = validateX(Xin);
    return Array(linearPredictTensor(X, fitted("coef_"), fitted("intercept_")));
}

std::string labelRepr(const Array& classes, std::int64_t index) {
    if (classes.isStrings()) return "'" + classes.strings()[static_cast<std::size_t>(index)] + "'";
    const Tensor& t = classes.tensor("classes_");
    if (!isFloating(t.dtype())) return std::to_string(t.toVector<std::int64_t>()[static_cast<std::size_t>(index)]);
    return pythonFloatRepr(t.toVector<double>()[static_cast<std::size_t>(index)]);
}

std::vector<double> classWeightFactors(const ParamValue& classWeight, const Array& classes,
                                       const std::vector<std::int64_t>& codes) {
    const std::int64_t k = classCount(classes);
    std::vector<double> w(static_cast<std::size_t>(k), 1.0);
    if (classWeight.isNone()) return w;
    if (classWeight.isString()) {
        std::vector<double> count(static_cast<std::size_t>(k), 0);
        for (auto c : codes) count[static_cast<std::size_t>(c)] += 1;
        const double n = static_cast<double>(codes.size());
        for (std::int64_t c = 0; c < k; ++c) w[c] = n / (static_cast<double>(k) * count[c]);
        return w;
    }
    // A key matches a class when it is the label's text (the script language's int keys are their digits).
    const std::vector<ParamValue::Member>& members = classWeight.members();
    std::vector<std::string> unweighted;
    for (std::int64_t c = 0; c < k; ++c) {
        std::string label;
        if (classes.isStrings()) {
            label = classes.strings()[static_cast<std::size_t>(c)];
        } else {
            const double v = classes.tensor().toVector<double>()[static_cast<std::size_t>(c)];
            label = v == std::floor(v) ? std::to_string(static_cast<std::int64_t>(v)) : pythonFloatRepr(v);
        }
        bool found = false;
        for (const auto& [key, value] : members) {
            if (key != label) continue;
            w[static_cast<std::size_t>(c)] = value.asDouble();
            found = true;
        }
        if (!found) unweighted.push_back(labelRepr(classes, c));
    }
    const auto weighted = static_cast<std::size_t>(k) - unweighted.size();
    if (!unweighted.empty() && weighted != members.size()) {
        std::string list;
        for (const auto& u : unweighted) list += (list.empty() ? "" : ", ") + u;
        throw ValueError("The classes, [" + list + "], are not in class_weight");
    }
    return w;
}

}  // namespace tessera::ml::detail
