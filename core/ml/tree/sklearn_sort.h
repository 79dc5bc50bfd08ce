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

inline void sklearnSort(float* Xf, int64_t* samples, int64_t n) {
    if (n == 0) return;
    // _utils.log is log base 2: ln(x) / ln(2).
    const int maxd = 2 * static_cast<int>(std::log(static_cast<double>(n)) / std::log(2.0));
    introsort(Xf, samples, n, maxd);
}

}  // namespace tessera::ml::tree::detail
