#include "core/ml/compose/columns.h"

#include "core/tensor/error.h"

namespace tessera::ml {

Tensor selectColumns(const Tensor& X, const std::vector<std::int64_t>& columns) {
    const std::int64_t n = X.size(0), p = X.size(1), k = static_cast<std::int64_t>(columns.size());
    const double* x = X.data<double>();
    std::vector<double> out(static_cast<std::size_t>(n * k));
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t c = 0; c < k; ++c) out[i * k + c] = x[i * p + columns[c]];
    return Tensor::fromVector<double>(out, {n, k});
}

std::optional<double> transformerWeight(const ParamValue& weights, const std::string& name) {
    if (weights.isNone()) return std::nullopt;
    for (const auto& [k, v] : weights.members())
        if (k == name) return v.asDouble();
    return std::nullopt;
}

Tensor scaleBy(const Tensor& t, const std::optional<double>& weight) {
    if (!weight) return t;
    std::vector<double> v = t.toVector<double>();
    for (double& d : v) d *= *weight;
    return Tensor::fromVector<double>(v, t.sizes());
}

Tensor hstackColumns(const std::vector<Tensor>& parts, std::int64_t rows) {
    std::int64_t width = 0;
    for (const auto& t : parts) width += t.size(1);
    std::vector<double> out(static_cast<std::size_t>(rows * width));
    std::int64_t start = 0;
    for (const auto& t : parts) {
        const std::vector<double> d = t.toVector<double>();
        const std::int64_t k = t.size(1);
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t j = 0; j < k; ++j) out[i * width + start + j] = d[i * k + j];
        start += k;
    }
    return Tensor::fromVector<double>(out, {rows, width});
}

data::Table scaleTableBy(const data::Table& t, const std::optional<double>& weight, const std::string& estimator) {
    if (!weight) return t;
    data::Table out;
    for (data::TableColumn c : t.columns()) {
        if (!c.isNumeric())
            throw TypeError(estimator + ": transformer_weights cannot scale the string column '" + c.name + "'");
        for (double& v : c.numbers) v *= *weight;
        out.addColumn(std::move(c));
    }
    return out;
}

data::Table hstackTables(const std::vector<data::Table>& parts, std::int64_t rows) {
    data::Table out;
    std::int64_t k = 0;
    for (const auto& t : parts)
        for (data::TableColumn c : t.columns()) {
            c.name = "x" + std::to_string(k++);
            out.addColumn(std::move(c));
        }
    if (out.columnCount() == 0) out = data::Table::fromTensor(Tensor::empty({rows, 0}, DType::Float64));
    return out;
}

}  // namespace tessera::ml
