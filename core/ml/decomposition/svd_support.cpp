#include "core/ml/decomposition/svd_support.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "core/ml/base/lapack.h"

namespace tessera::ml::detail {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

// scipy.linalg.lu(A, permute_l=True)[0]: P @ L of getrf's partial pivoting (first largest |pivot|),
// [rows, min(rows, cols)].
RowMatrix permutedL(RowMatrix A) {
    const Eigen::Index m = A.rows(), n = A.cols(), k = std::min(m, n);
    std::vector<Eigen::Index> perm(static_cast<std::size_t>(m));
    for (Eigen::Index i = 0; i < m; ++i) perm[i] = i;
    for (Eigen::Index j = 0; j < k; ++j) {
        Eigen::Index p = j;
        for (Eigen::Index i = j + 1; i < m; ++i)
            if (std::abs(A(i, j)) > std::abs(A(p, j))) p = i;
        if (p != j) {
            A.row(p).swap(A.row(j));
            std::swap(perm[p], perm[j]);
        }
        const double pivot = A(j, j);
        if (pivot != 0.0) {
            const double r = 1.0 / pivot;
            for (Eigen::Index i = j + 1; i < m; ++i) A(i, j) *= r;
        }
        if (j + 1 < n)
            A.bottomRightCorner(m - j - 1, n - j - 1).noalias() -= A.col(j).tail(m - j - 1) * A.row(j).tail(n - j - 1);
    }
    RowMatrix PL = RowMatrix::Zero(m, k);
    for (Eigen::Index i = 0; i < m; ++i)
        for (Eigen::Index j = 0; j < k; ++j) PL(perm[i], j) = i == j ? 1.0 : (j < i ? A(i, j) : 0.0);
    return PL;
}

// scipy.linalg.qr(A, mode='economic')[0]. Householder signs may differ from LAPACK's; only the span
// is used downstream (the range finder's Q enters through Q Q^T M).
RowMatrix thinQ(const RowMatrix& A) {
    const Eigen::Index m = A.rows(), k = std::min(A.rows(), A.cols());
    Eigen::HouseholderQR<Eigen::MatrixXd> qr(A);
    Eigen::MatrixXd Q = qr.householderQ() * Eigen::MatrixXd::Identity(m, k);
    return Q;
}

Svd fromEigen(const Eigen::MatrixXd& U, const Eigen::VectorXd& S, const Eigen::MatrixXd& V) {
    Svd out;
    out.rows = U.rows();
    out.cols = V.rows();
    out.k = S.size();
    out.U.resize(static_cast<std::size_t>(out.rows * out.k));
    out.Vt.resize(static_cast<std::size_t>(out.k * out.cols));
    out.S.assign(S.data(), S.data() + S.size());
    for (Eigen::Index i = 0; i < out.rows; ++i)
        for (Eigen::Index j = 0; j < out.k; ++j) out.U[i * out.k + j] = U(i, j);
    for (Eigen::Index j = 0; j < out.k; ++j)
        for (Eigen::Index c = 0; c < out.cols; ++c) out.Vt[j * out.cols + c] = V(c, j);
    return out;
}

}  // namespace

Svd thinSvd(const std::vector<double>& A, std::int64_t rows, std::int64_t cols) {
    // scipy.linalg.svd(A, full_matrices=False): dgesdd on a Fortran-order copy of A, as f2py passes it,
    // so that U, S and Vt carry LAPACK's bits (and its blocked QR for tall matrices).
    std::vector<double> colMajor(A.size());
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t c = 0; c < cols; ++c) colMajor[c * rows + i] = A[i * cols + c];
    const lapack::Svd f = lapack::gesdd(std::move(colMajor), rows, cols);
    Svd out;
    out.rows = rows;
    out.cols = cols;
    out.k = f.k;
    out.S = f.s;
    out.U.resize(static_cast<std::size_t>(rows * f.k));
    out.Vt.resize(static_cast<std::size_t>(f.k * cols));
    for (std::int64_t j = 0; j < f.k; ++j)
        for (std::int64_t i = 0; i < rows; ++i) out.U[i * f.k + j] = f.u[j * rows + i];
    for (std::int64_t c = 0; c < cols; ++c)
        for (std::int64_t j = 0; j < f.k; ++j) out.Vt[j * cols + c] = f.vt[c * f.k + j];
    return out;
}

