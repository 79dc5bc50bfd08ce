#include "core/kernels/conv.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/kernels/gemm.h"
#include "core/kernels/isa.h"
#include "core/kernels/parallel.h"

namespace tessera::kernels {

namespace {

using Index = std::int64_t;

// 0 while the path is kernels::activeIsa()'s; an Isa after setConvIsa().
std::atomic<int> g_override{0};

struct Geom {
    Index n, c, h, w;         // input
    Index cout, kh, kw;       // weight
    Index oh, ow;             // output
    Index groups, cg, coutg;  // channels per group (input, output)
    ConvParams p;
    Index k() const { return cg * kh * kw; }  // GEMM depth per group
};

Geom geometry(const Shape& x, const Shape& w, const Shape& out, const ConvParams& p) {
    Geom g;
    g.n = x[0];
    g.c = x[1];
    g.h = x[2];
    g.w = x[3];
    g.cout = w[0];
    g.kh = w[2];
    g.kw = w[3];
    g.oh = out[2];
    g.ow = out[3];
    g.groups = p.groups;
    g.cg = g.c / p.groups;
    g.coutg = g.cout / p.groups;
    g.p = p;
    return g;
}

// Number of independent tasks to cut the batch × groups × output rows into: one per (image, group) when
// there are plenty, else the rows are split too so that both cores get work. Task boundaries never
// change what is summed for an element (Note [Conv determinism]).
Index rowChunks(const Geom& g) {
    const Index planes = g.n * g.groups;
    const Index want = 4 * static_cast<Index>(numThreads());
    if (planes >= want || g.oh <= 1) return 1;
    return std::min(g.oh, (want + planes - 1) / planes);
}

// ---------------------------------------------------------------------------------------------------------
// Direct convolution for unit horizontal stride.
//
// Output rows are computed in tiles of 2 vectors × OCB output channels held in registers; the input
// rows of one (image, group) are first copied into a zero-padded buffer, so the inner loop has no
// bounds checks and reads whole vectors. Weights are repacked as [group][oc block][ic][kh][kw][OCB]
// so the OCB broadcasts of one step are adjacent. This beats im2col + GEMM for the small channel counts
// of the nets a workbench trains (no im2col buffer, no pass over it).

using vf4 = float __attribute__((vector_size(16)));
using vf8 = float __attribute__((vector_size(32)));
using vf16 = float __attribute__((vector_size(64)));
using vd2 = double __attribute__((vector_size(16)));
using vd4 = double __attribute__((vector_size(32)));
using vd8 = double __attribute__((vector_size(64)));

struct DirectCtx {
    const Geom* g;
    const void* packedW;
    const void* bias;  // null when absent
    void* out;
    Index tiles;     // tiles per output row
    Index rowLen;    // padded row length (elements)
    Index ocBlocks;  // output-channel blocks per group
};

template <class T, class V, int OCB>
[[gnu::always_inline]] inline void directRows(const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1,
                                              const T* buf, Index rows) {
    constexpr int L = sizeof(V) / sizeof(T);
    constexpr int TW = 2 * L;
    const Geom& g = *c.g;
    const Index k = g.k();
    const Index rowLen = c.rowLen;
    const Index planeLen = rows * rowLen;
    const Index dh = g.p.dilationH * rowLen, dw = g.p.dilationW;
    const T* packed = static_cast<const T*>(c.packedW);
    const T* bias = static_cast<const T*>(c.bias);
    T* out = static_cast<T*>(c.out);
    for (Index oh = oh0; oh < oh1; ++oh) {
        const T* rowBase = buf + (oh - oh0) * g.p.strideH * rowLen;
        for (Index blk = 0; blk < c.ocBlocks; ++blk) {
            const Index oc0 = blk * OCB;
            const Index nOc = std::min<Index>(OCB, g.coutg - oc0);
            const T* wBlk = packed + (grp * c.ocBlocks + blk) * k * OCB;
            for (Index t = 0; t < c.tiles; ++t) {
                V acc[OCB][2];
#pragma GCC unroll 16
                for (int o = 0; o < OCB; ++o) acc[o][0] = acc[o][1] = V{};
                const T* wp = wBlk;
                for (Index ic = 0; ic < g.cg; ++ic) {
                    const T* plane = rowBase + ic * planeLen + t * TW;
                    for (Index ky = 0; ky < g.kh; ++ky) {
                        const T* src = plane + ky * dh;
                        for (Index kx = 0; kx < g.kw; ++kx, src += dw, wp += OCB) {
                            V x0, x1;
                            std::memcpy(&x0, src, sizeof(V));
                            std::memcpy(&x1, src + L, sizeof(V));
#pragma GCC unroll 16
                            for (int o = 0; o < OCB; ++o) {
                                // x − (+0) is exactly x, so this folds to a broadcast load.
                                const V wv = wp[o] - V{};
                                acc[o][0] += wv * x0;
                                acc[o][1] += wv * x1;
                            }
                        }
                    }
                }
                const Index ow0 = t * TW;
                const Index nw = std::min<Index>(TW, g.ow - ow0);
                for (Index o = 0; o < nOc; ++o) {
                    const Index oc = grp * g.coutg + oc0 + o;
                    T* dst = out + ((img * g.cout + oc) * g.oh + oh) * g.ow + ow0;
                    const T b = bias ? bias[oc] : T(0);
                    T tmp[TW];
                    std::memcpy(tmp, &acc[o][0], sizeof(V));
                    std::memcpy(tmp + L, &acc[o][1], sizeof(V));
                    for (Index j = 0; j < nw; ++j) dst[j] = tmp[j] + b;
                }
            }
        }
    }
}

using DirectFn = void (*)(const DirectCtx&, Index, Index, Index, Index, const void*, Index);

// Register blocking per instruction set: AVX-512 has 32 vector registers (8 channels × 2 vectors of
// accumulators), AVX2 and SSE have 16 (4 × 2).
template <class T>
struct DirectVariant {
    DirectFn fn;
    int lanes;  // elements per vector
    int ocb;    // output channels per block
};

__attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma,prefer-vector-width=512"))) void directF32Avx512(
    const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1, const void* buf, Index rows) {
    directRows<float, vf16, 8>(c, img, grp, oh0, oh1, static_cast<const float*>(buf), rows);
}
__attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma,prefer-vector-width=512"))) void directF64Avx512(
    const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1, const void* buf, Index rows) {
    directRows<double, vd8, 8>(c, img, grp, oh0, oh1, static_cast<const double*>(buf), rows);
}
__attribute__((target("avx2,fma"))) void directF32Avx2(const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1,
                                                       const void* buf, Index rows) {
    directRows<float, vf8, 4>(c, img, grp, oh0, oh1, static_cast<const float*>(buf), rows);
}
__attribute__((target("avx2,fma"))) void directF64Avx2(const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1,
                                                       const void* buf, Index rows) {
    directRows<double, vd4, 4>(c, img, grp, oh0, oh1, static_cast<const double*>(buf), rows);
}
void directF32Sse(const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1, const void* buf, Index rows) {
    directRows<float, vf4, 4>(c, img, grp, oh0, oh1, static_cast<const float*>(buf), rows);
}
void directF64Sse(const DirectCtx& c, Index img, Index grp, Index oh0, Index oh1, const void* buf, Index rows) {
    directRows<double, vd2, 4>(c, img, grp, oh0, oh1, static_cast<const double*>(buf), rows);
}

