// data::Table: a raw table as pipelines see it — named columns, each of float64 numbers (NaN where a
// value is missing) or of strings (a categorical column; `missing` marks empty cells). It is what a
// pandas DataFrame is to scikit-learn: imputers and encoders see the values as they were in the file.
// Nets keep the float32 Dataset path (core/data/dataset.h).
//
//   data::Table t;
//   t.addNumeric("age", {31, NAN, 47});
//   t.addStrings("city", {"Oslo", "", "Lima"}, {0, 1, 0});   // row 1 missing
//   data::Table head = t.takeRows({0, 2});
//   Tensor X = t.numericTensor();   // Float64 [rows, columns]; ValueError naming a string column
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::data {

struct TableColumn {
    enum class Kind { Numeric, Strings };
    std::string name;
    Kind kind = Kind::Numeric;
    std::vector<double> numbers;        // Numeric: one per row, NaN for missing
    std::vector<std::string> strings;   // Strings: one per row ("" where missing)
    std::vector<std::uint8_t> missing;  // Strings: 1 where the cell was missing; empty = none missing

    std::int64_t rows() const;
    bool isNumeric() const { return kind == Kind::Numeric; }
    bool isMissing(std::int64_t row) const;
};

class Table {
public:
    Table() = default;
    // Columns named x0, x1, … (or `names`) from a 2-D numeric tensor of any float/int dtype.
    static Table fromTensor(const Tensor& X, const std::vector<std::string>& names = {});

    // ValueError when the length differs from the table's rows or the name is taken.
    void addNumeric(std::string name, std::vector<double> values);
    void addStrings(std::string name, std::vector<std::string> values, std::vector<std::uint8_t> missing = {});
    void addColumn(TableColumn column);

    std::int64_t rows() const { return m_rows; }
    std::int64_t columnCount() const { return static_cast<std::int64_t>(m_columns.size()); }
    const std::vector<TableColumn>& columns() const { return m_columns; }
    const TableColumn& column(std::int64_t index) const;
    // nullptr when absent.
    const TableColumn* find(std::string_view name) const;
    std::int64_t indexOf(std::string_view name) const;  // -1 when absent
    std::vector<std::string> names() const;
    bool allNumeric() const;

    // The rows in this order (repeats allowed), every column kept.
    Table takeRows(const std::vector<std::int64_t>& rows) const;
    // The columns in this order, by index.
    Table selectColumns(const std::vector<std::int64_t>& columns) const;
    // Float64 [rows, columns], row-major. A string column is refused as NumPy refuses it:
    // ValueError "could not convert string to float: 'Oslo' (column 'city')".
    Tensor numericTensor() const;

private:
    std::vector<TableColumn> m_columns;
    std::int64_t m_rows = 0;
};

}  // namespace tessera::data
