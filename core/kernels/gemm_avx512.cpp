// The AVX-512 micro-kernels (this file is compiled with -mavx512f -mfma -ffp-contract=off, see
// core/CMakeLists.txt; it runs only when the CPU reports AVX-512F).
#include <immintrin.h>

#include "core/kernels/gemm_driver.h"

namespace tessera::kernels::gemm_detail {

namespace {

struct Avx512Float {
    using T = float;
    using Vec = __m512;
    using Mask = __mmask16;
    static constexpr int kLanes = 16;
    static Vec zero() { return _mm512_setzero_ps(); }
    static Vec set1(T x) { return _mm512_set1_ps(x); }
    static Vec load(const T* p) { return _mm512_loadu_ps(p); }
    static Vec loadMasked(const T* p, Mask m) { return _mm512_maskz_loadu_ps(m, p); }
    static void store(T* p, Vec v) { _mm512_storeu_ps(p, v); }
    static void storeMasked(T* p, Vec v, Mask m) { _mm512_mask_storeu_ps(p, m, v); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
    static Vec mul(Vec a, Vec b) { return _mm512_mul_ps(a, b); }
    static Vec add(Vec a, Vec b) { return _mm512_add_ps(a, b); }
    // max returns its second operand when either is NaN or both are zeros: NaN and -0 pass through. (The
    // maskz form because g++ 12 warns about the undefined pass-through vector of the plain one.)
    static Vec relu(Vec x) { return _mm512_maskz_max_ps(0xFFFF, _mm512_setzero_ps(), x); }
    static Mask mask(int n) { return static_cast<Mask>((1u << n) - 1u); }
    static void prefetch(const T* p) { _mm_prefetch(reinterpret_cast<const char*>(p), _MM_HINT_T0); }
};

struct Avx512Double {
    using T = double;
    using Vec = __m512d;
    using Mask = __mmask8;
    static constexpr int kLanes = 8;
    static Vec zero() { return _mm512_setzero_pd(); }
    static Vec set1(T x) { return _mm512_set1_pd(x); }
    static Vec load(const T* p) { return _mm512_loadu_pd(p); }
    static Vec loadMasked(const T* p, Mask m) { return _mm512_maskz_loadu_pd(m, p); }
    static void store(T* p, Vec v) { _mm512_storeu_pd(p, v); }
    static void storeMasked(T* p, Vec v, Mask m) { _mm512_mask_storeu_pd(p, m, v); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_pd(a, b, c); }
    static Vec mul(Vec a, Vec b) { return _mm512_mul_pd(a, b); }
    static Vec add(Vec a, Vec b) { return _mm512_add_pd(a, b); }
    static Vec relu(Vec x) { return _mm512_maskz_max_pd(0xFF, _mm512_setzero_pd(), x); }
    static Mask mask(int n) { return static_cast<Mask>((1u << n) - 1u); }
    static void prefetch(const T* p) { _mm_prefetch(reinterpret_cast<const char*>(p), _MM_HINT_T0); }
};

}  // namespace

// Tiles 12×32 (24 accumulators of 32 registers) for large products, 8×32 for small ones, 16×16 when C
// has at most 16 columns.
void gemmAvx512(const MatrixRef<const float>& a, const MatrixRef<const float>& b, const MatrixRef<float>& c,
                const GemmEpilogue<float>& ep) {
    Driver<Avx512Float, 12, 8, 16>::run(a, b, c, ep);
}

void gemmAvx512(const MatrixRef<const double>& a, const MatrixRef<const double>& b, const MatrixRef<double>& c,
                const GemmEpilogue<double>& ep) {
    Driver<Avx512Double, 12, 8, 16>::run(a, b, c, ep);
}

}  // namespace tessera::kernels::gemm_detail
