// PolynomialFeatures: every product of input features up to `degree`, in sklearn's column order
// (combinations with replacement by degree) and computed in its multiplication order, so the values
// match sklearn's bit for bit.
#include <algorithm>
#include <string>

#include "core/kernels/parallel.h"

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
        const bool bias = paramBool("include_bias");
        const Plan plan = makePlan(p, hi, paramBool("interaction_only"), bias);
        // Columns of degree < min_degree (after the bias) are computed in a scratch row and not kept.
        const std::int64_t full = static_cast<std::int64_t>(plan.ops.size()) + (bias ? 1 : 0);
        const std::int64_t skip = lo <= 1 ? 0 : plan.degreeStart[static_cast<std::size_t>(lo)] - (bias ? 1 : 0);
        const std::int64_t m = full - skip;
        Tensor out = Tensor::empty({n, m}, DType::Float64);
        const double* x = X.data<double>();
        double* o = out.data<double>();
        kernels::parallelFor(0, n, 256, [&](std::int64_t r0, std::int64_t r1) {
            std::vector<double> scratch(static_cast<std::size_t>(full));
            for (std::int64_t i = r0; i < r1; ++i) {
                double* row = skip ? scratch.data() : o + i * m;
                const double* xi = x + i * p;
                std::int64_t c = 0;
                if (bias) row[c++] = 1.0;
                for (const auto& op : plan.ops) {
                    row[c] = op.source < 0 ? xi[op.feature] : row[op.source] * xi[op.feature];
                    ++c;
                }
                if (skip) {
                    double* dst = o + i * m;
                    if (bias) dst[0] = 1.0;
                    std::copy(row + (bias ? 1 : 0) + skip, row + full, dst + (bias ? 1 : 0));
                }
            }
        });
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
    // sklearn's dense transform as a list of column operations: a degree-1 column copies feature f; a
    // degree-d column multiplies the degree-(d-1) column `source` (a combination whose first feature is
    // >= f) by feature f — XP[:, start:end] * X[:, f] in sklearn's loop, the same products in the same order.
    struct Op {
        std::int64_t source;  // -1: copy the feature
        std::int64_t feature;
    };
    struct Plan {
        std::vector<Op> ops;
        std::vector<std::int64_t> degreeStart;  // first column of each degree (bias counted)
    };

    static Plan makePlan(std::int64_t p, std::int64_t hi, bool interactionOnly, bool bias) {
        Plan plan;
        std::int64_t col = bias ? 1 : 0;
        plan.degreeStart.assign(static_cast<std::size_t>(hi + 2), col);
        if (hi < 1) return plan;
        plan.degreeStart[1] = col;
        std::vector<std::int64_t> index;  // start of each feature's block in the previous degree, then its end
        for (std::int64_t f = 0; f < p; ++f) {
            index.push_back(col);
            plan.ops.push_back({-1, f});
            ++col;
        }
        index.push_back(col);
        for (std::int64_t d = 2; d <= hi; ++d) {
            plan.degreeStart[static_cast<std::size_t>(d)] = col;
            std::vector<std::int64_t> next;
            const std::int64_t end = index.back();
            for (std::int64_t f = 0; f < p; ++f) {
                std::int64_t start = index[static_cast<std::size_t>(f)];
                next.push_back(col);
                if (interactionOnly)
                    start += index[static_cast<std::size_t>(f) + 1] - index[static_cast<std::size_t>(f)];
                if (end - start <= 0) break;
                for (std::int64_t s = start; s < end; ++s) plan.ops.push_back({s, f});
                col += end - start;
            }
            next.push_back(col);
            index = std::move(next);
        }
        plan.degreeStart[static_cast<std::size_t>(hi) + 1] = col;
        return plan;
    }

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
