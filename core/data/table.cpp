#include "core/data/table.h"

#include <cmath>
#include <utility>

#include "core/tensor/error.h"

namespace tessera::data {

std::int64_t TableColumn::rows() const {
    return static_cast<std::int64_t>(isNumeric() ? numbers.size() : strings.size());
}

bool TableColumn::isMissing(std::int64_t row) const {
    const auto r = static_cast<std::size_t>(row);
    if (isNumeric()) return std::isnan(numbers[r]);
    return !missing.empty() && missing[r] != 0;
}

Table Table::fromTensor(const Tensor& X, const std::vector<std::string>& names) {
    if (X.dim() != 2)
        throw ValueError("Table.fromTensor: expected a 2-D array [rows, columns], got " + std::to_string(X.dim()) +
                         "-D");
    const std::int64_t rows = X.size(0), cols = X.size(1);
    if (!names.empty() && static_cast<std::int64_t>(names.size()) != cols)
        throw ValueError("Table.fromTensor: " + std::to_string(names.size()) + " column names for " +
                         std::to_string(cols) + " columns");
    const std::vector<double> values = X.toVector<double>();
    Table table;
    for (std::int64_t c = 0; c < cols; ++c) {
        std::vector<double> column(static_cast<std::size_t>(rows));
        for (std::int64_t r = 0; r < rows; ++r)
            column[static_cast<std::size_t>(r)] = values[static_cast<std::size_t>(r * cols + c)];
        table.addNumeric(names.empty() ? "x" + std::to_string(c) : names[static_cast<std::size_t>(c)],
                         std::move(column));
    }
    table.m_rows = rows;  // a table of zero columns still has its rows
    return table;
}

void Table::addNumeric(std::string name, std::vector<double> values) {
    TableColumn column;
    column.name = std::move(name);
    column.kind = TableColumn::Kind::Numeric;
    column.numbers = std::move(values);
    addColumn(std::move(column));
}

void Table::addStrings(std::string name, std::vector<std::string> values, std::vector<std::uint8_t> missing) {
    TableColumn column;
    column.name = std::move(name);
    column.kind = TableColumn::Kind::Strings;
    column.strings = std::move(values);
    column.missing = std::move(missing);
    addColumn(std::move(column));
}

void Table::addColumn(TableColumn column) {
    if (find(column.name)) throw ValueError("Table: a column named '" + column.name + "' is already in the table");
    if (!column.isNumeric() && !column.missing.empty() && column.missing.size() != column.strings.size())
        throw ValueError("Table: column '" + column.name + "' has " + std::to_string(column.strings.size()) +
                         " values but " + std::to_string(column.missing.size()) + " missing-value marks");
    if (!m_columns.empty() && column.rows() != m_rows)
        throw ValueError("Table: column '" + column.name + "' has " + std::to_string(column.rows()) +
                         " rows, the table has " + std::to_string(m_rows));
    m_rows = column.rows();
    m_columns.push_back(std::move(column));
}

const TableColumn& Table::column(std::int64_t index) const {
    if (index < 0 || index >= columnCount())
        throw IndexError("Table: column index " + std::to_string(index) + " is out of range for a table of " +
                         std::to_string(columnCount()) + " columns");
    return m_columns[static_cast<std::size_t>(index)];
}

const TableColumn* Table::find(std::string_view name) const {
    const std::int64_t i = indexOf(name);
    return i < 0 ? nullptr : &m_columns[static_cast<std::size_t>(i)];
}

std::int64_t Table::indexOf(std::string_view name) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].name == name) return static_cast<std::int64_t>(i);
    return -1;
}

std::vector<std::string> Table::names() const {
    std::vector<std::string> out;
    out.reserve(m_columns.size());
    for (const TableColumn& c : m_columns) out.push_back(c.name);
    return out;
}

bool Table::allNumeric() const {
    for (const TableColumn& c : m_columns)
        if (!c.isNumeric()) return false;
    return true;
}

Table Table::takeRows(const std::vector<std::int64_t>& rows) const {
    for (std::int64_t r : rows)
        if (r < 0 || r >= m_rows)
            throw IndexError("Table: row " + std::to_string(r) + " is out of range for a table of " +
                             std::to_string(m_rows) + " rows");
    Table out;
    for (const TableColumn& c : m_columns) {
        TableColumn picked;
        picked.name = c.name;
        picked.kind = c.kind;
        for (std::int64_t r : rows) {
            const auto i = static_cast<std::size_t>(r);
            if (c.isNumeric()) {
                picked.numbers.push_back(c.numbers[i]);
            } else {
                picked.strings.push_back(c.strings[i]);
                if (!c.missing.empty()) picked.missing.push_back(c.missing[i]);
            }
        }
        out.addColumn(std::move(picked));
    }
    out.m_rows = static_cast<std::int64_t>(rows.size());
    return out;
}

Table Table::selectColumns(const std::vector<std::int64_t>& columns) const {
    Table out;
    for (std::int64_t c : columns) out.addColumn(column(c));
    out.m_rows = m_rows;
    return out;
}

Tensor Table::numericTensor() const {
    const std::int64_t cols = columnCount();
    Tensor X = Tensor::empty({m_rows, cols}, DType::Float64);
    double* out = X.data<double>();
    for (std::int64_t c = 0; c < cols; ++c) {
        const TableColumn& column = m_columns[static_cast<std::size_t>(c)];
        if (!column.isNumeric()) {
            std::string first;
            for (std::int64_t r = 0; r < m_rows && first.empty(); ++r)
                if (!column.isMissing(r)) first = column.strings[static_cast<std::size_t>(r)];
            throw ValueError("could not convert string to float: '" + first + "' (column '" + column.name + "')");
        }
        for (std::int64_t r = 0; r < m_rows; ++r) out[r * cols + c] = column.numbers[static_cast<std::size_t>(r)];
    }
    return X;
}

}  // namespace tessera::data
