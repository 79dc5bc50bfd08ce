// The AVX2 micro-kernels (this file is compiled with -mavx2 -mfma -ffp-contract=off, see
// core/CMakeLists.txt; it runs only when the CPU reports AVX2 and FMA).
#include <immintrin.h>

#include "core/kernels/gemm_driver.h"

namespace tessera::kernels::gemm_detail {

namespace {

struct Avx2Float {
    using T = float;
    using Vec = __m256;
    using Mask = __m256i;
    static constexpr int kLanes = 8;
    static Vec zero() { return _mm256_setzero_ps(); }
    static Vec set1(T x) { return _mm256_set1_ps(x); }
    static Vec load(const T* p) { return _mm256_loadu_ps(p); }
    static Vec loadMasked(const T* p, Mask m) { return _mm256_maskload_ps(p, m); }
    static void store(T* p, Vec v) { _mm256_storeu_ps(p, v); }
    static void storeMasked(T* p, Vec v, Mask m) { _mm256_maskstore_ps(p, m, v); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
    static Vec mul(Vec a, Vec b) { return _mm256_mul_ps(a, b); }
    static Vec add(Vec a, Vec b) { return _mm256_add_ps(a, b); }
    // max returns its second operand when either is NaN or both are zeros: NaN and -0 pass through.
    static Vec relu(Vec x) { return _mm256_max_ps(_mm256_setzero_ps(), x); }
    static Mask mask(int n) {
        return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    }
    static void prefetch(const T* p) { _mm_prefetch(reinterpret_cast<const char*>(p), _MM_HINT_T0); }
};

struct Avx2Double {
    using T = double;
    using Vec = __m256d;
    using Mask = __m256i;
    static constexpr int kLanes = 4;
    static Vec zero() { return _mm256_setzero_pd(); }
    static Vec set1(T x) { return _mm256_set1_pd(x); }
    static Vec load(const T* p) { return _mm256_loadu_pd(p); }
    static Vec loadMasked(const T* p, Mask m) { return _mm256_maskload_pd(p, m); }
    static void store(T* p, Vec v) { _mm256_storeu_pd(p, v); }
    static void storeMasked(T* p, Vec v, Mask m) { _mm256_maskstore_pd(p, m, v); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_pd(a, b, c); }
    static Vec mul(Vec a, Vec b) { return _mm256_mul_pd(a, b); }
    static Vec add(Vec a, Vec b) { return _mm256_add_pd(a, b); }
    static Vec relu(Vec x) { return _mm256_max_pd(_mm256_setzero_pd(), x); }
    static Mask mask(int n) { return _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3)); }
    static void prefetch(const T* p) { _mm_prefetch(reinterpret_cast<const char*>(p), _MM_HINT_T0); }
};

}  // namespace

// Tiles 6×16 (12 accumulators of 16 registers), 12×8 when C has at most 8 columns.
void gemmAvx2(const MatrixRef<const float>& a, const MatrixRef<const float>& b, const MatrixRef<float>& c,
              const GemmEpilogue<float>& ep) {
    Driver<Avx2Float, 6, 6, 12>::run(a, b, c, ep);
}

void gemmAvx2(const MatrixRef<const double>& a, const MatrixRef<const double>& b, const MatrixRef<double>& c,
              const GemmEpilogue<double>& ep) {
    Driver<Avx2Double, 6, 6, 12>::run(a, b, c, ep);
}

}  // namespace tessera::kernels::gemm_detail
