// The Tensor-Scalar overloads as torch's C++ code calls them (at::mul(t, 0.9), at::add(t, 0.1),
// at::div(t, n)): the values of ops::mul/add/div with a number, but the backward Node carries the name
// torch gives these overloads (MulBackward1, AddBackward1, DivBackward1). torch's composite ops
// (cross_entropy with class probabilities or label smoothing) show them in their graphs. A Python
// number operand is wrapped in a tensor by torch and gives the *Backward0 names, so scripts and
// everything else use ops::mul/add/div.
//
//   Tensor t = ops::addScalarOverload(ops::mulScalarOverload(target, 0.9), 0.025);
#pragma once

#include "core/tensor/scalar.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

Tensor mulScalarOverload(const Tensor& a, const Scalar& b);  // MulBackward1
Tensor addScalarOverload(const Tensor& a, const Scalar& b);  // AddBackward1
Tensor divScalarOverload(const Tensor& a, const Scalar& b);  // DivBackward1

}  // namespace tessera::ops
