// Growing the trees of a forest (RandomForest*, ExtraTrees*) in parallel, each exactly as sklearn
// 1.2.1 grows it, and the out-of-bag predictions of a fitted forest.
//
//   std::vector<ensemble::TreeDraw> draws = …;   // per tree: splitter seed and bootstrap counts
//   std::vector<tree::Tree> trees = ensemble::growForest(data, y, nClasses, sampleWeight, params, draws, 2);
//
// A TreeDraw is what sklearn derives from the forest's RandomState for tree i: the tree's seed
// s_i = randint(2^31 - 1), its splitter seed RandomState(s_i).randint(0, RAND_R_MAX) and, with
// bootstrap, the counts of RandomState(s_i).randint(0, n, n_bootstrap). Trees are independent, so
// any number of threads gives the same trees.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/base/fit_monitor.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/builder.h"
#include "core/ml/tree/tree.h"

namespace tessera::ml::ensemble {

struct TreeDraw {
    uint32_t splitterSeed = 0;
    // How often each row was drawn (empty: no bootstrap, every row once).
    std::vector<double> sampleCounts;
    // balanced_subsample: the class weights of this tree's bootstrap, per row (empty: none).
    std::vector<double> subsampleWeight;
};

// The draws of `nTrees` trees as sklearn 1.2.1's forests make them from the forest's RandomState:
// seed_i = rng.randint(2**31 - 1) per tree (_set_random_states), the splitter seed
// RandomState(seed_i).randint(0, RAND_R_MAX) and, with bootstrap, the counts of
// RandomState(seed_i).randint(0, nSamples, nBootstrap) (_generate_sample_indices). The tree seeds
// are returned in `treeSeeds` when given (they are each estimator's random_state).
std::vector<TreeDraw> sklearnDraws(RandomState& rng, int64_t nTrees, int64_t nSamples, int64_t nBootstrap,
                                   bool bootstrap, std::vector<int64_t>* treeSeeds = nullptr);

// sampleWeight: the forest's weights (sample_weight times the expanded class_weight), or empty.
// nThreads < 1: all threads kernels may use. minWeightFractionLeaf > 0 sets each tree's
// params.minWeightLeaf from the weights that tree sees (its fraction of their NumPy sum, or of the
// row count when it sees none), as each of sklearn's trees resolves min_weight_fraction_leaf.
// `report` (when given) counts the trees and stops between them.
std::vector<tree::Tree> growForest(const tree::TrainingData& X, const std::vector<double>& y,
                                   const std::vector<int64_t>& nClasses, const std::vector<double>& sampleWeight,
                                   const tree::TreeParams& params, const std::vector<TreeDraw>& draws, int nThreads = 0,
                                   double minWeightFractionLeaf = 0.0, FitReporter* report = nullptr);

// sklearn's _compute_oob_predictions: the mean over the trees that did not draw a row of their
// predict_proba (classifiers) or predict (regressors), [rows, nOutputs * maxNClasses]; rows no tree
// left out get 0 (sklearn divides by 1 there). X row-major float32; counts per tree as in TreeDraw.
std::vector<double> oobPredictions(const std::vector<tree::Tree>& trees, const std::vector<TreeDraw>& draws,
                                   const float* X, int64_t rows, bool classifier);

// feature_importances_ of a forest: the mean of the trees' MDI importances over the trees with more
// than one node, normalised to sum 1 (zeros when every tree is a single leaf).
std::vector<double> forestFeatureImportances(const std::vector<tree::Tree>& trees, int64_t nFeatures);

}  // namespace tessera::ml::ensemble
