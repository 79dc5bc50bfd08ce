// Follows sklearn/neighbors/_binary_tree.pxi and _kd_tree.pyx (1.2.1).
#include "core/ml/neighbors/kd_tree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/kernels/parallel.h"
#include "core/ml/neighbors/heap.h"
#include "core/tensor/error.h"

namespace tessera::ml::neighbors {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

KdTree::KdTree(const Tensor& fitX, std::int64_t leafSize, Metric metric) : m_leafSize(leafSize), m_metric(metric) {
    if (!fitX.defined() || fitX.dim() != 2) throw ShapeError("KDTree: X must be 2-D");
    if (leafSize < 1) throw ValueError("KDTree: leaf_size must be greater than or equal to 1");
    m_n = fitX.size(0);
    m_d = fitX.size(1);
    m_x = fitX.toVector<double>();
    const double ratio = std::max(1.0, static_cast<double>(m_n - 1) / static_cast<double>(leafSize));
    const auto levels = static_cast<std::int64_t>(std::log2(ratio) + 1);
    m_nodes = (std::int64_t{1} << levels) - 1;
    m_idx.resize(static_cast<std::size_t>(m_n));
    std::iota(m_idx.begin(), m_idx.end(), 0);
    m_node.resize(static_cast<std::size_t>(m_nodes));
    m_lower.assign(static_cast<std::size_t>(m_nodes * m_d), kInf);
    m_upper.assign(static_cast<std::size_t>(m_nodes * m_d), -kInf);
    if (m_n > 0) build(0, 0, m_n);
}

void KdTree::build(std::int64_t node, std::int64_t start, std::int64_t end) {
    Node& info = m_node[node];
    info.start = start;
    info.end = end;
    double* lo = &m_lower[node * m_d];
    double* hi = &m_upper[node * m_d];
    for (std::int64_t i = start; i < end; ++i) {
        const double* row = &m_x[m_idx[i] * m_d];
        for (std::int64_t j = 0; j < m_d; ++j) {
            lo[j] = std::fmin(lo[j], row[j]);
            hi[j] = std::fmax(hi[j], row[j]);
        }
    }
    const std::int64_t points = end - start;
    if (2 * node + 1 >= m_nodes || points < 2) {
        info.leaf = true;
        return;
    }
    info.leaf = false;
    // find_node_split_dim: the first dimension of largest spread.
    std::int64_t split = 0;
    double maxSpread = 0;
    for (std::int64_t j = 0; j < m_d; ++j) {
        double mx = m_x[m_idx[start] * m_d + j], mn = mx;
        for (std::int64_t i = start + 1; i < end; ++i) {
            const double v = m_x[m_idx[i] * m_d + j];
            mx = std::fmax(mx, v);
            mn = std::fmin(mn, v);
        }
        if (mx - mn > maxSpread) {
            maxSpread = mx - mn;
            split = j;
        }
    }
    const std::int64_t mid = points / 2;
    const double* data = m_x.data();
    const std::int64_t d = m_d;
    std::nth_element(m_idx.begin() + start, m_idx.begin() + start + mid, m_idx.begin() + end,
                     [data, d, split](std::int64_t a, std::int64_t b) {
                         const double av = data[a * d + split], bv = data[b * d + split];
                         return av == bv ? a < b : av < bv;
                     });
    build(2 * node + 1, start, start + mid);
    build(2 * node + 2, start + mid, end);
}

double KdTree::rdist(const double* a, const double* b) const {
    double s = 0;
    if (m_metric == Metric::Euclidean) {
        for (std::int64_t j = 0; j < m_d; ++j) {
            const double t = a[j] - b[j];
            s += t * t;
        }
    } else {
        for (std::int64_t j = 0; j < m_d; ++j) s += std::fabs(a[j] - b[j]);
    }
    return s;
}

double KdTree::minRdist(std::int64_t node, const double* pt) const {
    double r = 0;
    for (std::int64_t j = 0; j < m_d; ++j) {
        const double dLo = m_lower[node * m_d + j] - pt[j];
        const double dHi = pt[j] - m_upper[node * m_d + j];
        const double dd = (dLo + std::fabs(dLo)) + (dHi + std::fabs(dHi));
        r += m_metric == Metric::Euclidean ? std::pow(0.5 * dd, 2.0) : 0.5 * dd;
    }
    return r;
}

void KdTree::minMaxDist(std::int64_t node, const double* pt, double* lo, double* hi) const {
    double mn = 0, mx = 0;
    for (std::int64_t j = 0; j < m_d; ++j) {
        const double dLo = m_lower[node * m_d + j] - pt[j];
        const double dHi = pt[j] - m_upper[node * m_d + j];
        const double dd = (dLo + std::fabs(dLo)) + (dHi + std::fabs(dHi));
        const double far = std::fmax(std::fabs(dLo), std::fabs(dHi));
        if (m_metric == Metric::Euclidean) {
            mn += std::pow(0.5 * dd, 2.0);
            mx += std::pow(far, 2.0);
        } else {
            mn += 0.5 * dd;
            mx += far;
        }
    }
    *lo = m_metric == Metric::Euclidean ? std::pow(mn, 0.5) : mn;
    *hi = m_metric == Metric::Euclidean ? std::pow(mx, 0.5) : mx;
}

void KdTree::queryNode(std::int64_t node, const double* pt, double* heapV, std::int64_t* heapI, std::int64_t k,
                       double lowerBound) const {
    const Node& info = m_node[node];
    if (lowerBound > heapV[0]) return;  // the node cannot hold anything nearer than the heap's largest
    if (info.leaf) {
        for (std::int64_t i = info.start; i < info.end; ++i)
            heapPush(heapV, heapI, k, rdist(pt, &m_x[m_idx[i] * m_d]), m_idx[i]);
        return;
    }
    const std::int64_t a = 2 * node + 1, b = a + 1;
    const double la = minRdist(a, pt), lb = minRdist(b, pt);
    if (la <= lb) {
        queryNode(a, pt, heapV, heapI, k, la);
        queryNode(b, pt, heapV, heapI, k, lb);
    } else {
        queryNode(b, pt, heapV, heapI, k, lb);
        queryNode(a, pt, heapV, heapI, k, la);
    }
}

KNeighbors KdTree::query(const Tensor& queryX, std::int64_t k) const {
    if (!queryX.defined() || queryX.dim() != 2 || queryX.size(1) != m_d)
        throw ShapeError("KDTree.query: X must be 2-D with " + std::to_string(m_d) + " features");
    if (k < 1 || k > m_n)
        throw ValueError("KDTree.query: k must be less than or equal to the number of training points");
    const auto q = queryX.toVector<double>();
    KNeighbors out;
    out.rows = queryX.size(0);
    out.k = k;
    out.distances.assign(static_cast<std::size_t>(out.rows * k), kInf);
    out.indices.assign(static_cast<std::size_t>(out.rows * k), 0);
    kernels::parallelFor(0, out.rows, 64, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t i = lo; i < hi; ++i) {
            const double* pt = &q[i * m_d];
            double* v = &out.distances[i * k];
            std::int64_t* ind = &out.indices[i * k];
            queryNode(0, pt, v, ind, k, minRdist(0, pt));
            simultaneousSort(v, ind, k);
            if (m_metric == Metric::Euclidean)
                for (std::int64_t t = 0; t < k; ++t) v[t] = std::sqrt(v[t]);
        }
    });
    return out;
}

