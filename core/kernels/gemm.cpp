#include "core/kernels/gemm.h"

#include <Eigen/Core>
#include <atomic>
#include <cmath>
#include <string>
#include <utility>

#include "core/kernels/gemm_driver.h"
#include "core/kernels/isa.h"
#include "core/tensor/error.h"

namespace tessera::kernels {

namespace {

GemmIsa gemmIsaOf(Isa isa) {
    switch (isa) {
        case Isa::Avx512:
            return GemmIsa::Avx512;
        case Isa::Avx2:
            return GemmIsa::Avx2;
        case Isa::Baseline:
            break;
    }
    return GemmIsa::Generic;
}

// -1 while the path is kernels::activeIsa()'s; a GemmIsa after setGemmIsa().
std::atomic<int> g_override{-1};

std::string dims(std::int64_t r, std::int64_t c) { return std::to_string(r) + "x" + std::to_string(c); }

template <class T>
T activateImpl(Activation act, T x) {
    switch (act) {
        case Activation::None:
            return x;
        case Activation::Relu:
            return x < T(0) ? T(0) : x;
        case Activation::Sigmoid:
            return T(1) / (T(1) + std::exp(-x));
        case Activation::Tanh:
            return std::tanh(x);
    }
    return x;
}

// For CPUs without AVX2: Eigen's product into a temporary, then the same epilogue element by element.
template <class T>
void gemmGeneric(const MatrixRef<const T>& a, const MatrixRef<const T>& b, const MatrixRef<T>& c,
                 const GemmEpilogue<T>& ep) {
    using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    using Strides = Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>;
    Eigen::Map<const Mat, 0, Strides> ma(a.data, a.rows, a.cols, Strides(a.rowStride, a.colStride));
    Eigen::Map<const Mat, 0, Strides> mb(b.data, b.rows, b.cols, Strides(b.rowStride, b.colStride));
    Mat product = ma * mb;
    for (std::int64_t i = 0; i < c.rows; ++i)
        for (std::int64_t j = 0; j < c.cols; ++j) {
            T& out = c.data[i * c.rowStride + j * c.colStride];
            T t = ep.alpha * product(i, j);
            if (ep.beta != T(0)) t = t + ep.beta * out;
            if (ep.biasKind == BiasKind::PerRow) t = t + ep.bias[i];
            if (ep.biasKind == BiasKind::PerColumn) t = t + ep.bias[j];
            out = activateImpl(ep.activation, t);
        }
}

template <class T>
void gemmImpl(MatrixRef<const T> a, MatrixRef<const T> b, MatrixRef<T> c, GemmEpilogue<T> ep) {
    if (a.cols != b.rows || c.rows != a.rows || c.cols != b.cols)
        throw ShapeError("gemm: shapes cannot be multiplied (" + dims(a.rows, a.cols) + " and " + dims(b.rows, b.cols) +
                         " into " + dims(c.rows, c.cols) + ")");
    if (ep.biasKind != BiasKind::None && ep.bias == nullptr)
        throw ValueError("gemm: a bias kind was given without bias data");
    if (c.rows == 0 || c.cols == 0) return;
    // A stride along a dimension of size 1 is never used; pick the one the kernels like.
    if (c.cols == 1) c.colStride = 1;
    if (c.rows == 1) c.rowStride = 1;
    const GemmIsa isa = gemmIsa();
    // Eigen's product is not one chain per element in a fixed order: the generic path writes C through
    // its strides as given, so that a column-major C still gets the row-major C's bits.
    if (isa == GemmIsa::Generic) {
        gemmGeneric(a, b, c, ep);
        return;
    }
    // The kernels store rows of C with unit stride. A column-major C is the row-major Cᵀ = Bᵀ·Aᵀ,
    // which gives the same bits (Note [GEMM determinism]).
    if (c.colStride != 1 && c.rowStride == 1) {
        std::swap(a, b);
        a = a.t();
        b = b.t();
        c = c.t();
        if (ep.biasKind == BiasKind::PerRow)
            ep.biasKind = BiasKind::PerColumn;
        else if (ep.biasKind == BiasKind::PerColumn)
            ep.biasKind = BiasKind::PerRow;
        if (ep.triangle == Triangle::Upper)
            ep.triangle = Triangle::Lower;
        else if (ep.triangle == Triangle::Lower)
            ep.triangle = Triangle::Upper;
    }
#if defined(__x86_64__) || defined(__i386__)
    if (isa == GemmIsa::Avx512)
        gemm_detail::gemmAvx512(a, b, c, ep);
    else
        gemm_detail::gemmAvx2(a, b, c, ep);
#else
    gemmGeneric(a, b, c, ep);
#endif
}

}  // namespace

void gemm(MatrixRef<const float> a, MatrixRef<const float> b, MatrixRef<float> c, const GemmEpilogue<float>& epilogue) {
    gemmImpl(a, b, c, epilogue);
}

void gemm(MatrixRef<const double> a, MatrixRef<const double> b, MatrixRef<double> c,
          const GemmEpilogue<double>& epilogue) {
    gemmImpl(a, b, c, epilogue);
}

float activate(Activation act, float x) { return activateImpl(act, x); }
double activate(Activation act, double x) { return activateImpl(act, x); }

GemmIsa gemmIsa() {
    const int o = g_override.load(std::memory_order_relaxed);
    return o >= 0 ? static_cast<GemmIsa>(o) : gemmIsaOf(detail::fastActiveIsa());
}

void setGemmIsa(GemmIsa isa) {
    const GemmIsa best = gemmIsaOf(bestIsa());
    g_override.store(static_cast<int>(std::min(isa, best)), std::memory_order_relaxed);
}

const char* gemmIsaName(GemmIsa isa) {
    switch (isa) {
        case GemmIsa::Generic:
            return "generic (Eigen)";
        case GemmIsa::Avx2:
            return "AVX2+FMA";
        case GemmIsa::Avx512:
            return "AVX-512F";
    }
    return "?";
}

}  // namespace tessera::kernels
