#include "core/kernels/pool.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/kernels/parallel.h"

namespace tessera::kernels {

namespace {

using Index = std::int64_t;

// Planes per task: enough work per task to amortise scheduling, fixed so tasks never depend on threads.
Index planeGrain(Index planeWork) { return std::max<Index>(1, (Index{1} << 14) / std::max<Index>(planeWork, 1)); }

struct Planes {
    Index count, h, w, oh, ow;
};

Planes planes(const Tensor& in, const Tensor& out) {
    return {in.size(0), in.size(1), in.size(2), out.size(1), out.size(2)};
}

// PyTorch's avg_pool2d window: [h0, h1) × [w0, w1) clipped to the input, and its divisor.
struct AvgWindow {
    Index h0, h1, w0, w1;
    Index divisor;
};

AvgWindow avgWindow(const PoolParams& p, Index H, Index W, Index oy, Index ox, bool countIncludePad,
                    Index divisorOverride) {
    Index h0 = oy * p.strideH - p.padH, w0 = ox * p.strideW - p.padW;
    Index h1 = std::min(h0 + p.kernelH, H + p.padH), w1 = std::min(w0 + p.kernelW, W + p.padW);
    const Index poolSize = (h1 - h0) * (w1 - w0);
    h0 = std::max<Index>(h0, 0);
    w0 = std::max<Index>(w0, 0);
    h1 = std::min(h1, H);
    w1 = std::min(w1, W);
    const Index divisor = divisorOverride != 0 ? divisorOverride : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
    return {h0, h1, w0, w1, divisor};
}

Index adaptiveStart(Index o, Index in, Index out) { return o * in / out; }
Index adaptiveEnd(Index o, Index in, Index out) { return ((o + 1) * in + out - 1) / out; }

}  // namespace

// The common MaxPool2d(2): 2x2 windows, stride 2, no padding or dilation, every window inside the
// plane. Same result and tie/NaN rule as the general loop, in a fixed order of four selects.
template <class T>
static void maxPool2x2Plane(const T* src, Index w, Index oh, Index ow, T* out, std::int64_t* indices) {
    for (Index oy = 0; oy < oh; ++oy) {
        const T* r0 = src + 2 * oy * w;
        const T* r1 = r0 + w;
        for (Index ox = 0; ox < ow; ++ox) {
            const Index x = 2 * ox;
            T best = -std::numeric_limits<T>::infinity();
            Index at = 2 * oy * w + x;
            // Masks rather than ?: — the compiler turns those into branches, which mispredict.
            using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
            auto consider = [&](T v, Index pos) {
                const bool take = (v > best) | (v != v);
                const Bits mask = Bits{0} - static_cast<Bits>(take);
                best = std::bit_cast<T>((std::bit_cast<Bits>(v) & mask) | (std::bit_cast<Bits>(best) & ~mask));
                const Index imask = -static_cast<Index>(take);
                at = (pos & imask) | (at & ~imask);
            };
            consider(r0[x], 2 * oy * w + x);
            consider(r0[x + 1], 2 * oy * w + x + 1);
            consider(r1[x], (2 * oy + 1) * w + x);
            consider(r1[x + 1], (2 * oy + 1) * w + x + 1);
            out[oy * ow + ox] = best;
            indices[oy * ow + ox] = at;
        }
    }
}

void maxPool2d(const Tensor& out, const Tensor& indices, const Tensor& x, const PoolParams& p) {
    const Planes g = planes(x, out);
    const bool window2x2 = p.kernelH == 2 && p.kernelW == 2 && p.strideH == 2 && p.strideW == 2 && p.padH == 0 &&
                           p.padW == 0 && p.dilationH == 1 && p.dilationW == 1 && 2 * g.oh <= g.h && 2 * g.ow <= g.w;
    visitFloating(x.dtype(), "max_pool2d", [&]<class T>() {
        const T* in = x.data<T>();
        T* o = out.data<T>();
        std::int64_t* idx = indices.data<std::int64_t>();
        parallelFor(0, g.count, planeGrain(g.oh * g.ow * p.kernelH * p.kernelW), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                const T* src = in + pl * g.h * g.w;
                if (window2x2) {
                    maxPool2x2Plane(src, g.w, g.oh, g.ow, o + pl * g.oh * g.ow, idx + pl * g.oh * g.ow);
                    continue;
                }
                for (Index oy = 0; oy < g.oh; ++oy)
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        Index y0 = oy * p.strideH - p.padH, x0 = ox * p.strideW - p.padW;
                        const Index y1 = std::min(y0 + (p.kernelH - 1) * p.dilationH + 1, g.h);
                        const Index x1 = std::min(x0 + (p.kernelW - 1) * p.dilationW + 1, g.w);
                        while (y0 < 0) y0 += p.dilationH;
                        while (x0 < 0) x0 += p.dilationW;
                        Index best = y0 * g.w + x0;
                        T bestVal = -std::numeric_limits<T>::infinity();
                        for (Index y = y0; y < y1; y += p.dilationH)
                            for (Index xx = x0; xx < x1; xx += p.dilationW) {
                                const T v = src[y * g.w + xx];
                                // As PyTorch: a NaN wins, and a later NaN wins over an earlier one. Selects,
                                // not a branch: after a ReLU the winner is unpredictable, and mispredicted
                                // branches made this loop ~10x slower.
                                const bool take = v > bestVal || v != v;
                                bestVal = take ? v : bestVal;
                                best = take ? y * g.w + xx : best;
                            }
                        o[(pl * g.oh + oy) * g.ow + ox] = bestVal;
                        idx[(pl * g.oh + oy) * g.ow + ox] = best;
                    }
            }
        });
    });
}

