// Python's heapq.heappush / heappop (Lib/heapq.py: _siftdown, _siftup) on a std::vector, so that items
// with equal keys come out in the order Python gives them — which std::push_heap/pop_heap do not promise.
// `less(a, b)` is the items' `a < b`; the smallest item is popped first.
//
//   std::vector<int64_t> heap;
//   ml::heapqPush(heap, id, [&](int64_t a, int64_t b) { return gain[a] > gain[b]; });
//   const int64_t best = ml::heapqPop(heap, less);
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace tessera::ml {

namespace detail {

// _siftdown: moves heap[pos] up towards startPos while it is less than its parent.
template <class T, class Less>
void heapqSiftDown(std::vector<T>& heap, std::size_t startPos, std::size_t pos, const Less& less) {
    T item = std::move(heap[pos]);
    while (pos > startPos) {
        const std::size_t parentPos = (pos - 1) >> 1;
        if (!less(item, heap[parentPos])) break;
        heap[pos] = std::move(heap[parentPos]);
        pos = parentPos;
    }
    heap[pos] = std::move(item);
}

// _siftup: moves the smaller child up until a leaf is reached, then sifts the item into place.
template <class T, class Less>
void heapqSiftUp(std::vector<T>& heap, std::size_t pos, const Less& less) {
    const std::size_t endPos = heap.size(), startPos = pos;
    T item = std::move(heap[pos]);
    std::size_t child = 2 * pos + 1;
    while (child < endPos) {
        const std::size_t right = child + 1;
        if (right < endPos && !less(heap[child], heap[right])) child = right;
        heap[pos] = std::move(heap[child]);
        pos = child;
        child = 2 * pos + 1;
    }
    heap[pos] = std::move(item);
    heapqSiftDown(heap, startPos, pos, less);
}

}  // namespace detail

template <class T, class Less>
void heapqPush(std::vector<T>& heap, T item, const Less& less) {
    heap.push_back(std::move(item));
    detail::heapqSiftDown(heap, 0, heap.size() - 1, less);
}

// The heap must not be empty.
template <class T, class Less>
T heapqPop(std::vector<T>& heap, const Less& less) {
    T last = std::move(heap.back());
    heap.pop_back();
    if (heap.empty()) return last;
    T top = std::move(heap[0]);
    heap[0] = std::move(last);
    detail::heapqSiftUp(heap, 0, less);
    return top;
}

}  // namespace tessera::ml
