// Internal to the GEMM kernels: the packed, cache-blocked, parallel driver behind kernels::gemm.
//
//   // in gemm_avx512.cpp, compiled with -mavx512f -mfma:
//   namespace { struct Avx512Float { using T = float; using Vec = __m512; … }; }
//   void gemmAvx512(…) { gemm_detail::Driver<Avx512Float, 12, 8, 16>::run(a, b, c, e); }
//
// Each ISA's .cpp instantiates the driver with a vector-traits type from an anonymous namespace, so every
// instantiation has internal linkage and is compiled only with that file's target flags: no AVX-512 code
// can leak, through a merged inline function, into a path that runs on a CPU without it.
//
// Loop nest (BLIS order): for each NC-wide panel of B, for each kGemmKc-deep block of K, pack B's block
// (kc × nc, stays in L2), then for each MR-row panel of A pack it (MR × kc, stays in L1) and run the
// micro-kernel over every NR-wide column panel. See Note [GEMM determinism] in gemm.h.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/kernels/gemm.h"
#include "core/kernels/parallel.h"

namespace tessera::kernels::gemm_detail {

// The epilogue of one tile: which of Note [GEMM epilogue]'s steps apply for this K block.
template <class T>
struct TileEpilogue {
    T alpha = 1;
    T beta = 0;
    bool readC = false;                        // false on the first K block when beta is 0
    const T* rowBias = nullptr;                // bias[i0…] (last K block only)
    const T* colBias = nullptr;                // bias[j0…] (last K block only)
    Activation activation = Activation::None;  // last K block only
};

// Traits Tr provide: T, Vec, Mask, kLanes; zero, set1, load, loadMasked, store, storeMasked, fma(a, b, c)
// = a·b + c fused, mul, add, relu, mask(n) (the first n lanes), prefetch.
template <class Tr, int MR, int NV>
struct MicroKernel {
    using T = typename Tr::T;
    using Vec = typename Tr::Vec;
    static constexpr int kLanes = Tr::kLanes;
    static constexpr int NR = NV * kLanes;

