// Finite-difference checks of gradients, as torch.autograd.gradcheck and gradgradcheck: the analytic
// Jacobian from the engine against central differences, in float64.
//
//   auto f = [](const TensorList& in) { return TensorList{ops::mul(in[0], in[1])}; };
//   GradcheckResult r = gradcheck(f, {a, b});   // a, b: float64 leaves with requires_grad
//   QVERIFY2(r.ok, r.message.c_str());
#pragma once

#include <functional>
#include <string>

#include "core/autograd/function.h"

namespace tessera::autograd {

struct GradcheckOptions {
    double eps = 1e-6;
    double atol = 1e-5;
    double rtol = 1e-3;
};

struct GradcheckResult {
    bool ok = true;
    std::string message;  // which output/input/element differs, with both values, when !ok
};

using DifferentiableFn = std::function<TensorList(const TensorList&)>;

// Inputs that require grad must be float64 (others are passed through unchanged).
GradcheckResult gradcheck(const DifferentiableFn& fn, const TensorList& inputs, const GradcheckOptions& options = {});

// Checks the gradient of the gradient: gradcheck of (inputs, grad_outputs) ↦ grad(fn(inputs), inputs,
// grad_outputs, create_graph=true), with seeded random grad_outputs.
GradcheckResult gradgradcheck(const DifferentiableFn& fn, const TensorList& inputs,
                              const GradcheckOptions& options = {});

}  // namespace tessera::autograd
