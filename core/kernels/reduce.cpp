#include "core/kernels/reduce.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <utility>

#include "core/kernels/fast_exp.h"
#include "core/kernels/parallel.h"

namespace tessera::kernels {

namespace {

using std::int64_t;

constexpr std::size_t kMaxDims = 32;
// Elements of one output per chunk (Note [Deterministic reduction]); small enough that a chunk's
// partial result stays accurate and large enough that per-chunk overhead vanishes.
constexpr int64_t kChunk = 4096;
// Elements of work per parallel task; smaller reductions stay on the calling thread.
constexpr int64_t kGrainWork = 32768;
// Leaf length of the pairwise summation (8 lanes of 16).
constexpr int64_t kLeaf = 128;

// Kept dims (the output's order) and reduced dims of one reduction, with size-1 dims dropped and
// adjacent dims merged where the strides allow.
struct Geometry {
    Shape outSizes, outStrides;
    Shape redSizes, redStrides;  // the last one is the inner loop
    int64_t numOut = 1;
    int64_t numRed = 1;
};

void coalesce(Shape& sizes, Shape& strides) {
    Shape s, st;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (!s.empty() && st.back() == strides[i] * sizes[i]) {
            s.back() *= sizes[i];
            st.back() = strides[i];
        } else {
            s.push_back(sizes[i]);
            st.push_back(strides[i]);
        }
    }
    sizes = std::move(s);
    strides = std::move(st);
}

// `keepOrder` keeps the reduced dims in logical order (arg* report logical indices); otherwise they are
// ordered by decreasing stride so that the inner loop walks memory.
Geometry makeGeometry(const Tensor& in, const std::vector<bool>& reduced, bool keepOrder) {
    Geometry g;
    std::vector<std::pair<int64_t, int64_t>> red;  // (size, stride)
    for (std::int64_t d = 0; d < in.dim(); ++d) {
        const int64_t size = in.sizes()[d], stride = in.strides()[d];
        if (reduced[d]) {
            g.numRed *= size;
            if (size != 1) red.emplace_back(size, stride);
        } else {
            g.numOut *= size;
            if (size != 1) {
                g.outSizes.push_back(size);
                g.outStrides.push_back(stride);
            }
        }
    }
    if (!keepOrder)
        std::stable_sort(red.begin(), red.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [size, stride] : red) {
        g.redSizes.push_back(size);
        g.redStrides.push_back(stride);
    }
    coalesce(g.outSizes, g.outStrides);
    coalesce(g.redSizes, g.redStrides);
    if (g.redSizes.empty()) {
        g.redSizes = {1};
        g.redStrides = {0};
    }
    if (g.outSizes.size() > kMaxDims || g.redSizes.size() > kMaxDims)
        throw ShapeError("reduce: tensors with more than 32 non-mergeable dims are not supported, got " +
                         shapeToString(in.sizes()));
    return g;
}

// Walks the offsets of a row-major index space over (sizes, strides).
class Walker {
public:
    Walker(const int64_t* sizes, const int64_t* strides, std::size_t nd)
        : m_sizes(sizes), m_strides(strides), m_nd(nd) {}
    void seek(int64_t linear) {
        m_offset = 0;
        for (std::size_t d = m_nd; d-- > 0;) {
            m_idx[d] = linear % m_sizes[d];
            linear /= m_sizes[d];
            m_offset += m_idx[d] * m_strides[d];
        }
    }
    void next() {
        for (std::size_t d = m_nd; d-- > 0;) {
            m_offset += m_strides[d];
            if (++m_idx[d] < m_sizes[d]) return;
            m_offset -= m_idx[d] * m_strides[d];
            m_idx[d] = 0;
        }
    }
    int64_t offset() const { return m_offset; }

private:
    const int64_t* m_sizes;
    const int64_t* m_strides;
    std::size_t m_nd;
    std::array<int64_t, kMaxDims> m_idx{};
    int64_t m_offset = 0;
};

// Combines a stream of values pairwise in arrival order, like a binary counter: O(log n) error growth
// for sums, and order-preserving (older values on the left) for arg* ties.
template <class Acc, class Combine>
class Cascade {
public:
    explicit Cascade(const Combine& combine) : m_combine(combine) {}
    void add(Acc v) {
        std::uint64_t c = m_count;
        int level = 0;
        while (c & 1) {
            v = m_combine(m_levels[level], v);
            c >>= 1;
            ++level;
        }
        m_levels[level] = v;
        ++m_count;
    }
    Acc result() const {
        bool have = false;
        Acc r{};
        for (int level = 63; level >= 0; --level) {
            if (!((m_count >> level) & 1)) continue;
            r = have ? m_combine(r, m_levels[level]) : m_levels[level];
            have = true;
        }
        return r;
    }

private:
    const Combine& m_combine;
    std::array<Acc, 64> m_levels{};
    std::uint64_t m_count = 0;
};

// Column reductions: the innermost kept dim is contiguous, so a tile of kTile neighbouring outputs is
// reduced together, each step reading kTile contiguous elements (vectorised across outputs) instead of
// walking every output's reduced elements with a large stride. The reduced elements are taken in fixed
// blocks of kLeaf, each block accumulated in order and the blocks combined pairwise
// (Note [Deterministic reduction]); parallel over tiles.
template <class T, class R>
void runTiles(const Geometry& g, const T* base, const R& r) {
    using Acc = typename R::Acc;
    constexpr int64_t kTile = 64;
    using Lanes = std::array<Acc, kTile>;
    const auto combine = [&r](const Lanes& a, const Lanes& b) {
        Lanes c;
        for (int64_t j = 0; j < kTile; ++j) c[j] = r.combine(a[j], b[j]);
        return c;
    };
    const int64_t inner = g.outSizes.back();
    const int64_t tilesPerRow = (inner + kTile - 1) / kTile;
    const int64_t numTiles = (g.numOut / inner) * tilesPerRow;
    const std::size_t outerNd = g.outSizes.size() - 1;
    const int64_t grain = std::max<int64_t>(1, kGrainWork / (g.numRed * std::min(inner, kTile)));
    parallelFor(0, numTiles, grain, [&](int64_t lo, int64_t hi) {
        Walker ow(g.outSizes.data(), g.outStrides.data(), outerNd);
        for (int64_t t = lo; t < hi; ++t) {
            const int64_t oo = t / tilesPerRow, j0 = (t % tilesPerRow) * kTile, w = std::min(kTile, inner - j0);
            ow.seek(oo);
            const T* p = base + ow.offset() + j0;
            const int64_t o0 = oo * inner + j0;
            Cascade<Lanes, decltype(combine)> blocks(combine);
            Walker rw(g.redSizes.data(), g.redStrides.data(), g.redSizes.size());
            rw.seek(0);
            for (int64_t b0 = 0; b0 < g.numRed; b0 += kLeaf) {
                Lanes acc;
                acc.fill(r.identity());
                for (int64_t i = b0, end = std::min(g.numRed, b0 + kLeaf); i < end; ++i, rw.next()) {
                    const T* q = p + rw.offset();
                    for (int64_t j = 0; j < w; ++j) acc[j] = r.combine(acc[j], r.map(o0 + j, q[j]));
                }
                blocks.add(acc);
            }
            const Lanes res = blocks.result();
            for (int64_t j = 0; j < w; ++j) r.write(o0 + j, res[j]);
        }
    });
}

// Runs reducer `r` for every output: r.row(o, p, n, stride, index) reduces one strided run whose first
// element has reduced index `index`; r.combine joins partial results in index order; r.write stores.
template <class T, class R>
void run(const Geometry& g, const T* base, const R& r) {
    using Acc = typename R::Acc;
    const auto combine = [&r](const Acc& a, const Acc& b) { return r.combine(a, b); };
    const int64_t n = g.redSizes.back(), s = g.redStrides.back();
    const int64_t rows = g.numRed / n;
    const std::size_t outerNd = g.redSizes.size() - 1;
    const int64_t pieces = (n + kChunk - 1) / kChunk;
    const int64_t rowsPerChunk = pieces == 1 ? std::max<int64_t>(1, kChunk / n) : 1;
    const int64_t numChunks = pieces == 1 ? (rows + rowsPerChunk - 1) / rowsPerChunk : rows * pieces;

    auto chunk = [&](int64_t o, const T* p, int64_t c) -> Acc {
        Walker w(g.redSizes.data(), g.redStrides.data(), outerNd);
        if (pieces > 1) {
            const int64_t row = c / pieces, lo = (c % pieces) * kChunk;
            w.seek(row);
            return r.row(o, p + w.offset() + lo * s, std::min(kChunk, n - lo), s, row * n + lo);
        }
        const int64_t r0 = c * rowsPerChunk, r1 = std::min(rows, r0 + rowsPerChunk);
        w.seek(r0);
        if (r1 - r0 == 1) return r.row(o, p + w.offset(), n, s, r0 * n);
        Cascade<Acc, decltype(combine)> acc(combine);
        for (int64_t row = r0; row < r1; ++row, w.next()) acc.add(r.row(o, p + w.offset(), n, s, row * n));
        return acc.result();
    };
    auto finishOutput = [&](int64_t o, auto&& partial) {
        if (numChunks == 1) {
            r.write(o, partial(0));
            return;
        }
        Cascade<Acc, decltype(combine)> acc(combine);
        for (int64_t c = 0; c < numChunks; ++c) acc.add(partial(c));
        r.write(o, acc.result());
    };

    const std::size_t outNd = g.outSizes.size();
    if constexpr (R::kTiles) {
        if (outNd > 0 && g.outStrides.back() == 1 && g.outSizes.back() >= 4 && g.numRed > 1) {
            runTiles(g, base, r);
            return;
        }
    }
    if (numChunks == 1 || g.numOut >= 16) {
        const int64_t grain = std::max<int64_t>(1, kGrainWork / std::max<int64_t>(1, g.numRed));
        parallelFor(0, g.numOut, grain, [&](int64_t lo, int64_t hi) {
            Walker w(g.outSizes.data(), g.outStrides.data(), outNd);
            w.seek(lo);
            for (int64_t o = lo; o < hi; ++o, w.next()) {
                const T* p = base + w.offset();
                finishOutput(o, [&](int64_t c) { return chunk(o, p, c); });
            }
        });
        return;
    }
    // Few outputs with many chunks each: compute all chunk partials in parallel, then combine them in
    // the same order as above.
    std::vector<Acc> partials(static_cast<std::size_t>(g.numOut * numChunks));
    parallelFor(0, g.numOut * numChunks, std::max<int64_t>(1, kGrainWork / kChunk), [&](int64_t lo, int64_t hi) {
        Walker w(g.outSizes.data(), g.outStrides.data(), outNd);
        for (int64_t k = lo; k < hi; ++k) {
            const int64_t o = k / numChunks;
            w.seek(o);
            partials[k] = chunk(o, base + w.offset(), k % numChunks);
        }
    });
    for (int64_t o = 0; o < g.numOut; ++o) finishOutput(o, [&](int64_t c) { return partials[o * numChunks + c]; });
}

// Pairwise reduction of a strided run with 8 independent lanes at the leaves (vectorisable without
// reassociating any single lane). `f` maps an element to the accumulator type.
template <class Acc, class T, class F, class Op>
Acc pairwise(const T* p, int64_t n, int64_t s, const F& f, const Op& op, Acc identity) {
    if (n <= kLeaf) {
        Acc a[8] = {identity, identity, identity, identity, identity, identity, identity, identity};
        int64_t i = 0;
        if (s == 1) {
            for (; i + 8 <= n; i += 8)
                for (int j = 0; j < 8; ++j) a[j] = op(a[j], f(p[i + j]));
        } else {
            for (; i + 8 <= n; i += 8)
                for (int j = 0; j < 8; ++j) a[j] = op(a[j], f(p[(i + j) * s]));
        }
        Acc r = op(op(op(a[0], a[1]), op(a[2], a[3])), op(op(a[4], a[5]), op(a[6], a[7])));
        for (; i < n; ++i) r = op(r, f(p[i * s]));
        return r;
    }
    const int64_t h = ((n / 2) + 7) & ~int64_t{7};
    return op(pairwise<Acc>(p, h, s, f, op, identity), pairwise<Acc>(p + h * s, n - h, s, f, op, identity));
}

// 16-byte vectors (GCC/Clang vector extensions) for hand-vectorised selects.
using Float4 = float __attribute__((vector_size(16)));
using Double2 = double __attribute__((vector_size(16)));

template <class T>
bool isNan(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return std::isnan(v);
    else
        return false;
}

// Σ f(x) per output, handed to `write(o, acc)`.
template <class A, class T, class F, class W>
struct SumReducer {
    using Acc = A;
    static constexpr bool kTiles = true;
    F f;
    W w;
    Acc identity() const { return Acc(0); }
    Acc map(int64_t o, T x) const { return f(o, x); }
    Acc row(int64_t o, const T* p, int64_t n, int64_t s, int64_t) const {
        return pairwise<Acc>(
            p, n, s, [&](T x) { return f(o, x); }, [](Acc a, Acc b) { return a + b; }, Acc(0));
    }
    Acc combine(Acc a, Acc b) const { return a + b; }
    void write(int64_t o, Acc a) const { w(o, a); }
};
template <class Acc, class T, class F, class W>
SumReducer<Acc, T, F, W> sumReducer(F f, W w) {
    return {f, w};
}

template <class A, class T>
struct ProdReducer {
    using Acc = A;
    static constexpr bool kTiles = true;
    Acc* out;
    Acc identity() const { return Acc(1); }
    Acc map(int64_t, T x) const { return static_cast<Acc>(x); }
    Acc row(int64_t, const T* p, int64_t n, int64_t s, int64_t) const {
        return pairwise<Acc>(
            p, n, s, [](T x) { return static_cast<Acc>(x); }, [](Acc a, Acc b) { return a * b; }, Acc(1));
    }
    Acc combine(Acc a, Acc b) const { return a * b; }
    void write(int64_t o, Acc a) const { out[o] = a; }
};

// NaN-propagating max/min; for bool, max is "or" and min is "and".
template <class T>
T pick(T a, T b, bool isMax) {
    if (isNan(a)) return a;
    if (isNan(b)) return b;
    return isMax ? (b > a ? b : a) : (b < a ? b : a);
}

template <class T, class W>
struct ExtremumReducer {
    using Acc = T;
    static constexpr bool kTiles = true;
    bool isMax;
    W w;
    // Loses to every element (NaN excepted, which wins anyway).
    Acc identity() const {
        if constexpr (std::is_floating_point_v<T>)
            return isMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
        else
            return isMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
    }
    Acc map(int64_t, T x) const { return x; }
    Acc row(int64_t, const T* p, int64_t n, int64_t s, int64_t) const {
        if constexpr (std::is_floating_point_v<T>) {
            // 16 bytes of lanes, compare-and-select written with vector extensions (the compiler does not
            // if-convert scalar float selects under -ftrapping-math); a NaN sticks in its lane.
            using Vec = std::conditional_t<std::is_same_v<T, float>, Float4, Double2>;
            constexpr int64_t kLanes = 16 / sizeof(T);
            if (s == 1 && n >= 2 * kLanes) {
                Vec a, b;
                std::memcpy(&a, p, sizeof a);
                std::memcpy(&b, p + kLanes, sizeof b);
                int64_t i = 2 * kLanes;
                for (; i + 2 * kLanes <= n; i += 2 * kLanes) {
                    Vec x, y;
                    std::memcpy(&x, p + i, sizeof x);
                    std::memcpy(&y, p + i + kLanes, sizeof y);
                    if (isMax) {
                        a = ((x > a) | (x != x)) ? x : a;
                        b = ((y > b) | (y != y)) ? y : b;
                    } else {
                        a = ((x < a) | (x != x)) ? x : a;
                        b = ((y < b) | (y != y)) ? y : b;
                    }
                }
                T r = a[0];
                for (int64_t j = 1; j < kLanes; ++j) r = pick(r, a[j], isMax);
                for (int64_t j = 0; j < kLanes; ++j) r = pick(r, b[j], isMax);
                for (; i < n; ++i) r = pick(r, p[i], isMax);
                return r;
            }
        }
        T m = p[0];
        if (isMax) {
            for (int64_t i = 1; i < n; ++i) m = pick(m, p[i * s], true);
        } else {
            for (int64_t i = 1; i < n; ++i) m = pick(m, p[i * s], false);
        }
        return m;
    }
    Acc combine(Acc a, Acc b) const { return pick(a, b, isMax); }
    void write(int64_t o, Acc a) const { w(o, a); }
};
template <class T, class W>
ExtremumReducer<T, W> extremumReducer(bool isMax, W w) {
    return {isMax, w};
}

template <class T>
struct ArgReducer {
    using Acc = std::pair<T, int64_t>;
    static constexpr bool kTiles = false;
    bool isMax;
    int64_t* indices;
    T* values;
    // Whether `b` replaces the current best `a`: strictly better, or the first NaN.
    bool better(T b, T a) const {
        if (isNan(a)) return false;
        if (isNan(b)) return true;
        return isMax ? b > a : b < a;
    }
    Acc row(int64_t, const T* p, int64_t n, int64_t s, int64_t index) const {
        T best = p[0];
        int64_t at = 0;
        for (int64_t i = 1; i < n; ++i)
            if (better(p[i * s], best)) {
                best = p[i * s];
                at = i;
            }
        return {best, index + at};
    }
    Acc combine(const Acc& a, const Acc& b) const { return better(b.first, a.first) ? b : a; }
    void write(int64_t o, const Acc& a) const {
        indices[o] = a.second;
        if (values) values[o] = a.first;
    }
};

void checkOut(const Tensor& out, const Geometry& g, const char* op) {
    if (!out.isContiguous() || out.numel() != g.numOut)
        throw ShapeError(std::string(op) + ": output must be contiguous with " + std::to_string(g.numOut) +
                         " elements, got " + shapeToString(out.sizes()));
}

template <class T>
void fill(const Tensor& out, T v) {
    T* p = out.data<T>();
    std::fill(p, p + out.numel(), v);
}

}  // namespace

