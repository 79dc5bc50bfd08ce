// sklearn's _newton_cg (sklearn/utils/optimize.py): Newton steps from a truncated conjugate gradient on
// Hessian-vector products, each step's length from scipy's line_search_wolfe1 (Moré–Thuente, c1 1e-4,
// c2 0.9); stops when max|g| <= tol or after maxIter steps.
//
//   NewtonCgResult r = minimizeNewtonCg(objective, gradHess, w0, {.tol = tol, .maxIter = max_iter});
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/ml/optimize/lbfgs.h"

namespace tessera::ml::optimize {

// v ↦ H v at the point gradHess was called with.
using HessianProduct = std::function<void(const std::vector<double>& v, std::vector<double>& out)>;
// Writes ∇f(x) into grad and returns the Hessian product at x.
using GradientHessian = std::function<HessianProduct(const std::vector<double>& x, std::vector<double>& grad)>;

struct NewtonCgOptions {
    double tol = 1e-4;
    std::int64_t maxIter = 100;
    std::int64_t maxInner = 200;
};

struct NewtonCgResult {
    std::vector<double> x;
    std::int64_t nit = 0;
    // sklearn's warning texts: "Line Search failed", "newton-cg failed to converge. Increase the number
    // of iterations."; empty when it converged.
    std::string warning;
};

NewtonCgResult minimizeNewtonCg(const Objective& f, const GradientHessian& gradHess, std::vector<double> x0,
                                const NewtonCgOptions& options);

}  // namespace tessera::ml::optimize
