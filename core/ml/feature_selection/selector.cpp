#include "core/ml/feature_selection/selector.h"

#include "core/ml/base/errors.h"

namespace tessera::ml::feature_selection {

std::vector<std::int64_t> Selector::kept() const {
    const std::vector<bool> mask = supportMask();
    std::vector<std::int64_t> out;
    for (std::size_t c = 0; c < mask.size(); ++c)
        if (mask[c]) out.push_back(static_cast<std::int64_t>(c));
    return out;
}

Tensor selectColumns(const Tensor& X, const std::vector<std::int64_t>& columns) {
    const std::int64_t n = X.size(0), p = X.size(1), m = static_cast<std::int64_t>(columns.size());
    const double* x = X.data<double>();
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(n * m));
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t c : columns) out.push_back(x[i * p + c]);
    return Tensor::fromVector<double>(out, {n, m});
}

Tensor Selector::transform(const Tensor& Xin) const { return selectColumns(validateX(Xin, allowNaN()), kept()); }

Tensor Selector::fitTransform(const Tensor& X, const Array& y, const Tensor& sw) {
    fit(X, y, sw);
    return transform(X);
}

Tensor Selector::inverseTransform(const Tensor& Xin) const {
    checkFitted();
    const std::vector<std::int64_t> keep = kept();
    const auto p = static_cast<std::int64_t>(supportMask().size()), m = static_cast<std::int64_t>(keep.size());
    if (Xin.dim() != 2 || Xin.size(1) != m) throw ValueError("X has a different shape than during fitting.");
    const std::int64_t n = Xin.size(0);
    const std::vector<double> x = Xin.toVector<double>();
    std::vector<double> out(static_cast<std::size_t>(n * p), 0.0);
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < m; ++j) out[i * p + keep[j]] = x[i * m + j];
    return Tensor::fromVector<double>(out, {n, p});
}

std::vector<std::string> Selector::getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const {
    checkFitted();
    const std::vector<std::string> names =
        defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
    std::vector<std::string> out;
    for (std::int64_t c : kept()) out.push_back(names[c]);
    return out;
}

}  // namespace tessera::ml::feature_selection
