// exp (and max) for float32 over arrays, vectorised by hand with GCC/Clang vector extensions (std::exp is a
// scalar library call, and the compiler cannot if-convert the range checks of an inline version under
// the default -ftrapping-math). Cephes' expf: exp(x) = 2^n · exp(r) with n = round(x / ln 2),
// r = x - n ln 2 (in two parts), exp(r) by a degree-7 polynomial; relative error below 2e-7 over the
// float range; large arguments give inf, small ones 0, NaN stays NaN.
//
//   float m = kernels::maxOf(x, n);
//   float s = kernels::expInto(y, x, n, m);      // y[i] = exp(x[i] - m), s = Σ y[i]
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace tessera::kernels {

namespace detail {
using Float4 = float __attribute__((vector_size(16)));
using Int4 = std::int32_t __attribute__((vector_size(16)));

// The functions below are written once over the vector type V (lanes of float) and its integer twin I, so
// that kernels compiled for wider registers (core/kernels/rnn_cell.cpp) compute the same bits per lane.
template <class V, class I>
[[gnu::always_inline]] inline V expV(V x) {
    constexpr float kLow = -87.33654f, kHigh = 88.72283f;
    const V low = x < kLow ? V{} + kLow : x;
    const V c = low > kHigh ? V{} + kHigh : low;
    // Round to nearest by adding and removing 1.5 * 2^23.
    const V n = (c * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
    const V r = (c - n * 0.693359375f) + n * 2.12194440e-4f;
    V p = r * 1.9875691500e-4f + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * (r * r) + r + 1.0f;
    // 2^n from exponent bits, in two factors so that n = 128 (x near the top) stays representable.
    const I k = __builtin_convertvector(n, I);
    const I half = k >> 1;
    V y = p * reinterpret_cast<V>((half + 127) << 23) * reinterpret_cast<V>((k - half + 127) << 23);
    y = x < kLow ? V{} : y;
    y = x > kHigh ? V{} + INFINITY : y;
    return x != x ? x : y;
}
inline Float4 exp4(Float4 x) { return expV<Float4, Int4>(x); }

// tanh as Cephes' tanhf: for |x| < 0.625 the odd polynomial x + x³·P(x²), above it 1 − 2 / (exp(2|x|) + 1);
// both are computed and one selected, then x's sign is copied (tanh(−0) = −0). Relative error below
// 3e-7; ±inf give ±1, NaN stays NaN.
template <class V, class I>
[[gnu::always_inline]] inline V tanhV(V x) {
    const I bits = reinterpret_cast<I>(x);
    const V ax = reinterpret_cast<V>(bits & 0x7fffffff);
    const V z = ax * ax;
    V p = z * -5.70498872745e-3f + 2.06390887954e-2f;
    p = p * z - 5.37397155531e-2f;
    p = p * z + 1.33314422036e-1f;
    p = p * z - 3.33332819422e-1f;
    const V small = (p * z) * ax + ax;
    const V large = 1.0f - 2.0f / (expV<V, I>(ax + ax) + 1.0f);
    const V t = ax < 0.625f ? small : large;
    return reinterpret_cast<V>(reinterpret_cast<I>(t) | (bits & static_cast<std::int32_t>(0x80000000u)));
}
inline Float4 tanh4(Float4 x) { return tanhV<Float4, Int4>(x); }

// σ(x) = 1 / (1 + exp(−x)).
template <class V, class I>
[[gnu::always_inline]] inline V sigmoidV(V x) {
    return 1.0f / (1.0f + expV<V, I>(-x));
}
inline Float4 sigmoid4(Float4 x) { return sigmoidV<Float4, Int4>(x); }

// y[i] = f(x[i]) four lanes at a time, the tail through a zero-padded vector. y may equal x.
template <class F>
inline void apply4(float* y, const float* x, std::int64_t n, F f) {
    std::int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        Float4 v;
        std::memcpy(&v, x + i, sizeof v);
        v = f(v);
        std::memcpy(y + i, &v, sizeof v);
    }
    if (i < n) {
        Float4 v{};
        std::memcpy(&v, x + i, static_cast<std::size_t>(n - i) * sizeof(float));
        v = f(v);
        std::memcpy(y + i, &v, static_cast<std::size_t>(n - i) * sizeof(float));
    }
}
}  // namespace detail

// y[i] = tanh(x[i]) and y[i] = σ(x[i]) for float (detail::tanh4, detail::sigmoid4). y may equal x.
inline void tanhInto(float* y, const float* x, std::int64_t n) { detail::apply4(y, x, n, detail::tanh4); }
inline void sigmoidInto(float* y, const float* x, std::int64_t n) { detail::apply4(y, x, n, detail::sigmoid4); }

// y[i] = exp(x[i] - shift) for float; returns Σ y[i] (four lanes, then the tail). y may equal x.
inline float expInto(float* y, const float* x, std::int64_t n, float shift) {
    // Lane sums of blocks of 256 elements are added up in double, so long rows stay accurate.
    constexpr std::int64_t kBlock = 256;
    double total = 0;
    std::int64_t i = 0;
    while (i + 4 <= n) {
        detail::Float4 sum{};
        for (const std::int64_t end = std::min(n - 3, i + kBlock); i < end; i += 4) {
            detail::Float4 v;
            std::memcpy(&v, x + i, sizeof v);
            v = detail::exp4(v - shift);
            std::memcpy(y + i, &v, sizeof v);
            sum += v;
        }
        total += static_cast<double>((sum[0] + sum[1]) + (sum[2] + sum[3]));
    }
    if (i < n) {
        detail::Float4 v{};
        std::memcpy(&v, x + i, static_cast<std::size_t>(n - i) * sizeof(float));
        v = detail::exp4(v - shift);
        for (std::int64_t j = 0; j < n - i; ++j) {
            y[i + j] = v[j];
            total += static_cast<double>(v[j]);
        }
    }
    return static_cast<float>(total);
}

// y[j] = exp(x[j] - shift[j]) (a shift per element: softmax over a middle dim, one shift per column).
inline void expSubInto(float* y, const float* x, const float* shift, std::int64_t n) {
    std::int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        detail::Float4 v, m;
        std::memcpy(&v, x + i, sizeof v);
        std::memcpy(&m, shift + i, sizeof m);
        v = detail::exp4(v - m);
        std::memcpy(y + i, &v, sizeof v);
    }
    for (; i < n; ++i) {
        detail::Float4 v{};
        v[0] = x[i] - shift[i];
        y[i] = detail::exp4(v)[0];
    }
}
inline void expSubInto(double* y, const double* x, const double* shift, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i) y[i] = std::exp(x[i] - shift[i]);
}