    // C[0:mr, 0:nr] (row stride ldc, unit column stride) = epilogue(A · B) over kc steps. Step k reads MR
    // values of A at a + k·aStep + r·aRow (aRow is 1 unless kRowA: a packed panel has aStep = MR, a
    // transposed A is read in place with aStep = its column stride, and with kRowA a row-major A is read in
    // place with aStep = 1 and aRow = its row stride) and NR values of B at b + k·bStep (a packed,
    // zero-padded panel: bStep = NR; B itself when its rows are contiguous: bStep = its row stride, and
    // with kMaskB only the first nr columns are read).
    template <bool kMaskB, bool kRowA>
    static void run(std::int64_t kc, const T* a, std::int64_t aStep, std::int64_t aRow, const T* b, std::int64_t bStep,
                    T* c, std::int64_t ldc, int mr, int nr, const TileEpilogue<T>& e) {
        if constexpr (!kRowA) aRow = 1;
        typename Tr::Mask bMask[NV];
        if constexpr (kMaskB)
            for (int v = 0; v < NV; ++v) bMask[v] = Tr::mask(std::clamp(nr - v * kLanes, 0, kLanes));
        // C's tile is needed only after the k loop: start fetching it now (in a large product it is far
        // from L1; in a short loop the fetch would not arrive in time anyway).
        if (kc >= 64)
            for (int r = 0; r < mr; ++r) {
                Tr::prefetch(c + r * ldc);
                Tr::prefetch(c + r * ldc + nr - 1);
            }
        Vec acc[MR][NV];
#pragma GCC unroll 32
        for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
            for (int v = 0; v < NV; ++v) acc[r][v] = Tr::zero();
        for (std::int64_t k = 0; k < kc; ++k) {
            Vec bv[NV];
#pragma GCC unroll 4
            for (int v = 0; v < NV; ++v) {
                if constexpr (kMaskB)
                    bv[v] = Tr::loadMasked(b + v * kLanes, bMask[v]);
                else
                    bv[v] = Tr::load(b + v * kLanes);
            }
            Tr::prefetch(b + 8 * bStep);
#pragma GCC unroll 32
            for (int r = 0; r < MR; ++r) {
                const Vec av = Tr::set1(a[r * aRow]);
#pragma GCC unroll 4
                for (int v = 0; v < NV; ++v) acc[r][v] = Tr::fma(av, bv[v], acc[r][v]);
            }
            a += aStep;
            b += bStep;
        }
        const Vec alpha = Tr::set1(e.alpha);
        const Vec beta = Tr::set1(e.beta);
#pragma GCC unroll 32
        for (int r = 0; r < MR; ++r) {
            if (r >= mr) break;
            T* row = c + r * ldc;
#pragma GCC unroll 4
            for (int v = 0; v < NV; ++v) {
                const int n = nr - v * kLanes;
                if (n <= 0) break;
                const auto m = Tr::mask(std::min(n, kLanes));
                Vec t = e.alpha == T(1) ? acc[r][v] : Tr::mul(alpha, acc[r][v]);  // 1·x is x, bit for bit
                if (e.readC) t = Tr::add(t, Tr::mul(beta, Tr::loadMasked(row + v * kLanes, m)));
                if (e.rowBias) t = Tr::add(t, Tr::set1(e.rowBias[r]));
                if (e.colBias) t = Tr::add(t, Tr::loadMasked(e.colBias + v * kLanes, m));
                if (e.activation == Activation::Relu) t = Tr::relu(t);
                if (n >= kLanes)
                    Tr::store(row + v * kLanes, t);
                else
                    Tr::storeMasked(row + v * kLanes, t, m);
            }
            if (e.activation == Activation::Sigmoid || e.activation == Activation::Tanh)
                for (int j = 0; j < nr; ++j) row[j] = activate(e.activation, row[j]);
        }
    }
};

// Per-thread packing buffers. The serial driver never enters oneTBB, so a thread cannot start another
// GEMM while one of its own is using these.
template <class T>
struct Scratch {
    std::vector<T> b;
    std::vector<T> cTile;
};

template <class Tr, int MR, int NV>
struct SerialDriver {
    using T = typename Tr::T;
    using Kernel = MicroKernel<Tr, MR, NV>;
    static constexpr int kLanes = Tr::kLanes;
    static constexpr int NR = Kernel::NR;
    static constexpr std::int64_t KC = kGemmKc;
    static constexpr std::int64_t NC = 2048;
    // B is read in place (not packed) when its rows are contiguous and either A has few row panels (the
    // packing would be used too few times to pay) or kc rows of B span little memory (no TLB or L2-set
    // trouble from the row stride).
    static constexpr std::int64_t kDirectBMaxPanels = 4;
    static constexpr std::int64_t kDirectBMaxSpan = 64 * 1024;  // elements
    static constexpr std::int64_t kInPlaceMaxStep = 512;        // elements between a transposed A's k steps

    static void packB(const MatrixRef<const T>& b, std::int64_t k0, std::int64_t kc, std::int64_t j0, std::int64_t nc,
                      T* out) {
        for (std::int64_t jp = 0; jp < nc; jp += NR) {
            const int nr = static_cast<int>(std::min<std::int64_t>(NR, nc - jp));
            T* dst = out + jp * kc;
            const T* src = b.data + k0 * b.rowStride + (j0 + jp) * b.colStride;
            if (b.colStride == 1 && nr == NR) {
                for (std::int64_t k = 0; k < kc; ++k)
                    for (int v = 0; v < NV; ++v)
                        Tr::store(dst + k * NR + v * kLanes, Tr::load(src + k * b.rowStride + v * kLanes));
                continue;
            }
            if (b.rowStride == 1) {
                for (int j = 0; j < nr; ++j) {
                    const T* col = src + j * b.colStride;
                    for (std::int64_t k = 0; k < kc; ++k) dst[k * NR + j] = col[k];
                }
            } else {
                for (std::int64_t k = 0; k < kc; ++k)
                    for (int j = 0; j < nr; ++j) dst[k * NR + j] = src[k * b.rowStride + j * b.colStride];
            }
            for (std::int64_t k = 0; k < kc; ++k)
                for (int j = nr; j < NR; ++j) dst[k * NR + j] = T(0);
        }
    }

