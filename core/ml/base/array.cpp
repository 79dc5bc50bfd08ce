#include "core/ml/base/array.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "core/ml/base/warnings.h"
#include "core/tensor/error.h"

namespace tessera::ml {

std::int64_t Array::length() const {
    if (m_isStrings) return static_cast<std::int64_t>(m_strings.size());
    if (!m_tensor.defined()) return 0;
    return m_tensor.dim() == 0 ? 1 : m_tensor.size(0);
}

const Tensor& Array::tensor(std::string_view what) const {
    if (!isNumeric())
        throw TypeError(std::string(what) + " must be a numeric array, got " +
                        (m_isStrings ? "an array of strings" : "nothing"));
    return m_tensor;
}

const std::vector<std::string>& Array::strings(std::string_view what) const {
    if (!m_isStrings) throw TypeError(std::string(what) + " must be an array of strings, got a numeric array");
    return m_strings;
}

bool operator==(const Array& a, const Array& b) {
    if (a.m_isStrings != b.m_isStrings) return false;
    if (a.m_isStrings) return a.m_strings == b.m_strings;
    if (a.m_tensor.defined() != b.m_tensor.defined()) return false;
    if (!a.m_tensor.defined()) return true;
    const Tensor& x = a.m_tensor;
    const Tensor& y = b.m_tensor;
    if (x.dtype() != y.dtype() || x.sizes() != y.sizes()) return false;
    bool equal = true;
    visitDType(x.dtype(), [&]<class T>() {
        std::vector<T> u = x.toVector<T>(), v = y.toVector<T>();
        if constexpr (std::is_same_v<T, bool>)
            equal = u == v;
        else
            equal = u.size() == v.size() && (u.empty() || std::memcmp(u.data(), v.data(), u.size() * sizeof(T)) == 0);
    });
    return equal;
}

Array columnOr1d(const Array& y) {
    if (!y.isNumeric() || y.tensor().dim() != 2 || y.tensor().size(1) != 1) return y;
    warn(WarningCategory::DataConversionWarning,
         "A column-vector y was passed when a 1d array was expected. Please change the shape of y to "
         "(n_samples, ), for example using ravel().");
    const Tensor& t = y.tensor();
    if (t.dtype() == DType::Float64) return Array(Tensor::fromVector<double>(t.toVector<double>(), {t.size(0)}));
    if (t.dtype() == DType::Float32) return Array(Tensor::fromVector<float>(t.toVector<float>(), {t.size(0)}));
    if (t.dtype() == DType::Bool) return Array(Tensor::fromVector<bool>(t.toVector<bool>(), {t.size(0)}));
    return Array(Tensor::fromVector<std::int64_t>(t.toVector<std::int64_t>(), {t.size(0)}));
}

EncodedLabels encodeLabels(const Array& yIn, std::string_view estimator) {
    const Array y = columnOr1d(yIn);
    EncodedLabels out;
    if (y.isStrings()) {
        const auto& s = y.strings();
        std::vector<std::string> classes(s.begin(), s.end());
        std::sort(classes.begin(), classes.end());
        classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
        out.codes.reserve(s.size());
        for (const auto& label : s)
            out.codes.push_back(std::lower_bound(classes.begin(), classes.end(), label) - classes.begin());
        out.classes = Array(std::move(classes));
        return out;
    }
    const Tensor& t = y.tensor("y");
    if (t.dim() != 1)
        throw ValueError(std::string(estimator) + ": y should be a 1d array, got an array of shape " +
                         shapeToString(t.sizes()) + " instead.");
    if (t.dtype() == DType::Int64 || t.dtype() == DType::Bool) {
        std::vector<std::int64_t> v = t.toVector<std::int64_t>();
        std::vector<std::int64_t> classes = v;
        std::sort(classes.begin(), classes.end());
        classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
        for (auto label : v)
            out.codes.push_back(std::lower_bound(classes.begin(), classes.end(), label) - classes.begin());
        out.classes = Array(Tensor::fromVector<std::int64_t>(classes, {static_cast<std::int64_t>(classes.size())}));
        return out;
    }
    std::vector<double> v = t.toVector<double>();
    for (double d : v)
        if (std::isnan(d)) throw ValueError("Input y contains NaN.");
    std::vector<double> classes = v;
    std::sort(classes.begin(), classes.end());
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    for (double label : v)
        out.codes.push_back(std::lower_bound(classes.begin(), classes.end(), label) - classes.begin());
    out.classes = Array(Tensor::fromVector<double>(classes, {static_cast<std::int64_t>(classes.size())}));
    return out;
}

Array decodeLabels(const Array& classes, const std::vector<std::int64_t>& codes) {
    const auto n = static_cast<std::int64_t>(codes.size());
    if (classes.isStrings()) {
        const auto& c = classes.strings();
        std::vector<std::string> out;
        out.reserve(codes.size());
        for (auto k : codes) out.push_back(c[static_cast<std::size_t>(k)]);
        return Array(std::move(out));
    }
    const Tensor& c = classes.tensor("classes_");
    Tensor out = Tensor::empty({n}, c.dtype());
    visitDType(c.dtype(), [&]<class T>() {
        const T* src = c.data<T>();
        T* dst = out.data<T>();
        for (std::int64_t i = 0; i < n; ++i) dst[i] = src[codes[static_cast<std::size_t>(i)]];
    });
    return Array(out);
}

std::int64_t classCount(const Array& classes) { return classes.length(); }

Tensor toFloat64(const Array& y, std::string_view what) {
    const Tensor& t = y.tensor(what);
    if (t.dtype() == DType::Float64 && t.isContiguous()) return t;
    std::vector<double> v = t.toVector<double>();
    return Tensor::fromVector<double>(v, t.sizes());
}

}  // namespace tessera::ml
