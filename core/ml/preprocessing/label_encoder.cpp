// LabelEncoder (sklearn/preprocessing/_label.py, 1.2.1): classes_ = np.unique(y), transform by binary
// search, sklearn's "previously unseen labels" errors.
#include "core/ml/preprocessing/label_encoder.h"

#include <algorithm>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

void checkLabelEncoder(const Estimator& e) {
    if (e.className() != "LabelEncoder")
        throw TypeError("labelEncoderTransform: expected a LabelEncoder, got " + e.className());
    e.checkFitted();
}

Array asLabels(const Array& y) {
    if (y.isStrings()) return y;
    const Tensor& t = y.tensor("y");
    if (t.dim() != 1)
        throw ValueError("y should be a 1d array, got an array of shape " + shapeToString(t.sizes()) + " instead.");
    return y;
}

class LabelEncoder : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Array labels = asLabels(y.defined() ? y : Array(X));
        setAttribute("classes_", encodeLabels(labels, className()).classes);
        return *this;
    }

    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        fit(X, y, sampleWeight);
        return labelEncoderTransform(*this, y.defined() ? y : Array(X));
    }

    Tensor transform(const Tensor& y) const override { return labelEncoderTransform(*this, Array(y)); }
    Tensor inverseTransform(const Tensor& codes) const override {
        return labelEncoderInverseTransform(*this, codes).tensor("inverse_transform");
    }
};

const RegisterEstimator<LabelEncoder> kRegistered({
    "LabelEncoder",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Encode target labels with value between 0 and n_classes-1.",
    {},
    {"fit", "transform", "fit_transform", "inverse_transform"},
});

}  // namespace

Tensor labelEncoderTransform(const Estimator& encoder, const Array& yIn) {
    checkLabelEncoder(encoder);
    const Array y = asLabels(yIn);
    const Array& classes = encoder.attribute("classes_");
    const std::int64_t n = y.length();
    std::vector<std::int64_t> codes(static_cast<std::size_t>(n));
    if (classes.isStrings() || y.isStrings()) {
        const auto& c = classes.strings("classes_");
        const auto& v = y.strings("y");
        for (std::int64_t i = 0; i < n; ++i) {
            const auto it = std::lower_bound(c.begin(), c.end(), v[i]);
            if (it == c.end() || *it != v[i]) throw ValueError("y contains previously unseen labels: '" + v[i] + "'");
            codes[i] = it - c.begin();
        }
    } else {
        const std::vector<double> c = classes.tensor().toVector<double>(), v = y.tensor().toVector<double>();
        std::vector<double> unseen;
        for (std::int64_t i = 0; i < n; ++i) {
            const auto it = std::lower_bound(c.begin(), c.end(), v[i]);
            codes[i] = it - c.begin();
            if (it == c.end() || *it != v[i]) unseen.push_back(v[i]);
        }
        if (!unseen.empty()) {
            std::sort(unseen.begin(), unseen.end());
            unseen.erase(std::unique(unseen.begin(), unseen.end()), unseen.end());
            const bool ints = classes.tensor().dtype() == DType::Int64 && y.tensor().dtype() == DType::Int64;
            std::string text = "[";
            for (std::size_t k = 0; k < unseen.size(); ++k)
                text += (k ? ", " : "") +
                        (ints ? std::to_string(static_cast<std::int64_t>(unseen[k])) : pythonFloatRepr(unseen[k]));
            throw ValueError("y contains previously unseen labels: " + text + "]");
        }
    }
    return Tensor::fromVector<std::int64_t>(codes, {n});
}

Array labelEncoderInverseTransform(const Estimator& encoder, const Tensor& codesIn) {
    checkLabelEncoder(encoder);
    if (codesIn.dim() != 1)
        throw ValueError("y should be a 1d array, got an array of shape " + shapeToString(codesIn.sizes()) +
                         " instead.");
    const Array& classes = encoder.attribute("classes_");
    const std::int64_t k = classCount(classes);
    const std::vector<double> v = codesIn.toVector<double>();
    std::vector<std::int64_t> codes, unseen;
    for (double d : v) {
        const auto c = static_cast<std::int64_t>(d);
        if (static_cast<double>(c) != d || c < 0 || c >= k) unseen.push_back(c);
        codes.push_back(c);
    }
    if (!unseen.empty()) {
        std::sort(unseen.begin(), unseen.end());
        unseen.erase(std::unique(unseen.begin(), unseen.end()), unseen.end());
        std::string text = "[";
        for (std::size_t i = 0; i < unseen.size(); ++i) text += (i ? " " : "") + std::to_string(unseen[i]);
        throw ValueError("y contains previously unseen labels: " + text + "]");
    }
    return decodeLabels(classes, codes);
}

}  // namespace tessera::ml
