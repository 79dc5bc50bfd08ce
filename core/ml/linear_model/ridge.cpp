// Ridge and RidgeClassifier (sklearn's _ridge.py): centered data, then the cholesky solver (primal when
// features <= rows, the kernel form otherwise) or the svd solver; the classifier fits Ridge on the
// {-1, 1} label indicator matrix of LabelBinarizer.
#include <algorithm>
#include <cmath>
#include <map>

#include "core/ml/base/registry.h"
#include "core/ml/linear_model/linear_support.h"

namespace tessera::ml {
namespace {

std::vector<ParamSpec> ridgeParams() {
    return {
        {"alpha",
         1.0,
         {realInterval(0, ParamValue(), Closed::Left), constraintOf(Constraint::Kind::NdArray)},
         "Regularization strength (one per target as a list)."},
        {"fit_intercept", true, {booleanC()}, "Fit an intercept (the data are centered first)."},
        {"copy_X", true, {booleanC()}, "Copy X (Tessera never changes its input)."},
        {"max_iter",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Iterations of the iterative solvers (unused by cholesky and svd, as in sklearn)."},
        {"tol",
         1e-4,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Precision of the iterative solvers (unused by cholesky and svd, as in sklearn)."},
        {"solver",
         "auto",
         {strOptions({"auto", "svd", "cholesky", "lsqr", "sparse_cg", "sag", "saga", "lbfgs"})},
         "'auto'/'cholesky' (normal equations) and 'svd'; the iterative solvers are refused by name for now."},
        {"positive", false, {booleanC()}, "Constrain the coefficients to be non-negative (lbfgs only)."},
        {"random_state",
         ParamValue(),
         {constraintOf(Constraint::Kind::RandomState)},
         "Seed of the sag/saga solvers (unused by cholesky and svd, as in sklearn)."},
    };
}

// The solver Tessera runs for the keywords, after sklearn's own checks; "svd" or "cholesky".
bool useSvdSolver(const Estimator& e) {
    const std::string& solver = e.param("solver").asString();
    const bool positive = e.param("positive").asDouble() != 0;  // a bool, or an int as sklearn 1.2 allows
    if (solver == "lbfgs" && !positive)
        throw ValueError("'lbfgs' solver can be used only when positive=True. Please use another solver.");
    if (positive && solver != "auto" && solver != "lbfgs")
        throw ValueError("solver='" + solver +
                         "' does not support positive fitting. Please set the solver to 'auto' or 'lbfgs', or set "
                         "`positive=False`");
    if (positive)
        throw ValueError(e.className() + ": positive=True (sklearn's lbfgs solver) is not available in Tessera yet");
    if (solver != "auto" && solver != "cholesky" && solver != "svd")
        throw ValueError(e.className() + ": solver='" + solver +
                         "' is not available in Tessera yet; 'auto', 'cholesky' and 'svd' are");
    return solver == "svd";
}

std::vector<double> alphasFor(const Estimator& e, std::int64_t targets) {
    const ParamValue& alpha = e.param("alpha");
    if (alpha.isNumber()) return std::vector<double>(static_cast<std::size_t>(targets), alpha.asDouble());
    std::vector<double> out;
    for (const auto& a : alpha.items()) out.push_back(a.asDouble());
    if (out.size() == 1) out.assign(static_cast<std::size_t>(targets), out[0]);
    if (static_cast<std::int64_t>(out.size()) != targets)
        throw ValueError("Number of targets and number of penalties do not correspond: " + std::to_string(out.size()) +
                         " != " + std::to_string(targets));
    return out;
}

class Ridge : public detail::LinearRegressor {
public:
    using LinearRegressor::LinearRegressor;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const bool svd = useSvdSolver(*this);
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor Y = detail::targetMatrix(y);
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, X.size(0)).toVector<double>();
        const bool fitIntercept = paramBool("fit_intercept");
        const detail::CenteredData d = detail::centerData(X, Y, sw, fitIntercept);
        const std::vector<double> coef = detail::solveRidge(d, alphasFor(*this, d.targets), svd);
        auto [c, b] = detail::coefAttributes(coef, detail::intercepts(d, coef, fitIntercept), d.features, Y.dim() == 2,
                                             fitIntercept);
        setAttribute("coef_", c);
        setAttribute("intercept_", b);
        setAttribute("n_iter_", Array());
        return *this;
    }
};

class RidgeClassifier : public detail::LinearClassifier {
public:
    using LinearClassifier::LinearClassifier;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const bool svd = useSvdSolver(*this);
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        const EncodedLabels enc = encodeLabels(y, className());
        const std::int64_t n = X.size(0), k = classCount(enc.classes);
        // LabelBinarizer(pos_label=1, neg_label=-1): one column for two classes, one per class otherwise.
        const std::int64_t t = k == 2 ? 1 : k;
        std::vector<double> Yv(static_cast<std::size_t>(n * t), -1.0);
        for (std::int64_t i = 0; i < n; ++i) {
            const std::int64_t c = enc.codes[i];
            if (t == 1) {
                Yv[i] = c == 1 ? 1.0 : -1.0;
            } else {
                Yv[i * t + c] = 1.0;
            }
        }
        std::vector<double> sw =
            sampleWeight.defined() ? sampleWeightOrOnes(sampleWeight, n).toVector<double>() : std::vector<double>();
        if (!param("class_weight").isNone()) {
            const std::vector<double> cw = detail::classWeightFactors(param("class_weight"), enc.classes, enc.codes);
            if (sw.empty()) sw.assign(static_cast<std::size_t>(n), 1.0);
            for (std::int64_t i = 0; i < n; ++i) sw[i] *= cw[enc.codes[i]];
        }
        const bool fitIntercept = paramBool("fit_intercept");
        const detail::CenteredData d = detail::centerData(X, Tensor::fromVector<double>(Yv, {n, t}), sw, fitIntercept);
        const std::vector<double> coef = detail::solveRidge(d, alphasFor(*this, t), svd);
        auto [c, b] =
            detail::coefAttributes(coef, detail::intercepts(d, coef, fitIntercept), d.features, true, fitIntercept);
        setAttribute("coef_", c);
        setAttribute("intercept_", b);
        setAttribute("n_iter_", Array());
        setAttribute("classes_", enc.classes);
        return *this;
    }
};

const RegisterEstimator<Ridge> kRidge({
    "Ridge",
    "sklearn.linear_model",
    EstimatorKind::Regressor,
    "Linear least squares with l2 regularization.",
    ridgeParams(),
    {"fit", "predict", "score"},
});

std::vector<ParamSpec> ridgeClassifierParams() {
    std::vector<ParamSpec> p = ridgeParams();
    p.push_back({"class_weight",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::Dict), strOptions({"balanced"}), noneC()},
                 "Weights of the classes: a dict, 'balanced' or None."});
    return p;
}

const RegisterEstimator<RidgeClassifier> kRidgeClassifier({
    "RidgeClassifier",
    "sklearn.linear_model",
    EstimatorKind::Classifier,
    "Classifier using Ridge regression on {-1, 1} targets.",
    ridgeClassifierParams(),
    {"fit", "predict", "decision_function", "score"},
});

}  // namespace
}  // namespace tessera::ml
