// LinearRegression: ordinary least squares as sklearn solves it (centered data, scipy's lstsq), with
// positive=True solved by Lawson–Hanson NNLS as scipy.optimize.nnls does.
#include <cmath>

#include "core/ml/base/registry.h"
#include "core/ml/linear_model/linear_support.h"

namespace tessera::ml {
namespace {

class LinearRegression : public detail::LinearRegressor {
public:
    using LinearRegressor::LinearRegressor;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor Y = detail::targetMatrix(y);
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, X.size(0)).toVector<double>();
        const bool fitIntercept = paramBool("fit_intercept");
        const detail::CenteredData d = detail::centerData(X, Y, sw, fitIntercept);
        std::vector<double> coef;
        if (paramBool("positive")) {
            coef = detail::solveNnls(d);
        } else {
            detail::LstsqResult r = detail::solveLstsq(d);
            coef = std::move(r.coef);
            setAttribute("rank_", Array(Tensor::scalar<std::int64_t>(r.rank)));
            setAttribute("singular_",
                         Array(Tensor::fromVector<double>(r.singular, {static_cast<std::int64_t>(r.singular.size())})));
        }
        auto [c, b] = detail::coefAttributes(coef, detail::intercepts(d, coef, fitIntercept), d.features, Y.dim() == 2,
                                             fitIntercept);
        setAttribute("coef_", c);
        setAttribute("intercept_", b);
        return *this;
    }
};

const RegisterEstimator<LinearRegression> kRegistered({
    "LinearRegression",
    "sklearn.linear_model",
    EstimatorKind::Regressor,
    "Ordinary least squares linear regression.",
    {
        {"fit_intercept", true, {booleanC()}, "Fit an intercept (the data are centered first)."},
        {"copy_X", true, {booleanC()}, "Copy X (Tessera never changes its input)."},
        {"n_jobs",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::Integral)},
         "Threads (results do not depend on it)."},
        {"positive", false, {booleanC()}, "Constrain the coefficients to be non-negative (NNLS)."},
    },
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
