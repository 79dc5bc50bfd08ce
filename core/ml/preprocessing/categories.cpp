#include "core/ml/preprocessing/categories.h"

#include <algorithm>
#include <cmath>
#include <map>

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

// _unique_python of an object column: the sorted distinct strings, then the missing value.
ColumnCategories uniqueStrings(const data::TableColumn& col) {
    ColumnCategories out;
    out.strings = true;
    for (std::int64_t r = 0; r < col.rows(); ++r) {
        if (col.isMissing(r))
            out.missingLast = true;
        else
            out.labels.push_back(col.strings[static_cast<std::size_t>(r)]);
    }
    std::sort(out.labels.begin(), out.labels.end());
    out.labels.erase(std::unique(out.labels.begin(), out.labels.end()), out.labels.end());
    if (out.missingLast) out.labels.push_back("nan");
    return out;
}

// The unknown values of a column as sklearn's message lists them: numbers as a list of np.float64,
// strings by their repr (sorted), the missing value as nan.
std::string unknownText(const data::TableColumn& col, const ColumnCategories& cats) {
    if (!col.isNumeric()) {
        std::vector<std::string> diff;
        bool missing = false;
        for (std::int64_t r = 0; r < col.rows(); ++r) {
            if (cats.indexOf(col, r) >= 0) continue;
            if (col.isMissing(r))
                missing = true;
            else
                diff.push_back(col.strings[static_cast<std::size_t>(r)]);
        }
        std::sort(diff.begin(), diff.end());
        diff.erase(std::unique(diff.begin(), diff.end()), diff.end());
        std::string out = "[";
        for (std::size_t k = 0; k < diff.size(); ++k) out += (k ? ", " : "") + pythonStrRepr(diff[k]);
        if (missing) out += std::string(diff.empty() ? "" : ", ") + "nan";
        return out + "]";
    }
    std::string out = "[";
    bool first = true;
    for (double v : uniqueOf(col.numbers)) {
        if (std::int64_t k = cats.indexOf(data::TableColumn{"", data::TableColumn::Kind::Numeric, {v}, {}, {}}, 0);
            k >= 0)
            continue;
        out += (first ? "" : ", ") + pythonFloatRepr(v);
        first = false;
    }
    return out + "]";
}

bool hasUnknown(const data::TableColumn& col, const ColumnCategories& cats) {
    for (std::int64_t r = 0; r < col.rows(); ++r)
        if (cats.indexOf(col, r) < 0) return true;
    return false;
}

bool isMissingParam(const ParamValue& v) {
    return v.isNone() || (v.kind() == ParamValue::Kind::Float && std::isnan(v.asDouble()));
}

ColumnCategories givenCategories(const data::TableColumn& col, const ParamValue& given, std::int64_t j,
                                 std::string_view estimator) {
    if (!given.isSequence())
        throw TypeError(std::string(estimator) + ": categories[" + std::to_string(j) +
                        "] must be a list of categories, got " + given.repr());
    ColumnCategories out;
    out.strings = !col.isNumeric();
    const auto& items = given.items();
    for (std::size_t k = 0; k < items.size(); ++k) {
        const ParamValue& c = items[k];
        if (out.strings) {
            if (isMissingParam(c)) {
                if (k + 1 != items.size())
                    throw ValueError(std::string(estimator) + ": the missing category (None or nan) of column " +
                                     std::to_string(j) + " ('" + col.name + "') must be the last one");
                out.missingLast = true;
                out.labels.push_back("nan");
                continue;
            }
            if (!c.isString())
                throw TypeError("Encoders require their input to be uniformly strings or numbers: the category " +
                                c.repr() + " of column " + std::to_string(j) + " ('" + col.name +
                                "') is not a string, and the column holds strings");
            out.labels.push_back(c.asString());
            continue;
        }
        if (c.isString()) throw ValueError("could not convert string to float: " + pythonStrRepr(c.asString()));
        out.numbers.push_back(c.isNone() ? std::nan("") : c.asDouble());
    }
    if (out.strings) return out;
    // The unsorted test of _fit: numbers ascending, NaN only last.
    std::vector<double> sorted = out.numbers;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](double a, double b) { return std::isnan(b) ? !std::isnan(a) : (!std::isnan(a) && a < b); });
    for (std::size_t k = 0; k < sorted.size(); ++k)
        if (!(sorted[k] == out.numbers[k] || (std::isnan(sorted[k]) && std::isnan(out.numbers[k]))))
            throw ValueError("Unsorted categories are not supported for numerical categories");
    return out;
}

}  // namespace

std::int64_t ColumnCategories::size() const {
    return static_cast<std::int64_t>(strings ? labels.size() : numbers.size());
}

bool ColumnCategories::isMissing(std::int64_t c) const {
    if (strings) return missingLast && c == size() - 1;
    return std::isnan(numbers[static_cast<std::size_t>(c)]);
}

