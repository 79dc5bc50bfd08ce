// OrdinalEncoder (sklearn/preprocessing/_encoders.py, 1.2.1): each feature's category index as a
// float64, NaN categories as encoded_missing_value, and unknown values as unknown_value when
// handle_unknown='use_encoded_value'.
#include <cmath>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/preprocessing/categories.h"

namespace tessera::ml {
namespace {

// Python's str() of an int or float parameter inside an f-string.
std::string pyStr(const ParamValue& v) { return v.isNumber() && !v.isInt() ? pythonFloatRepr(v.asDouble()) : v.repr(); }

class OrdinalEncoder : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        if (!(param("dtype").isString() && paramString("dtype") == "float64"))
            throw ValueError("OrdinalEncoder: dtype=" + param("dtype").repr() +
                             " is not available in Tessera (the output is float64)");
        const bool useEncoded = paramString("handle_unknown") == "use_encoded_value";
        const ParamValue& unknown = param("unknown_value");
        if (useEncoded) {
            if (!isNan(unknown) && !unknown.isInt())
                throw TypeError(
                    "unknown_value should be an integer or np.nan when handle_unknown is 'use_encoded_value', got " +
                    pyStr(unknown) + ".");
        } else if (!unknown.isNone()) {
            throw TypeError("unknown_value should only be set when handle_unknown is 'use_encoded_value', got " +
                            pyStr(unknown) + ".");
        }
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/true);
        const Categories cats = fitCategories(X, param("categories"), !useEncoded, className());
        if (useEncoded && unknown.isInt())
            for (const auto& c : cats)
                if (unknown.asInt() >= 0 && unknown.asInt() < static_cast<std::int64_t>(c.size()))
                    throw ValueError("The used value for unknown_value " + pyStr(unknown) +
                                     " is one of the values already used for encoding the seen categories.");
        const ParamValue& missing = param("encoded_missing_value");
        if (!isNan(missing)) {
            std::string invalid;
            for (std::size_t j = 0; j < cats.size(); ++j) {
                const bool hasNan = !cats[j].empty() && std::isnan(cats[j].back());
                const double m = missing.asDouble();
                if (hasNan && m >= 0 && m < static_cast<double>(cats[j].size()))
                    invalid += (invalid.empty() ? "" : ", ") + std::to_string(j);
            }
            if (!invalid.empty())
                throw ValueError("encoded_missing_value (" + pyStr(missing) +
                                 ") is already used to encode a known category in features: [" + invalid + "]");
        }
        for (auto& [name, value] : categoryAttributes(cats)) setAttribute(name, std::move(value));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin, /*allowNaN=*/true);
        const std::int64_t n = X.size(0), p = X.size(1);
        const Categories cats = categoriesOf(*this, p);
        const bool useEncoded = paramString("handle_unknown") == "use_encoded_value";
        const std::vector<std::int64_t> codes = encodeColumns(X, cats, useEncoded);
        const double missing = paramDouble("encoded_missing_value");
        const double unknown = useEncoded ? paramDouble("unknown_value") : 0.0;
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        double* o = out.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                const std::int64_t c = codes[i * p + j];
                const bool isMissing = c >= 0 && std::isnan(cats[j][c]);
                o[i * p + j] = c < 0 ? unknown : isMissing ? missing : static_cast<double>(c);
            }
        return out;
    }

    Tensor inverseTransform(const Tensor& Xin) const override {
        checkFitted();
        const std::int64_t p = fitted("n_features_in_").item<std::int64_t>();
        if (Xin.dim() != 2 || Xin.size(1) != p)
            throw ValueError("Shape of the passed X data is not correct. Expected " + std::to_string(p) +
                             " columns, got " + std::to_string(Xin.dim() == 2 ? Xin.size(1) : 0) + ".");
        const Categories cats = categoriesOf(*this, p);
        const std::vector<double> x = Xin.toVector<double>();
        const std::int64_t n = Xin.size(0);
        const bool useEncoded = paramString("handle_unknown") == "use_encoded_value";
        const double missing = paramDouble("encoded_missing_value");
        const double unknown = useEncoded ? paramDouble("unknown_value") : 0.0;
        const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        double* o = out.data<double>();
        for (std::int64_t j = 0; j < p; ++j) {
            const bool hasNan = !cats[j].empty() && std::isnan(cats[j].back());
            for (std::int64_t i = 0; i < n; ++i) {
                double label = x[i * p + j];
                if (hasNan && same(label, missing)) label = static_cast<double>(cats[j].size() - 1);
                if (useEncoded && same(label, unknown)) {
                    o[i * p + j] = std::nan("");  // sklearn's None in an object array
                    continue;
                }
                const auto c = static_cast<std::int64_t>(label);
                if (c < 0 || c >= static_cast<std::int64_t>(cats[j].size()))
                    throw IndexError("index " + std::to_string(c) + " is out of bounds for axis 0 with size " +
                                     std::to_string(cats[j].size()));
                o[i * p + j] = cats[j][c];
            }
        }
        return out;
    }

private:
    static bool isNan(const ParamValue& v) { return v.kind() == ParamValue::Kind::Float && std::isnan(v.asDouble()); }
};

const RegisterEstimator<OrdinalEncoder> kRegistered({
    "OrdinalEncoder",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Encode categorical features as an integer array.",
    {
        {"categories",
         "auto",
         {strOptions({"auto"}), constraintOf(Constraint::Kind::List)},
         "'auto' (the sorted values seen in fit) or one sorted list of categories per feature."},
        {"dtype", "float64", {}, "Output dtype (only float64, NumPy's np.float64)."},
        {"encoded_missing_value",
         std::nan(""),
         {constraintOf(Constraint::Kind::Integral), constraintOf(Constraint::Kind::Nan)},
         "Code of the missing (NaN) category."},
        {"handle_unknown",
         "error",
         {strOptions({"error", "use_encoded_value"})},
         "Unknown categories in transform: raise, or encode as unknown_value."},
        {"unknown_value",
         ParamValue(),
         {constraintOf(Constraint::Kind::Integral), constraintOf(Constraint::Kind::Nan), noneC()},
         "Code of unknown categories when handle_unknown='use_encoded_value'."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