template <class T>
DirectVariant<T> directVariant() {
    constexpr bool f32 = std::is_same_v<T, float>;
    constexpr int s = sizeof(T);
    switch (convIsa()) {
        case Isa::Avx512:
            return {f32 ? directF32Avx512 : directF64Avx512, 64 / s, 8};
        case Isa::Avx2:
            return {f32 ? directF32Avx2 : directF64Avx2, 32 / s, 4};
        case Isa::Baseline:
            break;
    }
    return {f32 ? directF32Sse : directF64Sse, 16 / s, 4};
}

template <class T>
void directForward(const Geom& g, const T* x, const T* w, const T* bias, T* out) {
    const DirectVariant<T> v = directVariant<T>();
    const Index tileW = 2 * v.lanes;
    const Index tiles = (g.ow + tileW - 1) / tileW;
    const Index ocBlocks = (g.coutg + v.ocb - 1) / v.ocb;
    const Index k = g.k();
    // Rows read per tile reach tiles·tileW − 1 + (KW − 1)·dilation; beyond W + 2·pad they are zeros.
    const Index rowLen = std::max(g.w + 2 * g.p.padW, tiles * tileW + (g.kw - 1) * g.p.dilationW);

    std::vector<T> packed(static_cast<std::size_t>(g.groups * ocBlocks * k * v.ocb), T(0));
    for (Index grp = 0; grp < g.groups; ++grp)
        for (Index oc = 0; oc < g.coutg; ++oc) {
            const Index blk = oc / v.ocb, o = oc % v.ocb;
            const T* src = w + (grp * g.coutg + oc) * k;
            T* dst = packed.data() + (grp * ocBlocks + blk) * k * v.ocb + o;
            for (Index i = 0; i < k; ++i) dst[i * v.ocb] = src[i];
        }
    const DirectCtx ctx{&g, packed.data(), bias, out, tiles, rowLen, ocBlocks};

    const Index chunks = rowChunks(g);
    const Index rowsPerChunk = (g.oh + chunks - 1) / chunks;
    parallelFor(0, g.n * g.groups * chunks, 1, [&](Index lo, Index hi) {
        std::vector<T> buf;
        for (Index task = lo; task < hi; ++task) {
            const Index img = task / (g.groups * chunks);
            const Index grp = task / chunks % g.groups;
            const Index oh0 = task % chunks * rowsPerChunk;
            const Index oh1 = std::min(g.oh, oh0 + rowsPerChunk);
            if (oh0 >= oh1) continue;
            const Index rows = (oh1 - 1 - oh0) * g.p.strideH + (g.kh - 1) * g.p.dilationH + 1;
            const Index firstRow = oh0 * g.p.strideH - g.p.padH;  // input row of buffer row 0
            buf.assign(static_cast<std::size_t>(g.cg * rows * rowLen), T(0));
            for (Index ic = 0; ic < g.cg; ++ic) {
                const T* plane = x + (img * g.c + grp * g.cg + ic) * g.h * g.w;
                for (Index r = 0; r < rows; ++r) {
                    const Index ih = firstRow + r;
                    if (ih < 0 || ih >= g.h) continue;
                    std::memcpy(buf.data() + (ic * rows + r) * rowLen + g.p.padW, plane + ih * g.w,
                                sizeof(T) * static_cast<std::size_t>(g.w));
                }
            }
            v.fn(ctx, img, grp, oh0, oh1, buf.data(), rows);
        }
    });
}

