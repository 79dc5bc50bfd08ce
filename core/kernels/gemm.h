// General matrix multiply on strided operands: C = act(alpha·A·B + beta·C + bias).
//
//   // C[M×N] = X[M×K] · Wᵀ + b, then relu; Wᵀ is W[N×K] read through swapped strides, no copy.
//   kernels::MatrixRef<const float> x{xPtr, M, K, K, 1};
//   kernels::MatrixRef<const float> w{wPtr, N, K, K, 1};
//   kernels::MatrixRef<float> c{cPtr, M, N, N, 1};
//   kernels::gemm(x, w.t(), c, {.bias = bPtr, .biasKind = kernels::BiasKind::PerColumn,
//                               .activation = kernels::Activation::Relu});
//
// Note [GEMM determinism]: every element of C is one chain of fused multiply-adds over k in increasing
// order, cut into blocks of a fixed kGemmKc elements; threads split M and N only, never K, and the tile
// shapes, the ISA (AVX-512 or AVX2) and the thread count do not change that chain. So results are
// bitwise identical for any number of threads, for a matrix and its transpose, and on both ISAs.
// The baseline path (Eigen, for CPUs without AVX2 + FMA; TESSERA_ISA=baseline) runs on one thread and
// writes a column-major C as it is, so it too gives the same bits for any thread count and layout of C,
// but not the bits of the AVX2 / AVX-512 paths: Eigen blocks K its own way and may not fuse.
//
// Note [GEMM epilogue]: the fused epilogue computes, per element and in this order, t = alpha·acc,
// t = t + beta·c (skipped when beta is 0, so C is then never read, as in BLAS), t = t + bias, t = act(t),
// each step rounded, i.e. exactly what gemm(alpha, beta) followed by a separate bias add and then
// `activate()` computes.
#pragma once

#include <cstdint>

namespace tessera::kernels {

// A matrix view: element (i, j) is data[i·rowStride + j·colStride]. Strides may be any non-negative
// values (transposed, sliced or broadcast operands); the output must not alias the inputs.
template <class T>
struct MatrixRef {
    T* data = nullptr;
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    std::int64_t rowStride = 0;
    std::int64_t colStride = 1;

    MatrixRef<T> t() const { return {data, cols, rows, colStride, rowStride}; }
};

enum class Activation { None, Relu, Sigmoid, Tanh };
enum class BiasKind { None, PerRow, PerColumn };  // bias has M (PerRow) or N (PerColumn) contiguous elements

// Which elements of C the caller needs. Upper (j ≥ i) or Lower (j ≤ i) serve symmetric products such as
// AᵀA: tiles that hold none of the needed elements may be skipped (that part of C is then left as it
// was); tiles across the diagonal are computed in full. Every computed element has the bits of the full
// product (Note [GEMM determinism]), so mirroring the needed triangle gives the full product's C.
enum class Triangle { All, Upper, Lower };

template <class T>
struct GemmEpilogue {
    T alpha = 1;
    T beta = 0;
    const T* bias = nullptr;
    BiasKind biasKind = BiasKind::None;
    Activation activation = Activation::None;
    Triangle triangle = Triangle::All;
};

// C = act(alpha·A·B + beta·C + bias); A is M×K, B is K×N, C is M×N. Throws ShapeError on mismatch.
void gemm(MatrixRef<const float> a, MatrixRef<const float> b, MatrixRef<float> c,
          const GemmEpilogue<float>& epilogue = {});
void gemm(MatrixRef<const double> a, MatrixRef<const double> b, MatrixRef<double> c,
          const GemmEpilogue<double>& epilogue = {});

// The activations of the epilogue, one element at a time (relu keeps NaN and -0, as torch does).
float activate(Activation act, float x);
double activate(Activation act, double x);

// Length of the K blocks of Note [GEMM determinism].
inline constexpr std::int64_t kGemmKc = 256;

// The micro-kernel in use: kernels::activeIsa()'s (core/kernels/isa.h, TESSERA_ISA) until tests or benchmarks
// select another (a request above what the CPU supports falls back to the best supported).
enum class GemmIsa { Generic, Avx2, Avx512 };
GemmIsa gemmIsa();
void setGemmIsa(GemmIsa isa);
const char* gemmIsaName(GemmIsa isa);

}  // namespace tessera::kernels
