// L-BFGS with the stopping rules and defaults of scipy's L-BFGS-B (which sklearn's lbfgs
// solvers call): 10 correction pairs, the Moré–Thuente line search (ftol 1e-3, gtol 0.9, xtol 0.1, at
// most 20 evaluations, the first step 1/‖d‖), stop when max|g| <= gtol or when the relative reduction
// (f_k − f_{k+1}) / max(|f_k|, |f_{k+1}|, 1) <= ftol, or after maxIter iterations. Optional lower bounds
// are kept by limiting each step to the feasible segment and projecting the gradient as L-BFGS-B does
// (enough for solutions inside the bounds, such as HuberRegressor's scale).
//
//   Objective f = [&](const std::vector<double>& w, std::vector<double>& grad) { ...; return value; };
//   LbfgsResult r = minimizeLbfgs(f, std::move(w0), {.gtol = tol, .maxIter = max_iter});
//   if (r.status != 0) warn(r.message);   // scipy's status and text
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tessera::ml::optimize {

// Returns f(x) and writes ∇f(x) into grad (sized like x).
using Objective = std::function<double(const std::vector<double>& x, std::vector<double>& grad)>;

struct LbfgsOptions {
    double gtol = 1e-5;
    double ftol = 2.220446049250313e-09;  // scipy's default: factr 1e7 times machine epsilon
    std::int64_t maxIter = 15000;
    std::int64_t maxFun = 15000;
    int memory = 10;
    int maxLineSearch = 20;
    std::vector<double> lower{};  // per variable (-inf: none); empty for an unconstrained problem
};

struct LbfgsResult {
    std::vector<double> x;
    double f = 0;
    std::int64_t nit = 0, nfev = 0;
    int status = 0;  // scipy's: 0 converged, 1 iteration or evaluation limit, 2 line search failed
    std::string message;
};

// aᵀb, summed in order (the optimisers' inner products).
double dot(const std::vector<double>& a, const std::vector<double>& b);

LbfgsResult minimizeLbfgs(const Objective& f, std::vector<double> x0, const LbfgsOptions& options);

}  // namespace tessera::ml::optimize
