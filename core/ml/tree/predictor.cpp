#include "core/ml/tree/predictor.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/tensor/error.h"

namespace tessera::ml::tree {

namespace {

// The float32 f with (x <= f) == (x <= t) for every float32 x ("<=" rule), or (x <= f) == (x < t)
// ("<" rule): the largest float below or at t, or strictly below t.
float equivalentThreshold(double t, Comparison rule) {
    float f = static_cast<float>(t);
    if (rule == Comparison::LessEqual) {
        if (static_cast<double>(f) > t) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
    } else {
        if (static_cast<double>(f) >= t) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
    }
    return f;
}

constexpr int64_t kBlockRows = 64;

}  // namespace

FlatForest::FlatForest(const std::vector<const Tree*>& trees, LeafOutput output) {
    for (const Tree* t : trees) addTree(*t, output);
}

FlatForest::FlatForest(const std::vector<Tree>& trees, LeafOutput output) {
    for (const Tree& t : trees) addTree(t, output);
}

void FlatForest::addTree(const Tree& t, LeafOutput output) {
    t.validate();
    const int64_t width = t.valueStride();
    if (m_roots.empty()) {
        m_width = width;
        m_nFeatures = t.nFeatures;
    } else if (width != m_width || t.nFeatures != m_nFeatures) {
        throw ValueError("FlatForest: tree " + std::to_string(m_roots.size()) + " has " + std::to_string(t.nFeatures) +
                         " features and " + std::to_string(width) + " outputs, the first tree " +
                         std::to_string(m_nFeatures) + " and " + std::to_string(m_width));
    }
    if (m_nodes.size() + t.nodeCount() > static_cast<size_t>(std::numeric_limits<int32_t>::max() / 2)) {
        throw ValueError("FlatForest: more than 2^30 nodes in all trees together");
    }
    m_roots.push_back(static_cast<int32_t>(m_nodes.size()));
    m_depths.push_back(static_cast<int32_t>(t.depth()));
    // Preorder with an explicit stack: the left child lands right after its parent, so the common
    // step is to the next cache line or the same one.
    std::vector<std::pair<int64_t, int64_t>> stack{{0, -1}};  // (tree node, flat parent awaiting right)
    while (!stack.empty()) {
        auto [node, parentAwaitingRight] = stack.back();
        stack.pop_back();
        const int32_t flat = static_cast<int32_t>(m_nodes.size());
        if (parentAwaitingRight >= 0) m_nodes[parentAwaitingRight].right = flat;
        Node n{};
        const bool nanLeft = t.missingGoLeft[node] != 0;
        m_anyNanLeft = m_anyNanLeft || nanLeft;
        if (t.childrenLeft[node] == kLeaf) {
            n.feature = 0;
            n.threshold = std::numeric_limits<float>::quiet_NaN();
            n.right = flat;
            n.info = static_cast<int32_t>((node << 2) | 2);
            m_leafOffset.push_back(static_cast<int32_t>(m_leafValues.size() / std::max<int64_t>(width, 1)));
            const double* v = t.value.data() + node * width;
            const size_t at = m_leafValues.size();
            m_leafValues.insert(m_leafValues.end(), v, v + width);
            if (output == LeafOutput::Probability) {
                for (int64_t k = 0; k < t.nOutputs; ++k) {
                    double* row = m_leafValues.data() + at + k * t.maxNClasses;
                    double normalizer = numpySum(row, t.nClasses[k]);
                    if (normalizer == 0.0) normalizer = 1.0;
                    for (int64_t c = 0; c < t.nClasses[k]; ++c) row[c] /= normalizer;
                }
            }
            m_nodes.push_back(n);
        } else {
            n.feature = static_cast<int32_t>(t.feature[node]);
            n.threshold = equivalentThreshold(t.threshold[node], t.comparison);
            n.right = -1;
            n.info = static_cast<int32_t>((node << 2) | (nanLeft ? 1 : 0));
            m_leafOffset.push_back(-1);
            m_nodes.push_back(n);
            stack.push_back({t.childrenRight[node], flat});
            stack.push_back({t.childrenLeft[node], -1});
        }
    }
}

// The flat leaf index of rows [lo, hi) of X in the tree at `root` of the given depth.
void FlatForest::walk(int64_t tree, const float* X, int64_t lo, int64_t hi, int32_t* leaf) const {
    const Node* nodes = m_nodes.data();
    const int64_t nf = m_nFeatures;
    const int32_t root = m_roots[tree];
    const int64_t n = hi - lo;
    if (m_anyNanLeft) {
        for (int64_t r = 0; r < n; ++r) {
            const float* x = X + (lo + r) * nf;
            int32_t i = root;
            while (!(nodes[i].info & 2)) {
                const float v = x[nodes[i].feature];
                const bool left = v <= nodes[i].threshold || ((nodes[i].info & 1) && std::isnan(v));
                i = left ? i + 1 : nodes[i].right;
            }
            leaf[r] = i;
        }
        return;
    }
    // Level-synchronous and branch-free (Note [Leaves loop to themselves]): the rows of the block are
    // independent chains of loads that the core overlaps.
    for (int64_t r = 0; r < n; ++r) leaf[r] = root;
    const float* base = X + lo * nf;
    for (int32_t d = 0; d < m_depths[tree]; ++d) {
        for (int64_t r = 0; r < n; ++r) {
            const Node& node = nodes[leaf[r]];
            const float v = base[r * nf + node.feature];
            // A mask, not a conditional: the direction is a coin flip the branch predictor cannot learn.
            const int32_t left = -static_cast<int32_t>(v <= node.threshold);
            leaf[r] = ((leaf[r] + 1) & left) | (node.right & ~left);
        }
    }
}

template <class Fn>
void FlatForest::forEachBlock(int64_t rows, int maxThreads, const Fn& fn) const {
    const int64_t blocks = (rows + kBlockRows - 1) / kBlockRows;
    auto body = [&] {
        tbb::parallel_for(
            tbb::blocked_range<int64_t>(0, blocks, 1),
            [&](const tbb::blocked_range<int64_t>& r) {
                for (int64_t b = r.begin(); b < r.end(); ++b) {
                    fn(b * kBlockRows, std::min(rows, (b + 1) * kBlockRows));
                }
            },
            tbb::simple_partitioner());
    };
    if (blocks <= 1) {
        if (blocks == 1) fn(0, rows);
    } else if (maxThreads >= 1) {
        tbb::task_arena arena(maxThreads);
        arena.execute(body);
    } else {
        body();
    }
}

std::vector<double> FlatForest::predictMean(const float* X, int64_t rows, int maxThreads) const {
    if (m_roots.empty()) throw ValueError("FlatForest.predictMean: the forest has no tree");
    std::vector<double> out(rows * m_width, 0.0);
    const int64_t width = m_width;
    forEachBlock(rows, maxThreads, [&](int64_t lo, int64_t hi) {
        int32_t leaf[kBlockRows];
        for (int64_t t = 0; t < nTrees(); ++t) {
            walk(t, X, lo, hi, leaf);
            for (int64_t r = lo; r < hi; ++r) {
                const double* v = m_leafValues.data() + static_cast<int64_t>(m_leafOffset[leaf[r - lo]]) * width;
                double* o = out.data() + r * width;
                for (int64_t j = 0; j < width; ++j) o[j] += v[j];
            }
        }
        const double count = static_cast<double>(m_roots.size());
        for (int64_t j = lo * width; j < hi * width; ++j) out[j] /= count;
    });
    return out;
}

std::vector<int64_t> FlatForest::apply(const float* X, int64_t rows, int maxThreads) const {
    const int64_t trees = nTrees();
    std::vector<int64_t> out(rows * trees);
    forEachBlock(rows, maxThreads, [&](int64_t lo, int64_t hi) {
        int32_t leaf[kBlockRows];
        for (int64_t t = 0; t < trees; ++t) {
            walk(t, X, lo, hi, leaf);
            for (int64_t r = lo; r < hi; ++r) out[r * trees + t] = m_nodes[leaf[r - lo]].info >> 2;
        }
    });
    return out;
}

}  // namespace tessera::ml::tree
