// What the tree estimators share (DecisionTree*, the forests, boosting): sklearn 1.2.1's tree keywords,
// their resolution as BaseDecisionTree.fit resolves them, class_weight as compute_sample_weight, and a
// fitted tree as attributes named "tree_.children_left", … (Note [Attributes that are dicts or objects]
// in core/ml/README.md; a forest's trees carry the prefix "estimators_.3.").
//
//   tree::TreeParams p = tree::resolveTreeParams(*this, rows, features, /*classifier=*/true, sw);
//   for (auto& [name, value] : tree::decisionTreeAttributes(t, &classes, p.maxFeatures)) setAttribute(name, value);
//   tree::Tree back = tree::treeFromAttributes(*this, "", features);
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"
#include "core/ml/tree/builder.h"
#include "core/ml/tree/tree.h"

namespace tessera::ml::tree {

using Attributes = std::vector<std::pair<std::string, Array>>;

// Every keyword of DecisionTreeClassifier (classifier) or DecisionTreeRegressor, with sklearn's
// defaults and constraints.
std::vector<ParamSpec> decisionTreeParams(bool classifier);

// The estimator's tree keywords resolved for `rows` × `features` as BaseDecisionTree.fit resolves
// them (fractions of rows, max_features names, min_weight_leaf from the weights' NumPy sum or the row
// count when `sampleWeight` is empty). The seed is left for the caller to draw.
TreeParams resolveTreeParams(const Estimator& e, int64_t rows, int64_t features, bool classifier,
                             const std::vector<double>& sampleWeight);

// compute_sample_weight(class_weight, y) as one factor per class (empty when class_weight is None):
// 'balanced' as n / (k · count), a dict keyed by the labels' text. `codes` index `classes`.
std::vector<double> classWeightFactors(const ParamValue& classWeight, const Array& classes,
                                       const std::vector<int64_t>& codes, std::string_view estimator);

// A classifier's y encoded per output as BaseDecisionTree.fit and BaseForest.fit encode it: y 1-D
// (one output) or a 2-D numeric [rows, outputs], each column's sorted classes and codes.
struct EncodedOutputs {
    std::vector<Array> classes;               // per output
    std::vector<int64_t> nClasses;            // per output
    std::vector<std::vector<int64_t>> codes;  // per output, one code per row
    std::vector<double> y;                    // [rows, outputs] row-major, the codes as the builder reads them
    int64_t outputs() const { return static_cast<int64_t>(classes.size()); }
};
EncodedOutputs encodeOutputs(const Array& y, std::string_view estimator);

// compute_sample_weight(class_weight, y) for one or more outputs: the product over outputs of each
// output's factor (a list of dicts holds one dict per output; 'balanced' applies to each). Empty for
// None. With `indices` (balanced_subsample), each output's balanced weights among the rows drawn.
std::vector<double> expandedClassWeight(const ParamValue& classWeight, const EncodedOutputs& e,
                                        std::string_view estimator);
std::vector<double> balancedSubsampleWeights(const EncodedOutputs& e, const std::vector<int64_t>& indices);

// classes_ and n_classes_ as sklearn sets them: one output an array and an int, several outputs a
// list of arrays (classes_.0, classes_.1, …) and an int array.
Attributes classAttributes(const std::vector<Array>& classes);
std::vector<Array> fittedClasses(const Estimator& e);
std::vector<int64_t> fittedNClasses(const Estimator& e);

// predict_proba from leaf rows [rows, outputs * maxNClasses]: one output [rows, n_classes_]; several
// outputs sklearn's list of arrays as one [outputs, rows, max n_classes_] tensor, each output's
// columns past its n_classes_ zero. `normalize` divides each output's row by its sum (a tree's
// weighted counts; 0 sums as 1), as DecisionTreeClassifier.predict_proba.
Tensor probaOfOutputs(const std::vector<double>& leaf, const std::vector<int64_t>& nClasses, bool normalize);
// predict_log_proba from probaOfOutputs: the log of each output's columns (past them, 0).
Tensor logOfOutputs(const Tensor& proba, const std::vector<int64_t>& nClasses);
// predict from predict_proba: each output's first most probable class ([rows] or [rows, outputs],
// of classes_[0]'s dtype as sklearn's).
Array labelsOfOutputs(const Tensor& proba, const std::vector<Array>& classes);

// compute_sample_weight('balanced', y, indices): per row, the balanced weight of its class among the
// rows drawn (`indices`, with repeats), 0 for a class none of them has.
std::vector<double> balancedSubsampleWeights(const std::vector<int64_t>& codes, int64_t nClasses,
                                             const std::vector<int64_t>& indices);

// The tree's sklearn arrays as PREFIX + "tree_.NAME" attributes, in sklearn's order.
void appendTreeAttributes(Attributes& out, const Tree& t, const std::string& prefix);
// The tree stored under `prefix` (as appendTreeAttributes wrote it); nClasses empty for regression.
Tree treeFromAttributes(const Estimator& e, const std::string& prefix, int64_t nFeatures,
                        const std::vector<int64_t>& nClasses);

// Every fitted attribute of a DecisionTreeClassifier (classes non-null) or DecisionTreeRegressor
// holding `t`, after n_features_in_: classes_, n_classes_, max_features_, n_outputs_,
// feature_importances_ and the tree.
Attributes decisionTreeAttributes(const Tree& t, const std::vector<Array>* classes, int64_t maxFeatures);

// A regressor's y as doubles, [rows, outputs] row-major (Int64 targets widened).
std::vector<double> regressionTargets(const Array& y);

// X as the float32 rows sklearn's trees see.
std::vector<float> asFloat32(const Tensor& X);

// predict from predict_proba: the first most probable class of each row, as classes_.take(argmax).
Array argmaxLabels(const Tensor& proba, const Array& classes);
// predict_log_proba from predict_proba: log of each probability.
Tensor logOf(const Tensor& proba);

// A fitted tree estimator of class `cls` (DecisionTreeRegressor, ExtraTreeClassifier, …) holding `t`,
// as an ensemble's estimators_ lists it: `params` its keywords, classes non-null for classifiers.
std::shared_ptr<Estimator> heldTree(const std::string& cls, const ParamList& params, const Tree& t,
                                    const std::vector<Array>* classes, int64_t maxFeatures);

}  // namespace tessera::ml::tree