// ---------------------------------------------------------------------------------------------------------
// Direct weight gradient for unit horizontal stride: gw[oc][k] = Σ_oy Σ_ox g[oc][oy][ox] · x_k[oy][ox],
// where x_k is the padded input shifted by tap k = (ic, ky, kx). Per image, OCB output channels × KB
// taps of lane-wise partial sums stay in registers over all rows and column tiles, then are reduced
// across lanes in a fixed order. The output gradient rows are copied with zeros beyond OW, so lanes past
// the row end add nothing.

struct WeightGradCtx {
    const Geom* g;
    Index tiles;           // vectors per output row
    Index rowLen;          // padded input row length
    Index gradLen;         // padded output-gradient row length (tiles · lanes)
    const Index* kOffset;  // per tap: offset of its first element in the padded input of one image
};

template <class T, class V, int OCB, int KB>
[[gnu::always_inline]] inline void weightGradImage(const WeightGradCtx& c, const T* xbuf, const T* gbuf, T* acc) {
    constexpr int L = sizeof(V) / sizeof(T);
    const Geom& g = *c.g;
    const Index k = g.k();
    const Index gPlane = g.oh * c.gradLen;
    const Index rowStep = g.p.strideH * c.rowLen;
    for (Index oc0 = 0; oc0 < g.coutg; oc0 += OCB)
        for (Index k0 = 0; k0 < k; k0 += KB) {
            // Past the last channel or tap, repeat the last one; those sums are not stored.
            const T* gp[OCB];
            const T* xp[KB];
            for (int o = 0; o < OCB; ++o) gp[o] = gbuf + std::min<Index>(oc0 + o, g.coutg - 1) * gPlane;
            for (int j = 0; j < KB; ++j) xp[j] = xbuf + c.kOffset[std::min<Index>(k0 + j, k - 1)];
            V a[OCB][KB];
#pragma GCC unroll 16
            for (int o = 0; o < OCB; ++o)
#pragma GCC unroll 16
                for (int j = 0; j < KB; ++j) a[o][j] = V{};
            for (Index oy = 0; oy < g.oh; ++oy) {
                const Index go = oy * c.gradLen, xo = oy * rowStep;
                for (Index t = 0; t < c.tiles; ++t) {
                    V gv[OCB], xv[KB];
#pragma GCC unroll 16
                    for (int o = 0; o < OCB; ++o) std::memcpy(&gv[o], gp[o] + go + t * L, sizeof(V));
#pragma GCC unroll 16
                    for (int j = 0; j < KB; ++j) std::memcpy(&xv[j], xp[j] + xo + t * L, sizeof(V));
#pragma GCC unroll 16
                    for (int o = 0; o < OCB; ++o)
#pragma GCC unroll 16
                        for (int j = 0; j < KB; ++j) a[o][j] += gv[o] * xv[j];
                }
            }
            const Index nOc = std::min<Index>(OCB, g.coutg - oc0), nK = std::min<Index>(KB, k - k0);
            for (Index o = 0; o < nOc; ++o)
                for (Index j = 0; j < nK; ++j) {
                    T lanes[L];
                    std::memcpy(lanes, &a[o][j], sizeof(V));
                    T sum = 0;
                    for (int l = 0; l < L; ++l) sum += lanes[l];
                    acc[(oc0 + o) * k + k0 + j] += sum;
                }
        }
}

