#include "core/ml/manifold/space_tree.h"

#include <algorithm>
#include <cmath>

namespace tessera::ml::manifold {
namespace {

// sklearn's quad tree treats points closer than this in every coordinate as one point.
constexpr double kDuplicate = 1e-6;

}  // namespace

void SpaceTree::build(const float* points, std::int64_t n, int dims) {
    m_dims = dims;
    m_cells.clear();
    m_cells.reserve(static_cast<std::size_t>(4 * n + 1));
    Cell root;
    for (int d = 0; d < dims; ++d) {
        double lo = points[d], hi = points[d];
        for (std::int64_t i = 1; i < n; ++i) {
            lo = std::min(lo, static_cast<double>(points[i * dims + d]));
            hi = std::max(hi, static_cast<double>(points[i * dims + d]));
        }
        // A margin keeps every point strictly inside the root, also when a coordinate is constant.
        const double pad = std::max(hi - lo, 1e-5) * 1e-3;
        root.lo[d] = lo - pad;
        root.hi[d] = hi + pad;
        root.center[d] = (root.lo[d] + root.hi[d]) / 2;
        root.squaredMaxWidth = std::max(root.squaredMaxWidth, (root.hi[d] - root.lo[d]) * (root.hi[d] - root.lo[d]));
    }
    m_cells.push_back(root);
    double p[3] = {0, 0, 0};
    for (std::int64_t i = 0; i < n; ++i) {
        for (int d = 0; d < dims; ++d) p[d] = points[i * dims + d];
        insert(0, p);
    }
}

std::int32_t SpaceTree::childFor(const Cell& c, const double* p) const {
    std::int32_t offset = 0;
    for (int d = 0; d < m_dims; ++d)
        if (p[d] >= c.center[d]) offset |= 1 << d;
    return c.firstChild + offset;
}

void SpaceTree::split(std::int32_t cell) {
    const auto first = static_cast<std::int32_t>(m_cells.size());
    const int children = 1 << m_dims;
    for (int c = 0; c < children; ++c) {
        Cell child;
        const Cell& parent = m_cells[static_cast<std::size_t>(cell)];
        for (int d = 0; d < m_dims; ++d) {
            const bool upper = (c >> d) & 1;
            child.lo[d] = upper ? parent.center[d] : parent.lo[d];
            child.hi[d] = upper ? parent.hi[d] : parent.center[d];
            child.center[d] = (child.lo[d] + child.hi[d]) / 2;
            child.squaredMaxWidth =
                std::max(child.squaredMaxWidth, (child.hi[d] - child.lo[d]) * (child.hi[d] - child.lo[d]));
        }
        m_cells.push_back(child);
    }
    Cell& parent = m_cells[static_cast<std::size_t>(cell)];
    parent.firstChild = first;
    parent.leaf = false;
    // The leaf's point (and its duplicates) moves down into its child.
    Cell& moved = m_cells[static_cast<std::size_t>(childFor(parent, parent.barycenter.data()))];
    moved.barycenter = parent.barycenter;
    moved.size = parent.size;
}

void SpaceTree::insert(std::int32_t cellId, const double* p) {
    for (;;) {
        Cell& c = m_cells[static_cast<std::size_t>(cellId)];
        if (c.leaf) {
            if (c.size == 0) {
                for (int d = 0; d < m_dims; ++d) c.barycenter[d] = p[d];
                c.size = 1;
                return;
            }
            bool duplicate = true;
            for (int d = 0; d < m_dims; ++d) duplicate = duplicate && std::abs(p[d] - c.barycenter[d]) <= kDuplicate;
            if (duplicate) {
                ++c.size;
                return;
            }
            split(cellId);
            continue;  // the cell is internal now; `c` may have moved with the vector
        }
        const double n = static_cast<double>(c.size);
        for (int d = 0; d < m_dims; ++d) c.barycenter[d] = (c.barycenter[d] * n + p[d]) / (n + 1);
        ++c.size;
        cellId = childFor(c, p);
    }
}

double SpaceTree::repulsion(const float* point, double squaredTheta, int dof, double* force) const {
    const double fdof = dof, exponent = (dof + 1.0) / 2.0;
    double sumQ = 0;
    double f[3] = {0, 0, 0};
    thread_local std::vector<std::int32_t> stack;
    stack.assign(1, 0);
    while (!stack.empty()) {
        const Cell& c = m_cells[static_cast<std::size_t>(stack.back())];
        stack.pop_back();
        if (c.size == 0) continue;
        double delta[3] = {0, 0, 0}, dist2 = 0;
        bool duplicate = true;
        for (int d = 0; d < m_dims; ++d) {
            delta[d] = point[d] - c.barycenter[d];
            dist2 += delta[d] * delta[d];
            duplicate = duplicate && std::abs(delta[d]) <= kDuplicate;
        }
        if (duplicate && c.leaf) continue;  // the point itself
        if (c.leaf || c.squaredMaxWidth / dist2 < squaredTheta) {
            double q = fdof / (fdof + dist2);
            if (dof != 1) q = std::pow(q, exponent);
            const double size = static_cast<double>(c.size);
            sumQ += size * q;
            const double mult = size * q * q;
            for (int d = 0; d < m_dims; ++d) f[d] += mult * delta[d];
            continue;
        }
        // Children pushed last-first so that they are visited in sklearn's child order.
        const int children = 1 << m_dims;
        for (int k = children - 1; k >= 0; --k) stack.push_back(c.firstChild + k);
    }
    for (int d = 0; d < m_dims; ++d) force[d] += f[d];
    return sumQ;
}

}  // namespace tessera::ml::manifold
