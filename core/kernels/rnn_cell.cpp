#include "core/kernels/rnn_cell.h"

#include <algorithm>
#include <cmath>

#include "core/kernels/fast_exp.h"

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

// float: the transcendental functions of a row run four lanes at a time (core/kernels/fast_exp.h), on
// chunks of kChunk columns per gate; glibc's scalar tanhf (through expm1f) cost two thirds of a step.
namespace {
constexpr std::int64_t kChunk = 64;
}  // namespace

template <>
void lstmCell<float>(const float* hh, const float* xg, float* c, float* hOut, std::int64_t batch, std::int64_t hidden) {
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
            sigmoidInto(pre[0], pre[0], n);
            sigmoidInto(pre[1], pre[1], n);
            tanhInto(pre[2], pre[2], n);
            sigmoidInto(pre[3], pre[3], n);
            for (std::int64_t j = 0; j < n; ++j) {
                cNew[j] = pre[1][j] * cr[j0 + j] + pre[0][j] * pre[2][j];
                cr[j0 + j] = cNew[j];
            }
            tanhInto(cNew, cNew, n);
            for (std::int64_t j = 0; j < n; ++j) out[j0 + j] = pre[3][j] * cNew[j];
        }
    }
}

template <>
void gruCell<float>(const float* hh, const float* xg, const float* h, float* hOut, std::int64_t batch,
                    std::int64_t hidden) {
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
            sigmoidInto(reset, reset, n);
            sigmoidInto(update, update, n);
            for (std::int64_t j = 0; j < n; ++j) cand[j] = xr[2 * hidden + j0 + j] + hr[2 * hidden + j0 + j] * reset[j];
            tanhInto(cand, cand, n);
            for (std::int64_t j = 0; j < n; ++j) out[j0 + j] = (hPrev[j0 + j] - cand[j]) * update[j] + cand[j];
        }
    }
}

template void lstmCell<double>(const double*, const double*, double*, double*, std::int64_t, std::int64_t);
template void gruCell<double>(const double*, const double*, const double*, double*, std::int64_t, std::int64_t);

}  // namespace tessera::kernels