using WeightGradFn = void (*)(const WeightGradCtx&, const void*, const void*, void*);

__attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma,prefer-vector-width=512"))) void weightGradF32Avx512(
    const WeightGradCtx& c, const void* x, const void* g, void* acc) {
    weightGradImage<float, vf16, 4, 4>(c, static_cast<const float*>(x), static_cast<const float*>(g),
                                       static_cast<float*>(acc));
}
__attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma,prefer-vector-width=512"))) void weightGradF64Avx512(
    const WeightGradCtx& c, const void* x, const void* g, void* acc) {
    weightGradImage<double, vd8, 4, 4>(c, static_cast<const double*>(x), static_cast<const double*>(g),
                                       static_cast<double*>(acc));
}
__attribute__((target("avx2,fma"))) void weightGradF32Avx2(const WeightGradCtx& c, const void* x, const void* g,
                                                           void* acc) {
    weightGradImage<float, vf8, 2, 4>(c, static_cast<const float*>(x), static_cast<const float*>(g),
                                      static_cast<float*>(acc));
}
__attribute__((target("avx2,fma"))) void weightGradF64Avx2(const WeightGradCtx& c, const void* x, const void* g,
                                                           void* acc) {
    weightGradImage<double, vd4, 2, 4>(c, static_cast<const double*>(x), static_cast<const double*>(g),
                                       static_cast<double*>(acc));
}
void weightGradF32Sse(const WeightGradCtx& c, const void* x, const void* g, void* acc) {
    weightGradImage<float, vf4, 2, 4>(c, static_cast<const float*>(x), static_cast<const float*>(g),
                                      static_cast<float*>(acc));
}
void weightGradF64Sse(const WeightGradCtx& c, const void* x, const void* g, void* acc) {
    weightGradImage<double, vd2, 2, 4>(c, static_cast<const double*>(x), static_cast<const double*>(g),
                                       static_cast<double*>(acc));
}

