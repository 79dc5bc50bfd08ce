// ElasticNet and Lasso: sklearn 1.2.1's dense cyclic coordinate descent (cd_fast.enet_coordinate_descent)
// on the centered data, with its stopping rule (largest coordinate change below tol, then a duality gap
// below tol·‖y‖²), its n_samples scaling of the penalties and its sample_weight handling (weights
// rescaled to sum to n_samples, rows scaled by their square roots).
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/linear_model/linear_support.h"

namespace tessera::ml {
namespace {

struct CdResult {
    double gap = 0;
    std::int64_t iterations = 0;
    bool converged = false;
};

// Minimises (1/2)‖y − Xw‖² + alpha‖w‖₁ + (beta/2)‖w‖² over w, X column-major [n, p] (one column per feature).
CdResult coordinateDescent(std::vector<double>& w, double alpha, double beta, const std::vector<double>& Xc,
                           const double* y, std::int64_t n, std::int64_t p, std::int64_t maxIter, double tol,
                           bool positive) {
    std::vector<double> norms(static_cast<std::size_t>(p), 0.0), R(y, y + n);
    for (std::int64_t j = 0; j < p; ++j) {
        const double* xj = Xc.data() + j * n;
        double s = 0;
        for (std::int64_t i = 0; i < n; ++i) s += xj[i] * xj[i];
        norms[j] = s;
        if (w[j] != 0)
            for (std::int64_t i = 0; i < n; ++i) R[i] -= w[j] * xj[i];
    }
    double yy = 0;
    for (std::int64_t i = 0; i < n; ++i) yy += y[i] * y[i];
    const double dwTol = tol;
    tol *= yy;
    CdResult out;
    std::int64_t iter = 0;
    for (; iter < maxIter; ++iter) {
        double wMax = 0, dwMax = 0;
        for (std::int64_t j = 0; j < p; ++j) {
            if (norms[j] == 0.0) continue;
            const double* xj = Xc.data() + j * n;
            const double old = w[j];
            if (old != 0.0)
                for (std::int64_t i = 0; i < n; ++i) R[i] += old * xj[i];
            double tmp = 0;
            for (std::int64_t i = 0; i < n; ++i) tmp += xj[i] * R[i];
            if (positive && tmp < 0)
                w[j] = 0.0;
            else
                w[j] =
                    (tmp > 0 ? 1.0 : (tmp < 0 ? -1.0 : 0.0)) * std::max(std::abs(tmp) - alpha, 0.0) / (norms[j] + beta);
            if (w[j] != 0.0)
                for (std::int64_t i = 0; i < n; ++i) R[i] -= w[j] * xj[i];
            dwMax = std::max(dwMax, std::abs(w[j] - old));
            wMax = std::max(wMax, std::abs(w[j]));
        }
        if (wMax == 0.0 || dwMax / wMax < dwTol || iter == maxIter - 1) {
            // The duality gap, as cd_fast computes it.
            double dualNorm = 0, rNorm2 = 0, wNorm2 = 0, l1 = 0, ry = 0;
            for (std::int64_t j = 0; j < p; ++j) {
                const double* xj = Xc.data() + j * n;
                double s = 0;
                for (std::int64_t i = 0; i < n; ++i) s += xj[i] * R[i];
                const double xta = s - beta * w[j];
                dualNorm = std::max(dualNorm, positive ? xta : std::abs(xta));
                wNorm2 += w[j] * w[j];
                l1 += std::abs(w[j]);
            }
            for (std::int64_t i = 0; i < n; ++i) {
                rNorm2 += R[i] * R[i];
                ry += R[i] * y[i];
            }
            double c = 1.0, gap = rNorm2;
            if (dualNorm > alpha) {
                c = alpha / dualNorm;
                gap = 0.5 * (rNorm2 + rNorm2 * c * c);
            }
            gap += alpha * l1 - c * ry + 0.5 * beta * (1 + c * c) * wNorm2;
            out.gap = gap;
            if (gap < tol) {
                out.converged = true;
                break;
            }
        }
    }
    out.iterations = std::min(iter, maxIter - 1) + 1;
    if (!out.converged) {  // enet_coordinate_descent's for/else
        char numbers[96];
        std::snprintf(numbers, sizeof numbers, "Duality gap: %.3e, tolerance: %.3e", out.gap, tol);
        std::string message =
            "Objective did not converge. You might want to increase the number of iterations, check the scale of "
            "the features or consider increasing regularisation. " +
            std::string(numbers);
        if (alpha < std::numeric_limits<double>::epsilon())
            message +=
                " Linear regression models with null weight for the l1 regularization term are more efficiently "
                "fitted using one of the solvers implemented in sklearn.linear_model.Ridge/RidgeCV instead.";
        warn(WarningCategory::ConvergenceWarning, std::move(message));
    }
    return out;
}

class ElasticNetBase : public detail::LinearRegressor {
public:
    using LinearRegressor::LinearRegressor;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        if (paramString("selection") == "random")
            throw ValueError(className() + ": selection='random' is not available in Tessera yet (issue 20)");
        if (param("precompute").asDouble() != 0 || param("precompute").isSequence())
            throw ValueError(className() + ": precompute=" + param("precompute").repr() +
                             " (the Gram-matrix solver) is not available in Tessera yet (issue 20)");
        if (param("max_iter").isNone())
            throw ValueError(className() + ": max_iter=None is not supported by sklearn's coordinate descent");
        std::vector<double> warm;
        if (paramBool("warm_start") && hasAttribute("coef_")) warm = fitted("coef_").toVector<double>();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor Y = detail::targetMatrix(y);
        const std::int64_t n = X.size(0), p = X.size(1);
        std::vector<double> sw;
        if (sampleWeight.defined()) {
            sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
            double total = 0;
            for (double v : sw) total += v;
            for (double& v : sw) v *= static_cast<double>(n) / total;
        }
        const bool fitIntercept = paramBool("fit_intercept");
        const detail::CenteredData d = detail::centerData(X, Y, sw, fitIntercept);
        const std::int64_t t = d.targets;
        const double* xd = d.X.data<double>();
        const double* yd = d.Y.data<double>();
        std::vector<double> Xc(static_cast<std::size_t>(n * p));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) Xc[j * n + i] = xd[i * p + j];
        const double alpha = paramDouble("alpha"), l1Ratio = l1();
        const double l1Reg = alpha * l1Ratio * static_cast<double>(n);
        const double l2Reg = alpha * (1.0 - l1Ratio) * static_cast<double>(n);
        std::vector<double> coef(static_cast<std::size_t>(t * p), 0.0), gaps(static_cast<std::size_t>(t));
        std::vector<std::int64_t> iters(static_cast<std::size_t>(t));
        if (warm.size() == coef.size()) coef = warm;
        std::vector<double> yk(static_cast<std::size_t>(n));
        for (std::int64_t k = 0; k < t; ++k) {
            for (std::int64_t i = 0; i < n; ++i) yk[i] = yd[i * t + k];
            std::vector<double> w(coef.begin() + k * p, coef.begin() + (k + 1) * p);
            const CdResult r = coordinateDescent(w, l1Reg, l2Reg, Xc, yk.data(), n, p, paramInt("max_iter"),
                                                 paramDouble("tol"), paramBool("positive"));
            std::copy(w.begin(), w.end(), coef.begin() + k * p);
            gaps[k] = r.gap / static_cast<double>(n);
            iters[k] = r.iterations;
        }
        for (double v : coef)
            if (!std::isfinite(v))
                throw ValueError(
                    "Coordinate descent iterations resulted in non-finite parameter values. The input data may "
                    "contain large values and need to be preprocessed.");
        const bool multi = Y.dim() == 2;
        auto [c, b] = detail::coefAttributes(coef, detail::intercepts(d, coef, fitIntercept), p, multi, fitIntercept);
        setAttribute("coef_", c);
        setAttribute("intercept_", b);
        if (multi) {
            setAttribute("n_iter_", Array(Tensor::fromVector<std::int64_t>(iters, {t})));
            setAttribute("dual_gap_", Array(Tensor::fromVector<double>(gaps, {t})));
        } else {
            setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(iters[0])));
            setAttribute("dual_gap_", Array(Tensor::scalar<double>(gaps[0])));
        }
        return *this;
    }

