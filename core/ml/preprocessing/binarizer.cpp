// Binarizer: 1.0 where x > threshold, else 0.0.
#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class Binarizer : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        validateFitX(Xin);
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        validateParams();
        const Tensor X = validateX(Xin, false, /*stateless=*/true);
        const std::int64_t n = X.numel();
        Tensor out = Tensor::empty(X.sizes(), DType::Float64);
        const double* x = X.data<double>();
        double* o = out.data<double>();
        const double threshold = paramDouble("threshold");
        for (std::int64_t i = 0; i < n; ++i) o[i] = x[i] > threshold ? 1.0 : 0.0;
        return out;
    }
};

const RegisterEstimator<Binarizer> kRegistered({
    "Binarizer",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Binarize data (set feature values to 0 or 1) according to a threshold.",
    {
        {"threshold", 0.0, {constraintOf(Constraint::Kind::Real)}, "Values greater than this become 1, others 0."},
        {"copy", true, {booleanC()}, "Copy X before binarizing (Tessera never changes its input)."},
    },
    {"fit", "transform", "fit_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