template <class T>
WeightGradFn weightGradVariant() {
    constexpr bool f32 = std::is_same_v<T, float>;
    switch (directVariant<T>().lanes * sizeof(T)) {
        case 64:
            return f32 ? weightGradF32Avx512 : weightGradF64Avx512;
        case 32:
            return f32 ? weightGradF32Avx2 : weightGradF64Avx2;
        default:
            return f32 ? weightGradF32Sse : weightGradF64Sse;
    }
}

// Images per partial sum of the weight gradient: fixed, so the summation tree never depends on threads.
constexpr Index kBatchChunk = 4;

template <class T>
bool backwardWeightDirect(const Geom& g, const T* gout, const T* x, T* gw) {
    const Index lanes = directVariant<T>().lanes;
    if (g.p.strideW != 1 || g.ow < lanes) return false;
    const WeightGradFn fn = weightGradVariant<T>();
    const Index k = g.k();
    const Index tiles = (g.ow + lanes - 1) / lanes;
    const Index gradLen = tiles * lanes;
    const Index rowLen = std::max(g.w + 2 * g.p.padW, tiles * lanes + (g.kw - 1) * g.p.dilationW);
    const Index rows = (g.oh - 1) * g.p.strideH + (g.kh - 1) * g.p.dilationH + 1;
    std::vector<Index> kOffset(static_cast<std::size_t>(k));
    for (Index ic = 0; ic < g.cg; ++ic)
        for (Index ky = 0; ky < g.kh; ++ky)
            for (Index kx = 0; kx < g.kw; ++kx)
                kOffset[(ic * g.kh + ky) * g.kw + kx] = (ic * rows + ky * g.p.dilationH) * rowLen + kx * g.p.dilationW;
    const WeightGradCtx ctx{&g, tiles, rowLen, gradLen, kOffset.data()};

    const Index chunks = (g.n + kBatchChunk - 1) / kBatchChunk;
    const Index wsize = g.cout * k;
    std::vector<T> partial(static_cast<std::size_t>(chunks * wsize), T(0));
    parallelFor(0, chunks * g.groups, 1, [&](Index lo, Index hi) {
        std::vector<T> xbuf, gbuf;
        for (Index task = lo; task < hi; ++task) {
            const Index chunk = task / g.groups, grp = task % g.groups;
            for (Index img = chunk * kBatchChunk; img < std::min(g.n, (chunk + 1) * kBatchChunk); ++img) {
                xbuf.assign(static_cast<std::size_t>(g.cg * rows * rowLen), T(0));
                for (Index ic = 0; ic < g.cg; ++ic) {
                    const T* plane = x + (img * g.c + grp * g.cg + ic) * g.h * g.w;
                    for (Index r = 0; r < rows; ++r) {
                        const Index ih = r - g.p.padH;
                        if (ih < 0 || ih >= g.h) continue;
                        std::memcpy(xbuf.data() + (ic * rows + r) * rowLen + g.p.padW, plane + ih * g.w,
                                    sizeof(T) * static_cast<std::size_t>(g.w));
                    }
                }
                gbuf.assign(static_cast<std::size_t>(g.coutg * g.oh * gradLen), T(0));
                for (Index oc = 0; oc < g.coutg; ++oc)
                    for (Index oy = 0; oy < g.oh; ++oy)
                        std::memcpy(gbuf.data() + (oc * g.oh + oy) * gradLen,
                                    gout + ((img * g.cout + grp * g.coutg + oc) * g.oh + oy) * g.ow,
                                    sizeof(T) * static_cast<std::size_t>(g.ow));
                fn(ctx, xbuf.data(), gbuf.data(), partial.data() + chunk * wsize + grp * g.coutg * k);
            }
        }
    });
    std::fill(gw, gw + wsize, T(0));
    for (Index chunk = 0; chunk < chunks; ++chunk)
        for (Index i = 0; i < wsize; ++i) gw[i] += partial[chunk * wsize + i];
    return true;
}

// ---------------------------------------------------------------------------------------------------------
// im2col + GEMM: the general path (strided columns) and the backward passes.

