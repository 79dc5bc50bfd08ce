#include "core/kernels/softmax.h"

#include <algorithm>
#include <cmath>

#include "core/kernels/fast_exp.h"
#include "core/kernels/parallel.h"

namespace tessera::kernels {

namespace {

using std::int64_t;

constexpr int64_t kGrainWork = 16384;
constexpr int64_t kTile = 64;

template <class T>
void lastDim(const T* x, T* y, int64_t rows, int64_t n, bool log) {
    parallelFor(0, rows, std::max<int64_t>(1, kGrainWork / std::max<int64_t>(1, n)), [&](int64_t lo, int64_t hi) {
        for (int64_t r = lo; r < hi; ++r) {
            const T* p = x + r * n;
            T* q = y + r * n;
            const T m = maxOf(p, n);
            // exp(x - max) goes to the output row (log_softmax overwrites it afterwards).
            const T s = expInto(q, p, n, m);
            if (log) {
                // (x - max) - log Σ, in this order: x - (max + log Σ) would round log Σ away.
                const T logSum = std::log(s);
                for (int64_t i = 0; i < n; ++i) q[i] = (p[i] - m) - logSum;
            } else {
                const T inv = T(1) / s;
                for (int64_t i = 0; i < n; ++i) q[i] *= inv;
            }
        }
    });
}

// Softmax over the middle dim of [outer, n, inner]: a tile of up to kTile trailing elements is
// processed together, so every inner loop is over contiguous memory.
template <class T>
void middleDim(const T* x, T* y, int64_t outer, int64_t n, int64_t inner, bool log) {
    const int64_t tiles = (inner + kTile - 1) / kTile;
    const int64_t grain = std::max<int64_t>(1, kGrainWork / std::max<int64_t>(1, n * std::min(inner, kTile)));
    parallelFor(0, outer * tiles, grain, [&](int64_t lo, int64_t hi) {
        T m[kTile], s[kTile];
        for (int64_t k = lo; k < hi; ++k) {
            const int64_t o = k / tiles, j0 = (k % tiles) * kTile, w = std::min(kTile, inner - j0);
            const T* p = x + o * n * inner + j0;
            T* q = y + o * n * inner + j0;
            std::copy(p, p + w, m);
            for (int64_t i = 1; i < n; ++i) maxInto(m, p + i * inner, w);
            std::fill(s, s + w, T(0));
            if (log) {
                T e[kTile];
                for (int64_t i = 0; i < n; ++i) {
                    expSubInto(e, p + i * inner, m, w);
                    for (int64_t j = 0; j < w; ++j) s[j] += e[j];
                }
                for (int64_t j = 0; j < w; ++j) s[j] = std::log(s[j]);
                for (int64_t i = 0; i < n; ++i)
                    for (int64_t j = 0; j < w; ++j) q[i * inner + j] = (p[i * inner + j] - m[j]) - s[j];
            } else {
                for (int64_t i = 0; i < n; ++i) {
                    expSubInto(q + i * inner, p + i * inner, m, w);
                    for (int64_t j = 0; j < w; ++j) s[j] += q[i * inner + j];
                }
                for (int64_t j = 0; j < w; ++j) s[j] = T(1) / s[j];
                for (int64_t i = 0; i < n; ++i)
                    for (int64_t j = 0; j < w; ++j) q[i * inner + j] *= s[j];
            }
        }
    });
}

}  // namespace

void softmax(const Tensor& out, const Tensor& x, std::int64_t dim, bool log) {
    if (!x.isContiguous() || !out.isContiguous() || x.sizes() != out.sizes() || x.dtype() != out.dtype())
        throw ShapeError("softmax: kernel expects contiguous input and output of equal sizes and dtype");
    if (x.numel() == 0) return;
    int64_t outer = 1, n = 1, inner = 1;
    for (int64_t d = 0; d < x.dim(); ++d) (d < dim ? outer : d == dim ? n : inner) *= x.sizes()[d];
    visitFloating(x.dtype(), log ? "log_softmax" : "softmax", [&]<class T>() {
        if (inner == 1)
            lastDim(x.data<T>(), out.data<T>(), outer, n, log);
        else
            middleDim(x.data<T>(), out.data<T>(), outer, n, inner, log);
    });
}

}  // namespace tessera::kernels
