// VarianceThreshold (sklearn/feature_selection/_variance_threshold.py and _base.py's SelectorMixin,
// 1.2.1): NaN-aware column variances (np.nanvar), with threshold 0 the smaller of the variance and the
// peak-to-peak range (so that constant columns give exactly 0 despite rounding), and the columns whose
// value is above the threshold kept (selector.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/ml/base/registry.h"
#include "core/ml/feature_selection/selector.h"

namespace tessera::ml {
namespace {

class VarianceThreshold : public feature_selection::Selector {
public:
    using Selector::Selector;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin, true);
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const double threshold = paramDouble("threshold");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        std::vector<double> variances(static_cast<std::size_t>(p));
        for (std::int64_t c = 0; c < p; ++c) {
            double sum = 0, count = 0, lo = 0, hi = 0;
            bool anyNaN = false;
            for (std::int64_t i = 0; i < n; ++i) {
                const double v = x[i * p + c];
                if (std::isnan(v)) {
                    anyNaN = true;
                    continue;
                }
                lo = count == 0 ? v : std::min(lo, v);
                hi = count == 0 ? v : std::max(hi, v);
                sum += v;
                ++count;
            }
            double var = nan;
            if (count > 0) {
                const double mean = sum / count;
                double ss = 0;
                for (std::int64_t i = 0; i < n; ++i)
                    if (!std::isnan(x[i * p + c])) ss += (x[i * p + c] - mean) * (x[i * p + c] - mean);
                var = ss / count;
            }
            // np.nanmin of the variance and np.ptp (NaN when the column has a NaN).
            if (threshold == 0 && !anyNaN && count > 0) var = std::min(var, hi - lo);
            variances[c] = var;
        }
        const bool none = std::all_of(variances.begin(), variances.end(),
                                      [&](double v) { return !std::isfinite(v) || v <= threshold; });
        if (none) {
            char buffer[96];
            std::snprintf(buffer, sizeof buffer, "No feature in X meets the variance threshold %.5f", threshold);
            std::string msg = buffer;
            if (n == 1) msg += " (X contains only one sample)";
            throw ValueError(msg);
        }
        setAttribute("variances_", Array(Tensor::fromVector<double>(variances, {p})));
        return *this;
    }

    // _get_support_mask: variances_ > threshold.
    std::vector<bool> supportMask() const override {
        checkFitted();
        const double threshold = paramDouble("threshold");
        std::vector<bool> out;
        for (double v : fitted("variances_").toVector<double>()) out.push_back(v > threshold);
        return out;
    }

protected:
    bool allowNaN() const override { return true; }
};

const RegisterEstimator<VarianceThreshold> kVarianceThreshold({
    "VarianceThreshold",
    "sklearn.feature_selection",
    EstimatorKind::Transformer,
    "Feature selector that removes all low-variance features.",
    {
        {"threshold",
         0.0,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Columns with a training-set variance at or below this are removed."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