// A row-major rows × cols matrix at p.
template <class T>
MatrixRef<T> mat(T* p, Index rows, Index cols) {
    return {p, rows, cols, cols, 1};
}

// col [cg·kh·kw, oh·ow] of one (image, group) plane block starting at `x`.
template <class T>
void im2col(const Geom& g, const T* x, T* col) {
    const Index ohw = g.oh * g.ow;
    for (Index ic = 0; ic < g.cg; ++ic)
        for (Index ky = 0; ky < g.kh; ++ky)
            for (Index kx = 0; kx < g.kw; ++kx) {
                T* dst = col + ((ic * g.kh + ky) * g.kw + kx) * ohw;
                const T* plane = x + ic * g.h * g.w;
                for (Index oy = 0; oy < g.oh; ++oy) {
                    const Index iy = oy * g.p.strideH - g.p.padH + ky * g.p.dilationH;
                    T* d = dst + oy * g.ow;
                    if (iy < 0 || iy >= g.h) {
                        std::fill(d, d + g.ow, T(0));
                        continue;
                    }
                    const T* row = plane + iy * g.w;
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        const Index ix = ox * g.p.strideW - g.p.padW + kx * g.p.dilationW;
                        d[ox] = (ix >= 0 && ix < g.w) ? row[ix] : T(0);
                    }
                }
            }
}

// The adjoint of im2col: adds col back into the input planes at `x` (which the caller zeroed).
template <class T>
void col2im(const Geom& g, const T* col, T* x) {
    const Index ohw = g.oh * g.ow;
    for (Index ic = 0; ic < g.cg; ++ic)
        for (Index ky = 0; ky < g.kh; ++ky)
            for (Index kx = 0; kx < g.kw; ++kx) {
                const T* src = col + ((ic * g.kh + ky) * g.kw + kx) * ohw;
                T* plane = x + ic * g.h * g.w;
                for (Index oy = 0; oy < g.oh; ++oy) {
                    const Index iy = oy * g.p.strideH - g.p.padH + ky * g.p.dilationH;
                    if (iy < 0 || iy >= g.h) continue;
                    T* row = plane + iy * g.w;
                    const T* s = src + oy * g.ow;
                    for (Index ox = 0; ox < g.ow; ++ox) {
                        const Index ix = ox * g.p.strideW - g.p.padW + kx * g.p.dilationW;
                        if (ix >= 0 && ix < g.w) row[ix] += s[ox];
                    }
                }
            }
}

template <class T>
void gemmForward(const Geom& g, const T* x, const T* w, const T* bias, T* out) {
    const Index k = g.k(), ohw = g.oh * g.ow;
    parallelFor(0, g.n * g.groups, 1, [&](Index lo, Index hi) {
        std::vector<T> col(static_cast<std::size_t>(k * ohw));
        for (Index task = lo; task < hi; ++task) {
            const Index img = task / g.groups, grp = task % g.groups;
            im2col(g, x + (img * g.c + grp * g.cg) * g.h * g.w, col.data());
            GemmEpilogue<T> epilogue;
            if (bias) {
                epilogue.bias = bias + grp * g.coutg;
                epilogue.biasKind = BiasKind::PerRow;
            }
            gemm(mat(w + grp * g.coutg * k, g.coutg, k), mat<const T>(col.data(), k, ohw),
                 mat(out + (img * g.cout + grp * g.coutg) * ohw, g.coutg, ohw), epilogue);
        }
    });
}

// The direct kernel wins while a whole tile row is mostly useful columns; strided columns and rows
// narrower than a vector go through im2col + GEMM.
template <class T>
bool useDirect(const Geom& g) {
    return g.p.strideW == 1 && g.ow >= directVariant<T>().lanes;
}

