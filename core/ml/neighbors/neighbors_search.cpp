#include "core/ml/neighbors/neighbors_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/kernels/gemm.h"
#include "core/kernels/parallel.h"
#include "core/ml/neighbors/heap.h"
#include "core/tensor/error.h"

namespace tessera::ml::neighbors {

namespace {

// Query rows per block and training rows per GEMM panel: the panel's middle terms (kQueryBlock ×
// kFitBlock doubles, 512 KiB) stay in L2 while the heaps read them.
constexpr std::int64_t kQueryBlock = 64;
constexpr std::int64_t kFitBlock = 1024;
// sklearn's pairwise-reduction chunk size and the OpenMP thread count whose tie order is reproduced
// (Note [sklearn's tie order]).
constexpr std::int64_t kSklearnChunk = 256;
constexpr std::int64_t kSklearnThreads = 2;

inline void dualSwap(double* v, std::int64_t* ind, std::int64_t a, std::int64_t b) {
    std::swap(v[a], v[b]);
    std::swap(ind[a], ind[b]);
}

std::vector<double> contiguousRows(const Tensor& X, std::int64_t expectedCols, const char* what) {
    if (!X.defined() || X.dim() != 2) throw ShapeError(std::string("neighbors: ") + what + " must be 2-D");
    if (expectedCols >= 0 && X.size(1) != expectedCols)
        throw ShapeError(std::string("neighbors: ") + what + " has " + std::to_string(X.size(1)) +
                         " features, the fitted data " + std::to_string(expectedCols));
    return X.toVector<double>();
}

}  // namespace

void simultaneousSort(double* values, std::int64_t* indices, std::int64_t size) {
    if (size <= 1) return;
    if (size == 2) {
        if (values[0] > values[1]) dualSwap(values, indices, 0, 1);
        return;
    }
    if (size == 3) {
        if (values[0] > values[1]) dualSwap(values, indices, 0, 1);
        if (values[1] > values[2]) {
            dualSwap(values, indices, 1, 2);
            if (values[0] > values[1]) dualSwap(values, indices, 0, 1);
        }
        return;
    }
    // Median of three into the last position, then a Lomuto partition.
    std::int64_t pivot = size / 2;
    if (values[0] > values[size - 1]) dualSwap(values, indices, 0, size - 1);
    if (values[size - 1] > values[pivot]) {
        dualSwap(values, indices, size - 1, pivot);
        if (values[0] > values[size - 1]) dualSwap(values, indices, 0, size - 1);
    }
    const double pivotVal = values[size - 1];
    std::int64_t store = 0;
    for (std::int64_t i = 0; i < size - 1; ++i)
        if (values[i] < pivotVal) dualSwap(values, indices, i, store++);
    dualSwap(values, indices, store, size - 1);
    pivot = store;
    if (pivot > 1) simultaneousSort(values, indices, pivot);
    if (pivot + 2 < size) simultaneousSort(values + pivot + 1, indices + pivot + 1, size - pivot - 1);
}

NeighborSearch::NeighborSearch(const Tensor& fitX, Metric metric, bool viaGemm)
    : m_n(fitX.defined() && fitX.dim() == 2 ? fitX.size(0) : 0),
      m_d(fitX.defined() && fitX.dim() == 2 ? fitX.size(1) : 0),
      m_metric(metric),
      m_viaGemm(viaGemm && metric == Metric::Euclidean),
      m_x(contiguousRows(fitX, -1, "the fitted X")) {
    m_norms.resize(static_cast<std::size_t>(m_n));
    for (std::int64_t i = 0; i < m_n; ++i) {
        double s = 0;
        for (std::int64_t j = 0; j < m_d; ++j) s += m_x[i * m_d + j] * m_x[i * m_d + j];
        m_norms[i] = s;
    }
}

namespace {

// Runs visit(row, r, j0, count) over the block's query rows and the training rows in increasing order,
// span by span: r[t] is the rank-preserving distance sklearn's reductions use between query `row` and
// training row j0 + t.
template <class Visit>
void scanBlock(const std::vector<double>& fit, const std::vector<double>& fitNorms, std::int64_t n, std::int64_t d,
               const double* query, const double* queryNorms, std::int64_t rows, Metric metric, bool viaGemm,
               std::vector<double>& panel, Visit&& visit) {
    if (viaGemm) {
        for (std::int64_t f0 = 0; f0 < n; f0 += kFitBlock) {
            const std::int64_t cols = std::min(kFitBlock, n - f0);
            kernels::MatrixRef<const double> a{query, rows, d, d, 1};
            kernels::MatrixRef<const double> b{fit.data() + f0 * d, cols, d, d, 1};
            kernels::MatrixRef<double> c{panel.data(), rows, cols, cols, 1};
            kernels::gemm(a, b.t(), c, {.alpha = -2.0});
            const double* yy = fitNorms.data() + f0;
            for (std::int64_t i = 0; i < rows; ++i) {
                double* r = panel.data() + i * cols;
                const double xx = queryNorms[i];
                // sklearn's order of the sum: (||x||² + middle) + ||y||²
                for (std::int64_t j = 0; j < cols; ++j) r[j] = (xx + r[j]) + yy[j];
                visit(i, static_cast<const double*>(r), f0, cols);
            }
        }
        return;
    }
    for (std::int64_t i = 0; i < rows; ++i) {
        const double* q = query + i * d;
        for (std::int64_t f0 = 0; f0 < n; f0 += kFitBlock) {
            const std::int64_t cols = std::min(kFitBlock, n - f0);
            for (std::int64_t j = 0; j < cols; ++j) {
                const double* y = fit.data() + (f0 + j) * d;
                double s = 0;
                if (metric == Metric::Euclidean) {
                    for (std::int64_t t = 0; t < d; ++t) {
                        const double diff = q[t] - y[t];
                        s += diff * diff;
                    }
                } else {
                    for (std::int64_t t = 0; t < d; ++t) s += std::abs(q[t] - y[t]);
                }
                panel[j] = s;
            }
            visit(i, static_cast<const double*>(panel.data()), f0, cols);
        }
    }
}

double exactDistance(double r, Metric metric) {
    return metric == Metric::Euclidean ? std::sqrt(std::max(r, 0.0)) : std::max(r, 0.0);
}

}  // namespace

KNeighbors NeighborSearch::kneighbors(const Tensor& queryX, std::int64_t k) const {
    if (k <= 0) throw ValueError("kneighbors: Expected n_neighbors > 0. Got " + std::to_string(k));
    if (k > m_n)
        throw ValueError("kneighbors: Expected n_neighbors <= n_samples,  but n_samples = " + std::to_string(m_n) +
                         ", n_neighbors = " + std::to_string(k));
    const auto query = contiguousRows(queryX, m_d, "X");
    const std::int64_t m = queryX.size(0);
    std::vector<double> queryNorms(static_cast<std::size_t>(m));
    for (std::int64_t i = 0; i < m; ++i) {
        double s = 0;
        for (std::int64_t j = 0; j < m_d; ++j) s += query[i * m_d + j] * query[i * m_d + j];
        queryNorms[i] = s;
    }
    // Note [sklearn's tie order]: sklearn's ArgKmin picks a strategy from the query count and its
    // OpenMP thread count. On parallel_on_X every query row scans the training rows into one heap. On
    // parallel_on_Y each thread scans a contiguous range of 256-row training chunks (OpenMP's static
    // schedule) into its own heap, and the threads' heaps are then pushed, in heap-array order and
    // thread order, into the result heap; that reorders tied neighbours. This code reproduces sklearn
    // run with kSklearnThreads threads (the tests pin sklearn to it), whatever our own thread count.
    const std::int64_t yChunks = (m_n + kSklearnChunk - 1) / kSklearnChunk;
    const bool onY = !(4 * kSklearnChunk * kSklearnThreads < m);
    const std::int64_t yThreads = onY ? std::min<std::int64_t>(yChunks, kSklearnThreads) : 1;
    // The training-row boundaries of each emulated thread's chunks.
    std::vector<std::int64_t> bounds{0};
    for (std::int64_t t = 0; t < yThreads; ++t) {
        const std::int64_t q = yChunks / yThreads, r = yChunks % yThreads;
        const std::int64_t end = (t < r ? (t + 1) * (q + 1) : r * (q + 1) + (t + 1 - r) * q);
        bounds.push_back(std::min(m_n, end * kSklearnChunk));
    }
    KNeighbors out;
    out.rows = m;
    out.k = k;
    const double inf = std::numeric_limits<double>::infinity();
    out.distances.assign(static_cast<std::size_t>(m * k), inf);
    out.indices.assign(static_cast<std::size_t>(m * k), 0);
    kernels::parallelFor(0, m, kQueryBlock, [&](std::int64_t lo, std::int64_t hi) {
        std::vector<double> panel(static_cast<std::size_t>(kQueryBlock * kFitBlock));
        const std::int64_t rows = hi - lo;
        // One heap per emulated thread and query row.
        std::vector<double> heapV(static_cast<std::size_t>(yThreads * rows * k), inf);
        std::vector<std::int64_t> heapI(heapV.size(), 0);
        std::int64_t thread = 0;  // the emulated thread whose training rows are being scanned
        scanBlock(m_x, m_norms, m_n, m_d, query.data() + lo * m_d, queryNorms.data() + lo, rows, m_metric, m_viaGemm,
                  panel, [&](std::int64_t i, const double* r, std::int64_t j0, std::int64_t count) {
                      // Each emulated thread's part of the span goes to that thread's heap; the heap's
                      // root is kept in a register, as most distances are rejected against it.
                      std::int64_t j = j0;
                      const std::int64_t end = j0 + count;
                      while (j < end) {
                          while (bounds[thread + 1] <= j) ++thread;
                          while (thread > 0 && bounds[thread] > j) --thread;
                          const std::int64_t stop = std::min(end, bounds[thread + 1]);
                          double* hv = heapV.data() + (thread * rows + i) * k;
                          std::int64_t* hi = heapI.data() + (thread * rows + i) * k;
                          double root = hv[0];
                          // Locals, so that the compiler keeps the scan in registers.
                          for (std::int64_t jj = j; jj < stop; ++jj) {
                              const double v = r[jj - j0];
                              if (v < root) {
                                  heapPush(hv, hi, k, v, jj);
                                  root = hv[0];
                              }
                          }
                          j = stop;
                      }
                  });
        for (std::int64_t i = 0; i < rows; ++i) {
            double* v = out.distances.data() + (lo + i) * k;
            std::int64_t* ind = out.indices.data() + (lo + i) * k;
            if (onY) {
                for (std::int64_t t = 0; t < yThreads; ++t)
                    for (std::int64_t q = 0; q < k; ++q) {
                        const std::int64_t at = (t * rows + i) * k + q;
                        heapPush(v, ind, k, heapV[at], heapI[at]);
                    }
            } else {
                std::copy_n(heapV.data() + i * k, k, v);
                std::copy_n(heapI.data() + i * k, k, ind);
            }
            simultaneousSort(v, ind, k);
            for (std::int64_t t = 0; t < k; ++t) v[t] = exactDistance(v[t], m_metric);
        }
    });
    return out;
}

RadiusNeighbors NeighborSearch::radiusNeighbors(const Tensor& queryX, double radius, bool sortResults) const {
    const auto query = contiguousRows(queryX, m_d, "X");
    const std::int64_t m = queryX.size(0);
    std::vector<double> queryNorms(static_cast<std::size_t>(m));
    for (std::int64_t i = 0; i < m; ++i) {
        double s = 0;
        for (std::int64_t j = 0; j < m_d; ++j) s += query[i * m_d + j] * query[i * m_d + j];
        queryNorms[i] = s;
    }
    // The reductions compare rank-preserving distances with the radius in the same form.
    const double rRadius = m_metric == Metric::Euclidean ? radius * radius : radius;
    RadiusNeighbors out;
    out.distances.resize(static_cast<std::size_t>(m));
    out.indices.resize(static_cast<std::size_t>(m));
    kernels::parallelFor(0, m, kQueryBlock, [&](std::int64_t lo, std::int64_t hi) {
        std::vector<double> panel(static_cast<std::size_t>(kQueryBlock * kFitBlock));
        scanBlock(m_x, m_norms, m_n, m_d, query.data() + lo * m_d, queryNorms.data() + lo, hi - lo, m_metric, m_viaGemm,
                  panel, [&](std::int64_t i, const double* r, std::int64_t j0, std::int64_t count) {
                      for (std::int64_t t = 0; t < count; ++t)
                          if (r[t] <= rRadius) {
                              out.distances[lo + i].push_back(r[t]);
                              out.indices[lo + i].push_back(j0 + t);
                          }
                  });
        for (std::int64_t i = lo; i < hi; ++i) {
            auto& dv = out.distances[i];
            if (sortResults) simultaneousSort(dv.data(), out.indices[i].data(), static_cast<std::int64_t>(dv.size()));
            for (double& v : dv) v = exactDistance(v, m_metric);
        }
    });
    return out;
}

}  // namespace tessera::ml::neighbors
