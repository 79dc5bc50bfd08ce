// OneHotEncoder (sklearn/preprocessing/_encoders.py, 1.2.1): one 0/1 column per category of each
// feature, with drop ('first', 'if_binary' or one value per feature) and handle_unknown ('error',
// 'ignore', and 'infrequent_if_exist', which without infrequent categories is 'ignore'). The output is
// dense: sparse_output=True (sklearn's default, a scipy.sparse matrix) and the infrequent-category
// grouping (min_frequency, max_categories) are refused by name.
#include <cmath>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/preprocessing/categories.h"

namespace tessera::ml {
namespace {

constexpr std::int64_t kKept = -1;  // drop index of a feature that drops nothing (sklearn's None)

class OneHotEncoder : public BaseEncoder {
public:
    using BaseEncoder::BaseEncoder;

    std::optional<data::Table> inverseTransformColumns(const Tensor& Xin) const override {
        checkFitted();
        const std::int64_t p = fitted("n_features_in_").item<std::int64_t>();
        const Categories cats = categoriesOf(*this, p);
        const std::vector<std::int64_t> drop = dropIdx(p);
        std::int64_t width = 0;
        for (std::int64_t j = 0; j < p; ++j) width += outputsOf(cats, drop, j);
        if (Xin.dim() != 2 || Xin.size(1) != width)
            throw ValueError("Shape of the passed X data is not correct. Expected " + std::to_string(width) +
                             " columns, got " + std::to_string(Xin.dim() == 2 ? Xin.size(1) : 0) + ".");
        const Tensor X = Tensor::fromVector<double>(Xin.toVector<double>(), Xin.sizes());
        const std::int64_t n = X.size(0);
        const double* x = X.data<double>();
        const bool ignore = paramString("handle_unknown") != "error";
        std::vector<std::int64_t> codes(static_cast<std::size_t>(n * p));
        std::int64_t start = 0;
        for (std::int64_t j = 0; j < p; ++j) {
            const std::int64_t k = outputsOf(cats, drop, j);
            std::vector<std::int64_t> zeroRows;
            for (std::int64_t i = 0; i < n; ++i) {
                std::int64_t& code = codes[i * p + j];
                if (k == 0) {
                    code = drop[j];
                    continue;
                }
                // argmax of the row's block (first maximum), then back to the category before dropping.
                std::int64_t best = 0;
                double sum = 0;
                for (std::int64_t c = 0; c < k; ++c) {
                    const double v = x[i * width + start + c];
                    sum += v;
                    if (v > x[i * width + start + best]) best = c;
                }
                if (drop[j] != kKept && best >= drop[j]) ++best;
                code = best;
                if (sum != 0) continue;
                if (drop[j] != kKept)
                    code = drop[j];
                else if (ignore)
                    code = -1;  // sklearn's None in an object array
                else
                    zeroRows.push_back(i);
            }
            if (!zeroRows.empty()) {
                std::string text = "[";
                for (std::size_t r = 0; r < zeroRows.size(); ++r) text += (r ? " " : "") + std::to_string(zeroRows[r]);
                throw ValueError("Samples " + text +
                                 "] can not be inverted when drop=None and handle_unknown='error' because they "
                                 "contain all zeros");
            }
            start += k;
        }
        return decoded(codes, n, cats);
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const std::int64_t p = fitted("n_features_in_").item<std::int64_t>();
        const auto names = featureNamesIn(*this, inputFeatures);
        const Categories cats = categoriesOf(*this, p);
        const std::vector<std::int64_t> drop = dropIdx(p);
        std::vector<std::string> out;
        for (std::int64_t j = 0; j < p; ++j)
            for (std::int64_t c = 0; c < cats[j].size(); ++c)
                if (c != drop[j]) out.push_back(names[j] + "_" + cats[j].text(c));
        return out;
    }

protected:
    void startFit() override {
        validateParams();
        refuseUnavailable();
        clearAttributes();
    }

    void fitEncoder(const data::Table& X) override {
        const Categories cats =
            fitCategories(X, param("categories"), paramString("handle_unknown") == "error", className());
        for (auto& [name, value] : categoryAttributes(cats)) setAttribute(name, std::move(value));
        setDropIdx(cats);
    }

    Tensor encode(const data::Table& X) const override {
        const std::int64_t n = X.rows(), p = X.columnCount();
        const Categories cats = categoriesOf(*this, p);
        const std::vector<std::int64_t> codes = encodeColumns(X, cats, paramString("handle_unknown") != "error");
        const std::vector<std::int64_t> drop = dropIdx(p);
        std::vector<std::int64_t> offset(static_cast<std::size_t>(p) + 1, 0);
        for (std::int64_t j = 0; j < p; ++j) offset[j + 1] = offset[j] + outputsOf(cats, drop, j);
        Tensor out = Tensor::fromVector<double>(std::vector<double>(static_cast<std::size_t>(n * offset[p]), 0.0),
                                                {n, offset[p]});
        double* o = out.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                std::int64_t c = codes[i * p + j];
                if (c < 0 || c == drop[j]) continue;  // unknown (ignored) or the dropped category
                if (drop[j] != kKept && c > drop[j]) --c;
                o[i * offset[p] + offset[j] + c] = 1.0;
            }
        return out;
    }

private:
    void refuseUnavailable() const {
        const ParamValue& sparse = param("sparse");
        const bool sparseOut = sparse.isString() ? paramBool("sparse_output") : sparse.asDouble() != 0;
        if (sparseOut)
            throw ValueError(
                "OneHotEncoder: sparse_output=True (a scipy.sparse matrix) is not available in Tessera; set "
                "sparse_output=False");
        if (!param("min_frequency").isNone() || !param("max_categories").isNone())
            throw ValueError(
                "OneHotEncoder: min_frequency and max_categories (infrequent categories) are not available in "
                "Tessera");
        if (!(param("dtype").isString() && paramString("dtype") == "float64"))
            throw ValueError("OneHotEncoder: dtype=" + param("dtype").repr() +
                             " is not available in Tessera (the output is float64)");
    }