// With unit strides, the input gradient is itself a convolution: of the output gradient, padded by
// dilation·(K − 1) − pad, with the weights flipped in space and transposed in channels. Returns false
// (nothing done) when that form does not apply or would not use the direct kernel.
template <class T>
bool backwardInputDirect(const Geom& g, const T* gout, const T* w, T* gin) {
    if (g.p.strideH != 1 || g.p.strideW != 1) return false;
    Geom t;
    t.n = g.n;
    t.c = g.cout;
    t.h = g.oh;
    t.w = g.ow;
    t.cout = g.c;
    t.kh = g.kh;
    t.kw = g.kw;
    t.oh = g.h;
    t.ow = g.w;
    t.groups = g.groups;
    t.cg = g.coutg;
    t.coutg = g.cg;
    t.p = {1,
           1,
           g.p.dilationH * (g.kh - 1) - g.p.padH,
           g.p.dilationW * (g.kw - 1) - g.p.padW,
           g.p.dilationH,
           g.p.dilationW,
           g.groups};
    // The input channels are the direct kernel's output channels here: with fewer than half a block of
    // them most of its accumulators would idle, and im2col + GEMM is faster.
    if (t.p.padH < 0 || t.p.padW < 0 || !useDirect<T>(t) || 2 * t.coutg < directVariant<T>().ocb) return false;
    std::vector<T> flipped(static_cast<std::size_t>(g.cout * g.k()));
    for (Index grp = 0; grp < g.groups; ++grp)
        for (Index oc = 0; oc < g.coutg; ++oc)
            for (Index ic = 0; ic < g.cg; ++ic)
                for (Index ky = 0; ky < g.kh; ++ky)
                    for (Index kx = 0; kx < g.kw; ++kx)
                        flipped[(((grp * g.cg + ic) * g.coutg + oc) * g.kh + (g.kh - 1 - ky)) * g.kw +
                                (g.kw - 1 - kx)] = w[(((grp * g.coutg + oc) * g.cg + ic) * g.kh + ky) * g.kw + kx];
    directForward<T>(t, gout, flipped.data(), nullptr, gin);
    return true;
}

template <class T>
void backwardInput(const Geom& g, const T* gout, const T* w, T* gin) {
    if (backwardInputDirect(g, gout, w, gin)) return;
    const Index k = g.k(), ohw = g.oh * g.ow;
    parallelFor(0, g.n, 1, [&](Index lo, Index hi) {
        std::vector<T> col(static_cast<std::size_t>(k * ohw));
        for (Index img = lo; img < hi; ++img) {
            T* x = gin + img * g.c * g.h * g.w;
            std::fill(x, x + g.c * g.h * g.w, T(0));
            for (Index grp = 0; grp < g.groups; ++grp) {
                gemm(mat(w + grp * g.coutg * k, g.coutg, k).t(),
                     mat(gout + (img * g.cout + grp * g.coutg) * ohw, g.coutg, ohw), mat(col.data(), k, ohw));
                col2im(g, col.data(), x + grp * g.cg * g.h * g.w);
            }
        }
    });
}

template <class T>
void backwardWeight(const Geom& g, const T* gout, const T* x, T* gw) {
    if (backwardWeightDirect(g, gout, x, gw)) return;
    const Index k = g.k(), ohw = g.oh * g.ow;
    const Index chunks = (g.n + kBatchChunk - 1) / kBatchChunk;
    const Index wsize = g.cout * k;
    std::vector<T> partial(static_cast<std::size_t>(std::max<Index>(chunks, 1) * wsize), T(0));
    parallelFor(0, chunks * g.groups, 1, [&](Index lo, Index hi) {
        std::vector<T> col(static_cast<std::size_t>(k * ohw));
        for (Index task = lo; task < hi; ++task) {
            const Index chunk = task / g.groups, grp = task % g.groups;
            const MatrixRef<T> acc = mat(partial.data() + chunk * wsize + grp * g.coutg * k, g.coutg, k);
            GemmEpilogue<T> accumulate;
            accumulate.beta = 1;
            for (Index img = chunk * kBatchChunk; img < std::min(g.n, (chunk + 1) * kBatchChunk); ++img) {
                im2col(g, x + (img * g.c + grp * g.cg) * g.h * g.w, col.data());
                gemm(mat(gout + (img * g.cout + grp * g.coutg) * ohw, g.coutg, ohw),
                     mat<const T>(col.data(), k, ohw).t(), acc, accumulate);
            }
        }
    });
    std::fill(gw, gw + wsize, T(0));
    for (Index chunk = 0; chunk < chunks; ++chunk)
        for (Index i = 0; i < wsize; ++i) gw[i] += partial[chunk * wsize + i];
}

