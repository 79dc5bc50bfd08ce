// The covariance estimates LinearDiscriminantAnalysis uses (sklearn/covariance, 1.2.1):
// empirical_covariance (np.cov with bias=1), shrunk_covariance, and ledoit_wolf's shrinkage, combined
// as discriminant_analysis._cov does for shrinkage None, 'auto' (Ledoit-Wolf on standardized data) or a
// float. Matrices are row-major std::vector<double>.
//
//   std::vector<double> S = classCovariance(X, n, p, std::nullopt);          // empirical
//   std::vector<double> L = classCovariance(X, n, p, kShrinkageAuto);        // Ledoit-Wolf
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace tessera::ml::detail {

// The 'auto' value of `shrinkage` (any negative number stands for it).
constexpr double kShrinkageAuto = -1.0;

std::vector<double> empiricalCovariance(const std::vector<double>& X, std::int64_t n, std::int64_t p);
// (1 - s) * cov + s * trace(cov) / p * I.
std::vector<double> shrunkCovariance(std::vector<double> cov, std::int64_t p, double shrinkage);
// ledoit_wolf_shrinkage(X) with assume_centered=False (one block: fewer than 1000 features assumed).
double ledoitWolfShrinkage(const std::vector<double>& X, std::int64_t n, std::int64_t p);
// discriminant_analysis._cov(X, shrinkage).
std::vector<double> classCovariance(const std::vector<double>& X, std::int64_t n, std::int64_t p,
                                    std::optional<double> shrinkage);

}  // namespace tessera::ml::detail
