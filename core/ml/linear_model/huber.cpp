// HuberRegressor (sklearn/linear_model/_huber.py, 1.2.1): sklearn's _huber_loss_and_gradient (the
// concomitant scale σ as a variable, σ >= 10·eps) minimised with L-BFGS (core/ml/optimize), then
// outliers_ as |y − Xw − b| > σ·epsilon.
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"
#include "core/ml/linear_model/linear_support.h"
#include "core/ml/optimize/lbfgs.h"

namespace tessera::ml {
namespace {

// w = [coef (p), intercept (when fitted), σ].
double huberLossGradient(const std::vector<double>& w, std::vector<double>& grad, const double* X, const double* y,
                         const double* sw, std::int64_t n, std::int64_t p, bool fitIntercept, double epsilon,
                         double alpha) {
    const double sigma = w.back(), intercept = fitIntercept ? w[p] : 0.0;
    double nSamples = 0;
    for (std::int64_t i = 0; i < n; ++i) nSamples += sw[i];
    grad.assign(w.size(), 0.0);
    double outlierAbsSum = 0, outlierWeight = 0, squared = 0, nonOutlierSum = 0, signedOutlierSum = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const double* x = X + i * p;
        double r = y[i];
        for (std::int64_t j = 0; j < p; ++j) r -= x[j] * w[j];
        r -= intercept;
        if (std::abs(r) > epsilon * sigma) {
            outlierAbsSum += sw[i] * std::abs(r);
            outlierWeight += sw[i];
            const double s = sw[i] * (r < 0 ? -1.0 : 1.0);
            signedOutlierSum += s;
            for (std::int64_t j = 0; j < p; ++j) grad[j] -= 2.0 * epsilon * s * x[j];
        } else {
            const double wr = sw[i] * r;
            squared += wr * r;
            nonOutlierSum += wr;
            for (std::int64_t j = 0; j < p; ++j) grad[j] -= 2.0 / sigma * wr * x[j];
        }
    }
    const double squaredLoss = squared / sigma;
    const double outlierLoss = 2.0 * epsilon * outlierAbsSum - sigma * outlierWeight * epsilon * epsilon;
    double ww = 0;
    for (std::int64_t j = 0; j < p; ++j) {
        grad[j] += alpha * 2.0 * w[j];
        ww += w[j] * w[j];
    }
    grad.back() = nSamples - outlierWeight * epsilon * epsilon - squaredLoss / sigma;
    if (fitIntercept) grad[p] = -2.0 * nonOutlierSum / sigma - 2.0 * epsilon * signedOutlierSum;
    return nSamples * sigma + squaredLoss + outlierLoss + alpha * ww;
}

class HuberRegressor : public detail::LinearRegressor {
public:
    using LinearRegressor::LinearRegressor;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        std::vector<double> warm;
        if (paramBool("warm_start") && hasAttribute("coef_")) {
            warm = fitted("coef_").toVector<double>();
            warm.push_back(fitted("intercept_").item<double>());
            warm.push_back(fitted("scale_").item<double>());
        }
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor Y = detail::singleTarget(y);
        const std::int64_t n = X.size(0), p = X.size(1);
        const bool fitIntercept = paramBool("fit_intercept");
        const std::vector<double> yv = Y.toVector<double>();
        const std::vector<double> sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const double epsilon = paramDouble("epsilon"), alpha = paramDouble("alpha");
        std::vector<double> w0(static_cast<std::size_t>(p + (fitIntercept ? 2 : 1)), 0.0);
        w0.back() = 1;
        if (!warm.empty()) {
            // sklearn concatenates (coef_, [intercept_, scale_]) whatever fit_intercept is now, and the loss
            // then fits an intercept because of the length.
            if (static_cast<std::int64_t>(warm.size()) != p + 2)
                throw ValueError("X has " + std::to_string(p) + " features, but the warm start of HuberRegressor has " +
                                 std::to_string(warm.size() - 2));
            w0 = warm;
        }
        const bool lossIntercept = static_cast<std::int64_t>(w0.size()) == p + 2;
        const std::size_t size = w0.size();
        optimize::LbfgsOptions o{.gtol = paramDouble("tol"), .maxIter = paramInt("max_iter")};
        o.lower.assign(size, -std::numeric_limits<double>::infinity());
        o.lower.back() = std::numeric_limits<double>::epsilon() * 10;
        const double* x = X.data<double>();
        const optimize::LbfgsResult r = optimize::minimizeLbfgs(
            [&](const std::vector<double>& w, std::vector<double>& g) {
                return huberLossGradient(w, g, x, yv.data(), sw.data(), n, p, lossIntercept, epsilon, alpha);
            },
            std::move(w0), o);
        if (r.status == 2)
            throw ValueError("HuberRegressor convergence failed: l-BFGS-b solver terminated with " + r.message);
        const double scale = r.x.back(), intercept = fitIntercept ? r.x[p] : 0.0;
        std::vector<double> coef(r.x.begin(), r.x.begin() + p);
        Tensor outliers = Tensor::empty({n}, DType::Bool);
        bool* out = outliers.data<bool>();
        for (std::int64_t i = 0; i < n; ++i) {
            double pred = 0;
            for (std::int64_t j = 0; j < p; ++j) pred += x[i * p + j] * coef[j];
            out[i] = std::abs(yv[i] - pred - intercept) > scale * epsilon;
        }
        setAttribute("coef_", Array(Tensor::fromVector<double>(coef, {p})));
        setAttribute("intercept_", Array(Tensor::scalar<double>(intercept)));
        setAttribute("scale_", Array(Tensor::scalar<double>(scale)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(std::min(r.nit, paramInt("max_iter")))));
        setAttribute("outliers_", Array(outliers));
        return *this;
    }
};

const RegisterEstimator<HuberRegressor> kHuberRegressor({
    "HuberRegressor",
    "sklearn.linear_model",
    EstimatorKind::Regressor,
    "L2-regularized linear regression model that is robust to outliers.",
    {
        {"epsilon",
         1.35,
         {realInterval(1.0, ParamValue(), Closed::Left)},
         "Residuals beyond epsilon·scale are outliers."},
        {"max_iter", 100, {intInterval(0, std::nullopt, Closed::Left)}, "Maximum number of L-BFGS iterations."},
        {"alpha", 1e-4, {realInterval(0, ParamValue(), Closed::Left)}, "Strength of the squared L2 penalty."},
        {"warm_start", false, {booleanC()}, "Start from the previous fit's coef_, intercept_ and scale_."},
        {"fit_intercept", true, {booleanC()}, "Fit an intercept."},
        {"tol", 1e-5, {realInterval(0.0, ParamValue(), Closed::Left)}, "Stop when max|projected gradient| <= tol."},
    },
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