void sum(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced) {
    const Geometry g = makeGeometry(in, reduced, false);
    checkOut(out, g, "sum");
    visitDType(out.dtype(), [&]<class O>() {
        using Acc = std::conditional_t<std::is_same_v<O, bool>, int64_t, O>;
        if constexpr (std::is_same_v<O, bool>) {
            throw TypeError("sum: a bool output is not supported");
        } else {
            O* dst = out.data<O>();
            if (g.numRed == 0) return fill<O>(out, O(0));
            visitDType(in.dtype(), [&]<class T>() {
                run(g, static_cast<const T*>(in.rawData()),
                    sumReducer<Acc, T>([](int64_t, T x) { return static_cast<Acc>(x); },
                                       [dst](int64_t o, Acc a) { dst[o] = static_cast<O>(a); }));
            });
        }
    });
}

void mean(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced) {
    const Geometry g = makeGeometry(in, reduced, false);
    checkOut(out, g, "mean");
    visitFloating(out.dtype(), "mean", [&]<class O>() {
        O* dst = out.data<O>();
        if (g.numRed == 0) return fill<O>(out, std::numeric_limits<O>::quiet_NaN());
        const O count = static_cast<O>(g.numRed);
        visitDType(in.dtype(), [&]<class T>() {
            run(g, static_cast<const T*>(in.rawData()),
                sumReducer<O, T>([](int64_t, T x) { return static_cast<O>(x); },
                                 [dst, count](int64_t o, O a) { dst[o] = a / count; }));
        });
    });
}

