#include "core/ml/tree/tree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stack>
#include <string>

#include "core/tensor/error.h"

namespace tessera::ml::tree {

namespace {

bool goesLeft(const Tree& t, int64_t node, float x) {
    if (std::isnan(x)) return t.missingGoLeft[node] != 0;
    // x is float32 as in sklearn; the comparison is made in double against the float64 threshold.
    const double v = x;
    return t.comparison == Comparison::LessEqual ? v <= t.threshold[node] : v < t.threshold[node];
}

int64_t leafOf(const Tree& t, const float* row) {
    int64_t node = 0;
    while (t.childrenLeft[node] != kLeaf) {
        node = goesLeft(t, node, row[t.feature[node]]) ? t.childrenLeft[node] : t.childrenRight[node];
    }
    return node;
}

}  // namespace

double numpySum(const double* a, int64_t n) {
    // numpy/core/src/umath/loops_utils.h.src pairwise_sum: blocks of 128 summed with 8 accumulators.
    if (n < 8) {
        double res = 0.0;
        for (int64_t i = 0; i < n; ++i) res += a[i];
        return res;
    }
    if (n <= 128) {
        double r[8];
        for (int j = 0; j < 8; ++j) r[j] = a[j];
        int64_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (int j = 0; j < 8; ++j) r[j] += a[i + j];
        }
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += a[i];
        return res;
    }
    int64_t n2 = n / 2;
    n2 -= n2 % 8;
    return numpySum(a, n2) + numpySum(a + n2, n - n2);
}

int64_t Tree::nLeaves() const { return std::count(childrenLeft.begin(), childrenLeft.end(), kLeaf); }

int64_t Tree::depth() const {
    if (nodeCount() == 0) return 0;
    int64_t best = 0;
    std::vector<std::pair<int64_t, int64_t>> todo{{0, 0}};
    while (!todo.empty()) {
        auto [node, d] = todo.back();
        todo.pop_back();
        best = std::max(best, d);
        if (childrenLeft[node] != kLeaf) {
            todo.push_back({childrenLeft[node], d + 1});
            todo.push_back({childrenRight[node], d + 1});
        }
    }
    return best;
}

int64_t Tree::addNode(int64_t parent, bool isLeft, bool isLeaf, int64_t feat, double thr, double imp, int64_t n,
                      double wn) {
    const int64_t id = nodeCount();
    if (parent != kUndefined) (isLeft ? childrenLeft : childrenRight)[parent] = id;
    childrenLeft.push_back(kLeaf);
    childrenRight.push_back(kLeaf);
    feature.push_back(isLeaf ? kUndefined : feat);
    threshold.push_back(isLeaf ? static_cast<double>(kUndefined) : thr);
    impurity.push_back(imp);
    nNodeSamples.push_back(n);
    weightedNNodeSamples.push_back(wn);
    missingGoLeft.push_back(0);
    value.resize(value.size() + valueStride(), 0.0);
    return id;
}

std::vector<int64_t> Tree::apply(const float* X, int64_t rows) const {
    std::vector<int64_t> out(rows);
    for (int64_t r = 0; r < rows; ++r) out[r] = leafOf(*this, X + r * nFeatures);
    return out;
}

std::vector<double> Tree::predict(const float* X, int64_t rows) const {
    const int64_t stride = valueStride();
    std::vector<double> out(rows * stride);
    for (int64_t r = 0; r < rows; ++r) {
        const int64_t leaf = leafOf(*this, X + r * nFeatures);
        std::copy_n(value.begin() + leaf * stride, stride, out.begin() + r * stride);
    }
    return out;
}

DecisionPath Tree::decisionPath(const float* X, int64_t rows) const {
    DecisionPath p;
    p.indptr.reserve(rows + 1);
    p.indptr.push_back(0);
    for (int64_t r = 0; r < rows; ++r) {
        const float* row = X + r * nFeatures;
        int64_t node = 0;
        p.indices.push_back(node);
        while (childrenLeft[node] != kLeaf) {
            node = goesLeft(*this, node, row[feature[node]]) ? childrenLeft[node] : childrenRight[node];
            p.indices.push_back(node);
        }
        p.indptr.push_back(static_cast<int64_t>(p.indices.size()));
    }
    return p;
}

