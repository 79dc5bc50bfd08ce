#include "core/ml/base/lapack.h"

#include <algorithm>
#include <limits>
#include <string>

extern "C" {
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u,
             const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info);
void dsygvd_(const int* itype, const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* b,
             const int* ldb, double* w, double* work, const int* lwork, int* iwork, const int* liwork, int* info);
void dgelsd_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb,
             double* s, const double* rcond, int* rank, double* work, const int* lwork, int* iwork, int* info);
}

namespace tessera::ml::lapack {

namespace {

int toInt(std::int64_t v, const char* what) {
    if (v > std::numeric_limits<int>::max())
        throw ValueError(std::string(what) + ": the matrix is too large for LAPACK's 32-bit indices");
    return static_cast<int>(v);
}

void checkInfo(int info, const char* routine) {
    if (info < 0) throw LinAlgError(std::string(routine) + ": illegal value in argument " + std::to_string(-info));
}

}  // namespace

Svd gesdd(std::vector<double> a, std::int64_t m64, std::int64_t n64) {
    const int m = toInt(m64, "dgesdd"), n = toInt(n64, "dgesdd");
    const int k = std::min(m, n);
    Svd out;
    out.m = m, out.n = n, out.k = k;
    out.s.resize(static_cast<std::size_t>(k));
    out.u.resize(static_cast<std::size_t>(m) * k);
    out.vt.resize(static_cast<std::size_t>(k) * n);
    const int lda = std::max(1, m), ldu = std::max(1, m), ldvt = std::max(1, k);
    std::vector<int> iwork(static_cast<std::size_t>(8 * std::max(1, k)));
    int info = 0, query = -1;
    double size = 0;
    dgesdd_("S", &m, &n, a.data(), &lda, out.s.data(), out.u.data(), &ldu, out.vt.data(), &ldvt, &size, &query,
            iwork.data(), &info);
    checkInfo(info, "dgesdd");
    const int lwork = std::max(1, static_cast<int>(size));
    std::vector<double> work(static_cast<std::size_t>(lwork));
    dgesdd_("S", &m, &n, a.data(), &lda, out.s.data(), out.u.data(), &ldu, out.vt.data(), &ldvt, work.data(), &lwork,
            iwork.data(), &info);
    checkInfo(info, "dgesdd");
    if (info > 0) throw LinAlgError("SVD did not converge");
    return out;
}

std::vector<double> sygvd(std::vector<double>& a, std::vector<double> b, std::int64_t n64) {
    const int n = toInt(n64, "dsygvd");
    const int itype = 1, lda = std::max(1, n);
    // scipy's f2py defaults for jobz='V': lwork = 1 + 6n + 2n², liwork = 3 + 5n.
    const int lwork = 1 + 6 * n + 2 * n * n, liwork = 3 + 5 * n;
    std::vector<double> w(static_cast<std::size_t>(n)), work(static_cast<std::size_t>(lwork));
    std::vector<int> iwork(static_cast<std::size_t>(liwork));
    int info = 0;
    dsygvd_(&itype, "V", "L", &n, a.data(), &lda, b.data(), &lda, w.data(), work.data(), &lwork, iwork.data(), &liwork,
            &info);
    checkInfo(info, "dsygvd");
    if (info > n)
        throw LinAlgError("The leading minor of order " + std::to_string(info - n) +
                          " of B is not positive definite. The factorization of B could not be completed and no "
                          "eigenvalues or eigenvectors were computed.");
    if (info > 0)
        throw LinAlgError(
            "The algorithm failed to compute an eigenvalue while working on the submatrix lying in rows "
            "and columns " +
            std::to_string(info) + "/" + std::to_string(n + 1) + " through mod(" + std::to_string(info) + "," +
            std::to_string(n + 1) + ").");
    return w;
}

std::vector<double> gelsd(std::vector<double> a, std::int64_t m64, std::int64_t n64, std::vector<double> b,
                          std::int64_t nrhs64) {
    const int m = toInt(m64, "dgelsd"), n = toInt(n64, "dgelsd"), nrhs = toInt(nrhs64, "dgelsd");
    const int lda = std::max(1, m), ldb = std::max({1, m, n});
    // B is m×nrhs; LAPACK needs max(m, n) rows for the solution (scipy pads it with zeros the same way).
    std::vector<double> bb(static_cast<std::size_t>(ldb) * nrhs, 0.0);
    for (int c = 0; c < nrhs; ++c)
        for (int r = 0; r < m; ++r) bb[static_cast<std::size_t>(c) * ldb + r] = b[static_cast<std::size_t>(c) * m + r];
    std::vector<double> s(static_cast<std::size_t>(std::max(1, std::min(m, n))));
    const double rcond = std::numeric_limits<double>::epsilon();
    int rank = 0, info = 0, query = -1, iworkSize = 0;
    double size = 0;
    dgelsd_(&m, &n, &nrhs, a.data(), &lda, bb.data(), &ldb, s.data(), &rcond, &rank, &size, &query, &iworkSize, &info);
    checkInfo(info, "dgelsd");
    const int lwork = std::max(1, static_cast<int>(size));
    std::vector<double> work(static_cast<std::size_t>(lwork));
    std::vector<int> iwork(static_cast<std::size_t>(std::max(1, iworkSize)));
    dgelsd_(&m, &n, &nrhs, a.data(), &lda, bb.data(), &ldb, s.data(), &rcond, &rank, work.data(), &lwork, iwork.data(),
            &info);
    checkInfo(info, "dgelsd");
    if (info > 0) throw LinAlgError("SVD did not converge in Linear Least Squares");
    std::vector<double> x(static_cast<std::size_t>(n) * nrhs);
    for (int c = 0; c < nrhs; ++c)
        for (int r = 0; r < n; ++r) x[static_cast<std::size_t>(c) * n + r] = bb[static_cast<std::size_t>(c) * ldb + r];
    return x;
}

}  // namespace tessera::ml::lapack
