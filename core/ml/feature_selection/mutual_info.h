// sklearn.feature_selection's mutual_info_classif and mutual_info_regression (1.2.1, _mutual_info.py)
// for dense X with discrete_features='auto' (every column continuous) and n_neighbors=3: Kraskov's
// k-nearest-neighbour estimator (Ross's variant for a discrete target), after sklearn's scaling of each
// column by its standard deviation and its 1e-10 noise drawn from RandomState as sklearn draws it.
//
//   std::vector<double> mi = mutualInfoClassif(X, y, "SelectKBest", rng);  // one value per column
#pragma once

#include <string>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/random_state.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::feature_selection {

// X: contiguous Float64 (n, p); y: class labels.
std::vector<double> mutualInfoClassif(const Tensor& X, const Array& y, const std::string& where, RandomState& rng);
// X: contiguous Float64 (n, p); y: a numeric 1-D target.
std::vector<double> mutualInfoRegression(const Tensor& X, const Array& y, const std::string& where, RandomState& rng);

}  // namespace tessera::ml::feature_selection
