// A fitted HistGradientBoosting*'s predictors as the trees of core/ml/tree/tree.h, so code that reads
// tree ensembles (TreeSHAP, the ONNX exporter) reads HistGradientBoosting like GradientBoosting:
//
//   auto hgb = ml::EstimatorRegistry::instance().create("HistGradientBoostingRegressor");
//   hgb->fit(X, y);
//   std::vector<std::vector<tree::Tree>> trees = ml::hgb::predictorTrees(*hgb);  // [iteration][k]
//   trees[0][0].threshold[0];   // _predictors[0][0].nodes['num_threshold'][0]
//
// Node i of trees[i][k] is node i of sklearn's `_predictors[i][k].nodes` (the same preorder): children
// from left/right (kLeaf at leaves), feature from feature_idx (kUndefined at leaves), threshold from
// num_threshold (-2 at leaves), value the node's value (one output, one class: leaves hold the raw
// prediction's increment, shrinkage included), n_node_samples and weighted_n_node_samples the node's
// count, impurity 0, missingGoLeft from missing_go_to_left, Comparison::LessEqual on float64 inputs.
// The raw prediction of row x for output k is `_baseline_prediction[k]` plus the leaf value of x in
// every trees[i][k]. A tree with a categorical split has no such form: predictorTrees throws
// ValueError naming the node; the `_predictors.*` attributes (bitsets included) describe it.
#pragma once

#include <vector>

#include "core/ml/base/estimator.h"
#include "core/ml/tree/tree.h"

namespace tessera::ml::hgb {

std::vector<std::vector<tree::Tree>> predictorTrees(const Estimator& hgb);

}  // namespace tessera::ml::hgb