void maxPool2dBackward(const Tensor& gradInput, const Tensor& gradOut, const Tensor& indices) {
    const Planes g = planes(gradInput, gradOut);
    visitFloating(gradOut.dtype(), "max_pool2d_backward", [&]<class T>() {
        const T* go = gradOut.data<T>();
        const std::int64_t* idx = indices.data<std::int64_t>();
        T* gi = gradInput.data<T>();
        parallelFor(0, g.count, planeGrain(g.h * g.w), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                T* dst = gi + pl * g.h * g.w;
                std::fill(dst, dst + g.h * g.w, T(0));
                for (Index i = 0; i < g.oh * g.ow; ++i) dst[idx[pl * g.oh * g.ow + i]] += go[pl * g.oh * g.ow + i];
            }
        });
    });
}

void maxPool2dGather(const Tensor& out, const Tensor& x, const Tensor& indices) {
    const Planes g = planes(x, out);
    visitFloating(x.dtype(), "max_pool2d_gather", [&]<class T>() {
        const T* in = x.data<T>();
        const std::int64_t* idx = indices.data<std::int64_t>();
        T* o = out.data<T>();
        parallelFor(0, g.count, planeGrain(g.oh * g.ow), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl)
                for (Index i = 0; i < g.oh * g.ow; ++i)
                    o[pl * g.oh * g.ow + i] = in[pl * g.h * g.w + idx[pl * g.oh * g.ow + i]];
        });
    });
}

void avgPool2d(const Tensor& out, const Tensor& x, const PoolParams& p, bool countIncludePad,
               std::int64_t divisorOverride) {
    const Planes g = planes(x, out);
    visitFloating(x.dtype(), "avg_pool2d", [&]<class T>() {
        const T* in = x.data<T>();
        T* o = out.data<T>();
        parallelFor(0, g.count, planeGrain(g.oh * g.ow * p.kernelH * p.kernelW), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                const T* src = in + pl * g.h * g.w;
                for (Index oy = 0; oy < g.oh; ++oy)
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        const AvgWindow win = avgWindow(p, g.h, g.w, oy, ox, countIncludePad, divisorOverride);
                        // PyTorch accumulates in double on the CPU, for float32 too.
                        double sum = 0;
                        for (Index y = win.h0; y < win.h1; ++y)
                            for (Index xx = win.w0; xx < win.w1; ++xx) sum += src[y * g.w + xx];
                        const bool empty = win.h0 >= win.h1 || win.w0 >= win.w1;
                        o[(pl * g.oh + oy) * g.ow + ox] =
                            empty ? T(0) : static_cast<T>(sum / static_cast<double>(win.divisor));
                    }
            }
        });
    });
}

