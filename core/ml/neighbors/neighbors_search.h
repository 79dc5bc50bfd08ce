// Exact neighbour search as sklearn 1.2.1's brute-force reductions (ArgKmin, RadiusNeighbors) do it:
// for each query row the training rows are scanned in index order into a max-heap of size k (a tie
// with the heap's largest value is not taken), then the heap is sorted with sklearn's
// simultaneous_sort, so tied neighbours come out in sklearn's order. Euclidean distances on the GEMM
// path rank by ||x||² - 2 x·y + ||y||² (sklearn's formula, the middle term one GEMM per block);
// direct distances (sqrt of the sum of squared differences, or the sum of absolute differences for
// p=1) are what sklearn's trees compute. Query blocks run in parallel; results do not depend on the
// thread count.
//
//   NeighborSearch search(trainX, Metric::Euclidean, /*viaGemm=*/true);   // trainX: (n, d) Float64
//   KNeighbors nn = search.kneighbors(queryX, 5);   // nn.distances / nn.indices: (m, 5) row-major
#pragma once

#include <cstdint>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml::neighbors {

enum class Metric { Euclidean, Manhattan };  // minkowski p=2 and p=1

struct KNeighbors {
    std::int64_t rows = 0, k = 0;
    std::vector<double> distances;      // rows × k
    std::vector<std::int64_t> indices;  // rows × k
};

struct RadiusNeighbors {
    std::vector<std::vector<double>> distances;  // per query row
    std::vector<std::vector<std::int64_t>> indices;
};

class NeighborSearch {
public:
    NeighborSearch() = default;
    // Keeps a contiguous Float64 copy of the training rows and their squared norms.
    NeighborSearch(const Tensor& fitX, Metric metric, bool viaGemm);

    std::int64_t samples() const { return m_n; }
    std::int64_t features() const { return m_d; }

    // The k nearest training rows of each query row, nearest first.
    KNeighbors kneighbors(const Tensor& queryX, std::int64_t k) const;
    // Every training row within `radius` (inclusive); sorted by distance when sortResults, else in
    // training order, as sklearn's radius_neighbors(sort_results=False).
    RadiusNeighbors radiusNeighbors(const Tensor& queryX, double radius, bool sortResults) const;

private:
    std::int64_t m_n = 0, m_d = 0;
    Metric m_metric = Metric::Euclidean;
    bool m_viaGemm = true;
    std::vector<double> m_x;
    std::vector<double> m_norms;
};

// sklearn's simultaneous_sort: an in-place quicksort of values carrying indices along (its order of
// equal values is what kneighbors returns for ties).
void simultaneousSort(double* values, std::int64_t* indices, std::int64_t size);

}  // namespace tessera::ml::neighbors