std::vector<double> Tree::computeFeatureImportances(bool normalize) const {
    std::vector<double> imp(nFeatures, 0.0);
    for (int64_t i = 0; i < nodeCount(); ++i) {
        if (childrenLeft[i] == kLeaf) continue;
        const int64_t l = childrenLeft[i], r = childrenRight[i];
        imp[feature[i]] += weightedNNodeSamples[i] * impurity[i] - weightedNNodeSamples[l] * impurity[l] -
                           weightedNNodeSamples[r] * impurity[r];
    }
    for (double& v : imp) v /= weightedNNodeSamples[0];
    if (normalize) {
        const double total = numpySum(imp.data(), nFeatures);
        if (total > 0.0) {
            for (double& v : imp) v /= total;
        }
    }
    return imp;
}

namespace {

// sklearn's _cost_complexity_prune: weakest-link pruning. `stopAt` < 0 records the whole path;
// otherwise pruning stops at the first alpha above it. Returns leaves_in_subtree.
std::vector<uint8_t> costComplexityPrune(const Tree& t, double ccpAlpha, bool wholePath, PruningPath* path) {
    const int64_t n = t.nodeCount();
    const double totalWeight = t.weightedNNodeSamples[0];
    std::vector<double> rNode(n), rBranch(n, 0.0);
    std::vector<int64_t> parent(n, 0), nLeaves(n, 0);
    std::vector<uint8_t> leaves(n, 0), inSubtree(n, 1), candidate(n, 0);
    for (int64_t i = 0; i < n; ++i) rNode[i] = t.weightedNNodeSamples[i] * t.impurity[i] / totalWeight;

    std::vector<std::pair<int64_t, int64_t>> stack{{0, kUndefined}};
    while (!stack.empty()) {
        auto [node, par] = stack.back();
        stack.pop_back();
        parent[node] = par;
        if (t.childrenLeft[node] == kLeaf) {
            leaves[node] = 1;
        } else {
            stack.push_back({t.childrenLeft[node], node});
            stack.push_back({t.childrenRight[node], node});
        }
    }
    for (int64_t leaf = 0; leaf < n; ++leaf) {
        if (!leaves[leaf]) continue;
        rBranch[leaf] = rNode[leaf];
        const double r = rNode[leaf];
        int64_t i = leaf;
        while (i != 0) {
            const int64_t p = parent[i];
            rBranch[p] += r;
            nLeaves[p] += 1;
            i = p;
        }
    }
    for (int64_t i = 0; i < n; ++i) candidate[i] = !leaves[i];

    auto save = [&](double alpha, double imp) {
        if (path) {
            path->ccpAlphas.push_back(alpha);
            path->impurities.push_back(imp);
        }
    };
    save(0.0, rBranch[0]);
    std::vector<int64_t> nodeStack;
    while (candidate[0]) {
        double effectiveAlpha = std::numeric_limits<double>::max();
        int64_t prunedNode = 0;
        for (int64_t i = 0; i < n; ++i) {
            if (!candidate[i]) continue;
            const double alpha = (rNode[i] - rBranch[i]) / static_cast<double>(nLeaves[i] - 1);
            if (alpha < effectiveAlpha) {
                effectiveAlpha = alpha;
                prunedNode = i;
            }
        }
        if (!wholePath && ccpAlpha < effectiveAlpha) break;

        nodeStack.push_back(prunedNode);
        while (!nodeStack.empty()) {
            const int64_t i = nodeStack.back();
            nodeStack.pop_back();
            if (!inSubtree[i]) continue;
            candidate[i] = 0;
            leaves[i] = 0;
            inSubtree[i] = 0;
            if (t.childrenLeft[i] != kLeaf) {
                nodeStack.push_back(t.childrenLeft[i]);
                nodeStack.push_back(t.childrenRight[i]);
            }
        }
        leaves[prunedNode] = 1;
        inSubtree[prunedNode] = 1;

        const int64_t nPrunedLeaves = nLeaves[prunedNode] - 1;
        nLeaves[prunedNode] = 0;
        const double rDiff = rNode[prunedNode] - rBranch[prunedNode];
        rBranch[prunedNode] = rNode[prunedNode];
        for (int64_t i = parent[prunedNode]; i != kUndefined; i = parent[i]) {
            nLeaves[i] -= nPrunedLeaves;
            rBranch[i] += rDiff;
        }
        save(effectiveAlpha, rBranch[0]);
    }
    return leaves;
}

}  // namespace