void prod(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced) {
    const Geometry g = makeGeometry(in, reduced, false);
    checkOut(out, g, "prod");
    visitDType(out.dtype(), [&]<class O>() {
        if constexpr (std::is_same_v<O, bool>) {
            throw TypeError("prod: a bool output is not supported");
        } else {
            if (g.numRed == 0) return fill<O>(out, O(1));
            visitDType(in.dtype(), [&]<class T>() {
                run(g, static_cast<const T*>(in.rawData()), ProdReducer<O, T>{out.data<O>()});
            });
        }
    });
}

void var(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced, double correction, bool takeSqrt,
         const Tensor& meanOut) {
    const Geometry g = makeGeometry(in, reduced, false);
    checkOut(out, g, "var");
    if (meanOut.defined()) checkOut(meanOut, g, "var");
    visitFloating(in.dtype(), "var", [&]<class T>() {
        T* dst = out.data<T>();
        T* meanDst = meanOut.defined() ? meanOut.data<T>() : nullptr;
        if (g.numRed == 0) {
            fill<T>(out, std::numeric_limits<T>::quiet_NaN());
            if (meanDst) fill<T>(meanOut, std::numeric_limits<T>::quiet_NaN());
            return;
        }
        const T* src = static_cast<const T*>(in.rawData());
        std::vector<double> means(static_cast<std::size_t>(g.numOut));
        const double count = static_cast<double>(g.numRed);
        run(g, src,
            sumReducer<double, T>([](int64_t, T x) { return static_cast<double>(x); },
                                  [&means, count](int64_t o, double a) { means[o] = a / count; }));
        // Corrected two-pass: adding the mean of the residuals makes the mean of a constant input exactly
        // that constant, so its variance is exactly 0, as torch's Welford update gives (std's backward
        // masks std == 0; a rounding residue there would turn into a wrong gradient).
        run(g, src,
            sumReducer<double, T>([&means](int64_t o, T x) { return static_cast<double>(x) - means[o]; },
                                  [&means, count](int64_t o, double r) { means[o] += r / count; }));
        const double divisor = std::max(0.0, count - correction);
        run(g, src,
            sumReducer<double, T>(
                [&means](int64_t o, T x) {
                    const double d = static_cast<double>(x) - means[o];
                    return d * d;
                },
                [&](int64_t o, double a) {
                    const double v = a / divisor;
                    dst[o] = static_cast<T>(takeSqrt ? std::sqrt(v) : v);
                    if (meanDst) meanDst[o] = static_cast<T>(means[o]);
                }));
    });
}

