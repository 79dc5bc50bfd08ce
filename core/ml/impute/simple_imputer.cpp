// SimpleImputer (sklearn.impute) on numeric X: each missing entry replaced by its column's mean, median,
// most frequent value or a constant; columns with no observed value are dropped (or, with
// keep_empty_features, imputed with 0) as sklearn does.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

class SimpleImputer : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        if (paramBool("add_indicator"))
            throw ValueError(
                "SimpleImputer: add_indicator=True (a MissingIndicator in indicator_) is not available "
                "in Tessera yet (issue 20)");
        const ParamValue& mv = param("missing_values");
        if (!mv.isNumber())
            throw ValueError("SimpleImputer: missing_values=" + mv.repr() +
                             " needs object arrays; Tessera's X is numeric (float64)");
        const std::string& strategy = paramString("strategy");
        const ParamValue& fill = param("fill_value");
        if (strategy == "constant" && !fill.isNone() && !fill.isNumber())
            throw ValueError("'fill_value'=" + (fill.isString() ? fill.asString() : fill.repr()) +
                             " is invalid. Expected a numerical value when imputing numerical data");
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/nanIsMissing());
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const bool keepEmpty = paramBool("keep_empty_features");
        std::vector<double> stats(static_cast<std::size_t>(p));
        for (std::int64_t j = 0; j < p; ++j) {
            if (strategy == "constant") {
                stats[j] = fill.isNone() ? 0.0 : fill.asDouble();
                continue;
            }
            std::vector<double> col;
            for (std::int64_t i = 0; i < n; ++i)
                if (!isMissing(x[i * p + j])) col.push_back(x[i * p + j]);
            if (col.empty()) {
                stats[j] = keepEmpty ? 0.0 : nan;
                continue;
            }
            if (strategy == "mean") {
                double s = 0;
                for (double v : col) s += v;
                stats[j] = s / static_cast<double>(col.size());
            } else if (strategy == "median") {
                std::sort(col.begin(), col.end());
                const std::size_t m = col.size();
                stats[j] = m % 2 ? col[m / 2] : (col[m / 2 - 1] + col[m / 2]) / 2.0;
            } else {
                // scipy.stats.mode: the most frequent value, the smallest among ties.
                std::sort(col.begin(), col.end());
                double best = col[0];
                std::size_t bestCount = 0;
                for (std::size_t a = 0; a < col.size();) {
                    std::size_t b = a;
                    while (b < col.size() && col[b] == col[a]) ++b;
                    if (b - a > bestCount) {
                        bestCount = b - a;
                        best = col[a];
                    }
                    a = b;
                }
                stats[j] = best;
            }
        }
        setAttribute("statistics_", Array(Tensor::fromVector<double>(stats, {p})));
        setAttribute("indicator_", Array());
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin, nanIsMissing());
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const double* stats = fitted("statistics_").data<double>();
        const std::vector<std::int64_t> keep = keptColumns();
        const auto m = static_cast<std::int64_t>(keep.size());
        Tensor out = Tensor::empty({n, m}, DType::Float64);
        double* o = out.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t k = 0; k < m; ++k) {
                const double v = x[i * p + keep[k]];
                o[i * m + k] = isMissing(v) ? stats[keep[k]] : v;
            }
        return out;
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const auto names =
            defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        // sklearn names the columns whose statistic is not NaN, even for strategy='constant'.
        const double* stats = fitted("statistics_").data<double>();
        std::vector<std::string> out;
        for (std::size_t j = 0; j < names.size(); ++j)
            if (!std::isnan(stats[j])) out.push_back(names[j]);
        return out;
    }

private:
    bool nanIsMissing() const {
        const ParamValue& mv = param("missing_values");
        return mv.kind() == ParamValue::Kind::Float && std::isnan(mv.asDouble());
    }

    bool isMissing(double v) const { return nanIsMissing() ? std::isnan(v) : v == param("missing_values").asDouble(); }

    std::vector<std::int64_t> keptColumns() const {
        const Tensor& s = fitted("statistics_");
        const double* stats = s.data<double>();
        const bool keepAll = paramString("strategy") == "constant" || paramBool("keep_empty_features");
        std::vector<std::int64_t> keep;
        for (std::int64_t j = 0; j < s.numel(); ++j)
            if (keepAll || !std::isnan(stats[j])) keep.push_back(j);
        return keep;
    }
};

const RegisterEstimator<SimpleImputer> kRegistered({
    "SimpleImputer",
    "sklearn.impute",
    EstimatorKind::Transformer,
    "Univariate imputer for completing missing values with simple strategies.",
    {
        {"missing_values",
         ParamValue(std::numeric_limits<double>::quiet_NaN()),
         {constraintOf(Constraint::Kind::Integral), realInterval(ParamValue(), ParamValue(), Closed::Both),
          constraintOf(Constraint::Kind::String), noneC(), constraintOf(Constraint::Kind::Nan),
          constraintOf(Constraint::Kind::PandasNa)},
         "The placeholder of missing values (np.nan or a number)."},
        {"strategy",
         "mean",
         {strOptions({"mean", "median", "most_frequent", "constant"})},
         "Replace by the column's mean, median, most frequent value, or fill_value."},
        {"fill_value", ParamValue(), {}, "The constant of strategy='constant' (None: 0)."},
        {"verbose", "deprecated", {constraintOf(Constraint::Kind::Verbose)}, "Deprecated in sklearn 1.1; no effect."},
        {"copy", true, {booleanC()}, "Copy X (Tessera never changes its input)."},
        {"add_indicator", false, {booleanC()}, "Append a MissingIndicator (only False for now; True is refused)."},
        {"keep_empty_features", false, {booleanC()}, "Keep columns without observed values (imputed with 0)."},
    },
    {"fit", "transform", "fit_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
