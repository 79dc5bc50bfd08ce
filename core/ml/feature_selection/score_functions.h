// sklearn.feature_selection's univariate score functions (1.2.1) with their p-values, as SelectKBest
// and SelectPercentile call them by name: f_classif (one-way ANOVA F, scipy's fdtrc), f_regression
// (F of the centred correlation, force_finite), chi2 (Pearson's statistic of class-wise feature sums,
// scipy's chdtrc), mutual_info_classif and mutual_info_regression (mutual_info.h; no p-values).
//
//   FeatureScores s = scoreFeatures("f_classif", X, y, "SelectKBest");  // s.scores, s.pvalues: n_features
#pragma once

#include <string>
#include <vector>

#include "core/ml/base/array.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::feature_selection {

struct FeatureScores {
    std::vector<double> scores, pvalues;  // pvalues empty: the function has none (sklearn's None)
};

// The score function names Tessera has.
const std::vector<std::string>& scoreFunctionNames();

// X: contiguous Float64 (n, p); y: labels (f_classif, chi2) or a numeric target (f_regression).
FeatureScores scoreFeatures(const std::string& function, const Tensor& X, const Array& y, const std::string& where);

}  // namespace tessera::ml::feature_selection