void KdTree::radiusNode(std::int64_t node, const double* pt, double r, std::vector<double>& dist,
                        std::vector<std::int64_t>& ind) const {
    const Node& info = m_node[node];
    double lo = 0, hi = 0;
    minMaxDist(node, pt, &lo, &hi);
    if (lo > r) return;
    auto distance = [&](std::int64_t i) {
        const double rd = rdist(pt, &m_x[m_idx[i] * m_d]);
        return m_metric == Metric::Euclidean ? std::sqrt(rd) : rd;
    };
    if (hi <= r) {
        for (std::int64_t i = info.start; i < info.end; ++i) {
            ind.push_back(m_idx[i]);
            dist.push_back(distance(i));
        }
    } else if (info.leaf) {
        const double reduced = m_metric == Metric::Euclidean ? r * r : r;
        for (std::int64_t i = info.start; i < info.end; ++i) {
            const double rd = rdist(pt, &m_x[m_idx[i] * m_d]);
            if (rd <= reduced) {
                ind.push_back(m_idx[i]);
                dist.push_back(m_metric == Metric::Euclidean ? std::sqrt(rd) : rd);
            }
        }
    } else {
        radiusNode(2 * node + 1, pt, r, dist, ind);
        radiusNode(2 * node + 2, pt, r, dist, ind);
    }
}

RadiusNeighbors KdTree::queryRadius(const Tensor& queryX, double radius, bool sortResults) const {
    if (!queryX.defined() || queryX.dim() != 2 || queryX.size(1) != m_d)
        throw ShapeError("KDTree.query_radius: X must be 2-D with " + std::to_string(m_d) + " features");
    const auto q = queryX.toVector<double>();
    const std::int64_t m = queryX.size(0);
    RadiusNeighbors out;
    out.distances.resize(static_cast<std::size_t>(m));
    out.indices.resize(static_cast<std::size_t>(m));
    kernels::parallelFor(0, m, 64, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t i = lo; i < hi; ++i) {
            if (m_n > 0) radiusNode(0, &q[i * m_d], radius, out.distances[i], out.indices[i]);
            if (sortResults)
                simultaneousSort(out.distances[i].data(), out.indices[i].data(),
                                 static_cast<std::int64_t>(out.distances[i].size()));
        }
    });
    return out;
}

}  // namespace tessera::ml::neighbors
