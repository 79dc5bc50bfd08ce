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
Attributes decisionTreeAttributes(const Tree& t, const Array* classes, int64_t maxFeatures);

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
                                    const Array* classes, int64_t maxFeatures);

}  // namespace tessera::ml::tree
