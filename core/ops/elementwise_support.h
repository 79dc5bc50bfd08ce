// Shared plumbing of the element-wise op files (add.cpp, unary.cpp, activation.cpp, …): type checks
// with PyTorch's messages and the drivers that allocate the output, cast the operands to the compute
// dtype and run a typed loop from core/kernels/elementwise.h. Not a public API of ops.
//
//   return detail::binaryOp("mul", a, b, dtype, [&]<class T>() { return [](T x, T y) { return x * y; }; });
#pragma once

#include <string>
#include <string_view>

#include "core/autograd/function.h"
#include "core/kernels/copy.h"
#include "core/kernels/elementwise.h"
#include "core/kernels/layout.h"
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
    const DType outType = kBoolOut ? DType::Bool : compute;
    Tensor out = sameShape(a.sizes(), b.sizes())
                     ? kernels::emptyElementwise(a.sizes(), outType, {&a, &b})
                     : kernels::emptyElementwise(kernels::broadcastShapes(op, a.sizes(), b.sizes()), outType, {&a, &b});
    // References, not copies, when no cast is needed: a handle copy is two atomic operations.
    Tensor castA, castB;
    const Tensor& ca = a.dtype() == compute ? a : (castA = kernels::cast(a, compute));
    const Tensor& cb = b.dtype() == compute ? b : (castB = kernels::cast(b, compute));
    visit<kTypes>(compute, op, [&]<class T>() {
        using O = std::conditional_t<kBoolOut, bool, T>;
        kernels::map<O, T, T>(out, make.template operator()<T>(), ca, cb);
    });
    return out;
}

// out = f(a), computed in `compute`; the result has dtype `compute`, or bool when kBoolOut.
template <Types kTypes = Types::All, bool kBoolOut = false, class Make>
Tensor unaryOp(std::string_view op, const Tensor& a, DType compute, Make&& make) {
    Tensor out = kernels::emptyElementwise(a.sizes(), kBoolOut ? DType::Bool : compute, {&a});
    Tensor castA;
    const Tensor& ca = a.dtype() == compute ? a : (castA = kernels::cast(a, compute));
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

// Gives `out` a NodeT grad_fn when grad mode is on and any input requires grad; fill(node) stores what
// its backward needs. Inputs are in the order of the Node's gradients (an undefined Tensor stands for
// a number operand, which gets no edge, as in PyTorch).
template <class NodeT, class Fill, class... Inputs>
Tensor withGrad(Tensor out, Fill&& fill, const Inputs&... inputs) {
    if (auto node = autograd::makeNode<NodeT>(inputs...)) {
        fill(*node);
        autograd::setHistory(out, std::move(node));
    }
    return out;
}

// The backward Node of a one-input op whose gradient is formula(grad, self, result): ExpBackward0,
// SigmoidBackward0, … Only the tensors the formula uses are saved.
struct UnaryBackward final : autograd::Node {
    using Formula = Tensor (*)(const Tensor& grad, const Tensor& self, const Tensor& result);
    std::string_view nodeName;
    Formula formula = nullptr;
    autograd::SavedVariable self, result;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {formula(grads[0], self.wasDefined() ? self.unpack(this) : Tensor(),
                        result.wasDefined() ? result.unpack(this) : Tensor())};
    }
    void visitSaved(const SavedVisitor& visit) override {
        if (self.wasDefined()) visit("self", self);
        if (result.wasDefined()) visit("result", result);
    }
};

enum class Save { Nothing, Self, Result };

// Gives `out` (computed from x) an UnaryBackward grad_fn named `name` when x requires grad.
Tensor unaryHistory(const Tensor& out, const Tensor& x, std::string_view name, UnaryBackward::Formula formula,
                    Save save);

// PyTorch refuses to write in place into a leaf that requires grad (its .grad would lose its meaning).
void checkInplaceAutograd(std::string_view op, const Tensor& self);

}  // namespace tessera::ops::detail
