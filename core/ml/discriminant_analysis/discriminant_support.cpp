#include "core/ml/discriminant_analysis/discriminant_support.h"

#include <algorithm>
#include <cmath>

#include "core/tensor/error.h"

namespace tessera::ml::detail {

ClassData classData(const Array& y, std::string_view estimator) {
    ClassData c;
    EncodedLabels e = encodeLabels(y, estimator);
    c.classes = std::move(e.classes);
    c.codes = std::move(e.codes);
    c.k = classCount(c.classes);
    c.counts.assign(static_cast<std::size_t>(c.k), 0);
    for (auto code : c.codes) ++c.counts[code];
    return c;
}

std::vector<double> priorsOf(const ParamValue& priors, const ClassData& c, std::int64_t n, std::string_view estimator) {
    std::vector<double> out;
    if (priors.isNone()) {
        for (auto cnt : c.counts) out.push_back(static_cast<double>(cnt) / static_cast<double>(n));
        return out;
    }
    if (!priors.isSequence()) throw TypeError(std::string(estimator) + ": priors must be a list of numbers");
    for (const auto& v : priors.items()) out.push_back(v.asDouble());
    if (static_cast<std::int64_t>(out.size()) != c.k)
        throw ValueError(std::string(estimator) + ": priors has " + std::to_string(out.size()) + " values, but y has " +
                         std::to_string(c.k) + " classes");
    return out;
}

std::vector<double> classMeans(const Tensor& X, const ClassData& c) {
    const std::int64_t n = X.size(0), p = X.size(1);
    const double* x = X.data<double>();
    std::vector<double> means(static_cast<std::size_t>(c.k * p), 0.0);
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < p; ++j) means[c.codes[i] * p + j] += x[i * p + j];
    for (std::int64_t g = 0; g < c.k; ++g)
        for (std::int64_t j = 0; j < p; ++j) means[g * p + j] /= static_cast<double>(c.counts[g]);
    return means;
}

std::vector<std::int64_t> rowsOfClass(const ClassData& c, std::int64_t cls) {
    std::vector<std::int64_t> rows;
    for (std::size_t i = 0; i < c.codes.size(); ++i)
        if (c.codes[i] == cls) rows.push_back(static_cast<std::int64_t>(i));
    return rows;
}

std::vector<double> toColumnMajor(const std::vector<double>& a, std::int64_t rows, std::int64_t cols) {
    std::vector<double> out(a.size());
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c) out[c * rows + r] = a[r * cols + c];
    return out;
}

std::vector<double> toRowMajor(const std::vector<double>& a, std::int64_t rows, std::int64_t cols) {
    std::vector<double> out(a.size());
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c) out[r * cols + c] = a[c * rows + r];
    return out;
}

std::vector<double> softmaxRows(std::vector<double> s, std::int64_t n, std::int64_t k) {
    for (std::int64_t i = 0; i < n; ++i) {
        double* row = s.data() + i * k;
        const double mx = *std::max_element(row, row + k);
        double sum = 0;
        for (std::int64_t j = 0; j < k; ++j) {
            row[j] = std::exp(row[j] - mx);
            sum += row[j];
        }
        for (std::int64_t j = 0; j < k; ++j) row[j] /= sum;
    }
    return s;
}

}  // namespace tessera::ml::detail
