// The SVDs core/ml/decomposition shares (internal to the family): LAPACK's economic SVD (dgesdd, as scipy calls it),
// sklearn's svd_flip sign convention and sklearn's randomized_svd (Halko et al.'s range finder with its LU/QR power
// iterations) drawing its Gaussian test matrix from ml::RandomState as NumPy does.
//
//   detail::Svd s = detail::thinSvd(X, rows, cols);      // X row-major; S descending
//   detail::svdFlip(s, true);                             // sklearn's u_based_decision=True
//   RandomState rs = checkRandomState(0);
//   detail::Svd r = detail::randomizedSvd(X, rows, cols, 3, {.nOversamples = 10}, rs);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ml/random_state.h"

namespace tessera::ml::detail {

struct Svd {
    std::int64_t rows = 0, cols = 0, k = 0;
    std::vector<double> U;   // row-major [rows, k]
    std::vector<double> S;   // k, descending
    std::vector<double> Vt;  // row-major [k, cols]
};

// scipy.linalg.svd(A, full_matrices=False) through the system LAPACK's dgesdd: k = min(rows, cols).
Svd thinSvd(const std::vector<double>& A, std::int64_t rows, std::int64_t cols);

// sklearn.utils.extmath.svd_flip: the largest |entry| of each column of U (uBased) or row of Vt is
// made positive, so the result does not depend on the SVD routine's signs.
void svdFlip(Svd& s, bool uBased);

struct RandomizedSvdOptions {
    std::int64_t nOversamples = 10;
    std::int64_t nIter = -1;          // -1: sklearn's 'auto' (7 when k < 0.1 min(shape), else 4)
    std::string normalizer = "auto";  // 'auto', 'QR', 'LU', 'none' (anything else: no power iteration)
    bool flipSign = true;
};

// sklearn.utils.extmath.randomized_svd(M, k, ..., transpose='auto'): U [rows, k], S k, Vt [k, cols].
Svd randomizedSvd(const std::vector<double>& M, std::int64_t rows, std::int64_t cols, std::int64_t k,
                  const RandomizedSvdOptions& options, RandomState& randomState);

// Column means of a row-major [rows, cols] matrix, summed row by row as NumPy reduces axis 0.
std::vector<double> columnMeans(const std::vector<double>& A, std::int64_t rows, std::int64_t cols);

}  // namespace tessera::ml::detail
