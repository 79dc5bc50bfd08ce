// OrdinalEncoder (sklearn/preprocessing/_encoders.py, 1.2.1): each feature's category index as a
// float64, NaN categories as encoded_missing_value, and unknown values as unknown_value when
// handle_unknown='use_encoded_value'.
#include <cmath>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/preprocessing/categories.h"

namespace tessera::ml {
namespace {

// Python's str() of an int or float parameter inside an f-string.
std::string pyStr(const ParamValue& v) { return v.isNumber() && !v.isInt() ? pythonFloatRepr(v.asDouble()) : v.repr(); }

class OrdinalEncoder : public BaseEncoder {
public:
    using BaseEncoder::BaseEncoder;

    std::optional<data::Table> inverseTransformColumns(const Tensor& Xin) const override {
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
        std::vector<std::int64_t> codes(static_cast<std::size_t>(n * p));
        for (std::int64_t j = 0; j < p; ++j) {
            const std::int64_t k = cats[j].size();
            const bool hasNan = k > 0 && cats[j].isMissing(k - 1);
            for (std::int64_t i = 0; i < n; ++i) {
                double label = x[i * p + j];
                if (hasNan && same(label, missing)) label = static_cast<double>(k - 1);
                if (useEncoded && same(label, unknown)) {
                    codes[i * p + j] = -1;  // sklearn's None in an object array
                    continue;
                }
                const auto c = static_cast<std::int64_t>(label);
                if (c < 0 || c >= k)
                    throw IndexError("index " + std::to_string(c) + " is out of bounds for axis 0 with size " +
                                     std::to_string(k));
                codes[i * p + j] = c;
            }
        }
        return decoded(codes, n, cats);
    }

protected:
    void startFit() override {
        validateParams();
        if (!(param("dtype").isString() && paramString("dtype") == "float64"))
            throw ValueError("OrdinalEncoder: dtype=" + param("dtype").repr() +
                             " is not available in Tessera (the output is float64)");
        const ParamValue& unknown = param("unknown_value");
        if (paramString("handle_unknown") == "use_encoded_value") {
            if (!isNan(unknown) && !unknown.isInt())
                throw TypeError(
                    "unknown_value should be an integer or np.nan when handle_unknown is 'use_encoded_value', got " +
                    pyStr(unknown) + ".");
        } else if (!unknown.isNone()) {
            throw TypeError("unknown_value should only be set when handle_unknown is 'use_encoded_value', got " +
                            pyStr(unknown) + ".");
        }
        clearAttributes();
    }

    void fitEncoder(const data::Table& X) override {
        const bool useEncoded = paramString("handle_unknown") == "use_encoded_value";
        const ParamValue& unknown = param("unknown_value");
        const Categories cats = fitCategories(X, param("categories"), !useEncoded, className());
        if (useEncoded && unknown.isInt())
            for (const auto& c : cats)
                if (unknown.asInt() >= 0 && unknown.asInt() < c.size())
                    throw ValueError("The used value for unknown_value " + pyStr(unknown) +
                                     " is one of the values already used for encoding the seen categories.");
        const ParamValue& missing = param("encoded_missing_value");
        if (!isNan(missing)) {
            std::string invalid;
            for (std::size_t j = 0; j < cats.size(); ++j) {
                const std::int64_t k = cats[j].size();
                const bool hasNan = k > 0 && cats[j].isMissing(k - 1);
                const double m = missing.asDouble();
                if (hasNan && m >= 0 && m < static_cast<double>(k))
                    invalid += (invalid.empty() ? "" : ", ") + std::to_string(j);
            }
            if (!invalid.empty())
                throw ValueError("encoded_missing_value (" + pyStr(missing) +
                                 ") is already used to encode a known category in features: [" + invalid + "]");
        }
        for (auto& [name, value] : categoryAttributes(cats)) setAttribute(name, std::move(value));
    }

    Tensor encode(const data::Table& X) const override {
        const std::int64_t n = X.rows(), p = X.columnCount();
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
                o[i * p + j] = c < 0 ? unknown : cats[j].isMissing(c) ? missing : static_cast<double>(c);
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
         "'auto' (the sorted values seen in fit) or one list per feature (numbers sorted; strings for a string "
         "column)."},
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
