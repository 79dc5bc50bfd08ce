// The neighbour heap of sklearn's searches (sklearn/utils/_heap.pyx heap_push, which the KD-tree's
// NeighborsHeap._push also is): a max-heap of `size` (distance, index) pairs whose root values[0] is
// the largest kept distance. Both the brute-force reductions and the KD-tree push through it, so
// tied neighbours come out in sklearn's order on either path.
//
//   std::vector<double> v(k, inf); std::vector<std::int64_t> i(k, 0);
//   heapPush(v.data(), i.data(), k, d, j);     // kept only if d < v[0]
#pragma once

#include <cstdint>

namespace tessera::ml::neighbors {

inline void heapPush(double* values, std::int64_t* indices, std::int64_t size, double val, std::int64_t idx) {
    if (val >= values[0]) return;
    values[0] = val;
    indices[0] = idx;
    std::int64_t current = 0;
    for (;;) {
        const std::int64_t left = 2 * current + 1;
        const std::int64_t right = left + 1;
        std::int64_t swap;
        if (left >= size) {
            break;
        } else if (right >= size) {
            if (values[left] > val)
                swap = left;
            else
                break;
        } else if (values[left] >= values[right]) {
            if (val < values[left])
                swap = left;
            else
                break;
        } else {
            if (val < values[right])
                swap = right;
            else
                break;
        }
        values[current] = values[swap];
        indices[current] = indices[swap];
        current = swap;
    }
    values[current] = val;
    indices[current] = idx;
}

}  // namespace tessera::ml::neighbors
