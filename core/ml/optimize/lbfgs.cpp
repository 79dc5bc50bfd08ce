#include "core/ml/optimize/lbfgs.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

#include "core/ml/optimize/line_search.h"

namespace tessera::ml::optimize {

double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}

namespace {

// max |projected gradient|: a variable at its lower bound with a positive gradient counts as stationary.
double projectedGradientNorm(const std::vector<double>& x, const std::vector<double>& g,
                             const std::vector<double>& lower) {
    double m = 0;
    for (std::size_t i = 0; i < g.size(); ++i) {
        double gi = g[i];
        if (!lower.empty() && gi > 0) gi = std::min(x[i] - lower[i], gi);
        m = std::max(m, std::abs(gi));
    }
    return m;
}

// The largest step along d that keeps x above its lower bounds.
double feasibleStep(const std::vector<double>& x, const std::vector<double>& d, const std::vector<double>& lower) {
    double stpmax = 1e10;
    for (std::size_t i = 0; i < lower.size(); ++i)
        if (d[i] < 0 && std::isfinite(lower[i])) stpmax = std::min(stpmax, std::max(0.0, (lower[i] - x[i]) / d[i]));
    return stpmax;
}

struct Pair {
    std::vector<double> s, y;
    double rho;
};

// The two-loop recursion: d = −H g with H₀ = (sᵀy / yᵀy) I of the newest pair.
std::vector<double> direction(const std::vector<double>& g, const std::deque<Pair>& pairs) {
    std::vector<double> q(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) q[i] = -g[i];
    if (pairs.empty()) return q;
    std::vector<double> alpha(pairs.size());
    for (std::size_t k = pairs.size(); k-- > 0;) {
        alpha[k] = pairs[k].rho * dot(pairs[k].s, q);
        for (std::size_t i = 0; i < q.size(); ++i) q[i] -= alpha[k] * pairs[k].y[i];
    }
    const Pair& last = pairs.back();
    const double gamma = 1.0 / (last.rho * dot(last.y, last.y));
    for (double& v : q) v *= gamma;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const double beta = pairs[k].rho * dot(pairs[k].y, q);
        for (std::size_t i = 0; i < q.size(); ++i) q[i] += (alpha[k] - beta) * pairs[k].s[i];
    }
    return q;
}

}  // namespace

LbfgsResult minimizeLbfgs(const Objective& f, std::vector<double> x0, const LbfgsOptions& o) {
    constexpr double kEps = std::numeric_limits<double>::epsilon();
    LbfgsResult r;
    const std::size_t n = x0.size();
    r.x = std::move(x0);
    std::vector<double> g(n), gNew(n), xNew(n);
    r.f = f(r.x, g);
    r.nfev = 1;
    if (projectedGradientNorm(r.x, g, o.lower) <= o.gtol) {
        r.message = "CONVERGENCE: NORM_OF_PROJECTED_GRADIENT_<=_PGTOL";
        return r;
    }
    std::deque<Pair> pairs;
    bool first = true;
    while (true) {
        std::vector<double> d = direction(g, pairs);
        double gd = dot(g, d);
        if (gd >= 0) {
            // Not a descent direction (rounding in the pairs): start again from steepest descent.
            pairs.clear();
            d = direction(g, pairs);
            gd = dot(g, d);
        }
        const double stpmax = feasibleStep(r.x, d, o.lower);
        if (stpmax <= 0) {
            r.status = 2;
            r.message = "ABNORMAL_TERMINATION_IN_LNSRCH";
            return r;
        }
        const double stp0 = std::min(first ? 1.0 / std::sqrt(dot(d, d)) : 1.0, stpmax);
        LineSearch ls(r.f, gd, stp0, {.ftol = 1e-3, .gtol = 0.9, .xtol = 0.1, .stpmin = 0.0, .stpmax = stpmax});
        double fNew = r.f;
        int evaluations = 0;
        while (ls.task() == LineSearch::Task::Evaluate && evaluations < o.maxLineSearch) {
            for (std::size_t i = 0; i < n; ++i) xNew[i] = r.x[i] + ls.step() * d[i];
            fNew = f(xNew, gNew);
            ++r.nfev;
            ++evaluations;
            ls.next(fNew, dot(gNew, d));
        }
        if (ls.task() == LineSearch::Task::Error || ls.task() == LineSearch::Task::Evaluate || !std::isfinite(fNew)) {
            if (pairs.empty()) {
                r.status = 2;
                r.message = "ABNORMAL_TERMINATION_IN_LNSRCH";
                return r;
            }
            pairs.clear();  // as L-BFGS-B: forget the corrections and retry from steepest descent
            continue;
        }
        first = false;
        const double fOld = r.f;
        std::vector<double> s(n), y(n);
        for (std::size_t i = 0; i < n; ++i) {
            s[i] = xNew[i] - r.x[i];
            y[i] = gNew[i] - g[i];
        }
        r.x.swap(xNew);
        g.swap(gNew);
        r.f = fNew;
        ++r.nit;
        if (r.nit >= o.maxIter) {
            r.status = 1;
            r.message = "STOP: TOTAL NO. of ITERATIONS REACHED LIMIT";
            return r;
        }
        if (r.nfev > o.maxFun) {
            r.status = 1;
            r.message = "STOP: TOTAL NO. of f AND g EVALUATIONS EXCEEDS LIMIT";
            return r;
        }
        if (projectedGradientNorm(r.x, g, o.lower) <= o.gtol) {
            r.message = "CONVERGENCE: NORM_OF_PROJECTED_GRADIENT_<=_PGTOL";
            return r;
        }
        if (fOld - r.f <= o.ftol * std::max({std::abs(fOld), std::abs(r.f), 1.0})) {
            r.message = "CONVERGENCE: REL_REDUCTION_OF_F_<=_FACTR*EPSMCH";
            return r;
        }
        const double sy = dot(s, y);
        // L-BFGS-B skips a pair whose curvature sᵀy is not positive enough against −gᵀs.
        if (sy > kEps * (-gd * ls.step())) {
            pairs.push_back({std::move(s), std::move(y), 1.0 / sy});
            if (static_cast<int>(pairs.size()) > o.memory) pairs.pop_front();
        }
    }
}

}  // namespace tessera::ml::optimize
