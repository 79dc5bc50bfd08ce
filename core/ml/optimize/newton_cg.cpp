#include "core/ml/optimize/newton_cg.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/ml/optimize/line_search.h"

namespace tessera::ml::optimize {
namespace {

double sumAbs(const std::vector<double>& a) {
    double s = 0;
    for (double v : a) s += std::abs(v);
    return s;
}

// sklearn's _cg: solve H x = −g approximately, stopping when the residual's L1 norm is <= tol or on
// non-positive curvature.
std::vector<double> conjugateGradient(const HessianProduct& hessp, const std::vector<double>& fgrad,
                                      std::int64_t maxIter, double tol) {
    const std::size_t n = fgrad.size();
    std::vector<double> x(n, 0.0), r = fgrad, p(n), Ap(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = -r[i];
    double dri0 = dot(r, r);
    for (std::int64_t i = 0; i <= maxIter; ++i) {
        if (sumAbs(r) <= tol) break;
        hessp(p, Ap);
        const double curv = dot(p, Ap);
        if (curv >= 0 && curv <= 3 * std::numeric_limits<double>::epsilon()) break;
        if (curv < 0) {
            if (i == 0)
                for (std::size_t j = 0; j < n; ++j) x[j] += dri0 / curv * p[j];
            break;
        }
        const double alpha = dri0 / curv;
        for (std::size_t j = 0; j < n; ++j) {
            x[j] += alpha * p[j];
            r[j] += alpha * Ap[j];
        }
        const double dri1 = dot(r, r);
        const double beta = dri1 / dri0;
        for (std::size_t j = 0; j < n; ++j) p[j] = -r[j] + beta * p[j];
        dri0 = dri1;
    }
    return x;
}

struct StepResult {
    double stp, fNew;
};

// scipy's scalar_search_wolfe1 along p from x (value f0, slope g0·p), with its first trial step.
std::optional<StepResult> wolfe1(const Objective& f, const std::vector<double>& x, const std::vector<double>& p,
                                 double f0, double derphi0, std::optional<double> oldF0) {
    double alpha1 = 1.0;
    if (oldF0 && derphi0 != 0) {
        alpha1 = std::min(1.0, 1.01 * 2 * (f0 - *oldF0) / derphi0);
        if (alpha1 < 0) alpha1 = 1.0;
    }
    LineSearch ls(f0, derphi0, alpha1, {.ftol = 1e-4, .gtol = 0.9, .xtol = 1e-14, .stpmin = 1e-8, .stpmax = 50});
    std::vector<double> xt(x.size()), g(x.size());
    double fNew = f0;
    for (int i = 0; i < 100 && ls.task() == LineSearch::Task::Evaluate; ++i) {
        for (std::size_t j = 0; j < x.size(); ++j) xt[j] = x[j] + ls.step() * p[j];
        fNew = f(xt, g);
        ls.next(fNew, dot(g, p));
    }
    if (ls.task() != LineSearch::Task::Converged) return std::nullopt;
    return StepResult{ls.step(), fNew};
}

}  // namespace

NewtonCgResult minimizeNewtonCg(const Objective& f, const GradientHessian& gradHess, std::vector<double> x0,
                                const NewtonCgOptions& o) {
    NewtonCgResult r;
    r.x = std::move(x0);
    std::vector<double> scratch(r.x.size()), fgrad(r.x.size());
    double oldF = f(r.x, scratch);
    std::optional<double> oldOldF;
    while (r.nit < o.maxIter) {
        const HessianProduct hessp = gradHess(r.x, fgrad);
        double maxGrad = 0;
        for (double v : fgrad) maxGrad = std::max(maxGrad, std::abs(v));
        if (maxGrad <= o.tol) break;
        const double magGrad = sumAbs(fgrad);
        const double eta = std::min(0.5, std::sqrt(magGrad));
        const std::vector<double> step = conjugateGradient(hessp, fgrad, o.maxInner, eta * magGrad);
        const auto found = wolfe1(f, r.x, step, oldF, dot(fgrad, step), oldOldF);
        if (!found) {
            r.warning = "Line Search failed";
            return r;
        }
        oldOldF = oldF;
        oldF = found->fNew;
        for (std::size_t j = 0; j < r.x.size(); ++j) r.x[j] += found->stp * step[j];
        ++r.nit;
    }
    if (r.nit >= o.maxIter) r.warning = "newton-cg failed to converge. Increase the number of iterations.";
    return r;
}

}  // namespace tessera::ml::optimize