void avgPool2dBackward(const Tensor& gradInput, const Tensor& gradOut, const PoolParams& p, bool countIncludePad,
                       std::int64_t divisorOverride) {
    const Planes g = planes(gradInput, gradOut);
    visitFloating(gradOut.dtype(), "avg_pool2d_backward", [&]<class T>() {
        const T* go = gradOut.data<T>();
        T* gi = gradInput.data<T>();
        parallelFor(0, g.count, planeGrain(g.oh * g.ow * p.kernelH * p.kernelW), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                T* dst = gi + pl * g.h * g.w;
                std::fill(dst, dst + g.h * g.w, T(0));
                for (Index oy = 0; oy < g.oh; ++oy)
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        const AvgWindow win = avgWindow(p, g.h, g.w, oy, ox, countIncludePad, divisorOverride);
                        const T share = go[(pl * g.oh + oy) * g.ow + ox] / static_cast<T>(win.divisor);
                        for (Index y = win.h0; y < win.h1; ++y)
                            for (Index xx = win.w0; xx < win.w1; ++xx) dst[y * g.w + xx] += share;
                    }
            }
        });
    });
}

void adaptiveAvgPool2d(const Tensor& out, const Tensor& x) {
    const Planes g = planes(x, out);
    visitFloating(x.dtype(), "adaptive_avg_pool2d", [&]<class T>() {
        const T* in = x.data<T>();
        T* o = out.data<T>();
        parallelFor(0, g.count, planeGrain(g.h * g.w), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                const T* src = in + pl * g.h * g.w;
                for (Index oy = 0; oy < g.oh; ++oy) {
                    const Index y0 = adaptiveStart(oy, g.h, g.oh), y1 = adaptiveEnd(oy, g.h, g.oh);
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        const Index x0 = adaptiveStart(ox, g.w, g.ow), x1 = adaptiveEnd(ox, g.w, g.ow);
                        T sum = 0;
                        for (Index y = y0; y < y1; ++y)
                            for (Index xx = x0; xx < x1; ++xx) sum += src[y * g.w + xx];
                        o[(pl * g.oh + oy) * g.ow + ox] = sum / static_cast<T>((y1 - y0) * (x1 - x0));
                    }
                }
            }
        });
    });
}

void adaptiveAvgPool2dBackward(const Tensor& gradInput, const Tensor& gradOut) {
    const Planes g = planes(gradInput, gradOut);
    visitFloating(gradOut.dtype(), "adaptive_avg_pool2d_backward", [&]<class T>() {
        const T* go = gradOut.data<T>();
        T* gi = gradInput.data<T>();
        parallelFor(0, g.count, planeGrain(g.h * g.w), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                T* dst = gi + pl * g.h * g.w;
                std::fill(dst, dst + g.h * g.w, T(0));
                for (Index oy = 0; oy < g.oh; ++oy) {
                    const Index y0 = adaptiveStart(oy, g.h, g.oh), y1 = adaptiveEnd(oy, g.h, g.oh);
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        const Index x0 = adaptiveStart(ox, g.w, g.ow), x1 = adaptiveEnd(ox, g.w, g.ow);
                        const T share = go[(pl * g.oh + oy) * g.ow + ox] / static_cast<T>((y1 - y0) * (x1 - x0));
                        for (Index y = y0; y < y1; ++y)
                            for (Index xx = x0; xx < x1; ++xx) dst[y * g.w + xx] += share;
                    }
                }
            }
        });
    });
}

}  // namespace tessera::kernels
