// Clustering metrics of sklearn.metrics (1.2.1): silhouette (euclidean distances as sklearn computes
// them), adjusted Rand index, (normalized) mutual information, Davies–Bouldin and Calinski–Harabasz.
// X is a contiguous (n, d) Float64 tensor; labels 1-D Int64/Float64.
//
//   using namespace tessera::ml::metrics;
//   double s = silhouetteScore(X, labels);
//   double s2 = silhouetteScore(X, labels, /*sampleSize=*/100, /*randomState=*/0);
//   double ari = adjustedRandScore(labelsTrue, labelsPred);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml::metrics {

// silhouette_samples(X, labels, metric='euclidean')
std::vector<double> silhouetteSamples(const Tensor& X, const Tensor& labels);
// silhouette_score(X, labels, metric='euclidean', sample_size=None, random_state=None): with a sample
// size, the rows RandomState(random_state).permutation(n)[:sample_size], as sklearn draws them.
double silhouetteScore(const Tensor& X, const Tensor& labels, std::optional<std::int64_t> sampleSize = std::nullopt,
                       std::optional<std::int64_t> randomState = std::nullopt);

double adjustedRandScore(const Tensor& labelsTrue, const Tensor& labelsPred);
double mutualInfoScore(const Tensor& labelsTrue, const Tensor& labelsPred);
// average_method: "arithmetic" (default), "geometric", "min" or "max".
double normalizedMutualInfoScore(const Tensor& labelsTrue, const Tensor& labelsPred,
                                 const std::string& averageMethod = "arithmetic");
double daviesBouldinScore(const Tensor& X, const Tensor& labels);
double calinskiHarabaszScore(const Tensor& X, const Tensor& labels);

}  // namespace tessera::ml::metrics