std::string ColumnCategories::text(std::int64_t c) const {
    return strings ? labels[static_cast<std::size_t>(c)] : pythonFloatRepr(numbers[static_cast<std::size_t>(c)]);
}

std::int64_t ColumnCategories::indexOf(const data::TableColumn& column, std::int64_t row) const {
    const auto r = static_cast<std::size_t>(row);
    if (strings) {
        if (column.isMissing(row)) return missingLast ? size() - 1 : -1;
        const std::int64_t known = size() - (missingLast ? 1 : 0);
        const auto it = std::find(labels.begin(), labels.begin() + known, column.strings[r]);
        return it != labels.begin() + known ? it - labels.begin() : -1;
    }
    const double v = column.numbers[r];
    if (std::isnan(v))
        return !numbers.empty() && std::isnan(numbers.back()) ? static_cast<std::int64_t>(numbers.size()) - 1 : -1;
    const auto end = !numbers.empty() && std::isnan(numbers.back()) ? numbers.end() - 1 : numbers.end();
    const auto it = std::lower_bound(numbers.begin(), end, v);
    return it != end && *it == v ? it - numbers.begin() : -1;
}

std::int64_t ColumnCategories::indexOfParam(const ParamValue& v) const {
    if (isMissingParam(v)) {
        if (size() == 0 || !isMissing(size() - 1)) return -1;
        return size() - 1;
    }
    if (strings) {
        if (!v.isString()) return -1;
        const std::int64_t known = size() - (missingLast ? 1 : 0);
        const auto it = std::find(labels.begin(), labels.begin() + known, v.asString());
        return it != labels.begin() + known ? it - labels.begin() : -1;
    }
    if (!v.isNumber()) return -1;
    const data::TableColumn one{"", data::TableColumn::Kind::Numeric, {v.asDouble()}, {}, {}};
    return indexOf(one, 0);
}

Categories fitCategories(const data::Table& X, const ParamValue& categories, bool errorOnUnknown,
                         std::string_view estimator) {
    const std::int64_t p = X.columnCount();
    Categories out;
    if (categories.isString()) {
        for (const data::TableColumn& col : X.columns()) {
            if (!col.isNumeric()) {
                out.push_back(uniqueStrings(col));
                continue;
            }
            ColumnCategories c;
            c.numbers = uniqueOf(col.numbers);
            out.push_back(std::move(c));
        }
        return out;
    }
    const auto& lists = categories.items();
    if (static_cast<std::int64_t>(lists.size()) != p)
        throw ValueError("Shape mismatch: if categories is an array, it has to be of shape (n_features,).");
    for (std::int64_t j = 0; j < p; ++j) {
        const data::TableColumn& col = X.column(j);
        ColumnCategories cats = givenCategories(col, lists[static_cast<std::size_t>(j)], j, estimator);
        if (errorOnUnknown && hasUnknown(col, cats))
            throw ValueError("Found unknown categories " + unknownText(col, cats) + " in column " + std::to_string(j) +
                             " during fit");
        out.push_back(std::move(cats));
    }
    return out;
}

std::vector<std::pair<std::string, Array>> categoryAttributes(const Categories& cats) {
    std::vector<std::pair<std::string, Array>> out;
    std::vector<std::int64_t> missing;
    for (std::size_t j = 0; j < cats.size(); ++j) {
        const ColumnCategories& c = cats[j];
        missing.push_back(c.strings && c.missingLast ? 1 : 0);
        out.emplace_back(
            "categories_." + std::to_string(j),
            c.strings ? Array(c.labels)
                      : Array(Tensor::fromVector<double>(c.numbers, {static_cast<std::int64_t>(c.numbers.size())})));
    }
    out.emplace_back("_missing_category",
                     Array(Tensor::fromVector<std::int64_t>(missing, {static_cast<std::int64_t>(missing.size())})));
    return out;
}

