// The LAPACK routines whose results sklearn's estimators expose with LAPACK's choices (singular-vector
// and eigenvector signs): called in the system LAPACK that NumPy and SciPy use on this machine
// (Debian's liblapack.so.3, OpenBLAS's), with the arguments scipy.linalg and numpy.linalg pass, so that
// the same input gives the same bits. Matrices are column-major (Fortran order), as LAPACK takes them.
//
//   lapack::Svd s = lapack::gesdd(a, m, n);   // scipy.linalg.svd(A, full_matrices=False), np.linalg.svd
//   std::vector<double> w = lapack::sygvd(a, b, n);   // scipy.linalg.eigh(A, B): a becomes the vectors
//   std::vector<double> x = lapack::gelsd(a, m, n, b, nrhs);   // scipy.linalg.lstsq(A, B)[0]
#pragma once

#include <cstdint>
#include <vector>

#include "core/tensor/error.h"

namespace tessera::ml {

// numpy.linalg.LinAlgError / scipy.linalg.LinAlgError.
class LinAlgError : public Error {
public:
    using Error::Error;
};

namespace lapack {

// A = U diag(s) Vt with k = min(m, n): u is m×k, vt is k×n (column-major).
struct Svd {
    std::vector<double> u, s, vt;
    std::int64_t m = 0, n = 0, k = 0;
};

// dgesdd with jobz='S' and the optimal workspace from a query (scipy's gesdd driver, numpy's svd).
Svd gesdd(std::vector<double> a, std::int64_t m, std::int64_t n);

// dsygvd(itype=1, jobz='V', uplo='L') with the workspace sizes of scipy's f2py wrapper: eigenvalues in
// ascending order are returned, `a` (n×n) is replaced by the B-orthonormal eigenvectors.
std::vector<double> sygvd(std::vector<double>& a, std::vector<double> b, std::int64_t n);

// dgelsd with rcond = machine epsilon and the queried workspace (scipy.linalg.lstsq's defaults): the
// n×nrhs least-squares solution of the m×n system.
std::vector<double> gelsd(std::vector<double> a, std::int64_t m, std::int64_t n, std::vector<double> b,
                          std::int64_t nrhs);

}  // namespace lapack
}  // namespace tessera::ml