    static void packA(const MatrixRef<const T>& a, std::int64_t i0, int mr, std::int64_t k0, std::int64_t kc, T* out) {
        const T* src = a.data + i0 * a.rowStride + k0 * a.colStride;
        if (a.rowStride == 1) {
            // MR values per k are contiguous: masked vector copies, zero-filling rows mr…MR.
            constexpr int kChunks = (MR + kLanes - 1) / kLanes;
            typename Tr::Mask load[kChunks], store[kChunks];
            for (int q = 0; q < kChunks; ++q) {
                load[q] = Tr::mask(std::clamp(mr - q * kLanes, 0, kLanes));
                store[q] = Tr::mask(std::min(MR - q * kLanes, kLanes));
            }
            for (std::int64_t k = 0; k < kc; ++k)
                for (int q = 0; q < kChunks; ++q)
                    Tr::storeMasked(out + k * MR + q * kLanes,
                                    Tr::loadMasked(src + k * a.colStride + q * kLanes, load[q]), store[q]);
            return;
        }
        if (a.colStride == 1) {
            for (int r = 0; r < mr; ++r) {
                const T* row = src + r * a.rowStride;
                for (std::int64_t k = 0; k < kc; ++k) out[k * MR + r] = row[k];
            }
        } else {
            for (std::int64_t k = 0; k < kc; ++k)
                for (int r = 0; r < mr; ++r) out[k * MR + r] = src[r * a.rowStride + k * a.colStride];
        }
        for (std::int64_t k = 0; k < kc; ++k)
            for (int r = mr; r < MR; ++r) out[k * MR + r] = T(0);
    }

