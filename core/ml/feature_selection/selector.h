// sklearn.feature_selection's SelectorMixin: a fitted boolean support mask over the input columns, and
// transform (the kept columns), inverse_transform (them back in place, zeros elsewhere) and
// get_feature_names_out from it. A selector implements only fit and supportMask().
//
//   class VarianceThreshold : public feature_selection::Selector { ... supportMask() ... };
#pragma once

#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml::feature_selection {

// The given columns of a contiguous Float64 X, in the given order.
Tensor selectColumns(const Tensor& X, const std::vector<std::int64_t>& columns);

class Selector : public Estimator {
public:
    using Estimator::Estimator;

    Tensor transform(const Tensor& X) const override;
    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;
    Tensor inverseTransform(const Tensor& X) const override;
    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override;

    // get_support(): one flag per input column.
    virtual std::vector<bool> supportMask() const = 0;

protected:
    // Whether transform accepts NaN (the allow_nan tag).
    virtual bool allowNaN() const { return false; }

private:
    std::vector<std::int64_t> kept() const;
};

}  // namespace tessera::ml::feature_selection
