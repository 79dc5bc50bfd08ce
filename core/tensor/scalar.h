// Scalar: a Python number (float, int or bool) handed to an op, and PyTorch's result-type rules
// (torch.result_type) for operands that mix dimensioned tensors, 0-d tensors and Python numbers.
//
//   Scalar s = 2.5;                                   // a Python float
//   DType t = resultType(int64Tensor, s);             // float32, as torch.result_type(x_long, 2.5)
//   ResultType r; r.add(a); r.add(b); r.add(Scalar(1)); DType common = r.dtype();
#pragma once

#include <cstdint>
#include <string>

#include "core/tensor/tensor.h"

namespace tessera {

class Scalar {
public:
    enum class Kind : std::uint8_t { Bool, Integral, Floating };

    Scalar(double v) : m_kind(Kind::Floating), m_double(v) {}
    Scalar(float v) : Scalar(static_cast<double>(v)) {}
    Scalar(int v) : Scalar(static_cast<std::int64_t>(v)) {}
    Scalar(long v) : m_kind(Kind::Integral), m_int(static_cast<std::int64_t>(v)) {}
    Scalar(long long v) : m_kind(Kind::Integral), m_int(static_cast<std::int64_t>(v)) {}
    Scalar(bool v) : m_kind(Kind::Bool), m_int(v ? 1 : 0) {}

    Kind kind() const noexcept { return m_kind; }
    bool isFloating() const noexcept { return m_kind == Kind::Floating; }
    bool isIntegral() const noexcept { return m_kind == Kind::Integral; }
    bool isBool() const noexcept { return m_kind == Kind::Bool; }

    // The value converted to T with C++ conversion rules (a float converted to int64 truncates).
    template <class T>
    T to() const {
        if (m_kind == Kind::Floating) return static_cast<T>(m_double);
        if constexpr (std::is_same_v<T, bool>) return m_int != 0;
        return static_cast<T>(m_int);
    }

    // The dtype torch gives this number inside an expression: float32 (the default dtype) for a
    // float, int64 for an int, bool for a bool.
    DType dtype() const noexcept;
    // As Python prints it: "2.5", "3", "True".
    std::string toString() const;

private:
    Kind m_kind;
    double m_double = 0;
    std::int64_t m_int = 0;
};

// Accumulates operands and gives torch.result_type over all of them: dimensioned tensors take
// precedence over 0-d tensors, which take precedence over Python numbers, except that an operand of a
// higher category (bool < integral < floating) in a lower priority class still lifts the category
// (an int64 tensor with 2.5 gives float32; a float32 tensor with a 0-d float64 tensor stays float32).
class ResultType {
public:
    void add(const Tensor& t);
    void add(const Scalar& s);
    DType dtype() const;

private:
    int m_dim = -1;  // DType as int, -1 while no operand of that class was seen
    int m_zero = -1;
    int m_wrapped = -1;
};

DType resultType(const Tensor& a, const Tensor& b);
DType resultType(const Tensor& a, const Scalar& b);
DType resultType(const Scalar& a, const Tensor& b);

// torch.can_cast: whether a result of dtype `from` may be written into a tensor of dtype `to`
// without changing category downwards (floating → integral, integral → bool are refused).
bool canCast(DType from, DType to);

}  // namespace tessera
