// ml::Array: what y, predictions, classes_ and feature names are — a numeric Tensor (1-D Float64 or
// Int64, 2-D for multi-output) or an array of strings, as a NumPy array of numbers or of str.
//
//   Array y = Array(Tensor::fromVector<std::int64_t>({0, 1, 1}, {3}));
//   Array labels = Array(std::vector<std::string>{"cat", "dog", "cat"});
//   EncodedLabels e = encodeLabels(labels, "LogisticRegression");   // classes ["cat", "dog"], codes [0, 1, 0]
//   Array back = decodeLabels(e.classes, e.codes);                   // ["cat", "dog", "cat"]
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml {

class Array {
public:
    Array() = default;  // undefined (no y)
    Array(Tensor numeric) : m_tensor(std::move(numeric)) {}
    Array(std::vector<std::string> strings) : m_strings(std::move(strings)), m_isStrings(true) {}

    bool defined() const { return m_isStrings || m_tensor.defined(); }
    bool isStrings() const { return m_isStrings; }
    bool isNumeric() const { return !m_isStrings && m_tensor.defined(); }
    // Rows: elements of a string array, size(0) of a tensor (1 for a 0-d tensor).
    std::int64_t length() const;
    // TypeError naming `what` when the array is not of that form.
    const Tensor& tensor(std::string_view what = "array") const;
    const std::vector<std::string>& strings(std::string_view what = "array") const;

    // Equal kind, shape, dtype and elements (bitwise for floats, so NaN equals NaN).
    friend bool operator==(const Array& a, const Array& b);

private:
    Tensor m_tensor;
    std::vector<std::string> m_strings;
    bool m_isStrings = false;
};

// Sorted distinct labels (as np.unique sorts them: numbers by value, strings by code point) and each
// row's index into them. Numeric labels keep their dtype in `classes`. ValueError names `estimator`
// when y is not 1-D or contains NaN.
struct EncodedLabels {
    Array classes;
    std::vector<std::int64_t> codes;
};
EncodedLabels encodeLabels(const Array& y, std::string_view estimator);
Array decodeLabels(const Array& classes, const std::vector<std::int64_t>& codes);
std::int64_t classCount(const Array& classes);

// A 1-D Float64 tensor from a numeric array (Int64/Bool/Float32 widened); TypeError for strings.
Tensor toFloat64(const Array& y, std::string_view what);

}  // namespace tessera::ml
