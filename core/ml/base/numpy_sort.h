// numpy.argsort(v) with the default kind ('quicksort'), as NumPy 1.24 runs it: introsort on indices
// (median of three, insertion sort below 17 elements, heapsort past the depth limit), NaN sorted last.
// Its order of equal values is not stable, and sklearn's results depend on it where values tie
// (GroupKFold's equally large groups, AdaBoostRegressor's weighted median of equal predictions).
//
//   std::vector<double> v{3.0, 1.0, 2.0};
//   std::vector<std::int64_t> order = ml::numpyArgsort(v);   // {1, 2, 0}
#pragma once

#include <cmath>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

namespace tessera::ml {

namespace detail {

// NumPy's LT for the type: floats order NaN after every number.
template <class T>
bool numpyLess(T a, T b) {
    if constexpr (std::is_floating_point_v<T>)
        return a < b || (b != b && a == a);
    else
        return a < b;
}

template <class T>
void numpyArgHeapsort(std::span<const T> v, std::int64_t* tosort, std::int64_t n) {
    std::int64_t* a = tosort - 1;  // one-based, as NumPy's aheapsort
    std::int64_t i, j, l, tmp;
    for (l = n >> 1; l > 0; --l) {
        tmp = a[l];
        for (i = l, j = l << 1; j <= n;) {
            if (j < n && numpyLess(v[a[j]], v[a[j + 1]])) j += 1;
            if (!numpyLess(v[tmp], v[a[j]])) break;
            a[i] = a[j];
            i = j;
            j += j;
        }
        a[i] = tmp;
    }
    for (; n > 1;) {
        tmp = a[n];
        a[n] = a[1];
        n -= 1;
        for (i = 1, j = 2; j <= n;) {
            if (j < n && numpyLess(v[a[j]], v[a[j + 1]])) j++;
            if (!numpyLess(v[tmp], v[a[j]])) break;
            a[i] = a[j];
            i = j;
            j += j;
        }
        a[i] = tmp;
    }
}

}  // namespace detail

template <class T>
std::vector<std::int64_t> numpyArgsort(std::span<const T> v) {
    const auto num = static_cast<std::int64_t>(v.size());
    std::vector<std::int64_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    if (num < 2) return idx;
    constexpr std::int64_t kSmall = 16;
    std::int64_t* pl = idx.data();
    std::int64_t* pr = idx.data() + num - 1;
    std::vector<std::int64_t*> stack;
    std::vector<int> depthStack;
    int msb = 0;
    for (auto u = static_cast<std::uint64_t>(num); u > 1; u >>= 1) ++msb;
    int cdepth = msb * 2;
    auto less = [&](std::int64_t a, std::int64_t b) { return detail::numpyLess(v[a], v[b]); };
    for (;;) {
        if (cdepth < 0) {
            detail::numpyArgHeapsort(v, pl, pr - pl + 1);
        } else {
            while ((pr - pl) > kSmall) {
                std::int64_t* pm = pl + ((pr - pl) >> 1);
                if (less(*pm, *pl)) std::swap(*pm, *pl);
                if (less(*pr, *pm)) std::swap(*pr, *pm);
                if (less(*pm, *pl)) std::swap(*pm, *pl);
                const std::int64_t vp = *pm;
                std::int64_t* pi = pl;
                std::int64_t* pj = pr - 1;
                std::swap(*pm, *pj);
                for (;;) {
                    do ++pi;
                    while (less(*pi, vp));
                    do --pj;
                    while (less(vp, *pj));
                    if (pi >= pj) break;
                    std::swap(*pi, *pj);
                }
                std::swap(*pi, *(pr - 1));
                if (pi - pl < pr - pi) {
                    stack.push_back(pi + 1);
                    stack.push_back(pr);
                    pr = pi - 1;
                } else {
                    stack.push_back(pl);
                    stack.push_back(pi - 1);
                    pl = pi + 1;
                }
                depthStack.push_back(--cdepth);
            }
            for (std::int64_t* pi = pl + 1; pi <= pr; ++pi) {
                const std::int64_t vi = *pi;
                std::int64_t* pj = pi;
                std::int64_t* pk = pi - 1;
                while (pj > pl && less(vi, *pk)) *pj-- = *pk--;
                *pj = vi;
            }
        }
        if (stack.empty()) break;
        pr = stack.back();
        stack.pop_back();
        pl = stack.back();
        stack.pop_back();
        cdepth = depthStack.back();
        depthStack.pop_back();
    }
    return idx;
}

template <class T>
std::vector<std::int64_t> numpyArgsort(const std::vector<T>& v) {
    return numpyArgsort(std::span<const T>(v));
}

}  // namespace tessera::ml
