// Shared plumbing of the element-wise op files (add.cpp, unary.cpp, activation.cpp, …): type checks
// with PyTorch's messages and the drivers that allocate the output, cast the operands to the compute
// dtype and run a typed loop from core/kernels/elementwise.h. Not a public API of ops.
//
//   return detail::binaryOp("mul", a, b, dtype, [&]<class T>() { return [](T x, T y) { return x * y; }; });
#pragma once

#include <string>
#include <string_view>

#include "core/kernels/copy.h"
#include "core/kernels/elementwise.h"
#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops::detail {

// PyTorch's C++ names of the dtypes as they appear in its messages: "Float", "Double", "Long", "Bool".
std::string_view torchTypeName(DType t);

// op: "kernel" not implemented for 'Long' — PyTorch's message for a dtype an op does not support.
[[noreturn]] void throwNotImplemented(std::string_view op, std::string_view kernel, DType t);

// Throws unless an op with result dtype `result` may take `alpha` (add/sub's rules).
void checkAlpha(std::string_view op, DType result, const Scalar& alpha);

// Throws "op: result type Float can't be cast to the desired output type Long" unless canCast.
void checkCast(std::string_view op, DType result, DType dst);

// Which element types a driver instantiates the loop for (the others are refused by the op before).
enum class Types { All, Numeric, Floating };  // Numeric: all but bool

template <Types kTypes, class F>
void visit(DType t, std::string_view op, F&& f) {
    if constexpr (kTypes == Types::Floating) {
        visitFloating(t, op, std::forward<F>(f));
    } else if constexpr (kTypes == Types::Numeric) {
        if (t == DType::Int64)
            std::forward<F>(f).template operator()<std::int64_t>();
        else
            visitFloating(t, op, std::forward<F>(f));
    } else {
        visitDType(t, std::forward<F>(f));
    }
}

// out = f(a, b) broadcast, computed in `compute`; the result has dtype `compute`, or bool when kBoolOut.
// make.template operator()<T>() returns the typed element function.
template <Types kTypes = Types::All, bool kBoolOut = false, class Make>
Tensor binaryOp(std::string_view op, const Tensor& a, const Tensor& b, DType compute, Make&& make) {
    Tensor out = Tensor::empty(kernels::broadcastShapes(op, a.sizes(), b.sizes()), kBoolOut ? DType::Bool : compute);
    const Tensor ca = kernels::cast(a, compute), cb = kernels::cast(b, compute);
    visit<kTypes>(compute, op, [&]<class T>() {
        using O = std::conditional_t<kBoolOut, bool, T>;
        kernels::map<O, T, T>(out, make.template operator()<T>(), ca, cb);
    });
    return out;
}

// out = f(a), computed in `compute`; the result has dtype `compute`, or bool when kBoolOut.
template <Types kTypes = Types::All, bool kBoolOut = false, class Make>
Tensor unaryOp(std::string_view op, const Tensor& a, DType compute, Make&& make) {
    Tensor out = Tensor::empty(a.sizes(), kBoolOut ? DType::Bool : compute);
    const Tensor ca = kernels::cast(a, compute);
    visit<kTypes>(compute, op, [&]<class T>() {
        using O = std::conditional_t<kBoolOut, bool, T>;
        kernels::map<O, T>(out, make.template operator()<T>(), ca);
    });
    return out;
}

// self = f(self, other) in place, computed in `compute` and written back in self's dtype. Refuses
// to broadcast self, to narrow the category of the result and to read memory it partially overwrites.
// Bumps self's version counter.
template <Types kTypes = Types::All, class Make>
void inplaceBinary(std::string_view op, const Tensor& self, const Tensor& other, DType compute, Make&& make) {
    const Tensor src = kernels::checkInPlace(op, self, other);
    kernels::checkOutputShape(op, self, kernels::broadcastShapes(op, self.sizes(), src.sizes()));
    checkCast(op, compute, self.dtype());
    if (compute == self.dtype()) {
        const Tensor cs = kernels::cast(src, compute);
        visit<kTypes>(compute, op,
                      [&]<class T>() { kernels::map<T, T, T>(self, make.template operator()<T>(), self, cs); });
    } else {
        kernels::copy(self, binaryOp<kTypes>(op, self, src, compute, make));
    }
    self.bumpVersion();
}

// self = f(self) in place in self's dtype; bumps self's version counter.
template <Types kTypes = Types::All, class Make>
void inplaceUnary(std::string_view op, const Tensor& self, Make&& make) {
    kernels::checkInPlace(op, self);
    visit<kTypes>(self.dtype(), op, [&]<class T>() { kernels::map<T, T>(self, make.template operator()<T>(), self); });
    self.bumpVersion();
}

}  // namespace tessera::ops::detail
