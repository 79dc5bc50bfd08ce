// The per-feature options of HistGradientBoosting* as sklearn 1.2.1's fit resolves them
// (_check_monotonic_cst, _check_categories, _check_interaction_cst), from the estimator's keywords, X
// and, for a fit on a table, its column names (categorical_features and monotonic_cst may name columns).
//
//   const hgb::FeatureOptions o = hgb::resolveFeatureOptions(estimator, X, tableNames);
//   if (!o.isCategorical.empty()) …
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/ensemble/hist_gradient_boosting/grower.h"

namespace tessera::ml::hgb {

struct FeatureOptions {
    std::vector<uint8_t> isCategorical;                // empty: no categorical feature (is_categorical_ None)
    std::vector<std::vector<double>> knownCategories;  // per categorical feature: np.unique without NaN
    std::vector<int8_t> monotonicCst;                  // empty: none
    std::vector<std::vector<int64_t>> interactionCst;  // empty: None
};

// In sklearn's order: monotonic_cst, then the categories (all rows, before the early-stopping split),
// then the interaction groups. Errors are sklearn's, naming the estimator.
FeatureOptions resolveFeatureOptions(const Estimator& e, const Tensor& X, const std::vector<std::string>& tableNames);

// make_known_categories_bitsets, indexed by feature (sklearn's f_idx_map folded in): the bin thresholds of
// a categorical feature are its known categories.
std::vector<Bitset> knownCategoryBitsets(const std::vector<uint8_t>& isCategorical,
                                         const std::vector<std::vector<double>>& thresholds);

// Bitsets as the [count, 8] int64 arrays the fitted state stores them in, and back.
Array bitsetArray(const std::vector<Bitset>& v);
std::vector<Bitset> bitsetsOf(const Tensor& t);

}  // namespace tessera::ml::hgb