// max of x[0..n) (n > 0) for float, four lanes at a time; a NaN may be skipped, which is harmless
// where it is used (softmax: the NaN makes the row NaN through exp anyway).
inline float maxOf(const float* x, std::int64_t n) {
    std::int64_t i = 0;
    float m = x[0];
    if (n >= 4) {
        detail::Float4 v;
        std::memcpy(&v, x, sizeof v);
        for (i = 4; i + 4 <= n; i += 4) {
            detail::Float4 w;
            std::memcpy(&w, x + i, sizeof w);
            v = w > v ? w : v;
        }
        m = v[0] > v[1] ? v[0] : v[1];
        m = v[2] > m ? v[2] : m;
        m = v[3] > m ? v[3] : m;
    }
    for (; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
}
inline double maxOf(const double* x, std::int64_t n) {
    double m = x[0];
    for (std::int64_t i = 1; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
}

// m[j] = max(m[j], x[j]) element-wise (NaN may be skipped, as in maxOf).
inline void maxInto(float* m, const float* x, std::int64_t n) {
    std::int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        detail::Float4 a, v;
        std::memcpy(&a, m + i, sizeof a);
        std::memcpy(&v, x + i, sizeof v);
        a = v > a ? v : a;
        std::memcpy(m + i, &a, sizeof a);
    }
    for (; i < n; ++i) m[i] = x[i] > m[i] ? x[i] : m[i];
}
inline void maxInto(double* m, const double* x, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i) m[i] = x[i] > m[i] ? x[i] : m[i];
}

// Double keeps std::exp (full precision).
inline double expInto(double* y, const double* x, std::int64_t n, double shift) {
    double s = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        y[i] = std::exp(x[i] - shift);
        s += y[i];
    }
    return s;
}

}  // namespace tessera::kernels
