#include "core/kernels/normalization.h"

#include <algorithm>
#include <cmath>

#include "core/kernels/parallel.h"

namespace tessera::kernels {

namespace {

using std::int64_t;

constexpr int64_t kGrainWork = 16384;

// Σ f(p[i]) with four independent lanes, in double.
template <class T, class F>
double sumRow(const T* p, int64_t n, const F& f) {
    double a[4] = {0, 0, 0, 0};
    int64_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int j = 0; j < 4; ++j) a[j] += f(static_cast<double>(p[i + j]));
    double s = (a[0] + a[1]) + (a[2] + a[3]);
    for (; i < n; ++i) s += f(static_cast<double>(p[i]));
    return s;
}

}  // namespace

void layerNorm(const Tensor& out, const Tensor& mean, const Tensor& rstd, const Tensor& x, const Tensor& weight,
               const Tensor& bias, std::int64_t cols, double eps) {
    const int64_t rows = cols == 0 ? 0 : x.numel() / cols;
    visitFloating(x.dtype(), "layer_norm", [&]<class T>() {
        const T* px = x.data<T>();
        T* py = out.data<T>();
        T* pm = mean.data<T>();
        T* pr = rstd.data<T>();
        const T* w = weight.defined() ? weight.data<T>() : nullptr;
        const T* b = bias.defined() ? bias.data<T>() : nullptr;
        parallelFor(
            0, rows, std::max<int64_t>(1, kGrainWork / std::max<int64_t>(1, cols)), [&](int64_t lo, int64_t hi) {
                for (int64_t r = lo; r < hi; ++r) {
                    const T* p = px + r * cols;
                    T* q = py + r * cols;
                    const double m = sumRow(p, cols, [](double v) { return v; }) / static_cast<double>(cols);
                    const double v =
                        sumRow(p, cols, [m](double e) { return (e - m) * (e - m); }) / static_cast<double>(cols);
                    const T mt = static_cast<T>(m), rt = static_cast<T>(1.0 / std::sqrt(v + eps));
                    pm[r] = mt;
                    pr[r] = rt;
                    if (w && b) {
                        for (int64_t i = 0; i < cols; ++i) q[i] = (p[i] - mt) * rt * w[i] + b[i];
                    } else if (w) {
                        for (int64_t i = 0; i < cols; ++i) q[i] = (p[i] - mt) * rt * w[i];
                    } else if (b) {
                        for (int64_t i = 0; i < cols; ++i) q[i] = (p[i] - mt) * rt + b[i];
                    } else {
                        for (int64_t i = 0; i < cols; ++i) q[i] = (p[i] - mt) * rt;
                    }
                }
            });
    });
}

void channelMoments(const Tensor& x, std::int64_t n, std::int64_t c, std::int64_t s, std::vector<double>& mean,
                    std::vector<double>& var) {
    mean.assign(static_cast<std::size_t>(c), 0.0);
    var.assign(static_cast<std::size_t>(c), 0.0);
    const double count = static_cast<double>(n * s);
    visitFloating(x.dtype(), "batch_norm", [&]<class T>() {
        const T* px = x.data<T>();
        parallelFor(0, c, std::max<int64_t>(1, kGrainWork / std::max<int64_t>(1, n * s)), [&](int64_t lo, int64_t hi) {
            for (int64_t k = lo; k < hi; ++k) {
                double total = 0;
                for (int64_t i = 0; i < n; ++i) total += sumRow(px + (i * c + k) * s, s, [](double v) { return v; });
                const double m = total / count;
                double sq = 0;
                for (int64_t i = 0; i < n; ++i)
                    sq += sumRow(px + (i * c + k) * s, s, [m](double e) { return (e - m) * (e - m); });
                mean[k] = m;
                var[k] = sq / count;
            }
        });
    });
}

void channelAffine(const Tensor& out, const Tensor& x, std::int64_t n, std::int64_t c, std::int64_t s,
                   const std::vector<double>& scale, const std::vector<double>& shift) {
    visitFloating(x.dtype(), "batch_norm", [&]<class T>() {
        const T* px = x.data<T>();
        T* py = out.data<T>();
        parallelFor(0, n * c, std::max<int64_t>(1, kGrainWork / std::max<int64_t>(1, s)), [&](int64_t lo, int64_t hi) {
            for (int64_t row = lo; row < hi; ++row) {
                const T a = static_cast<T>(scale[row % c]), b = static_cast<T>(shift[row % c]);
                const T* p = px + row * s;
                T* q = py + row * s;
                for (int64_t j = 0; j < s; ++j) q[j] = p[j] * a + b;
            }
        });
    });
}

}  // namespace tessera::kernels
