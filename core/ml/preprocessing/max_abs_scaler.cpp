// MaxAbsScaler: x / max_abs_, so each feature's largest absolute value becomes 1.
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class MaxAbsScaler : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/true);
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        std::vector<double> mx(p, std::numeric_limits<double>::quiet_NaN()), scale(p);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                const double v = std::abs(x[i * p + j]);
                if (!std::isnan(v) && (std::isnan(mx[j]) || v > mx[j])) mx[j] = v;
            }
        const double eps = std::numeric_limits<double>::epsilon();
        for (std::int64_t j = 0; j < p; ++j) scale[j] = mx[j] < 10 * eps ? 1.0 : mx[j];
        setAttribute("scale_", Array(Tensor::fromVector<double>(scale, {p})));
        setAttribute("max_abs_", Array(Tensor::fromVector<double>(mx, {p})));
        setAttribute("n_samples_seen_", Array(Tensor::scalar<std::int64_t>(n)));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override { return apply(Xin, false); }
    Tensor inverseTransform(const Tensor& Xin) const override { return apply(Xin, true); }

private:
    Tensor apply(const Tensor& Xin, bool inverse) const {
        const Tensor X = validateX(Xin, true);
        const std::int64_t n = X.size(0), p = X.size(1);
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        const double *x = X.data<double>(), *scale = fitted("scale_").data<double>();
        double* o = out.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j)
                o[i * p + j] = inverse ? x[i * p + j] * scale[j] : x[i * p + j] / scale[j];
        return out;
    }
};

const RegisterEstimator<MaxAbsScaler> kRegistered({
    "MaxAbsScaler",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Scale each feature by its maximum absolute value.",
    {
        {"copy", true, {booleanC()}, "Copy X before scaling (Tessera never changes its input)."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
