// Grows a tree::Tree exactly as scikit-learn 1.2.1 grows it (sklearn/tree/_tree.pyx, _splitter.pyx,
// _criterion.pyx): same splits, same thresholds, same node order, same floating-point sums.
//
//   tree::TrainingData data = tree::TrainingData::fromRowMajor(X, rows, cols);  // X cast to float32
//   tree::TreeParams p;
//   p.criterion = tree::Criterion::Gini;
//   p.maxFeatures = 4;                      // resolved count, as sklearn's max_features_
//   p.seed = 209652396;                     // RandomState(random_state).randint(0, RAND_R_MAX)
//   tree::Tree t = tree::buildTree(data, y, {3}, sampleWeight, p);   // y: class codes as double
//
// The data is prepared once (column-major float32) and shared by every tree of a forest.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/tree/tree.h"

namespace tessera::ml::tree {

enum class Criterion { Gini, Entropy, SquaredError, FriedmanMse, Poisson, AbsoluteError };
enum class SplitterKind { Best, Random };

// sklearn's RAND_R_MAX: the splitter seed is RandomState.randint(0, kRandRMax).
inline constexpr uint32_t kRandRMax = 0x7FFFFFFF;

struct TreeParams {
    Criterion criterion = Criterion::Gini;
    SplitterKind splitter = SplitterKind::Best;
    int64_t maxDepth = -1;  // -1: unlimited (sklearn's None)
    int64_t minSamplesSplit = 2;
    int64_t minSamplesLeaf = 1;
    double minWeightLeaf = 0.0;  // min_weight_fraction_leaf * total sample weight
    int64_t maxFeatures = -1;    // -1: all features
    int64_t maxLeafNodes = -1;   // -1: depth-first growth; otherwise best-first
    double minImpurityDecrease = 0.0;
    uint32_t seed = 1;
};

// X as the splitter reads it: float32, one contiguous column per feature, each value's rank among
// its column's distinct values and each column's rows in ascending order (Note [Sorting by rank]).
// Throws ValueError for NaN or infinity (as sklearn's check_array: "Input X contains NaN.").
class TrainingData {
public:
    static TrainingData fromRowMajor(const double* X, int64_t rows, int64_t cols);
    static TrainingData fromRowMajor(const float* X, int64_t rows, int64_t cols);
    int64_t rows() const { return m_rows; }
    int64_t cols() const { return m_cols; }
    const float* column(int64_t j) const { return m_values.data() + j * m_rows; }
    float at(int64_t row, int64_t col) const { return m_values[col * m_rows + row]; }
    const uint32_t* ranks(int64_t j) const { return m_ranks.data() + j * m_rows; }
    const float* distinctValues(int64_t j) const { return m_distinct.data() + m_distinctStart[j]; }
    int64_t distinctCount(int64_t j) const { return m_distinctStart[j + 1] - m_distinctStart[j]; }
    const uint32_t* order(int64_t j) const { return m_order.data() + j * m_rows; }  // rows by ascending value

private:
    void rank();
    int64_t m_rows = 0;
    int64_t m_cols = 0;
    std::vector<float> m_values;
    std::vector<uint32_t> m_ranks;
    std::vector<uint32_t> m_order;
    std::vector<float> m_distinct;
    std::vector<int64_t> m_distinctStart;
};

// y: [rows, nOutputs] row-major; for classification, class codes 0..nClasses[k]-1 stored as double
// (nClasses non-empty), for regression targets (nClasses empty). sampleWeight: empty or one per row.
// Throws ValueError naming the argument for inconsistent sizes.
Tree buildTree(const TrainingData& X, const std::vector<double>& y, const std::vector<int64_t>& nClasses,
               const std::vector<double>& sampleWeight, const TreeParams& params);

}  // namespace tessera::ml::tree