void amax(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced, bool isMax) {
    const Geometry g = makeGeometry(in, reduced, false);
    checkOut(out, g, isMax ? "amax" : "amin");
    if (g.numRed == 0 && g.numOut > 0)
        throw IndexError(std::string(isMax ? "amax" : "amin") + "(): Expected reduction dim to have non-zero size.");
    visitDType(in.dtype(), [&]<class T>() {
        T* dst = out.data<T>();
        run(g, static_cast<const T*>(in.rawData()), extremumReducer<T>(isMax, [dst](int64_t o, T v) { dst[o] = v; }));
    });
}

void argmax(const Tensor& indices, const Tensor& values, const Tensor& in, const std::vector<bool>& reduced,
            bool isMax) {
    const Geometry g = makeGeometry(in, reduced, true);
    checkOut(indices, g, isMax ? "argmax" : "argmin");
    if (values.defined()) checkOut(values, g, isMax ? "max" : "min");
    if (g.numRed == 0 && g.numOut > 0)
        throw IndexError(std::string(isMax ? "argmax" : "argmin") +
                         "(): Expected reduction dim to have non-zero size.");
    visitDType(in.dtype(), [&]<class T>() {
        run(g, static_cast<const T*>(in.rawData()),
            ArgReducer<T>{isMax, indices.data<int64_t>(), values.defined() ? values.data<T>() : nullptr});
    });
}

