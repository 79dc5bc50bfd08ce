// What OneHotEncoder and OrdinalEncoder share (sklearn's _BaseEncoder): each column's categories, found
// in the data (np.unique: sorted, the missing value last) or given as `categories`, kept as the list
// attribute categories_ (entries "categories_.0", "categories_.1", … as Note [Attributes that are dicts
// or objects] lays out), and the lookup of a value among them.
//
//   data::Table t = data::Table::fromTensor(X);                    // or a table with string columns
//   Categories cats = fitCategories(t, est.param("categories"), /*errorOnUnknown=*/true, "OneHotEncoder");
//   std::vector<std::int64_t> codes = encodeColumns(t, cats, /*ignoreUnknown=*/false);   // -1: unknown
//
// A numeric column has numbers as categories (float64, NaN last, as np.unique sorts them); a string
// column (an object column of a DataFrame) has strings, sorted as Python sorts str (code points, which
// is the byte order of UTF-8), and a missing cell is the category NaN placed last, as sklearn's
// _unique_python does. categories_.J is then a string array whose last entry "nan" is that missing
// category; the private attribute _missing_category (int64, one per column) says so, because a string
// "nan" is a category of its own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/table.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/tables.h"

namespace tessera::ml {

struct ColumnCategories {
    bool strings = false;
    std::vector<double> numbers;      // a numeric column's categories, NaN last
    std::vector<std::string> labels;  // a string column's categories ("nan" for the missing one)
    bool missingLast = false;         // strings: the last category is the missing value

    std::int64_t size() const;
    bool isMissing(std::int64_t c) const;
    // str() of category c as sklearn prints it in feature names: "Oslo", "5.0", "nan".
    std::string text(std::int64_t c) const;
    // Index of a cell of `column` (which has this column's kind), or -1 when it is not a category.
    std::int64_t indexOf(const data::TableColumn& column, std::int64_t row) const;
    // Index of a parameter value (OneHotEncoder's drop), None/NaN meaning the missing category; -1 if absent.
    std::int64_t indexOfParam(const ParamValue& v) const;
};
using Categories = std::vector<ColumnCategories>;

// _BaseEncoder._fit: the unique values per column for categories='auto'; given categories (one list
// per column; sorted for numbers, any order for strings) checked, and values outside them refused when
// `errorOnUnknown` ("Found unknown categories ['x'] in column 0 during fit").
Categories fitCategories(const data::Table& X, const ParamValue& categories, bool errorOnUnknown,
                         std::string_view estimator);

// The categories_ list (and _missing_category) as attribute entries, and back (n columns).
std::vector<std::pair<std::string, Array>> categoryAttributes(const Categories& cats);
Categories categoriesOf(const Estimator& est, std::int64_t columns);

// _BaseEncoder._transform: each cell's category index, row-major [rows, columns]; unknown values raise
// ("… during transform") unless `ignoreUnknown`, when their index is -1.
std::vector<std::int64_t> encodeColumns(const data::Table& X, const Categories& cats, bool ignoreUnknown);

// Category indices (row-major [rows, columns]; -1 for sklearn's None) back to the categories, as
// inverse_transform gives them: numbers (NaN for None) or strings (missing marked), the columns named
// `names`.
data::Table decodeColumns(const std::vector<std::int64_t>& codes, std::int64_t rows, const Categories& cats,
                          const std::vector<std::string>& names);

// A table's numeric columns checked for infinity as check_array(force_all_finite='allow-nan') does.
void checkFiniteOrNan(const data::Table& X);

// What both encoders do with X, whatever its form: a Tensor (checkX, numeric categories) or a table
// (Note [Tables between estimators]: string columns, names recorded when `named`). A class says how
// it starts a fit (keyword checks), fits its categories and encodes a checked table.
class BaseEncoder : public Estimator, public TableTransformer {
public:
    explicit BaseEncoder(const EstimatorInfo& info) : Estimator(info) {}

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;
    Tensor transform(const Tensor& X) const override;
    Tensor inverseTransform(const Tensor& X) const override;
    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override;
    Tensor transformTable(const data::Table& X) const override;
    Tensor fitTransformTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override;

    void fitColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight, bool named) override;
    data::Table fitTransformColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight,
                                    bool named) override;
    data::Table transformColumns(const data::Table& X, bool named) const override;

protected:
    // validateParams and the class's keyword checks, then clearAttributes.
    virtual void startFit() = 0;
    // categories_ (and what derives from them) from X, whose n_features_in_ is recorded.
    virtual void fitEncoder(const data::Table& X) = 0;
    // transform of a checked X.
    virtual Tensor encode(const data::Table& X) const = 0;
    // Category indices back to a table named as the fit's columns.
    data::Table decoded(const std::vector<std::int64_t>& codes, std::int64_t rows, const Categories& cats) const;
};

}  // namespace tessera::ml