void svdFlip(Svd& s, bool uBased) {
    // The sign of each column's (uBased) or row's first largest |entry|, found in one row-major pass.
    std::vector<double> best(static_cast<std::size_t>(s.k), -1.0), value(static_cast<std::size_t>(s.k), 0.0);
    if (uBased) {
        for (std::int64_t i = 0; i < s.rows; ++i) {
            const double* row = s.U.data() + i * s.k;
            for (std::int64_t j = 0; j < s.k; ++j)
                if (std::abs(row[j]) > best[j]) best[j] = std::abs(row[j]), value[j] = row[j];
        }
    } else {
        for (std::int64_t j = 0; j < s.k; ++j) {
            const double* row = s.Vt.data() + j * s.cols;
            for (std::int64_t c = 0; c < s.cols; ++c)
                if (std::abs(row[c]) > best[j]) best[j] = std::abs(row[c]), value[j] = row[c];
        }
    }
    std::vector<double> sign(static_cast<std::size_t>(s.k));
    for (std::int64_t j = 0; j < s.k; ++j) sign[j] = value[j] > 0 ? 1.0 : (value[j] < 0 ? -1.0 : 0.0);  // np.sign
    for (std::int64_t i = 0; i < s.rows; ++i)
        for (std::int64_t j = 0; j < s.k; ++j) s.U[i * s.k + j] *= sign[j];
    for (std::int64_t j = 0; j < s.k; ++j)
        for (std::int64_t c = 0; c < s.cols; ++c) s.Vt[j * s.cols + c] *= sign[j];
}

Svd randomizedSvd(const std::vector<double>& M, std::int64_t rows, std::int64_t cols, std::int64_t k,
                  const RandomizedSvdOptions& options, RandomState& randomState) {
    const std::int64_t nRandom = k + options.nOversamples;
    std::int64_t nIter = options.nIter;
    if (nIter < 0) nIter = static_cast<double>(k) < 0.1 * static_cast<double>(std::min(rows, cols)) ? 7 : 4;
    const bool transpose = rows < cols;
    RowMatrix A = ConstMapRow(M.data(), rows, cols);
    if (transpose) A.transposeInPlace();

    // randomized_range_finder: Q = random_state.normal(size=(A.shape[1], size)), drawn in C order.
    const std::vector<double> draws = randomState.standardNormal(A.cols() * nRandom);
    RowMatrix Q = ConstMapRow(draws.data(), A.cols(), nRandom);
    std::string normalizer = options.normalizer;
    if (normalizer == "auto") normalizer = nIter <= 2 ? "none" : "LU";
    for (std::int64_t i = 0; i < nIter; ++i) {
        if (normalizer == "none") {
            RowMatrix AQ = A * Q;
            Q = A.transpose() * AQ;
        } else if (normalizer == "LU") {
            Q = permutedL(A * Q);
            Q = permutedL(A.transpose() * Q);
        } else if (normalizer == "QR") {
            Q = thinQ(A * Q);
            Q = thinQ(A.transpose() * Q);
        }
    }
    Q = thinQ(A * Q);

    const Eigen::MatrixXd B = Q.transpose() * A;
    Eigen::BDCSVD<Eigen::MatrixXd> svd(B, Eigen::ComputeThinU | Eigen::ComputeThinV);
    const Eigen::MatrixXd U = Q * svd.matrixU();
    Svd full = fromEigen(U, svd.singularValues(), svd.matrixV());
    if (options.flipSign) svdFlip(full, !transpose);

    // Keep the first k triplets; when transposed, A = M^T, so M's U is A's V and M's Vt is A's U^T.
    Svd out;
    out.k = k;
    out.rows = rows;
    out.cols = cols;
    out.S.assign(full.S.begin(), full.S.begin() + k);
    out.U.resize(static_cast<std::size_t>(rows * k));
    out.Vt.resize(static_cast<std::size_t>(k * cols));
    for (std::int64_t j = 0; j < k; ++j) {
        if (!transpose) {
            for (std::int64_t i = 0; i < rows; ++i) out.U[i * k + j] = full.U[i * full.k + j];
            for (std::int64_t c = 0; c < cols; ++c) out.Vt[j * cols + c] = full.Vt[j * full.cols + c];
        } else {
            for (std::int64_t i = 0; i < rows; ++i) out.U[i * k + j] = full.Vt[j * full.cols + i];
            for (std::int64_t c = 0; c < cols; ++c) out.Vt[j * cols + c] = full.U[c * full.k + j];
        }
    }
    return out;
}

std::vector<double> columnMeans(const std::vector<double>& A, std::int64_t rows, std::int64_t cols) {
    std::vector<double> mean(static_cast<std::size_t>(cols), 0.0);
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t c = 0; c < cols; ++c) mean[c] += A[i * cols + c];
    for (double& m : mean) m /= static_cast<double>(rows);
    return mean;
}

}  // namespace tessera::ml::detail