void logsumexp(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced) {
    const Geometry g = makeGeometry(in, reduced, false);
    checkOut(out, g, "logsumexp");
    visitFloating(in.dtype(), "logsumexp", [&]<class T>() {
        T* dst = out.data<T>();
        if (g.numRed == 0) return fill<T>(out, -std::numeric_limits<T>::infinity());
        const T* src = static_cast<const T*>(in.rawData());
        const int64_t n = g.redSizes.back();
        if (g.redSizes.size() == 1 && g.redStrides[0] == 1 && n > 1 && (g.numOut >= 16 || n <= kChunk)) {
            // Contiguous rows: one output per row on one thread, with the vectorised max and exp.
            const std::size_t outNd = g.outSizes.size();
            parallelFor(0, g.numOut, std::max<int64_t>(1, kGrainWork / n), [&](int64_t lo, int64_t hi) {
                std::vector<T> buffer(static_cast<std::size_t>(n));
                Walker w(g.outSizes.data(), g.outStrides.data(), outNd);
                w.seek(lo);
                for (int64_t o = lo; o < hi; ++o, w.next()) {
                    const T* p = src + w.offset();
                    T m = maxOf(p, n);
                    m = std::isinf(m) ? T(0) : m;
                    dst[o] = std::log(expInto(buffer.data(), p, n, m)) + m;
                }
            });
            return;
        }
        // Infinite maxima are replaced by 0 so that exp(x - max) stays defined (torch's rule).
        std::vector<T> maxes(static_cast<std::size_t>(g.numOut));
        run(g, src, extremumReducer<T>(true, [&maxes](int64_t o, T v) { maxes[o] = std::isinf(v) ? T(0) : v; }));
        run(g, src,
            sumReducer<T, T>([&maxes](int64_t o, T x) { return std::exp(x - maxes[o]); },
                             [&](int64_t o, T a) { dst[o] = std::log(a) + maxes[o]; }));
    });
}

}  // namespace tessera::kernels
