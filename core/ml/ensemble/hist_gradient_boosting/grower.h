// One tree of HistGradientBoosting* grown on binned data (grower.py, splitting.pyx, histogram.pyx of
// scikit-learn 1.2.1): best-first growth on the split gain, per-feature histograms of gradients and
// hessians (the smaller child built, the larger one by subtraction from its parent), the missing
// values' direction chosen per split by scanning both ways, native categorical splits (categories
// ordered by gradient/hessian ratio, a bitset of the left categories), monotonic constraints (values
// clipped between bounds that each split narrows) and interaction constraints (the features a node may
// split on), and leaves of value −G/(H + l2) · shrinkage.
//
//   hgb::GrowerParams p;                       // max_leaf_nodes 31, min_samples_leaf 20, …
//   hgb::GrownTree t = hgb::growTree(data, gradients, hessians, p);
//   for (const hgb::Leaf& leaf : t.leaves) …   // the rows of each leaf, for raw-prediction updates
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace tessera::ml::hgb {

// The binned training data and what the bin mapper knows of each feature.
struct BinnedData {
    const uint8_t* binned = nullptr;  // column-major [features][rows]
    int64_t rows = 0, features = 0;
    int missingBin = 255;
    const std::vector<uint32_t>* nBinsNonMissing = nullptr;
    std::vector<uint8_t> hasMissingValues;  // per feature: a training row fell in the missing bin
    std::vector<uint8_t> isCategorical;     // per feature (empty: no categorical feature)
};

// X_BITSET_INNER_DTYPE[8]: 256 bits, bit c of word c / 32.
using Bitset = std::array<uint32_t, 8>;
inline bool inBitset(const Bitset& b, uint32_t v) { return (b[v >> 5] >> (v & 31)) & 1u; }
inline void setBitset(Bitset& b, uint32_t v) { b[v >> 5] |= 1u << (v & 31); }

struct GrowerParams {
    int64_t maxLeafNodes = 31;  // 0: None
    int64_t maxDepth = 0;       // 0: None
    int64_t minSamplesLeaf = 20;
    double l2Regularization = 0.0;
    double shrinkage = 1.0;
    double minGainToSplit = 0.0;
    double minHessianToSplit = 1e-3;
    std::vector<int8_t> monotonicCst;                  // per feature -1, 0, 1 (empty: none)
    std::vector<std::vector<int64_t>> interactionCst;  // feature groups (empty: no constraint)
};

// PREDICTOR_RECORD_DTYPE: the nodes in the preorder of _fill_predictor_arrays.
struct PredictorNode {
    double value = 0.0;
    uint32_t count = 0;
    int64_t featureIdx = 0;
    double numThreshold = 0.0;
    bool missingGoToLeft = false;
    int64_t left = 0, right = 0;
    double gain = -1.0;
    int64_t depth = 0;
    bool isLeaf = false;
    int64_t binThreshold = 0;
    bool isCategorical = false;
    int64_t bitsetIdx = 0;
};

struct Leaf {
    int64_t node;         // index into GrownTree::nodes
    int64_t start, stop;  // its rows: partition[start, stop)
};

struct GrownTree {
    std::vector<PredictorNode> nodes;
    std::vector<Leaf> leaves;         // in the grower's finalisation order
    std::vector<uint32_t> partition;  // the rows, grouped by leaf
    // One per categorical split, in preorder: the left bins, and the left raw categories.
    std::vector<Bitset> binnedLeftCatBitsets, rawLeftCatBitsets;
};

// `hessians` of one value means constant hessians (sklearn's hessians_are_constant: every row's
// hessian is hessians[0] and the splitter counts rows instead of summing). Leaf values are already
// multiplied by shrinkage. Histograms of large nodes run on oneTBB, one feature per task, so any
// thread count grows the same tree. `thresholds` are the bin mapper's (the nodes' num_threshold; a
// categorical feature's known categories).
GrownTree growTree(const BinnedData& data, const std::vector<float>& gradients, const std::vector<float>& hessians,
                   const GrowerParams& params, const std::vector<std::vector<double>>& thresholds);

}  // namespace tessera::ml::hgb