Tree Tree::pruned(double ccpAlpha) const {
    if (!(ccpAlpha >= 0.0)) {
        throw ValueError("Tree.pruned: ccp_alpha must be a non-negative float, got " + std::to_string(ccpAlpha));
    }
    const std::vector<uint8_t> leaves = costComplexityPrune(*this, ccpAlpha, false, nullptr);
    Tree out;
    out.nFeatures = nFeatures;
    out.nOutputs = nOutputs;
    out.nClasses = nClasses;
    out.maxNClasses = maxNClasses;
    out.comparison = comparison;
    const int64_t stride = valueStride();
    struct Record {
        int64_t node, depth, parent;
        bool isLeft;
    };
    std::vector<Record> stack{{0, 0, kUndefined, false}};
    int64_t maxDepthSeen = -1;
    while (!stack.empty()) {
        const Record rec = stack.back();
        stack.pop_back();
        const bool isLeaf = leaves[rec.node] != 0;
        const int64_t id = out.addNode(rec.parent, rec.isLeft, isLeaf, feature[rec.node], threshold[rec.node],
                                       impurity[rec.node], nNodeSamples[rec.node], weightedNNodeSamples[rec.node]);
        out.missingGoLeft[id] = missingGoLeft[rec.node];
        std::copy_n(value.begin() + rec.node * stride, stride, out.value.begin() + id * stride);
        if (!isLeaf) {
            stack.push_back({childrenRight[rec.node], rec.depth + 1, id, false});
            stack.push_back({childrenLeft[rec.node], rec.depth + 1, id, true});
        }
        maxDepthSeen = std::max(maxDepthSeen, rec.depth);
    }
    out.maxDepth = maxDepthSeen;
    return out;
}

PruningPath Tree::pruningPath() const {
    PruningPath path;
    costComplexityPrune(*this, 0.0, true, &path);
    return path;
}

void Tree::validate() const {
    const int64_t n = nodeCount();
    auto fail = [](const std::string& what) { throw ValueError("Tree: " + what); };
    if (n == 0) fail("the tree has no node");
    const auto sized = [&](size_t s, const char* name) {
        if (static_cast<int64_t>(s) != n) {
            fail(std::string(name) + " has " + std::to_string(s) + " entries for " + std::to_string(n) + " nodes");
        }
    };
    sized(childrenRight.size(), "children_right");
    sized(feature.size(), "feature");
    sized(threshold.size(), "threshold");
    sized(impurity.size(), "impurity");
    sized(nNodeSamples.size(), "n_node_samples");
    sized(weightedNNodeSamples.size(), "weighted_n_node_samples");
    sized(missingGoLeft.size(), "missing_go_left");
    if (static_cast<int64_t>(value.size()) != n * valueStride()) {
        fail("value has " + std::to_string(value.size()) +
             " entries, expected nodes * n_outputs * max_n_classes = " + std::to_string(n * valueStride()));
    }
    for (int64_t i = 0; i < n; ++i) {
        const int64_t l = childrenLeft[i], r = childrenRight[i];
        if ((l == kLeaf) != (r == kLeaf)) fail("node " + std::to_string(i) + " has exactly one child");
        if (l == kLeaf) continue;
        if (l <= i || r <= i || l >= n || r >= n) {
            fail("node " + std::to_string(i) + " has children " + std::to_string(l) + ", " + std::to_string(r) +
                 " outside (" + std::to_string(i) + ", " + std::to_string(n) + ")");
        }
        if (feature[i] < 0 || feature[i] >= nFeatures) {
            fail("node " + std::to_string(i) + " splits on feature " + std::to_string(feature[i]) + " of " +
                 std::to_string(nFeatures));
        }
    }
}

}  // namespace tessera::ml::tree