template <class T>
void backwardBias(Index n, Index cout, Index plane, const T* gout, T* gb) {
    parallelFor(0, cout, 1, [&](Index lo, Index hi) {
        for (Index oc = lo; oc < hi; ++oc) {
            T s = 0;
            for (Index img = 0; img < n; ++img) {
                const T* p = gout + (img * cout + oc) * plane;
                // Eight interleaved partial sums (vectorisable), combined in a fixed order.
                T part[8] = {};
                Index i = 0;
                for (; i + 8 <= plane; i += 8)
                    for (int j = 0; j < 8; ++j) part[j] += p[i + j];
                for (; i < plane; ++i) part[i % 8] += p[i];
                s += ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
            }
            gb[oc] = s;
        }
    });
}

}  // namespace

Isa convIsa() {
    const int o = g_override.load(std::memory_order_relaxed);
    return o != 0 ? static_cast<Isa>(o) : detail::fastActiveIsa();
}

void setConvIsa(Isa isa) { g_override.store(static_cast<int>(std::min(isa, bestIsa())), std::memory_order_relaxed); }

void convForward(const Tensor& out, const Tensor& x, const Tensor& w, const Tensor& bias, const ConvParams& p) {
    const Geom g = geometry(x.sizes(), w.sizes(), out.sizes(), p);
    if (out.numel() == 0) return;
    visitFloating(x.dtype(), "conv", [&]<class T>() {
        const T* b = bias.defined() ? bias.data<T>() : nullptr;
        if (g.k() == 0) {
            // Zero input channels: the output is the bias alone.
            T* o = out.data<T>();
            for (Index i = 0; i < g.n * g.cout; ++i)
                std::fill(o + i * g.oh * g.ow, o + (i + 1) * g.oh * g.ow, b ? b[i % g.cout] : T(0));
        } else if (useDirect<T>(g)) {
            directForward<T>(g, x.data<T>(), w.data<T>(), b, out.data<T>());
        } else {
            gemmForward<T>(g, x.data<T>(), w.data<T>(), b, out.data<T>());
        }
    });
}

void convBackwardInput(const Tensor& gradInput, const Tensor& gradOut, const Tensor& w, const ConvParams& p) {
    const Geom g = geometry(gradInput.sizes(), w.sizes(), gradOut.sizes(), p);
    if (gradInput.numel() == 0) return;
    visitFloating(gradOut.dtype(), "conv backward", [&]<class T>() {
        if (gradOut.numel() == 0) {
            std::fill(gradInput.data<T>(), gradInput.data<T>() + gradInput.numel(), T(0));
            return;
        }
        backwardInput<T>(g, gradOut.data<T>(), w.data<T>(), gradInput.data<T>());
    });
}

void convBackwardWeight(const Tensor& gradWeight, const Tensor& gradOut, const Tensor& x, const ConvParams& p) {
    const Geom g = geometry(x.sizes(), gradWeight.sizes(), gradOut.sizes(), p);
    if (gradWeight.numel() == 0) return;
    visitFloating(gradOut.dtype(), "conv backward", [&]<class T>() {
        if (gradOut.numel() == 0) {
            std::fill(gradWeight.data<T>(), gradWeight.data<T>() + gradWeight.numel(), T(0));
            return;
        }
        backwardWeight<T>(g, gradOut.data<T>(), x.data<T>(), gradWeight.data<T>());
    });
}

void convBackwardBias(const Tensor& gradBias, const Tensor& gradOut) {
    const Index n = gradOut.size(0), cout = gradOut.size(1);
    const Index plane = n == 0 || cout == 0 ? 0 : gradOut.numel() / (n * cout);
    visitFloating(gradOut.dtype(), "conv backward",
                  [&]<class T>() { backwardBias<T>(n, cout, plane, gradOut.data<T>(), gradBias.data<T>()); });
}

}  // namespace tessera::kernels