    // The whole product on the calling thread; c.colStride == 1 is the fast path, others go through a
    // tile buffer with the same epilogue code. c is the block of a larger C whose first element is that
    // C's (row0, col0): ep.triangle refers to the larger C's diagonal.
    static void run(const MatrixRef<const T>& a, const MatrixRef<const T>& b, const MatrixRef<T>& c,
                    const GemmEpilogue<T>& ep, std::int64_t row0 = 0, std::int64_t col0 = 0) {
        const std::int64_t M = c.rows, N = c.cols, K = a.cols;
        thread_local Scratch<T> scratch;
        alignas(64) T aPanel[MR * KC];
        const bool directB = b.colStride == 1 && ((M + MR - 1) / MR <= kDirectBMaxPanels ||
                                                  b.rowStride * std::min(K, KC) <= kDirectBMaxSpan);
        const bool largeA = M * K * static_cast<std::int64_t>(sizeof(T)) > (std::int64_t(1) << 20);
        for (std::int64_t j0 = 0; j0 < N; j0 += NC) {
            const std::int64_t nc = std::min(NC, N - j0);
            const std::int64_t ncPadded = (nc + NR - 1) / NR * NR;
            for (std::int64_t k0 = 0; k0 == 0 || k0 < K; k0 += KC) {
                const std::int64_t kc = std::min(KC, K - k0);
                const bool first = k0 == 0, last = k0 + KC >= K;
                if (!directB) {
                    if (scratch.b.size() < static_cast<std::size_t>(kc * ncPadded))
                        scratch.b.resize(static_cast<std::size_t>(KC * ((NC + NR - 1) / NR * NR)));
                    packB(b, k0, kc, j0, nc, scratch.b.data());
                }
                TileEpilogue<T> te;
                te.alpha = ep.alpha;
                te.beta = first ? ep.beta : T(1);
                te.readC = !first || ep.beta != T(0);
                if (last) te.activation = ep.activation;
                for (std::int64_t i0 = 0; i0 < M; i0 += MR) {
                    const int mr = static_cast<int>(std::min<std::int64_t>(MR, M - i0));
                    // A's panel is read in place when its MR values per k are contiguous and close together
                    // (a transposed A of a few hundred columns) or its rows are (a row-major A: the kernel
                    // broadcasts from MR row pointers, which measured faster than packing it); partial panels,
                    // other strides and k steps more than kInPlaceMaxStep apart (each k step on another page:
                    // AᵀA of a wide A ran at 60 % of the packed speed) are packed.
                    const T* aPtr = a.data + i0 * a.rowStride + k0 * a.colStride;
                    std::int64_t aStep = a.colStride;
                    const bool rowA = a.colStride == 1 && a.rowStride != 1 && mr == MR;
                    if (!rowA && (a.rowStride != 1 || mr != MR || a.colStride > kInPlaceMaxStep)) {
                        packA(a, i0, mr, k0, kc, aPanel);
                        aPtr = aPanel;
                        aStep = MR;
                    }
                    te.rowBias = last && ep.biasKind == BiasKind::PerRow ? ep.bias + i0 : nullptr;
                    // While this panel runs, fetch the rows of the next A panel (when A is larger than L2 they
                    // come from L3 or memory), a few cache lines per column panel.
                    const bool prefetchA = largeA && a.colStride == 1 && a.rowStride != 1 && i0 + MR < M;
                    constexpr std::int64_t kLine = 64 / sizeof(T);
                    const std::int64_t linesPerRow = (kc + kLine - 1) / kLine;
                    const std::int64_t linesPerStep = (MR * linesPerRow * NR + nc - 1) / nc;
                    std::int64_t nextLine = 0;
                    for (std::int64_t jp = 0; jp < nc; jp += NR) {
                        if (prefetchA) {
                            const std::int64_t rows = std::min<std::int64_t>(MR, M - i0 - MR);
                            for (std::int64_t q = 0; q < linesPerStep && nextLine < rows * linesPerRow; ++q, ++nextLine)
                                Tr::prefetch(a.data + (i0 + MR + nextLine / linesPerRow) * a.rowStride + k0 +
                                             (nextLine % linesPerRow) * kLine);
                        }
                        const int nr = static_cast<int>(std::min<std::int64_t>(NR, nc - jp));
                        const std::int64_t tileRow = row0 + i0, tileCol = col0 + j0 + jp;
                        if ((ep.triangle == Triangle::Upper && tileCol + nr <= tileRow) ||
                            (ep.triangle == Triangle::Lower && tileCol >= tileRow + mr))
                            continue;
                        te.colBias = last && ep.biasKind == BiasKind::PerColumn ? ep.bias + j0 + jp : nullptr;
                        T* cTile = c.data + i0 * c.rowStride + (j0 + jp) * c.colStride;
                        const T* bPtr = directB ? b.data + k0 * b.rowStride + j0 + jp : scratch.b.data() + jp * kc;
                        const std::int64_t bStep = directB ? b.rowStride : NR;
                        T* out = cTile;
                        std::int64_t ldc = c.rowStride;
                        if (c.colStride != 1) {
                            // Through a contiguous tile, so that the same epilogue code runs.
                            scratch.cTile.resize(MR * NR);
                            out = scratch.cTile.data();
                            ldc = NR;
                            if (te.readC)
                                for (int r = 0; r < mr; ++r)
                                    for (int j = 0; j < nr; ++j)
                                        out[r * NR + j] = cTile[r * c.rowStride + j * c.colStride];
                        }
                        const bool maskB = directB && nr < NR;
                        if (rowA && maskB)
                            Kernel::template run<true, true>(kc, aPtr, 1, a.rowStride, bPtr, bStep, out, ldc, mr, nr,
                                                             te);
                        else if (rowA)
                            Kernel::template run<false, true>(kc, aPtr, 1, a.rowStride, bPtr, bStep, out, ldc, mr, nr,
                                                              te);
                        else if (maskB)
                            Kernel::template run<true, false>(kc, aPtr, aStep, 1, bPtr, bStep, out, ldc, mr, nr, te);
                        else
                            Kernel::template run<false, false>(kc, aPtr, aStep, 1, bPtr, bStep, out, ldc, mr, nr, te);
                        if (c.colStride != 1)
                            for (int r = 0; r < mr; ++r)
                                for (int j = 0; j < nr; ++j) cTile[r * c.rowStride + j * c.colStride] = out[r * NR + j];
                    }
                }
            }
        }
    }
};

// Products below this many multiply-adds run on the calling thread (a oneTBB dispatch costs about as
// much as a 64×64×64 product).
inline constexpr std::int64_t kParallelMinMacs = std::int64_t(1) << 20;

// Chooses the micro-kernel from the shape and splits C into a grid of sub-products that run in parallel.
// Each sub-product runs the serial driver, so neither choice changes a result (Note [GEMM determinism]).
// Tiles: NarrowMR × kLanes when C has at most kLanes columns; otherwise SmallMR × 2·kLanes for products
// below kLargeMacs (less padding of small M, and few enough row pointers to read A in place) and
// LargeMR × 2·kLanes above (more reuse of each loaded B vector).
template <class Tr, int LargeMR, int SmallMR, int NarrowMR>
struct Driver {
    using T = typename Tr::T;
    static constexpr std::int64_t kLargeMacs = std::int64_t(1) << 22;

