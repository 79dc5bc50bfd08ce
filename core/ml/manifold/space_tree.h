// The Barnes–Hut space-partitioning tree of TSNE's gradient (sklearn/neighbors/_quad_tree.pyx, 1.2.1):
// a binary, quad- or oct-tree over 1–3 dimensions whose leaves hold one point each (duplicates are
// counted in the leaf), and whose cells keep their barycentre, point count and squared largest width.
//
//   manifold::SpaceTree tree;
//   tree.build(Y.data(), n, 2);                          // Y: n×2 row-major
//   double sumQ = tree.repulsion(&Y[2 * i], 0.25, 1, force);   // angle 0.5: theta² = 0.25
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace tessera::ml::manifold {

class SpaceTree {
public:
    // Rebuilds the tree over n points of `dims` (1–3) coordinates, row-major.
    void build(const float* points, std::int64_t n, int dims);

    // The repulsive part of the t-SNE gradient at `point`, summarised as sklearn's summarize does: a
    // cell stands for its points when it is a leaf or when its squared width over the squared
    // distance to its barycentre is below theta²; the point's own leaf is skipped. Adds
    // Σ size·q²·(point − barycentre) to force[0..dims) and returns Σ size·q, with
    // q = (dof / (dof + d²))^((dof + 1) / 2).
    double repulsion(const float* point, double squaredTheta, int dof, double* force) const;

private:
    struct Cell {
        std::array<double, 3> lo{}, hi{}, center{}, barycenter{};
        double squaredMaxWidth = 0;
        std::int64_t size = 0;
        std::int32_t firstChild = -1;  // children are 2^dims consecutive cells
        bool leaf = true;
    };
    void insert(std::int32_t cell, const double* p);
    void split(std::int32_t cell);
    std::int32_t childFor(const Cell& c, const double* p) const;

    int m_dims = 2;
    std::vector<Cell> m_cells;
};

}  // namespace tessera::ml::manifold
