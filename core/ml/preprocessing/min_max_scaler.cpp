// MinMaxScaler: x * scale_ + min_, mapping each feature's [data_min_, data_max_] onto feature_range.
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class MinMaxScaler : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        const auto [lo, hi] = range();
        if (lo >= hi)
            throw ValueError("Minimum of desired feature range must be smaller than maximum. Got " +
                             param("feature_range").repr() + ".");
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/true);
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        std::vector<double> mn(p, nan), mx(p, nan), rng(p), scale(p), mins(p);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                const double v = x[i * p + j];
                if (std::isnan(v)) continue;
                if (std::isnan(mn[j]) || v < mn[j]) mn[j] = v;
                if (std::isnan(mx[j]) || v > mx[j]) mx[j] = v;
            }
        const double eps = std::numeric_limits<double>::epsilon();
        for (std::int64_t j = 0; j < p; ++j) {
            rng[j] = mx[j] - mn[j];
            scale[j] = (hi - lo) / (rng[j] < 10 * eps ? 1.0 : rng[j]);
            mins[j] = lo - mn[j] * scale[j];
        }
        const auto vec = [p](const std::vector<double>& v) { return Array(Tensor::fromVector<double>(v, {p})); };
        setAttribute("min_", vec(mins));
        setAttribute("scale_", vec(scale));
        setAttribute("data_min_", vec(mn));
        setAttribute("data_max_", vec(mx));
        setAttribute("data_range_", vec(rng));
        setAttribute("n_samples_seen_", Array(Tensor::scalar<std::int64_t>(n)));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin, true);
        const std::int64_t n = X.size(0), p = X.size(1);
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        const double *x = X.data<double>(), *scale = fitted("scale_").data<double>(),
                     *mins = fitted("min_").data<double>();
        double* o = out.data<double>();
        const bool clip = paramBool("clip");
        const auto [lo, hi] = range();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                double v = x[i * p + j] * scale[j] + mins[j];
                if (clip) v = std::isnan(v) ? v : std::min(std::max(v, lo), hi);
                o[i * p + j] = v;
            }
        return out;
    }

    Tensor inverseTransform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin, true);
        const std::int64_t n = X.size(0), p = X.size(1);
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        const double *x = X.data<double>(), *scale = fitted("scale_").data<double>(),
                     *mins = fitted("min_").data<double>();
        double* o = out.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) o[i * p + j] = (x[i * p + j] - mins[j]) / scale[j];
        return out;
    }

private:
    std::pair<double, double> range() const {
        const auto& items = param("feature_range").items();
        if (items.size() != 2)
            throw ValueError("MinMaxScaler: feature_range must be a tuple of 2 numbers, got " +
                             param("feature_range").repr());
        return {items[0].asDouble(), items[1].asDouble()};
    }
};

const RegisterEstimator<MinMaxScaler> kRegistered({
    "MinMaxScaler",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Transform features by scaling each feature to a given range.",
    {
        {"feature_range",
         ParamValue::tuple({0, 1}),
         {constraintOf(Constraint::Kind::Tuple)},
         "Desired range (min, max) of transformed data."},
        {"copy", true, {booleanC()}, "Copy X before scaling (Tessera never changes its input)."},
        {"clip", false, {booleanC()}, "Clip transformed values of held-out data to feature_range."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