protected:
    virtual double l1() const = 0;
};

class ElasticNet : public ElasticNetBase {
public:
    using ElasticNetBase::ElasticNetBase;

protected:
    double l1() const override { return paramDouble("l1_ratio"); }
};

class Lasso : public ElasticNetBase {
public:
    using ElasticNetBase::ElasticNetBase;

protected:
    double l1() const override { return 1.0; }
};

std::vector<ParamSpec> cdParams(bool elasticNet) {
    std::vector<ParamSpec> p = {
        {"alpha", 1.0, {realInterval(0, ParamValue(), Closed::Left)}, "Constant that multiplies the penalty terms."},
        {"fit_intercept", true, {booleanC()}, "Fit an intercept (the data are centered first)."},
        {"precompute",
         false,
         {booleanC(), constraintOf(Constraint::Kind::ArrayLike)},
         "Use a precomputed Gram matrix (only False for now; others are refused by name)."},
        {"max_iter", 1000, {intInterval(1, std::nullopt, Closed::Left), noneC()}, "Maximum number of passes."},
        {"copy_X", true, {booleanC()}, "Copy X (Tessera never changes its input)."},
        {"tol",
         1e-4,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Stop when the largest update is below tol and the duality gap below tol·‖y‖²."},
        {"warm_start", false, {booleanC()}, "Start from the previous fit's coef_."},
        {"positive", false, {booleanC()}, "Constrain the coefficients to be non-negative."},
        {"random_state",
         ParamValue(),
         {constraintOf(Constraint::Kind::RandomState)},
         "Seed of selection='random' (unused by 'cyclic')."},
        {"selection",
         "cyclic",
         {strOptions({"cyclic", "random"})},
         "Coordinate order: 'cyclic' ('random' is refused by name for now)."},
    };
    if (elasticNet)
        p.push_back({"l1_ratio", 0.5, {realInterval(0, 1, Closed::Both)}, "Mix of l1 (1) and l2 (0) penalty."});
    return p;
}

const RegisterEstimator<ElasticNet> kElasticNet({
    "ElasticNet",
    "sklearn.linear_model",
    EstimatorKind::Regressor,
    "Linear regression with combined L1 and L2 priors as regularizer.",
    cdParams(true),
    {"fit", "predict", "score"},
});

const RegisterEstimator<Lasso> kLasso({
    "Lasso",
    "sklearn.linear_model",
    EstimatorKind::Regressor,
    "Linear Model trained with L1 prior as regularizer (aka the Lasso).",
    cdParams(false),
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