Categories categoriesOf(const Estimator& est, std::int64_t columns) {
    const std::vector<std::int64_t> missing = est.attribute("_missing_category").tensor().toVector<std::int64_t>();
    Categories out;
    for (std::int64_t j = 0; j < columns; ++j) {
        const Array& a = est.attribute("categories_." + std::to_string(j));
        ColumnCategories c;
        c.strings = a.isStrings();
        if (c.strings) {
            c.labels = a.strings();
            c.missingLast = missing[static_cast<std::size_t>(j)] != 0;
        } else {
            c.numbers = a.tensor().toVector<double>();
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<std::int64_t> encodeColumns(const data::Table& X, const Categories& cats, bool ignoreUnknown) {
    const std::int64_t n = X.rows(), p = X.columnCount();
    std::vector<std::int64_t> codes(static_cast<std::size_t>(n * p));
    for (std::int64_t j = 0; j < p; ++j) {
        const data::TableColumn& col = X.column(j);
        const ColumnCategories& c = cats[static_cast<std::size_t>(j)];
        if (col.isNumeric() == c.strings)
            throw ValueError("Encoders require their input to be uniformly strings or numbers: column " +
                             std::to_string(j) + " ('" + col.name + "') holds " +
                             (col.isNumeric() ? "numbers" : "strings") + " but was fitted on " +
                             (c.strings ? "strings" : "numbers"));
        bool unknown = false;
        if (c.strings) {
            // A lookup table for the strings: categories given by hand may be in any order.
            std::map<std::string, std::int64_t> index;
            const std::int64_t known = c.size() - (c.missingLast ? 1 : 0);
            for (std::int64_t k = 0; k < known; ++k) index.emplace(c.labels[static_cast<std::size_t>(k)], k);
            for (std::int64_t i = 0; i < n; ++i) {
                std::int64_t code = -1;
                if (col.isMissing(i)) {
                    code = c.missingLast ? c.size() - 1 : -1;
                } else if (auto it = index.find(col.strings[static_cast<std::size_t>(i)]); it != index.end()) {
                    code = it->second;
                }
                codes[i * p + j] = code;
                unknown = unknown || code < 0;
            }
        } else {
            for (std::int64_t i = 0; i < n; ++i) {
                codes[i * p + j] = c.indexOf(col, i);
                unknown = unknown || codes[i * p + j] < 0;
            }
        }
        if (unknown && !ignoreUnknown)
            throw ValueError("Found unknown categories " + unknownText(col, c) + " in column " + std::to_string(j) +
                             " during transform");
    }
    return codes;
}

data::Table decodeColumns(const std::vector<std::int64_t>& codes, std::int64_t rows, const Categories& cats,
                          const std::vector<std::string>& names) {
    const auto p = static_cast<std::int64_t>(cats.size());
    data::Table out;
    for (std::int64_t j = 0; j < p; ++j) {
        const ColumnCategories& c = cats[static_cast<std::size_t>(j)];
        if (c.strings) {
            std::vector<std::string> values(static_cast<std::size_t>(rows));
            std::vector<std::uint8_t> missing(static_cast<std::size_t>(rows), 0);
            for (std::int64_t i = 0; i < rows; ++i) {
                const std::int64_t k = codes[i * p + j];
                if (k < 0 || c.isMissing(k))
                    missing[static_cast<std::size_t>(i)] = 1;
                else
                    values[static_cast<std::size_t>(i)] = c.labels[static_cast<std::size_t>(k)];
            }
            out.addStrings(names[static_cast<std::size_t>(j)], std::move(values), std::move(missing));
            continue;
        }
        std::vector<double> values(static_cast<std::size_t>(rows));
        for (std::int64_t i = 0; i < rows; ++i) {
            const std::int64_t k = codes[i * p + j];
            values[static_cast<std::size_t>(i)] = k < 0 ? std::nan("") : c.numbers[static_cast<std::size_t>(k)];
        }
        out.addNumeric(names[static_cast<std::size_t>(j)], std::move(values));
    }
    return out;
}

void checkFiniteOrNan(const data::Table& X) {
    for (const data::TableColumn& col : X.columns())
        if (col.isNumeric())
            for (double v : col.numbers)
                if (std::isinf(v))
                    throw ValueError("Input X contains infinity or a value too large for dtype('float64').");
}

Estimator& BaseEncoder::fit(const Tensor& X, const Array&, const Tensor&) {
    startFit();
    fitEncoder(positionalTable(validateFitX(X, /*allowNaN=*/true)));
    return *this;
}

Tensor BaseEncoder::transform(const Tensor& X) const {
    return encode(positionalTable(validateX(X, /*allowNaN=*/true)));
}

Tensor BaseEncoder::inverseTransform(const Tensor& X) const { return inverseTransformColumns(X)->numericTensor(); }

Estimator& BaseEncoder::fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) {
    fitColumns(X, y, sampleWeight, /*named=*/true);
    return *this;
}

Tensor BaseEncoder::transformTable(const data::Table& X) const {
    checkTableColumns(*this, X, /*named=*/true);
    checkFiniteOrNan(X);
    return encode(X);
}

Tensor BaseEncoder::fitTransformTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) {
    fitColumns(X, y, sampleWeight, /*named=*/true);
    return encode(X);
}

void BaseEncoder::fitColumns(const data::Table& X, const Array&, const Tensor&, bool named) {
    startFit();
    for (auto& [name, value] : tableFitAttributes(X, named, className())) setAttribute(name, std::move(value));
    checkFiniteOrNan(X);
    fitEncoder(X);
}

data::Table BaseEncoder::fitTransformColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight,
                                             bool named) {
    fitColumns(X, y, sampleWeight, named);
    return positionalTable(encode(X));
}

data::Table BaseEncoder::transformColumns(const data::Table& X, bool named) const {
    checkTableColumns(*this, X, named);
    checkFiniteOrNan(X);
    return positionalTable(encode(X));
}

data::Table BaseEncoder::decoded(const std::vector<std::int64_t>& codes, std::int64_t rows,
                                 const Categories& cats) const {
    return decodeColumns(codes, rows, cats, featureNamesIn(*this, {}));
}

}  // namespace tessera::ml
