// scikit-learn 1.2.1's sort of a node's feature values (sklearn/tree/_splitter.pyx): introsort with
// median-of-three pivots and a three-way partition, heapsort past depth 2*floor(log2 n). It is not
// stable, and the order it leaves tied values in decides the order of later floating-point sums, so
// trees equal to sklearn's need this exact algorithm, not std::sort.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>

namespace tessera::ml::tree::detail {

inline void swapPair(float* Xf, int64_t* samples, int64_t i, int64_t j) {
    std::swap(Xf[i], Xf[j]);
    std::swap(samples[i], samples[j]);
}

inline float median3(const float* Xf, int64_t n) {
    const float a = Xf[0], b = Xf[n / 2], c = Xf[n - 1];
    if (a < b) {
        if (b < c) return b;
        if (a < c) return c;
        return a;
    }
    if (b < c) {
        if (a < c) return a;
        return c;
    }
    return b;
}

inline void siftDown(float* Xf, int64_t* samples, int64_t start, int64_t end) {
    int64_t root = start;
    while (true) {
        const int64_t child = root * 2 + 1;
        int64_t maxind = root;
        if (child < end && Xf[maxind] < Xf[child]) maxind = child;
        if (child + 1 < end && Xf[maxind] < Xf[child + 1]) maxind = child + 1;
        if (maxind == root) return;
        swapPair(Xf, samples, root, maxind);
        root = maxind;
    }
}

inline void heapsort(float* Xf, int64_t* samples, int64_t n) {
    int64_t start = (n - 2) / 2;
    while (true) {
        siftDown(Xf, samples, start, n);
        if (start == 0) break;
        --start;
    }
    for (int64_t end = n - 1; end > 0; --end) {
        swapPair(Xf, samples, 0, end);
        siftDown(Xf, samples, 0, end);
    }
}

inline void introsort(float* Xf, int64_t* samples, int64_t n, int maxd) {
    while (n > 1) {
        if (maxd <= 0) {
            heapsort(Xf, samples, n);
            return;
        }
        --maxd;
        const float pivot = median3(Xf, n);
        int64_t i = 0, l = 0, r = n;
        while (i < r) {
            if (Xf[i] < pivot) {
                swapPair(Xf, samples, i, l);
                ++i;
                ++l;
            } else if (Xf[i] > pivot) {
                --r;
                swapPair(Xf, samples, i, r);
            } else {
                ++i;
            }
        }
        introsort(Xf, samples, l, maxd);
        Xf += r;
        samples += r;
        n -= r;
    }
}

// _utils.log is log base 2: ln(x) / ln(2).
inline int introsortDepth(int64_t n) { return 2 * static_cast<int>(std::log(static_cast<double>(n)) / std::log(2.0)); }

inline void sklearnSort(float* Xf, int64_t* samples, int64_t n) {
    if (n == 0) return;
    introsort(Xf, samples, n, introsortDepth(n));
}

// Note [Introsort with the ties only]: every step of the introsort keeps, in each subarray it
// recurses into, exactly the pairs whose sorted positions that subarray covers (pivots split between
// distinct values). A subarray without two equal values therefore ends sorted, in the one order its
// distinct values have, whatever the steps taken inside it; only subarrays holding a tie need sklearn's
// steps to place the tied samples as sklearn does. introsortTies runs sklearn's partitions (and its
// heapsort past the depth limit) only down the subarrays that still hold at least two samples flagged
// as tied (their value occurs more than once in the node) and copies every other subarray from
// `sorted`, the same pairs already in ascending order from another sort.
//
// It works on packed words, rank << 32 | tied << 31 | sample, in the node's order before the sort:
// comparing ranks is comparing values (equal values have equal ranks), so every pivot, swap and
// heap step is sklearn's, and one array moves instead of two. The partition is branch-free, since
// its comparisons are as unpredictable as the data. Samples must be below 2^31.
inline constexpr uint64_t kTiedBit = uint64_t{1} << 31;
inline constexpr uint64_t kSampleMask = kTiedBit - 1;

inline uint32_t rankOf(uint64_t w) { return static_cast<uint32_t>(w >> 32); }

inline void siftDownPacked(uint64_t* a, int64_t start, int64_t end) {
    int64_t root = start;
    while (true) {
        const int64_t child = root * 2 + 1;
        int64_t maxind = root;
        if (child < end && rankOf(a[maxind]) < rankOf(a[child])) maxind = child;
        if (child + 1 < end && rankOf(a[maxind]) < rankOf(a[child + 1])) maxind = child + 1;
        if (maxind == root) return;
        std::swap(a[root], a[maxind]);
        root = maxind;
    }
}

inline void heapsortPacked(uint64_t* a, int64_t n) {
    int64_t start = (n - 2) / 2;
    while (true) {
        siftDownPacked(a, start, n);
        if (start == 0) break;
        --start;
    }
    for (int64_t end = n - 1; end > 0; --end) {
        std::swap(a[0], a[end]);
        siftDownPacked(a, 0, end);
    }
}

inline uint32_t median3Packed(const uint64_t* a, int64_t n) {
    const uint32_t x = rankOf(a[0]), y = rankOf(a[n / 2]), z = rankOf(a[n - 1]);
    if (x < y) {
        if (y < z) return y;
        if (x < z) return z;
        return x;
    }
    if (y < z) {
        if (x < z) return x;
        return z;
    }
    return y;
}

inline void introsortTies(uint64_t* a, int64_t n, int maxd, const uint64_t* sorted, int64_t nTied) {
    while (n > 1) {
        if (nTied < 2) {
            std::copy_n(sorted, n, a);
            return;
        }
        if (maxd <= 0) {
            heapsortPacked(a, n);
            return;
        }
        --maxd;
        const uint32_t pivot = median3Packed(a, n);
        int64_t i = 0, l = 0, r = n, tiedLeft = 0, tiedRight = 0;
        while (i < r) {
            // sklearn's three-way step: below the pivot swaps with l (i, l advance), above swaps with
            // r - 1 (r retreats), equal stays (i advances); j == i makes the swap a no-op.
            const uint64_t x = a[i];
            const uint32_t v = rankOf(x);
            const int64_t lt = v<pivot, gt = v> pivot;
            const int64_t tied = static_cast<int64_t>((x >> 31) & 1);
            r -= gt;
            const int64_t j = i + lt * (l - i) + gt * (r - i);  // l, r or i without a branch
            a[i] = a[j];
            a[j] = x;
            l += lt;
            i += 1 - gt;
            tiedLeft += lt & tied;
            tiedRight += gt & tied;
        }
        introsortTies(a, l, maxd, sorted, tiedLeft);
        a += r;
        sorted += r;
        n -= r;
        nTied = tiedRight;
    }
}

}  // namespace tessera::ml::tree::detail
