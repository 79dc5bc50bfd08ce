// The bin mapper of HistGradientBoosting* (sklearn/ensemble/_hist_gradient_boosting/binning.py 1.2.1):
// per feature, the thresholds between max_bins quantiles of the non-missing values (the midpoints of
// the distinct values when there are fewer), and X mapped to uint8 bin codes, NaN to the last bin.
//
//   hgb::BinMapper m = hgb::BinMapper::fit(X.data<double>(), rows, cols, 256, seed);
//   std::vector<uint8_t> binned = m.transform(X.data<double>(), rows, cols);   // column-major
//   m.thresholds[3];                                                             // bin_thresholds_[3]
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::ml::hgb {

// _find_binning_thresholds of one column (NaN ignored): the increasing values t such that x goes to
// bin i iff t[i-1] < x <= t[i]; np.percentile(method='midpoint') on the values when they have more
// than maxBins distinct values, clipped to ALMOST_INF.
std::vector<double> findBinningThresholds(std::vector<double> column, int maxBins);

struct BinMapper {
    int nBins = 256;                              // max_bins + 1: the last bin holds the missing values
    std::vector<std::vector<double>> thresholds;  // bin_thresholds_
    std::vector<uint32_t> nBinsNonMissing;        // n_bins_non_missing_

    int missingBin() const { return nBins - 1; }  // missing_values_bin_idx_

    // _BinMapper(n_bins, subsample=2e5, random_state=seed).fit: when rows exceed 200000, the thresholds
    // come from RandomState(seed).choice(rows, 200000, replace=False) rows. X is row-major float64. A
    // categorical feature (isCategorical[f], when given) takes its known categories as thresholds, so
    // category t[i] maps to bin i.
    static BinMapper fit(const double* X, int64_t rows, int64_t cols, int nBins, uint32_t seed,
                         const std::vector<uint8_t>& isCategorical = {},
                         const std::vector<std::vector<double>>& knownCategories = {});

    // _map_to_bins: column-major codes [cols][rows]; parallel over columns.
    std::vector<uint8_t> transform(const double* X, int64_t rows, int64_t cols) const;
};

}  // namespace tessera::ml::hgb
