// What OneHotEncoder and OrdinalEncoder share (sklearn's _BaseEncoder): each column's categories, found
// in the data (np.unique: sorted, NaN last) or given as `categories`, kept as the list attribute
// categories_ (entries "categories_.0", "categories_.1", … as Note [Attributes that are dicts or
// objects] lays out), and the lookup of a value among them.
//
//   auto cats = fitCategories(X, est.param("categories"), /*errorOnUnknown=*/true, "OneHotEncoder");
//   std::int64_t code = categoryIndex(cats[0], 2.0);   // -1 when 2.0 is not a category
//
// X is Tessera's numeric X (float64 after checkX), so categories are numbers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

using Categories = std::vector<std::vector<double>>;

// _BaseEncoder._fit: np.unique per column for categories='auto'; given categories (one list per column,
// sorted for numbers) checked, and values outside them refused when `errorOnUnknown` ("Found unknown
// categories [3.] in column 0 during fit").
Categories fitCategories(const Tensor& X, const ParamValue& categories, bool errorOnUnknown,
                         std::string_view estimator);

// Index of `v` in a column's categories (NaN matches a NaN category), or -1.
std::int64_t categoryIndex(const std::vector<double>& cats, double v);

// The categories_ list as attribute entries, and back (n columns).
std::vector<std::pair<std::string, Array>> categoryAttributes(const Categories& cats);
Categories categoriesOf(const Estimator& est, std::int64_t columns);

// The unknown values as sklearn's messages print them (a Python list of np.float64): "[5.0, 12.0]".
std::string valuesText(const std::vector<double>& values);

// _BaseEncoder._transform: each value's category index; unknown values raise ("… during transform")
// unless `ignoreUnknown`, when their index is -1.
std::vector<std::int64_t> encodeColumns(const Tensor& X, const Categories& cats, bool ignoreUnknown);

}  // namespace tessera::ml
