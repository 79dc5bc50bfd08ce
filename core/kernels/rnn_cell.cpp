#include "core/kernels/rnn_cell.h"

// The vector helpers (here and in fast_exp.h) take and return 32- and 64-byte vectors; they are always
// inlined into the target functions below, so no call crosses the baseline ABI that -Wpsabi warns about.
#pragma GCC diagnostic ignored "-Wpsabi"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/kernels/fast_exp.h"
#include "core/kernels/isa.h"

namespace tessera::kernels {

namespace {

template <class T>
T sigmoid(T v) {
    return T(1) / (T(1) + std::exp(-v));
}

}  // namespace

template <class T>
void lstmCell(const T* hh, const T* xg, T* c, T* hOut, std::int64_t batch, std::int64_t hidden) {
    const std::int64_t g = 4 * hidden;
    for (std::int64_t b = 0; b < batch; ++b) {
        const T* hr = hh + b * g;
        const T* xr = xg + b * g;
        T* cr = c + b * hidden;
        T* out = hOut + b * hidden;
        for (std::int64_t j = 0; j < hidden; ++j) {
            const T in = sigmoid(hr[j] + xr[j]);
            const T forget = sigmoid(hr[hidden + j] + xr[hidden + j]);
            const T cell = std::tanh(hr[2 * hidden + j] + xr[2 * hidden + j]);
            const T o = sigmoid(hr[3 * hidden + j] + xr[3 * hidden + j]);
            const T cNew = forget * cr[j] + in * cell;
            cr[j] = cNew;
            out[j] = o * std::tanh(cNew);
        }
    }
}

template <class T>
void gruCell(const T* hh, const T* xg, const T* h, T* hOut, std::int64_t batch, std::int64_t hidden) {
    const std::int64_t g = 3 * hidden;
    for (std::int64_t b = 0; b < batch; ++b) {
        const T* hr = hh + b * g;
        const T* xr = xg + b * g;
        const T* hPrev = h + b * hidden;
        T* out = hOut + b * hidden;
        for (std::int64_t j = 0; j < hidden; ++j) {
            const T reset = sigmoid(hr[j] + xr[j]);
            const T update = sigmoid(hr[hidden + j] + xr[hidden + j]);
            const T candidate = std::tanh(xr[2 * hidden + j] + hr[2 * hidden + j] * reset);
            out[j] = (hPrev[j] - candidate) * update + candidate;
        }
    }
}

// float: σ and tanh of a row run a vector of lanes at a time (core/kernels/fast_exp.h), on chunks of kChunk
// columns per gate; glibc's scalar tanhf (through expm1f) cost two thirds of a step. The rows are written
// once over the vector type and compiled for baseline x86-64 (4 lanes), AVX2 (8) and AVX-512F (16); each
// lane does the same IEEE operations (no FMA: -ffp-contract=off), so every variant gives the same bits.
namespace {

constexpr std::int64_t kChunk = 64;

// y[i] = f(x[i]) for i < n ≤ kChunk, the tail through a zero-padded vector. y may equal x.
enum class Fn { Sigmoid, Tanh };

template <class V, class I, Fn kFn>
[[gnu::always_inline]] inline V apply(V v) {
    if constexpr (kFn == Fn::Tanh)
        return detail::tanhV<V, I>(v);
    else
        return detail::sigmoidV<V, I>(v);
}

template <class V, class I, Fn kFn>
[[gnu::always_inline]] inline void applyLanes(float* y, const float* x, std::int64_t n) {
    constexpr std::int64_t kLanes = sizeof(V) / sizeof(float);
    std::int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        V v;
        std::memcpy(&v, x + i, sizeof v);
        v = apply<V, I, kFn>(v);
        std::memcpy(y + i, &v, sizeof v);
    }
    if (i < n) {
        V v{};
        std::memcpy(&v, x + i, static_cast<std::size_t>(n - i) * sizeof(float));
        v = apply<V, I, kFn>(v);
        std::memcpy(y + i, &v, static_cast<std::size_t>(n - i) * sizeof(float));
    }
}

template <class V, class I>
[[gnu::always_inline]] inline void lstmRows(const float* hh, const float* xg, float* c, float* hOut, std::int64_t batch,
                                            std::int64_t hidden) {
    const std::int64_t g = 4 * hidden;
    float pre[4][kChunk], cNew[kChunk];
    for (std::int64_t b = 0; b < batch; ++b) {
        const float* hr = hh + b * g;
        const float* xr = xg + b * g;
        float* cr = c + b * hidden;
        float* out = hOut + b * hidden;
        for (std::int64_t j0 = 0; j0 < hidden; j0 += kChunk) {
            const std::int64_t n = std::min(kChunk, hidden - j0);
            for (int q = 0; q < 4; ++q)
                for (std::int64_t j = 0; j < n; ++j) pre[q][j] = hr[q * hidden + j0 + j] + xr[q * hidden + j0 + j];
            applyLanes<V, I, Fn::Sigmoid>(pre[0], pre[0], n);
            applyLanes<V, I, Fn::Sigmoid>(pre[1], pre[1], n);
            applyLanes<V, I, Fn::Tanh>(pre[2], pre[2], n);
            applyLanes<V, I, Fn::Sigmoid>(pre[3], pre[3], n);
            for (std::int64_t j = 0; j < n; ++j) {
                cNew[j] = pre[1][j] * cr[j0 + j] + pre[0][j] * pre[2][j];
                cr[j0 + j] = cNew[j];
            }
            applyLanes<V, I, Fn::Tanh>(cNew, cNew, n);
            for (std::int64_t j = 0; j < n; ++j) out[j0 + j] = pre[3][j] * cNew[j];
        }
    }
}

template <class V, class I>
[[gnu::always_inline]] inline void gruRows(const float* hh, const float* xg, const float* h, float* hOut,
                                           std::int64_t batch, std::int64_t hidden) {
    const std::int64_t g = 3 * hidden;
    float reset[kChunk], update[kChunk], cand[kChunk];
    for (std::int64_t b = 0; b < batch; ++b) {
        const float* hr = hh + b * g;
        const float* xr = xg + b * g;
        const float* hPrev = h + b * hidden;
        float* out = hOut + b * hidden;
        for (std::int64_t j0 = 0; j0 < hidden; j0 += kChunk) {
            const std::int64_t n = std::min(kChunk, hidden - j0);
            for (std::int64_t j = 0; j < n; ++j) {
                reset[j] = hr[j0 + j] + xr[j0 + j];
                update[j] = hr[hidden + j0 + j] + xr[hidden + j0 + j];
            }
            applyLanes<V, I, Fn::Sigmoid>(reset, reset, n);
            applyLanes<V, I, Fn::Sigmoid>(update, update, n);
            for (std::int64_t j = 0; j < n; ++j) cand[j] = xr[2 * hidden + j0 + j] + hr[2 * hidden + j0 + j] * reset[j];
            applyLanes<V, I, Fn::Tanh>(cand, cand, n);
            for (std::int64_t j = 0; j < n; ++j) out[j0 + j] = (hPrev[j0 + j] - cand[j]) * update[j] + cand[j];
        }
    }
}

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define TESSERA_RNN_CELL_VARIANTS 1
using Float8 = float __attribute__((vector_size(32)));
using Int8 = std::int32_t __attribute__((vector_size(32)));
using Float16 = float __attribute__((vector_size(64)));
using Int16 = std::int32_t __attribute__((vector_size(64)));

__attribute__((target("avx512f"))) void lstmRowsAvx512(const float* hh, const float* xg, float* c, float* hOut,
                                                       std::int64_t batch, std::int64_t hidden) {
    lstmRows<Float16, Int16>(hh, xg, c, hOut, batch, hidden);
}
__attribute__((target("avx2"))) void lstmRowsAvx2(const float* hh, const float* xg, float* c, float* hOut,
                                                  std::int64_t batch, std::int64_t hidden) {
    lstmRows<Float8, Int8>(hh, xg, c, hOut, batch, hidden);
}
__attribute__((target("avx512f"))) void gruRowsAvx512(const float* hh, const float* xg, const float* h, float* hOut,
                                                      std::int64_t batch, std::int64_t hidden) {
    gruRows<Float16, Int16>(hh, xg, h, hOut, batch, hidden);
}
__attribute__((target("avx2"))) void gruRowsAvx2(const float* hh, const float* xg, const float* h, float* hOut,
                                                 std::int64_t batch, std::int64_t hidden) {
    gruRows<Float8, Int8>(hh, xg, h, hOut, batch, hidden);
}
#endif

}  // namespace

