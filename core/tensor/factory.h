// Tensor factories with PyTorch's names and dtype rules (torch.zeros, torch.arange, torch.rand, …).
// They are registered ops (OpCategory::Factory / Random), so the profiler sees them; none is
// differentiable.
//
//   Tensor a = arange(5);                  // int64 [0, 1, 2, 3, 4]
//   Tensor b = arange(0.0, 1.0, 0.25);     // float32 [0, 0.25, 0.5, 0.75]
//   Tensor w = randn({64, 32});            // default generator; see manualSeed()
//   Tensor i = eye(3, -1, DType::Float64);
#pragma once

#include <optional>

#include <cstdint>
#include <type_traits>

#include "core/tensor/generator.h"
#include "core/tensor/tensor.h"

namespace tessera {

Tensor zeros(const Shape& sizes, DType dtype = DType::Float32);
Tensor ones(const Shape& sizes, DType dtype = DType::Float32);
// Every element `value`, converted to dtype (bool: value != 0).
Tensor full(const Shape& sizes, double value, DType dtype = DType::Float32);
// x's sizes, and x's layout when x is dense (torch's preserve_format); x's dtype unless given.
Tensor zerosLike(const Tensor& x, std::optional<DType> dtype = std::nullopt);
Tensor onesLike(const Tensor& x, std::optional<DType> dtype = std::nullopt);
Tensor fullLike(const Tensor& x, double value, std::optional<DType> dtype = std::nullopt);

// [start, end) in steps of `step`; ceil((end - start) / step) elements, element i = start + i * step
// computed in double (int64: exactly), as torch.arange.
Tensor arange(double start, double end, double step, DType dtype);
// torch's inference: integral arguments give int64, floating ones float32.
template <class T>
requires std::is_arithmetic_v<T> Tensor arange(T start, T end, T step = T(1)) {
    return arange(static_cast<double>(start), static_cast<double>(end), static_cast<double>(step),
                  std::is_integral_v<T> ? DType::Int64 : DType::Float32);
}
template <class T>
requires std::is_arithmetic_v<T> Tensor arange(T end) { return arange(T(0), end); }

// `steps` evenly spaced values from start to end inclusive (torch.linspace's arithmetic: the first half
// counts up from start, the second half down from end).
Tensor linspace(double start, double end, std::int64_t steps, DType dtype = DType::Float32);
// n×m identity (m = -1: square).
Tensor eye(std::int64_t n, std::int64_t m = -1, DType dtype = DType::Float32);

// Random factories; `gen` nullptr means defaultGenerator().
Tensor rand(const Shape& sizes, DType dtype = DType::Float32, Generator* gen = nullptr);   // U[0, 1)
Tensor randn(const Shape& sizes, DType dtype = DType::Float32, Generator* gen = nullptr);  // N(0, 1)
Tensor randint(std::int64_t low, std::int64_t high, const Shape& sizes, DType dtype = DType::Int64,
               Generator* gen = nullptr);
Tensor randperm(std::int64_t n, DType dtype = DType::Int64, Generator* gen = nullptr);
// 0/1 draws with the per-element probabilities of `probs`, in probs' dtype (torch.bernoulli).
Tensor bernoulli(const Tensor& probs, Generator* gen = nullptr);

}  // namespace tessera
