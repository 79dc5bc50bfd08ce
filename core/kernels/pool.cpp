#include "core/kernels/pool.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

void maxPool2d(const Tensor& out, const Tensor& indices, const Tensor& x, const PoolParams& p) {
    const Planes g = planes(x, out);
    visitFloating(x.dtype(), "max_pool2d", [&]<class T>() {
        const T* in = x.data<T>();
        T* o = out.data<T>();
        std::int64_t* idx = indices.data<std::int64_t>();
        parallelFor(0, g.count, planeGrain(g.oh * g.ow * p.kernelH * p.kernelW), [&](Index lo, Index hi) {
            for (Index pl = lo; pl < hi; ++pl) {
                const T* src = in + pl * g.h * g.w;
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
                                // As PyTorch: a NaN wins, and a later NaN wins over an earlier one.
                                if (v > bestVal || std::isnan(v)) {
                                    bestVal = v;
                                    best = y * g.w + xx;
                                }
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
