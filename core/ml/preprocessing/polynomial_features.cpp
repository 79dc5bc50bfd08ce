// PolynomialFeatures: every product of input features up to `degree`, in sklearn's column order
// (combinations with replacement by degree) and computed in its multiplication order, x_c0 * (x_c1 *
// (… x_ck)), so the values match sklearn's bit for bit.
#include <string>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class PolynomialFeatures : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const auto [lo, hi] = degrees();
        const bool bias = paramBool("include_bias");
        if (hi == 0 && !bias)
            throw ValueError(param("degree").isInt()
                                 ? "Setting degree to zero and include_bias to False would result in an empty output "
                                   "array."
                                 : "Setting both min_degree and max_degree to zero and include_bias to False would "
                                   "result in an empty output array.");
        const Tensor X = validateFitX(Xin);
        const std::int64_t p = X.size(1);
        const auto combos = combinations(p, lo, hi, paramBool("interaction_only"), bias);
        const auto m = static_cast<std::int64_t>(combos.size());
        std::vector<std::int64_t> powers(static_cast<std::size_t>(m * p), 0);
        for (std::int64_t r = 0; r < m; ++r)
            for (auto f : combos[r]) ++powers[r * p + f];
        setAttribute("n_output_features_", Array(Tensor::scalar<std::int64_t>(m)));
        setAttribute("powers_", Array(Tensor::fromVector<std::int64_t>(powers, {m, p})));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const auto [lo, hi] = degrees();
        const auto combos = combinations(p, lo, hi, paramBool("interaction_only"), paramBool("include_bias"));
        const auto m = static_cast<std::int64_t>(combos.size());
        Tensor out = Tensor::empty({n, m}, DType::Float64);
        const double* x = X.data<double>();
        double* o = out.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < m; ++c) {
                const auto& combo = combos[c];
                if (combo.empty()) {
                    o[i * m + c] = 1.0;
                    continue;
                }
                double v = x[i * p + combo.back()];
                for (std::size_t k = combo.size() - 1; k-- > 0;) v = v * x[i * p + combo[k]];
                o[i * m + c] = v;
            }
        return out;
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const Tensor& powers = fitted("powers_");
        const std::int64_t m = powers.size(0), p = powers.size(1);
        const auto names = defaultFeatureNames(p, inputFeatures, className());
        const std::int64_t* pw = powers.data<std::int64_t>();
        std::vector<std::string> out;
        for (std::int64_t r = 0; r < m; ++r) {
            std::string name;
            for (std::int64_t j = 0; j < p; ++j) {
                const std::int64_t e = pw[r * p + j];
                if (!e) continue;
                if (!name.empty()) name += " ";
                name += names[j];
                if (e != 1) name += "^" + std::to_string(e);
            }
            out.push_back(name.empty() ? "1" : name);
        }
        return out;
    }

private:
    std::pair<std::int64_t, std::int64_t> degrees() const {
        const ParamValue& d = param("degree");
        if (d.isInt()) return {0, d.asInt()};
        const auto& items = d.items();
        if (items.size() != 2 || !items[0].isInt() || !items[1].isInt() || items[0].asInt() < 0 ||
            items[0].asInt() > items[1].asInt())
            throw ValueError(
                "degree=(min_degree, max_degree) must be non-negative integers that fulfil min_degree <= max_degree, "
                "got " +
                d.repr() + ".");
        return {items[0].asInt(), items[1].asInt()};
    }

    // sklearn's _combinations: the bias (), then degrees max(1, lo)..hi, each in itertools' order.
    static std::vector<std::vector<std::int64_t>> combinations(std::int64_t p, std::int64_t lo, std::int64_t hi,
                                                               bool interactionOnly, bool bias) {
        std::vector<std::vector<std::int64_t>> out;
        if (bias) out.emplace_back();
        for (std::int64_t d = std::max<std::int64_t>(1, lo); d <= hi; ++d) {
            if (interactionOnly && d > p) break;
            std::vector<std::int64_t> c(static_cast<std::size_t>(d));
            for (std::int64_t k = 0; k < d; ++k) c[k] = interactionOnly ? k : 0;
            while (true) {
                out.push_back(c);
                // Advance to the next combination (with replacement unless interaction_only).
                std::int64_t k = d - 1;
                const auto maxAt = [&](std::int64_t pos) { return interactionOnly ? p - d + pos : p - 1; };
                while (k >= 0 && c[k] == maxAt(k)) --k;
                if (k < 0) break;
                ++c[k];
                for (std::int64_t j = k + 1; j < d; ++j) c[j] = interactionOnly ? c[j - 1] + 1 : c[k];
            }
        }
        return out;
    }
};

const RegisterEstimator<PolynomialFeatures> kRegistered({
    "PolynomialFeatures",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Generate polynomial and interaction features.",
    {
        {"degree",
         2,
         {intInterval(0, std::nullopt, Closed::Left), constraintOf(Constraint::Kind::ArrayLike)},
         "Maximal degree, or a tuple (min_degree, max_degree)."},
        {"interaction_only", false, {booleanC()}, "Only products of distinct features."},
        {"include_bias", true, {booleanC()}, "Include the all-ones column (degree 0)."},
        {"order", "C", {strOptions({"C", "F"})}, "Memory order of the dense output (results are equal)."},
    },
    {"fit", "transform", "fit_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
