// String columns through estimators: data::Table in and out, as sklearn takes a pandas DataFrame (or
// an object ndarray) and hands on object arrays when string columns remain.
//
//   auto ct = registry.create("ColumnTransformer", {...});           // OneHotEncoder on ['city'], ...
//   data::Table Z = fitTransformToTable(*ct, X);                     // strings kept where passed through
//   Tensor Zn = Z.numericTensor();                                   // refused naming a string column
//   data::Table back = inverseTransformToTable(*encoder, codes);     // the strings again
//
// Note [Tables between estimators]: the classes that read or keep string columns (OneHotEncoder,
// OrdinalEncoder, SimpleImputer, ColumnTransformer, Pipeline, FeatureUnion) implement TableTransformer;
// the free functions below are the one way every caller (composites, searches, scripts) moves a table
// through any estimator: through TableTransformer when the class has it, else as the numeric Float64
// tensor of the table. `named` is false for a table that stands for a NumPy array — what one step of a
// Pipeline or a ColumnTransformer's stack hands on: no feature_names_in_ is recorded or checked for it,
// as sklearn records none from an ndarray. A result is a table whose columns are named x0, x1, … (an
// ndarray's); it holds strings only where a string column was imputed or passed through.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

class TableTransformer {
public:
    virtual ~TableTransformer() = default;
    virtual void fitColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight, bool named) = 0;
    virtual data::Table fitTransformColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight,
                                            bool named) = 0;
    virtual data::Table transformColumns(const data::Table& X, bool named) const = 0;
    // inverse_transform with string columns back (an encoder fitted on strings); none by default.
    virtual std::optional<data::Table> inverseTransformColumns(const Tensor&) const { return std::nullopt; }
};

void fitOnTable(Estimator& est, const data::Table& X, const Array& y = {}, const Tensor& sampleWeight = {},
                bool named = true);
data::Table fitTransformToTable(Estimator& est, const data::Table& X, const Array& y = {},
                                const Tensor& sampleWeight = {}, bool named = true);
data::Table transformToTable(const Estimator& est, const data::Table& X, bool named = true);
Array predictOnTable(const Estimator& est, const data::Table& X, bool named = true);
Tensor predictProbaOnTable(const Estimator& est, const data::Table& X, bool named = true);
Tensor decisionFunctionOnTable(const Estimator& est, const data::Table& X, bool named = true);
double scoreOnTable(const Estimator& est, const data::Table& X, const Array& y, const Tensor& sampleWeight = {},
                    bool named = true);
// inverse_transform as a table: the class's own (strings back), else the numeric result named by
// feature_names_in_ (x0, x1, … without).
data::Table inverseTransformToTable(const Estimator& est, const Tensor& X);

// For implementers. A numeric result as a table of columns x0, x1, ….
data::Table positionalTable(const Tensor& Z);
// The attributes a fit from a table records: n_features_in_, and feature_names_in_ when `named`; no
// rows or no columns refused as check_array refuses them.
std::vector<std::pair<std::string, Array>> tableFitAttributes(const data::Table& X, bool named,
                                                              std::string_view estimator);
// A table given to a fitted estimator: NotFittedError, then (when `named`) sklearn's
// _check_feature_names, then the column count against n_features_in_.
void checkTableColumns(const Estimator& est, const data::Table& X, bool named);
// _check_feature_names of a named table against feature_names_in_ (nothing when the fit had none).
void checkFeatureNames(const Estimator& est, const data::Table& X);
// sklearn's _check_feature_names_in: `inputFeatures` (checked against feature_names_in_ when the fit had
// names), else feature_names_in_, else x0, x1, … for n_features_in_.
std::vector<std::string> featureNamesIn(const Estimator& est, const std::vector<std::string>& inputFeatures);
// Python's repr of a str, as sklearn's messages print one: 'Oslo', "it's".
std::string pythonStrRepr(const std::string& s);

}  // namespace tessera::ml