    template <int MR, int NV>
    static void runSplit(const MatrixRef<const T>& a, const MatrixRef<const T>& b, const MatrixRef<T>& c,
                         const GemmEpilogue<T>& ep) {
        using Serial = SerialDriver<Tr, MR, NV>;
        const std::int64_t M = c.rows, N = c.cols, K = a.cols;
        const std::int64_t macs = M * N * std::max<std::int64_t>(K, 1);
        const int threads = numThreads();
        if (threads == 1 || macs < kParallelMinMacs) {
            Serial::run(a, b, c, ep);
            return;
        }
        // Aim at a few tasks per thread (the other cores are often busy, so oneTBB balances by stealing),
        // each at least kParallelMinMacs; split N first, since that packs B only once.
        const std::int64_t maxTasks = std::max<std::int64_t>(1, macs / kParallelMinMacs);
        const std::int64_t want = std::min<std::int64_t>(4 * threads, maxTasks);
        constexpr std::int64_t NR = Serial::NR;
        const std::int64_t nPanels = (N + NR - 1) / NR, mPanels = (M + MR - 1) / MR;
        const std::int64_t nSplit = std::min(want, std::max<std::int64_t>(1, nPanels / 4));
        const std::int64_t mSplit = std::min((want + nSplit - 1) / nSplit, mPanels);
        const std::int64_t nStep = (nPanels + nSplit - 1) / nSplit * NR;
        const std::int64_t mStep = (mPanels + mSplit - 1) / mSplit * MR;
        const std::int64_t nTasks = (N + nStep - 1) / nStep, mTasks = (M + mStep - 1) / mStep;
        parallelFor(0, nTasks * mTasks, 1, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t t = lo; t < hi; ++t) {
                const std::int64_t i0 = (t % mTasks) * mStep, j0 = (t / mTasks) * nStep;
                const std::int64_t mi = std::min(mStep, M - i0), nj = std::min(nStep, N - j0);
                MatrixRef<const T> subA{a.data + i0 * a.rowStride, mi, K, a.rowStride, a.colStride};
                MatrixRef<const T> subB{b.data + j0 * b.colStride, K, nj, b.rowStride, b.colStride};
                MatrixRef<T> subC{c.data + i0 * c.rowStride + j0 * c.colStride, mi, nj, c.rowStride, c.colStride};
                GemmEpilogue<T> subEp = ep;
                if (ep.biasKind == BiasKind::PerRow) subEp.bias = ep.bias + i0;
                if (ep.biasKind == BiasKind::PerColumn) subEp.bias = ep.bias + j0;
                Serial::run(subA, subB, subC, subEp, i0, j0);
            }
        });
    }

    static void run(const MatrixRef<const T>& a, const MatrixRef<const T>& b, const MatrixRef<T>& c,
                    const GemmEpilogue<T>& ep) {
        if (c.cols <= Tr::kLanes)
            runSplit<NarrowMR, 1>(a, b, c, ep);
        else if (c.rows * c.cols * a.cols < kLargeMacs)
            runSplit<SmallMR, 2>(a, b, c, ep);
        else
            runSplit<LargeMR, 2>(a, b, c, ep);
    }
};

}  // namespace tessera::kernels::gemm_detail

namespace tessera::kernels::gemm_detail {

// The per-ISA entry points (gemm_avx512.cpp, gemm_avx2.cpp); c.colStride is 1 or c has one column.
void gemmAvx512(const MatrixRef<const float>& a, const MatrixRef<const float>& b, const MatrixRef<float>& c,
                const GemmEpilogue<float>& ep);
void gemmAvx512(const MatrixRef<const double>& a, const MatrixRef<const double>& b, const MatrixRef<double>& c,
                const GemmEpilogue<double>& ep);
void gemmAvx2(const MatrixRef<const float>& a, const MatrixRef<const float>& b, const MatrixRef<float>& c,
              const GemmEpilogue<float>& ep);
void gemmAvx2(const MatrixRef<const double>& a, const MatrixRef<const double>& b, const MatrixRef<double>& c,
              const GemmEpilogue<double>& ep);

}  // namespace tessera::kernels::gemm_detail
