// The fast path for predicting with one tree or a whole forest: the trees flattened once into one
// cache-friendly node array (preorder, left child next to its parent, float32 thresholds that give
// exactly the float64 comparison), and rows pushed through all trees in blocks on oneTBB.
//
//   tree::FlatForest f(trees, tree::LeafOutput::Probability);    // per-tree normalised class counts
//   std::vector<double> proba = f.predictMean(X.data(), rows);  // [rows, nOutputs * maxNClasses]
//
// Each row's result is accumulated tree by tree in the order of `trees`, as sklearn does with
// n_jobs=1, so the output is the same bits whatever the thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/tree/tree.h"

namespace tessera::ml::tree {

enum class LeafOutput {
    Value,        // the leaf's value row (regression means, or raw class counts)
    Probability,  // class counts divided by their sum per output, as DecisionTreeClassifier.predict_proba
};

class FlatForest {
public:
    FlatForest() = default;
    FlatForest(const std::vector<const Tree*>& trees, LeafOutput output);
    FlatForest(const std::vector<Tree>& trees, LeafOutput output);

    int64_t nTrees() const { return static_cast<int64_t>(m_roots.size()); }
    int64_t outputWidth() const { return m_width; }

    // Mean over trees of the leaf outputs (sklearn: sum in tree order, then divide by the count).
    // X: row-major float32 [rows, nFeatures]. maxThreads < 1: all allowed threads.
    std::vector<double> predictMean(const float* X, int64_t rows, int maxThreads = 0) const;
    // The leaf (node id of the original tree) of each row in each tree: [rows, nTrees].
    std::vector<int64_t> apply(const float* X, int64_t rows, int maxThreads = 0) const;

private:
    // Note [Leaves loop to themselves]: a leaf has feature 0, a NaN threshold (every comparison is
    // false) and `right` pointing at itself, so a row that reached its leaf stays there and a block
    // of rows can take exactly `depth` branch-free steps per tree.
    struct Node {
        int32_t feature;
        float threshold;  // go left (to the next node) when x <= threshold (or x is NaN and NaN goes left)
        int32_t right;    // right child; a leaf's own index
        int32_t info;     // bit 0: NaN goes left; bit 1: leaf; the rest: original node id << 2
    };
    std::vector<int32_t> m_leafOffset;  // per flat node: row of m_leafValues for leaves
    void addTree(const Tree& t, LeafOutput output);
    void walk(int64_t tree, const float* X, int64_t lo, int64_t hi, int32_t* leaf) const;
    template <class Fn>
    void forEachBlock(int64_t rows, int maxThreads, const Fn& fn) const;

    std::vector<Node> m_nodes;
    std::vector<int32_t> m_roots;
    std::vector<int32_t> m_depths;  // per tree: the number of steps from root to the deepest leaf
    bool m_anyNanLeft = false;      // some node sends NaN left: the branchy walk is needed
    std::vector<double> m_leafValues;
    int64_t m_width = 0;
    int64_t m_nFeatures = 0;
};

}  // namespace tessera::ml::tree
