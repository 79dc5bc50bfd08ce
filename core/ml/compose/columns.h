// Column work shared by ColumnTransformer and FeatureUnion: picking columns of X, scaling a block by
// a transformer weight, and np.hstack of the blocks.
//
//   Tensor part = selectColumns(X, {0, 2});
//   Tensor out = hstackColumns({scaleBy(a, 2.0), b}, X.size(0));
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/data/table.h"
#include "core/ml/base/param.h"
#include "core/tensor/tensor.h"

namespace tessera::ml {

// X[:, columns] of a contiguous Float64 X.
Tensor selectColumns(const Tensor& X, const std::vector<std::int64_t>& columns);
// transformer_weights.get(name): None, or the weight of that transformer.
std::optional<double> transformerWeight(const ParamValue& weights, const std::string& name);
// t * weight as Float64 (t itself when there is no weight).
Tensor scaleBy(const Tensor& t, const std::optional<double>& weight);
// The blocks side by side (each 2-D with `rows` rows); [rows, 0] when there are none.
Tensor hstackColumns(const std::vector<Tensor>& parts, std::int64_t rows);

// The same for tables (base/tables.h): a block times its weight (numeric columns; a string column has
// no product, TypeError naming `estimator`), and np.hstack of blocks as a table of columns x0, x1, …
// (an ndarray's), of object dtype when a string column is in it.
data::Table scaleTableBy(const data::Table& t, const std::optional<double>& weight, const std::string& estimator);
data::Table hstackTables(const std::vector<data::Table>& parts, std::int64_t rows);

}  // namespace tessera::ml
