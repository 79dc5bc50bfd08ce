// SimpleImputer (sklearn.impute): each missing entry replaced by its column's mean, median, most
// frequent value or a constant; columns with no observed value are dropped (or, with
// keep_empty_features, imputed with 0) as sklearn does. A table with string columns is sklearn's object
// array: most_frequent and constant work on it (statistics_ is then a string array, numbers written as
// Python's str writes them), the output keeps its string columns (transformToTable), and mean/median
// refuse it as sklearn does.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"

namespace tessera::ml {
namespace {

class SimpleImputer : public Estimator, public TableTransformer {
public:
    explicit SimpleImputer(const EstimatorInfo& info) : Estimator(info) {}

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        if (paramBool("add_indicator"))
            throw ValueError(
                "SimpleImputer: add_indicator=True (a MissingIndicator in indicator_) is not available "
                "in Tessera yet (issue 20)");
        const ParamValue& mv = param("missing_values");
        if (!mv.isNumber())
            throw ValueError(
                "'X' and 'missing_values' types are expected to be both numerical. Got X.dtype=float64 and  "
                "type(missing_values)=<class '" +
                mv.typeName() + "'>.");
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
        checkFitted();
        if (attribute("statistics_").isStrings())  // fitted on strings: X is read as an object array
            return transformColumns(positionalTable(validateX(Xin, /*allowNaN=*/true)), /*named=*/false)
                .numericTensor();
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

    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        fitColumns(X, y, sampleWeight, /*named=*/true);
        return *this;
    }

    void fitColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight, bool named) override {
        const std::string& strategy = paramString("strategy");
        if (X.allNumeric()) {
            if (named)
                Estimator::fitTable(X, y, sampleWeight);
            else
                fit(X.numericTensor(), y, sampleWeight);
            return;
        }
        validateParams();
        if (strategy == "mean" || strategy == "median")
            throw ValueError("Cannot use " + strategy +
                             " strategy with non-numeric data:\ncould not convert string to float: " +
                             pythonStrRepr(firstString(X)));
        if (paramBool("add_indicator"))
            throw ValueError(
                "SimpleImputer: add_indicator=True (a MissingIndicator in indicator_) is not available "
                "in Tessera yet (issue 20)");
        clearAttributes();
        for (auto& [name, value] : tableFitAttributes(X, named, className())) setAttribute(name, std::move(value));
        const std::vector<std::vector<std::uint8_t>> masks = objectMasks(X);
        const ParamValue& fill = param("fill_value");
        const bool keepEmpty = paramBool("keep_empty_features");
        std::vector<std::string> stats;
        std::vector<std::int64_t> kinds;
        for (std::int64_t j = 0; j < X.columnCount(); ++j) {
            const data::TableColumn& col = X.column(j);
            const auto& mask = masks[static_cast<std::size_t>(j)];
            if (strategy == "constant") {
                stats.push_back(fill.isNone() ? "missing_value" : fill.isString() ? fill.asString() : numberText(fill));
                kinds.push_back(fill.isNone() || fill.isString() ? kString : kNumber);
                continue;
            }
            // _most_frequent of an object column: Counter's largest count, the smallest value among ties.
            if (col.isNumeric()) {
                std::vector<double> values;
                for (std::int64_t i = 0; i < col.rows(); ++i)
                    if (!mask[static_cast<std::size_t>(i)]) values.push_back(col.numbers[static_cast<std::size_t>(i)]);
                std::sort(values.begin(), values.end());
                const auto [found, best] = modeOf(values);
                pushStatistic(stats, kinds, found, keepEmpty, pythonFloatRepr(best), kNumber);
            } else {
                std::vector<std::string> values;
                for (std::int64_t i = 0; i < col.rows(); ++i)
                    if (!mask[static_cast<std::size_t>(i)]) values.push_back(col.strings[static_cast<std::size_t>(i)]);
                std::sort(values.begin(), values.end());
                const auto [found, best] = modeOf(values);
                pushStatistic(stats, kinds, found, keepEmpty, best, kString);
            }
        }
        setAttribute("statistics_", Array(stats));
        setAttribute("_statistics_kind",
                     Array(Tensor::fromVector<std::int64_t>(kinds, {static_cast<std::int64_t>(kinds.size())})));
        setAttribute("indicator_", Array());
    }

