// StandardScaler: z = (x - mean_) / scale_, with sklearn's two-pass mean and variance (NaN ignored),
// its near-constant-feature rule for scale_ and its sample_weight handling.
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class StandardScaler : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/true);
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const bool weighted = sampleWeight.defined();
        const Tensor w = sampleWeightOrOnes(sampleWeight, n);
        const double* wd = w.data<double>();
        const bool withMean = paramBool("with_mean"), withStd = paramBool("with_std");

        std::vector<double> count(p, 0), sum(p, 0), mean(p, 0), var(p, 0);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                const double v = x[i * p + j];
                if (std::isnan(v)) continue;
                count[j] += wd[i];
                sum[j] += wd[i] * v;
            }
        for (std::int64_t j = 0; j < p; ++j) mean[j] = sum[j] / count[j];
        if (withStd) {
            std::vector<double> correction(p, 0), sq(p, 0);
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = 0; j < p; ++j) {
                    const double v = x[i * p + j];
                    if (std::isnan(v)) continue;
                    const double t = v - mean[j];
                    correction[j] += wd[i] * t;
                    sq[j] += wd[i] * (t * t);
                }
            for (std::int64_t j = 0; j < p; ++j) var[j] = (sq[j] - correction[j] * correction[j] / count[j]) / count[j];
        }
        bool sameCount = true;
        for (std::int64_t j = 1; j < p; ++j) sameCount = sameCount && count[j] == count[0];
        Tensor seen;
        if (sameCount)
            seen = weighted ? Tensor::scalar<double>(count[0])
                            : Tensor::scalar<std::int64_t>(static_cast<std::int64_t>(count[0]));
        else if (weighted)
            seen = Tensor::fromVector<double>(count, {p});
        else
            seen = Tensor::fromVector<std::int64_t>(std::vector<std::int64_t>(count.begin(), count.end()), {p});

        const auto vec = [p](const std::vector<double>& v) { return Array(Tensor::fromVector<double>(v, {p})); };
        setAttribute("mean_", withMean || withStd ? vec(mean) : Array());
        setAttribute("n_samples_seen_", Array(seen));
        if (withStd) {
            const double eps = std::numeric_limits<double>::epsilon();
            std::vector<double> scale(p);
            for (std::int64_t j = 0; j < p; ++j) {
                const double nj = count[j];
                const double bound = nj * eps * var[j] + (nj * mean[j] * eps) * (nj * mean[j] * eps);
                scale[j] = var[j] <= bound ? 1.0 : std::sqrt(var[j]);
            }
            setAttribute("var_", vec(var));
            setAttribute("scale_", vec(scale));
        } else {
            setAttribute("var_", Array());
            setAttribute("scale_", Array());
        }
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override { return apply(Xin, false); }
    Tensor inverseTransform(const Tensor& Xin) const override { return apply(Xin, true); }

private:
    Tensor apply(const Tensor& Xin, bool inverse) const {
        const Tensor X = validateX(Xin, /*allowNaN=*/true);
        const std::int64_t n = X.size(0), p = X.size(1);
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        const double* x = X.data<double>();
        double* o = out.data<double>();
        const bool withMean = paramBool("with_mean");
        const Array& scaleA = attribute("scale_");
        const double* mean = withMean ? fitted("mean_").data<double>() : nullptr;
        const double* scale = scaleA.defined() ? scaleA.tensor().data<double>() : nullptr;
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                double v = x[i * p + j];
                if (inverse) {
                    if (scale) v *= scale[j];
                    if (mean) v += mean[j];
                } else {
                    if (mean) v -= mean[j];
                    if (scale) v /= scale[j];
                }
                o[i * p + j] = v;
            }
        return out;
    }
};

const RegisterEstimator<StandardScaler> kRegistered({
    "StandardScaler",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Standardize features by removing the mean and scaling to unit variance.",
    {
        {"copy", true, {booleanC()}, "Copy X before scaling (Tessera never changes its input)."},
        {"with_mean", true, {booleanC()}, "Center the data before scaling."},
        {"with_std", true, {booleanC()}, "Scale the data to unit variance."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