template <>
void lstmCell<float>(const float* hh, const float* xg, float* c, float* hOut, std::int64_t batch, std::int64_t hidden) {
#ifdef TESSERA_RNN_CELL_VARIANTS
    switch (detail::fastActiveIsa()) {
        case Isa::Avx512:
            return lstmRowsAvx512(hh, xg, c, hOut, batch, hidden);
        case Isa::Avx2:
            return lstmRowsAvx2(hh, xg, c, hOut, batch, hidden);
        case Isa::Baseline:
            break;
    }
#endif
    lstmRows<detail::Float4, detail::Int4>(hh, xg, c, hOut, batch, hidden);
}

template <>
void gruCell<float>(const float* hh, const float* xg, const float* h, float* hOut, std::int64_t batch,
                    std::int64_t hidden) {
#ifdef TESSERA_RNN_CELL_VARIANTS
    switch (detail::fastActiveIsa()) {
        case Isa::Avx512:
            return gruRowsAvx512(hh, xg, h, hOut, batch, hidden);
        case Isa::Avx2:
            return gruRowsAvx2(hh, xg, h, hOut, batch, hidden);
        case Isa::Baseline:
            break;
    }
#endif
    gruRows<detail::Float4, detail::Int4>(hh, xg, h, hOut, batch, hidden);
}

template void lstmCell<double>(const double*, const double*, double*, double*, std::int64_t, std::int64_t);
template void gruCell<double>(const double*, const double*, const double*, double*, std::int64_t, std::int64_t);

}  // namespace tessera::kernels
