// VarianceThreshold (sklearn/feature_selection/_variance_threshold.py and _base.py's SelectorMixin,
// 1.2.1): NaN-aware column variances (np.nanvar), with threshold 0 the smaller of the variance and the
// peak-to-peak range (so that constant columns give exactly 0 despite rounding), and the columns whose
// value is above the threshold kept by transform.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class VarianceThreshold : public Estimator {
public:
    using Estimator::Estimator;

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

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin, true);
        const std::vector<std::int64_t> keep = kept();
        const std::int64_t n = X.size(0), p = X.size(1), m = static_cast<std::int64_t>(keep.size());
        const double* x = X.data<double>();
        std::vector<double> out;
        out.reserve(static_cast<std::size_t>(n * m));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c : keep) out.push_back(x[i * p + c]);
        return Tensor::fromVector<double>(out, {n, m});
    }

    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sw) override {
        fit(X, y, sw);
        return transform(X);
    }

    // SelectorMixin.inverse_transform: the kept columns back in place, zeros elsewhere.
    Tensor inverseTransform(const Tensor& Xin) const override {
        checkFitted();
        const std::vector<std::int64_t> keep = kept();
        const std::int64_t p = fitted("variances_").size(0), m = static_cast<std::int64_t>(keep.size());
        if (Xin.dim() != 2 || Xin.size(1) != m) throw ValueError("X has a different shape than during fitting.");
        const std::int64_t n = Xin.size(0);
        const std::vector<double> x = Xin.toVector<double>();
        std::vector<double> out(static_cast<std::size_t>(n * p), 0.0);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < m; ++j) out[i * p + keep[j]] = x[i * m + j];
        return Tensor::fromVector<double>(out, {n, p});
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const std::vector<std::string> names =
            defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        std::vector<std::string> out;
        for (std::int64_t c : kept()) out.push_back(names[c]);
        return out;
    }

private:
    // _get_support_mask: variances_ > threshold, as indices.
    std::vector<std::int64_t> kept() const {
        const std::vector<double> v = fitted("variances_").toVector<double>();
        const double threshold = paramDouble("threshold");
        std::vector<std::int64_t> out;
        for (std::size_t c = 0; c < v.size(); ++c)
            if (v[c] > threshold) out.push_back(static_cast<std::int64_t>(c));
        return out;
    }
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
