// Note [Bin thresholds as NumPy computes them]: the midpoints of distinct values are (a + b) * 0.5 in
// float64, as NumPy's `(d[:-1] + d[1:]) * 0.5`; the quantiles use np.percentile's 'midpoint' method:
// the virtual index (n - 1)·q with q = linspace(0, 100, max_bins + 1)[i] / 100, then between the
// floor and ceil values NumPy's _lerp with t = 0.5 (b - (b - a)·0.5, its t >= 0.5 branch), or the
// value itself when the index is whole. Every step is the same float64 operation as NumPy's, so the
// thresholds are the same bits.
#include "core/ml/ensemble/hist_gradient_boosting/binning.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

#include "core/ml/random_state.h"

namespace tessera::ml::hgb {
namespace {

constexpr double kAlmostInf = 1e300;  // common.pyx's ALMOST_INF
constexpr int64_t kSubsample = 200000;

}  // namespace

std::vector<double> findBinningThresholds(std::vector<double> column, int maxBins) {
    column.erase(std::remove_if(column.begin(), column.end(), [](double v) { return std::isnan(v); }), column.end());
    std::sort(column.begin(), column.end());
    std::vector<double> distinct;
    for (const double v : column)
        if (distinct.empty() || v != distinct.back()) distinct.push_back(v);
    std::vector<double> mid;
    if (static_cast<int64_t>(distinct.size()) <= maxBins) {
        for (size_t i = 0; i + 1 < distinct.size(); ++i) mid.push_back((distinct[i] + distinct[i + 1]) * 0.5);
    } else {
        // np.linspace(0, 100, num=maxBins + 1)[1:-1]: i * step with step = 100 / maxBins.
        const double step = 100.0 / static_cast<double>(maxBins);
        const double last = static_cast<double>(column.size() - 1);
        for (int i = 1; i < maxBins; ++i) {
            const double q = (static_cast<double>(i) * step) / 100.0;
            const double index = last * q;
            const double lo = std::floor(index), hi = std::ceil(index);
            const double virtualIndex = 0.5 * (lo + hi);
            const auto below = static_cast<int64_t>(std::floor(virtualIndex));
            const int64_t above = std::min<int64_t>(below + 1, static_cast<int64_t>(column.size()) - 1);
            const double a = column[below], b = column[above];
            if (virtualIndex == std::floor(virtualIndex)) {
                mid.push_back(a + (b - a) * 0.0);
            } else {
                mid.push_back(b - (b - a) * 0.5);
            }
        }
    }
    for (double& v : mid) v = std::min(v, kAlmostInf);
    return mid;
}

BinMapper BinMapper::fit(const double* X, int64_t rows, int64_t cols, int nBins, uint32_t seed,
                         const std::vector<uint8_t>& isCategorical,
                         const std::vector<std::vector<double>>& knownCategories) {
    std::vector<int64_t> subset;
    if (rows > kSubsample) {
        RandomState rng(seed);
        subset = rng.choice(rows, kSubsample, false);
    }
    BinMapper m;
    m.nBins = nBins;
    m.thresholds.resize(cols);
    m.nBinsNonMissing.resize(cols);
    tbb::parallel_for(int64_t{0}, cols, [&](int64_t f) {
        if (!isCategorical.empty() && isCategorical[f]) {
            m.thresholds[f] = knownCategories[f];
            m.nBinsNonMissing[f] = static_cast<uint32_t>(m.thresholds[f].size());
            return;
        }
        std::vector<double> column;
        if (subset.empty()) {
            column.resize(rows);
            for (int64_t r = 0; r < rows; ++r) column[r] = X[r * cols + f];
        } else {
            column.reserve(subset.size());
            for (const int64_t r : subset) column.push_back(X[r * cols + f]);
        }
        m.thresholds[f] = findBinningThresholds(std::move(column), nBins - 1);
        m.nBinsNonMissing[f] = static_cast<uint32_t>(m.thresholds[f].size() + 1);
    });
    return m;
}

std::vector<uint8_t> BinMapper::transform(const double* X, int64_t rows, int64_t cols) const {
    std::vector<uint8_t> binned(rows * cols);
    tbb::parallel_for(int64_t{0}, cols, [&](int64_t f) {
        const std::vector<double>& t = thresholds[f];
        uint8_t* out = binned.data() + f * rows;
        for (int64_t r = 0; r < rows; ++r) {
            const double x = X[r * cols + f];
            if (std::isnan(x)) {
                out[r] = static_cast<uint8_t>(missingBin());
                continue;
            }
            // The first threshold >= x: _map_to_bins' binary search.
            out[r] = static_cast<uint8_t>(std::lower_bound(t.begin(), t.end(), x) - t.begin());
        }
    });
    return binned;
}

}  // namespace tessera::ml::hgb
