// Element types of tensors: f32 for nets, f64 for gradcheck and classical estimators, i64 for labels
// and indices, bool for masks.
//
//   visitDType(t.dtype(), [&]<class T>() { sum += t.data<T>()[0]; });
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "core/tensor/error.h"

namespace tessera {

enum class DType : std::uint8_t { Float32, Float64, Int64, Bool };

constexpr std::size_t itemSize(DType t) {
    switch (t) {
        case DType::Float32:
            return 4;
        case DType::Float64:
            return 8;
        case DType::Int64:
            return 8;
        case DType::Bool:
            return 1;
    }
    return 0;
}

// PyTorch's names: "float32", "float64", "int64", "bool".
constexpr std::string_view dtypeName(DType t) {
    switch (t) {
        case DType::Float32:
            return "float32";
        case DType::Float64:
            return "float64";
        case DType::Int64:
            return "int64";
        case DType::Bool:
            return "bool";
    }
    return "?";
}

constexpr bool isFloating(DType t) { return t == DType::Float32 || t == DType::Float64; }

template <class T>
struct DTypeOf;
template <>
struct DTypeOf<float> {
    static constexpr DType value = DType::Float32;
};
template <>
struct DTypeOf<double> {
    static constexpr DType value = DType::Float64;
};
template <>
struct DTypeOf<std::int64_t> {
    static constexpr DType value = DType::Int64;
};
template <>
struct DTypeOf<bool> {
    static constexpr DType value = DType::Bool;
};
template <class T>
inline constexpr DType dtypeOf = DTypeOf<T>::value;

// Calls f.template operator()<T>() with the C++ type of `t`.
template <class F>
decltype(auto) visitDType(DType t, F&& f) {
    switch (t) {
        case DType::Float32:
            return std::forward<F>(f).template operator()<float>();
        case DType::Float64:
            return std::forward<F>(f).template operator()<double>();
        case DType::Int64:
            return std::forward<F>(f).template operator()<std::int64_t>();
        case DType::Bool:
            return std::forward<F>(f).template operator()<bool>();
    }
    throw TypeError("visitDType: unknown dtype");
}

// Same for floating types only; `op` names the caller in the error for other types.
template <class F>
decltype(auto) visitFloating(DType t, std::string_view op, F&& f) {
    switch (t) {
        case DType::Float32:
            return std::forward<F>(f).template operator()<float>();
        case DType::Float64:
            return std::forward<F>(f).template operator()<double>();
        default:
            break;
    }
    throw TypeError(std::string(op) + ": expected a floating point tensor (float32 or float64), got " +
                    std::string(dtypeName(t)));
}

// PyTorch's type promotion for two tensor operands (both dimensioned): bool < int64 < float32 < float64.
constexpr DType promoteTypes(DType a, DType b) {
    auto rank = [](DType t) {
        switch (t) {
            case DType::Bool:
                return 0;
            case DType::Int64:
                return 1;
            case DType::Float32:
                return 2;
            case DType::Float64:
                return 3;
        }
        return 0;
    };
    return rank(a) >= rank(b) ? a : b;
}

}  // namespace tessera
