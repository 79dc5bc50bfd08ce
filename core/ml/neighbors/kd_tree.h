// sklearn.neighbors.KDTree (1.2.1) rebuilt node for node: the same levels and node count for a leaf
// size, the split dimension of largest spread, the same median partition (std::nth_element with
// sklearn's value-then-index comparator), and the same depth-first queries with its heap, so
// neighbours, their order among ties and the order of unsorted radius results equal sklearn's.
//
//   KdTree tree(trainX, /*leafSize=*/30, Metric::Euclidean);
//   KNeighbors nn = tree.query(queryX, 5);
//   RadiusNeighbors rn = tree.queryRadius(queryX, 0.5, /*sortResults=*/false);
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/neighbors/neighbors_search.h"

namespace tessera::ml::neighbors {

class KdTree {
public:
    KdTree() = default;
    KdTree(const Tensor& fitX, std::int64_t leafSize, Metric metric);

    KNeighbors query(const Tensor& queryX, std::int64_t k) const;
    RadiusNeighbors queryRadius(const Tensor& queryX, double radius, bool sortResults) const;

    std::int64_t nodes() const { return m_nodes; }
    const std::vector<std::int64_t>& indexArray() const { return m_idx; }

private:
    struct Node {
        std::int64_t start = 0, end = 0;
        bool leaf = false;
    };
    void build(std::int64_t node, std::int64_t start, std::int64_t end);
    double rdist(const double* a, const double* b) const;
    double minRdist(std::int64_t node, const double* pt) const;
    void minMaxDist(std::int64_t node, const double* pt, double* lo, double* hi) const;
    void queryNode(std::int64_t node, const double* pt, double* heapV, std::int64_t* heapI, std::int64_t k,
                   double lowerBound) const;
    void radiusNode(std::int64_t node, const double* pt, double r, std::vector<double>& dist,
                    std::vector<std::int64_t>& ind) const;

    std::int64_t m_n = 0, m_d = 0, m_leafSize = 30, m_nodes = 0;
    Metric m_metric = Metric::Euclidean;
    std::vector<double> m_x;
    std::vector<std::int64_t> m_idx;
    std::vector<Node> m_node;
    std::vector<double> m_lower, m_upper;  // node × feature bounds
};

}  // namespace tessera::ml::neighbors
