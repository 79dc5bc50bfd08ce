// One fitted decision tree, held as scikit-learn's `tree_` arrays with sklearn's conventions, so the
// tree builder, forests, boosting, TreeSHAP, the ONNX exporter and the XGBoost importer share it:
//
//   tree::Tree t = tree::buildTree(data, params);          // core/ml/tree/builder.h
//   std::vector<int64_t> leaf = t.apply(X.data(), rows);    // X: row-major float32 [rows, nFeatures]
//   std::vector<double> v = t.predict(X.data(), rows);     // value rows [rows, nOutputs * maxNClasses]
//   std::vector<double> imp = t.computeFeatureImportances();  // MDI, sklearn's feature_importances_
//
// Node i: childrenLeft[i] / childrenRight[i] (kLeaf = -1 at leaves), feature[i] (kUndefined = -2 at
// leaves), threshold[i] (-2.0 at leaves), impurity[i], nNodeSamples[i], weightedNNodeSamples[i], and
// value[i * nOutputs * maxNClasses + k * maxNClasses + c]: for classifiers the weighted class counts
// (as sklearn 1.2.1 stores them), for regressors the mean (c = 0). A row goes left when
// `x[feature] <= threshold` (Comparison::LessEqual, sklearn) or `x[feature] < threshold`
// (Comparison::Less, XGBoost's models); a NaN goes where missingGoLeft[i] says.
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::ml::tree {

inline constexpr int64_t kLeaf = -1;
inline constexpr int64_t kUndefined = -2;

enum class Comparison : uint8_t { LessEqual, Less };

// decision_path as a CSR indicator matrix [rows, nodes]: row r's nodes are indices[indptr[r]:indptr[r+1]].
struct DecisionPath {
    std::vector<int64_t> indptr;
    std::vector<int64_t> indices;
};

// ccp_alphas and impurities of cost_complexity_pruning_path, increasing alphas.
struct PruningPath {
    std::vector<double> ccpAlphas;
    std::vector<double> impurities;
};

struct Tree {
    int64_t nFeatures = 0;
    int64_t nOutputs = 1;
    std::vector<int64_t> nClasses;  // per output; {1, …} for regression, as sklearn's n_classes
    int64_t maxNClasses = 1;
    int64_t maxDepth = 0;
    Comparison comparison = Comparison::LessEqual;

    std::vector<int64_t> childrenLeft;
    std::vector<int64_t> childrenRight;
    std::vector<int64_t> feature;
    std::vector<double> threshold;
    std::vector<double> value;
    std::vector<double> impurity;
    std::vector<int64_t> nNodeSamples;
    std::vector<double> weightedNNodeSamples;
    std::vector<uint8_t> missingGoLeft;

    int64_t nodeCount() const { return static_cast<int64_t>(childrenLeft.size()); }
    int64_t valueStride() const { return nOutputs * maxNClasses; }
    int64_t nLeaves() const;
    // get_depth(): the longest root-to-leaf path, computed from the arrays (imported trees too).
    int64_t depth() const;

    // Appends a node as sklearn's Tree._add_node does and returns its id; links it to its parent.
    int64_t addNode(int64_t parent, bool isLeft, bool isLeaf, int64_t feature, double threshold, double impurity,
                    int64_t nNodeSamples, double weightedNNodeSamples);

    // X is row-major float32 [rows, nFeatures], as sklearn predicts on X cast to float32.
    std::vector<int64_t> apply(const float* X, int64_t rows) const;
    std::vector<double> predict(const float* X, int64_t rows) const;
    DecisionPath decisionPath(const float* X, int64_t rows) const;

    // Mean decrease in impurity per feature; normalised to sum 1 unless the root is pure.
    std::vector<double> computeFeatureImportances(bool normalize = true) const;

    // Minimal cost-complexity pruning: the subtree for ccp_alpha, and the whole path.
    Tree pruned(double ccpAlpha) const;
    PruningPath pruningPath() const;

    // Throws ValueError naming the array and node when the arrays are not one consistent tree.
    void validate() const;
};

// numpy's pairwise summation of np.sum over a contiguous float64 array, so sums match sklearn's bit
// for bit.
double numpySum(const double* a, int64_t n);

}  // namespace tessera::ml::tree
