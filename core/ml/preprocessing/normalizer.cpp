// Normalizer: each row divided by its l1, l2 or max norm (rows of norm zero are left as they are).
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class Normalizer : public Estimator {
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
        const std::int64_t n = X.size(0), p = X.size(1);
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        const double* x = X.data<double>();
        double* o = out.data<double>();
        const std::string& norm = paramString("norm");
        const double eps = std::numeric_limits<double>::epsilon();
        for (std::int64_t i = 0; i < n; ++i) {
            const double* r = x + i * p;
            double s = 0;
            if (norm == "l1") {
                for (std::int64_t j = 0; j < p; ++j) s += std::abs(r[j]);
            } else if (norm == "l2") {
                for (std::int64_t j = 0; j < p; ++j) s += r[j] * r[j];
                s = std::sqrt(s);
            } else {
                for (std::int64_t j = 0; j < p; ++j) s = std::max(s, std::abs(r[j]));
            }
            if (s < 10 * eps) s = 1.0;
            for (std::int64_t j = 0; j < p; ++j) o[i * p + j] = r[j] / s;
        }
        return out;
    }
};

const RegisterEstimator<Normalizer> kRegistered({
    "Normalizer",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Normalize samples individually to unit norm.",
    {
        {"norm", "l2", {strOptions({"l1", "l2", "max"})}, "The norm to divide each non-zero row by."},
        {"copy", true, {booleanC()}, "Copy X before normalizing (Tessera never changes its input)."},
    },
    {"fit", "transform", "fit_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