    data::Table transformColumns(const data::Table& X, bool named) const override {
        checkFitted();
        if (!attribute("statistics_").isStrings())
            return positionalTable(named ? Estimator::transformTable(X) : transform(X.numericTensor()));
        checkTableColumns(*this, X, named);
        const std::vector<std::vector<std::uint8_t>> masks = objectMasks(X);
        const std::vector<std::string>& stats = attribute("statistics_").strings();
        const std::vector<std::int64_t> kinds = fitted("_statistics_kind").toVector<std::int64_t>();
        data::Table out;
        for (std::int64_t j = 0; j < X.columnCount(); ++j) {
            const auto k = static_cast<std::size_t>(j);
            if (kinds[k] == kEmpty) continue;
            const data::TableColumn& col = X.column(j);
            const std::string name = "x" + std::to_string(out.columnCount());
            const auto& mask = masks[k];
            const bool anyMasked = std::find(mask.begin(), mask.end(), 1) != mask.end();
            if (col.isNumeric() && (kinds[k] == kNumber || !anyMasked)) {
                const double fill = kinds[k] == kNumber ? std::strtod(stats[k].c_str(), nullptr) : 0.0;
                std::vector<double> values = col.numbers;
                for (std::size_t i = 0; i < values.size(); ++i)
                    if (mask[i]) values[i] = fill;
                out.addNumeric(name, std::move(values));
                continue;
            }
            // A string column, or a numeric one filled with a string: an object column of text.
            std::vector<std::string> values(static_cast<std::size_t>(col.rows()));
            std::vector<std::uint8_t> missing(values.size(), 0);
            for (std::size_t i = 0; i < values.size(); ++i) {
                if (mask[i])
                    values[i] = stats[k];
                else if (col.isNumeric())
                    values[i] = pythonFloatRepr(col.numbers[i]);
                else if (col.isMissing(static_cast<std::int64_t>(i)))
                    missing[i] = 1;
                else
                    values[i] = col.strings[i];
            }
            out.addStrings(name, std::move(values), std::move(missing));
        }
        return out;
    }

    data::Table fitTransformColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight,
                                    bool named) override {
        fitColumns(X, y, sampleWeight, named);
        return transformColumns(X, named);
    }

    Tensor transformTable(const data::Table& X) const override {
        checkFitted();
        if (!attribute("statistics_").isStrings()) return Estimator::transformTable(X);
        return transformColumns(X, /*named=*/true).numericTensor();
    }

    Tensor fitTransformTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        fitTable(X, y, sampleWeight);
        return transformTable(X);
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const auto names = featureNamesIn(*this, inputFeatures);
        // sklearn names the columns whose statistic is not NaN, even for strategy='constant'.
        std::vector<std::string> out;
        if (attribute("statistics_").isStrings()) {
            const std::vector<std::int64_t> kinds = fitted("_statistics_kind").toVector<std::int64_t>();
            for (std::size_t j = 0; j < names.size(); ++j)
                if (kinds[j] != kEmpty) out.push_back(names[j]);
            return out;
        }
        const double* stats = fitted("statistics_").data<double>();
        for (std::size_t j = 0; j < names.size(); ++j)
            if (!std::isnan(stats[j])) out.push_back(names[j]);
        return out;
    }

private:
    // An object-mode statistic: no value (NaN, the column is dropped), a number, or a string.
    static constexpr std::int64_t kEmpty = 0, kNumber = 1, kString = 2;

    // Python's str of a number parameter: "0" for an int, "0.5" for a float.
    static std::string numberText(const ParamValue& v) { return v.isInt() ? v.repr() : pythonFloatRepr(v.asDouble()); }

    static void pushStatistic(std::vector<std::string>& stats, std::vector<std::int64_t>& kinds, bool found,
                              bool keepEmpty, const std::string& value, std::int64_t kind) {
        if (found) {
            stats.push_back(value);
            kinds.push_back(kind);
        } else if (keepEmpty) {
            stats.push_back("0");
            kinds.push_back(kNumber);
        } else {
            stats.push_back("nan");
            kinds.push_back(kEmpty);
        }
    }

    // The most frequent of sorted values, the smallest among ties; false when there are none.
    template <class T>
    static std::pair<bool, T> modeOf(const std::vector<T>& sorted) {
        if (sorted.empty()) return {false, T{}};
        T best = sorted[0];
        std::size_t bestCount = 0;
        for (std::size_t a = 0; a < sorted.size();) {
            std::size_t b = a;
            while (b < sorted.size() && sorted[b] == sorted[a]) ++b;
            if (b - a > bestCount) {
                bestCount = b - a;
                best = sorted[a];
            }
            a = b;
        }
        return {true, best};
    }

    // The first string of the object array in row order, the value NumPy's float conversion stops at.
    static std::string firstString(const data::Table& X) {
        for (std::int64_t i = 0; i < X.rows(); ++i)
            for (const data::TableColumn& col : X.columns())
                if (!col.isNumeric() && !col.isMissing(i)) return col.strings[static_cast<std::size_t>(i)];
        return {};
    }

    // _get_mask of an object array: the cells equal to missing_values (NaN: the missing cells). Any
    // other placeholder makes check_array refuse missing cells (force_all_finite=True).
    std::vector<std::vector<std::uint8_t>> objectMasks(const data::Table& X) const {
        const ParamValue& mv = param("missing_values");
        std::vector<std::vector<std::uint8_t>> masks;
        for (const data::TableColumn& col : X.columns()) {
            std::vector<std::uint8_t> mask(static_cast<std::size_t>(col.rows()), 0);
            for (std::int64_t i = 0; i < col.rows(); ++i) {
                const auto r = static_cast<std::size_t>(i);
                if (nanIsMissing()) {
                    mask[r] = col.isMissing(i) ? 1 : 0;
                    continue;
                }
                if (col.isMissing(i)) throw ValueError("Input contains NaN");
                if (mv.isString())
                    mask[r] = !col.isNumeric() && col.strings[r] == mv.asString();
                else if (mv.isNumber())
                    mask[r] = col.isNumeric() && col.numbers[r] == mv.asDouble();
            }
            masks.push_back(std::move(mask));
        }
        return masks;
    }

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
         "The placeholder of missing values (np.nan, a number, or a string or None for string columns)."},
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