    static std::int64_t outputsOf(const Categories& cats, const std::vector<std::int64_t>& drop, std::int64_t j) {
        return cats[j].size() - (drop[j] == kKept ? 0 : 1);
    }

    // _compute_drop_idx, stored as drop_idx_: None, or int64 indices, or float64 with NaN where a feature
    // drops nothing (sklearn's object array holding None; see core/ml/README.md).
    void setDropIdx(const Categories& cats) {
        const ParamValue& drop = param("drop");
        const auto p = static_cast<std::int64_t>(cats.size());
        if (drop.isNone()) {
            setAttribute("drop_idx_", Array());
            return;
        }
        std::vector<std::int64_t> idx(static_cast<std::size_t>(p), 0);
        if (drop.isString()) {
            if (drop.asString() == "if_binary")
                for (std::int64_t j = 0; j < p; ++j) idx[j] = cats[j].size() == 2 ? 0 : kKept;
        } else {
            if (!drop.isSequence())
                throw ValueError("OneHotEncoder: drop must be 'first', 'if_binary', None or one value per feature");
            const auto& values = drop.items();
            if (static_cast<std::int64_t>(values.size()) != p)
                throw ValueError("`drop` should have length equal to the number of features (" + std::to_string(p) +
                                 "), got " + std::to_string(values.size()));
            std::string missing;
            for (std::int64_t j = 0; j < p; ++j) {
                const ParamValue& v = values[static_cast<std::size_t>(j)];
                idx[j] = cats[j].indexOfParam(v);
                if (idx[j] < 0)
                    missing += (missing.empty() ? "" : "\n") + std::string("Category: ") + std::to_string(j) +
                               ", Feature: " + v.repr();
            }
            if (!missing.empty())
                throw ValueError(
                    "The following categories were supposed to be dropped, but were not found in the training "
                    "data.\n" +
                    missing);
        }
        bool anyKept = false;
        for (auto i : idx) anyKept = anyKept || i == kKept;
        if (!anyKept) {
            setAttribute("drop_idx_", Array(Tensor::fromVector<std::int64_t>(idx, {p})));
            return;
        }
        std::vector<double> asFloat;
        for (auto i : idx) asFloat.push_back(i == kKept ? std::nan("") : static_cast<double>(i));
        setAttribute("drop_idx_", Array(Tensor::fromVector<double>(asFloat, {p})));
    }

    std::vector<std::int64_t> dropIdx(std::int64_t p) const {
        const Array& a = attribute("drop_idx_");
        if (!a.defined()) return std::vector<std::int64_t>(static_cast<std::size_t>(p), kKept);
        std::vector<std::int64_t> out;
        for (double d : a.tensor().toVector<double>())
            out.push_back(std::isnan(d) ? kKept : static_cast<std::int64_t>(d));
        return out;
    }
};

const RegisterEstimator<OneHotEncoder> kRegistered({
    "OneHotEncoder",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Encode categorical features as a one-hot numeric array.",
    {
        {"categories",
         "auto",
         {strOptions({"auto"}), constraintOf(Constraint::Kind::List)},
         "'auto' (the sorted values seen in fit) or one list per feature (numbers sorted; strings for a string "
         "column)."},
        {"drop",
         ParamValue(),
         {strOptions({"first", "if_binary"}), constraintOf(Constraint::Kind::ArrayLike), noneC()},
         "Drop one category per feature: 'first', 'if_binary' (only two-category features) or one value each."},
        {"dtype", "float64", {}, "Output dtype (only float64, NumPy's np.float64)."},
        {"handle_unknown",
         "error",
         {strOptions({"error", "ignore", "infrequent_if_exist"})},
         "Unknown categories in transform: raise, or encode as all zeros."},
        {"max_categories",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Upper limit of output features per input feature (infrequent categories: only None)."},
        {"min_frequency",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), realInterval(0, 1, Closed::Neither), noneC()},
         "Minimum frequency below which a category is infrequent (only None)."},
        {"sparse",
         "deprecated",
         {hidden(strOptions({"deprecated"})), booleanC()},
         "Deprecated alias of sparse_output (used when set)."},
        {"sparse_output", true, {booleanC()}, "A scipy.sparse matrix (only False: Tessera's output is dense)."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
