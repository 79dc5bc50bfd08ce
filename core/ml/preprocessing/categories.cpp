#include "core/ml/preprocessing/categories.h"

#include <algorithm>
#include <cmath>

#include "core/tensor/error.h"

namespace tessera::ml {

namespace {

// np.unique of a float column: sorted distinct values, one NaN at the end.
std::vector<double> uniqueOf(std::vector<double> v) {
    const auto nanAt = std::partition(v.begin(), v.end(), [](double d) { return !std::isnan(d); });
    const bool hasNan = nanAt != v.end();
    v.erase(nanAt, v.end());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (hasNan) v.push_back(std::nan(""));
    return v;
}

std::vector<double> column(const Tensor& X, std::int64_t j) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const double* x = X.data<double>();
    std::vector<double> out(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) out[i] = x[i * p + j];
    return out;
}

// _check_unknown: the distinct values of `values` that are not categories, sorted (NaN last).
std::vector<double> unknownValues(const std::vector<double>& values, const std::vector<double>& cats) {
    std::vector<double> diff;
    for (double v : uniqueOf(values))
        if (categoryIndex(cats, v) < 0) diff.push_back(v);
    return diff;
}

}  // namespace

std::int64_t categoryIndex(const std::vector<double>& cats, double v) {
    if (std::isnan(v))
        return !cats.empty() && std::isnan(cats.back()) ? static_cast<std::int64_t>(cats.size()) - 1 : -1;
    const auto end = !cats.empty() && std::isnan(cats.back()) ? cats.end() - 1 : cats.end();
    const auto it = std::lower_bound(cats.begin(), end, v);
    return it != end && *it == v ? it - cats.begin() : -1;
}

Categories fitCategories(const Tensor& X, const ParamValue& categories, bool errorOnUnknown,
                         std::string_view estimator) {
    const std::int64_t p = X.size(1);
    Categories out;
    if (categories.isString()) {
        for (std::int64_t j = 0; j < p; ++j) out.push_back(uniqueOf(column(X, j)));
        return out;
    }
    const auto& lists = categories.items();
    if (static_cast<std::int64_t>(lists.size()) != p)
        throw ValueError("Shape mismatch: if categories is an array, it has to be of shape (n_features,).");
    for (std::int64_t j = 0; j < p; ++j) {
        const ParamValue& given = lists[static_cast<std::size_t>(j)];
        if (!given.isSequence())
            throw TypeError(std::string(estimator) + ": categories[" + std::to_string(j) +
                            "] must be a list of numbers, got " + given.repr());
        std::vector<double> cats;
        for (const auto& c : given.items()) {
            if (c.isString())
                throw ValueError(std::string(estimator) + ": the category " + c.repr() + " of column " +
                                 std::to_string(j) + " is a string; Tessera's X is numeric (float64)");
            cats.push_back(c.isNone() ? std::nan("") : c.asDouble());
        }
        // The unsorted test of _fit: NaN may only come last.
        std::vector<double> sorted = cats;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](double a, double b) { return std::isnan(b) ? !std::isnan(a) : (!std::isnan(a) && a < b); });
        for (std::size_t k = 0; k < cats.size(); ++k)
            if (!(sorted[k] == cats[k] || (std::isnan(sorted[k]) && std::isnan(cats[k]))))
                throw ValueError("Unsorted categories are not supported for numerical categories");
        if (errorOnUnknown) {
            const auto diff = unknownValues(column(X, j), cats);
            if (!diff.empty())
                throw ValueError("Found unknown categories " + valuesText(diff) + " in column " + std::to_string(j) +
                                 " during fit");
        }
        out.push_back(std::move(cats));
    }
    return out;
}

std::vector<std::pair<std::string, Array>> categoryAttributes(const Categories& cats) {
    std::vector<std::pair<std::string, Array>> out;
    for (std::size_t j = 0; j < cats.size(); ++j)
        out.emplace_back("categories_." + std::to_string(j),
                         Array(Tensor::fromVector<double>(cats[j], {static_cast<std::int64_t>(cats[j].size())})));
    return out;
}

Categories categoriesOf(const Estimator& est, std::int64_t columns) {
    Categories out;
    for (std::int64_t j = 0; j < columns; ++j)
        out.push_back(est.attribute("categories_." + std::to_string(j)).tensor().toVector<double>());
    return out;
}

std::string valuesText(const std::vector<double>& values) {
    std::string out = "[";
    for (std::size_t k = 0; k < values.size(); ++k) out += (k ? ", " : "") + pythonFloatRepr(values[k]);
    return out + "]";
}

std::vector<std::int64_t> encodeColumns(const Tensor& X, const Categories& cats, bool ignoreUnknown) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const double* x = X.data<double>();
    std::vector<std::int64_t> codes(static_cast<std::size_t>(n * p));
    for (std::int64_t j = 0; j < p; ++j) {
        bool unknown = false;
        for (std::int64_t i = 0; i < n; ++i) {
            codes[i * p + j] = categoryIndex(cats[j], x[i * p + j]);
            unknown = unknown || codes[i * p + j] < 0;
        }
        if (unknown && !ignoreUnknown)
            throw ValueError("Found unknown categories " + valuesText(unknownValues(column(X, j), cats[j])) +
                             " in column " + std::to_string(j) + " during transform");
    }
    return codes;
}

}  // namespace tessera::ml
