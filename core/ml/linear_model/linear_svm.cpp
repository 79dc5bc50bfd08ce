// LinearSVC and LinearSVR (sklearn/svm/_classes.py, 1.2.1) on liblinear's dual coordinate descent
// (liblinear.h): sklearn's keywords and checks, the bias column of value intercept_scaling, the solver
// seed rnd.randint(np.iinfo('i').max) from check_random_state(random_state), and coef_/intercept_ in
// sklearn's shapes.
#include <cmath>
#include <optional>

#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/linear_model/liblinear.h"
#include "core/ml/linear_model/linear_support.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

// X with a last column of value `bias` when fitting an intercept.
std::vector<double> withBias(const Tensor& X, bool fitIntercept, double bias) {
    const std::int64_t n = X.size(0), p = X.size(1), q = p + (fitIntercept ? 1 : 0);
    const double* x = X.data<double>();
    std::vector<double> out(static_cast<std::size_t>(n * q));
    for (std::int64_t i = 0; i < n; ++i) {
        std::copy(x + i * p, x + (i + 1) * p, out.begin() + i * q);
        if (fitIntercept) out[i * q + p] = bias;
    }
    return out;
}

std::mt19937 solverRng(const ParamValue& randomState) {
    RandomState rs = checkRandomState(randomState.isNone() ? std::nullopt : std::optional(randomState.asInt()));
    return std::mt19937(static_cast<std::uint32_t>(rs.randint(0, 2147483647)));
}

// _get_liblinear_solver_type's errors, then the primal solvers Tessera does not have, refused by name.
void checkSolver(const std::string& estimator, const std::string& penalty, const std::string& loss, bool dual,
                 bool primalExists) {
    std::string error;
    const bool svr = loss == "epsilon_insensitive" || loss == "squared_epsilon_insensitive";
    const bool known = loss == "hinge" || loss == "squared_hinge" || svr;
    if (!known) {
        error = "loss='" + loss + "' is not supported";
    } else if (penalty == "l1" && loss != "squared_hinge") {
        error = "The combination of penalty='" + penalty + "' and loss='" + loss + "' is not supported";
    } else if ((loss == "hinge" || loss == "epsilon_insensitive") && !dual) {
        error =
            "The combination of penalty='" + penalty + "' and loss='" + loss + "' are not supported when dual=False";
    } else if (penalty == "l1" && dual) {
        error = "The combination of penalty='l1' and loss='squared_hinge' are not supported when dual=True";
    }
    if (!error.empty())
        throw ValueError("Unsupported set of arguments: " + error + ", Parameters: penalty='" + penalty + "', loss='" +
                         loss + "', dual=" + (dual ? "True" : "False"));
    if (!dual && primalExists)
        throw ValueError(estimator +
                         ": dual=False (liblinear's primal trust-region solvers) is not available in "
                         "Tessera yet; dual=True is");
}

void checkScaling(bool fitIntercept, double scaling) {
    if (fitIntercept && scaling <= 0)
        throw ValueError("Intercept scaling is " + pythonFloatRepr(scaling) +
                         " but needs to be greater than 0. To disable fitting an intercept, set fit_intercept=False.");
}

class LinearSVC : public detail::LinearClassifier {
public:
    using LinearClassifier::LinearClassifier;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        const EncodedLabels enc = encodeLabels(y, className());
        setAttribute("classes_", enc.classes);
        const std::int64_t n = X.size(0), p = X.size(1), K = classCount(enc.classes);
        if (K < 2)
            throw ValueError(
                "This solver needs samples of at least 2 classes in the data, but the data contains only one class: " +
                detail::labelRepr(enc.classes, 0));
        const std::vector<double> cw = detail::classWeightFactors(param("class_weight"), enc.classes, enc.codes);
        const bool fitIntercept = paramBool("fit_intercept");
        const double scaling = paramDouble("intercept_scaling");
        checkScaling(fitIntercept, scaling);
        if (paramString("multi_class") == "crammer_singer")
            throw ValueError(className() + ": multi_class='crammer_singer' is not available in Tessera yet; 'ovr' is");
        checkSolver(className(), paramString("penalty"), paramString("loss"), paramBool("dual"), true);
        const std::vector<double> Xb = withBias(X, fitIntercept, scaling);
        const std::int64_t q = p + (fitIntercept ? 1 : 0);
        detail::LiblinearProblem prob{Xb.data(), n, q, sampleWeightOrOnes(sampleWeight, n).toVector<double>()};
        const double C = paramDouble("C");
        std::vector<double> weightedC(cw.size());
        for (std::size_t k = 0; k < cw.size(); ++k) weightedC[k] = C * cw[k];
        detail::LiblinearOptions o;
        o.l1Loss = paramString("loss") == "hinge";
        o.eps = paramDouble("tol");
        o.maxIter = static_cast<int>(paramInt("max_iter"));
        std::mt19937 rng = solverRng(param("random_state"));
        const detail::LiblinearModel m = detail::liblinearTrainClassifier(prob, enc.codes, K, weightedC, C, o, rng);
        const std::int64_t rows = K == 2 ? 1 : K;
        std::vector<double> coef, intercept;
        for (std::int64_t r = 0; r < rows; ++r) {
            coef.insert(coef.end(), m.w.begin() + r * q, m.w.begin() + r * q + p);
            if (fitIntercept) intercept.push_back(scaling * m.w[r * q + p]);
        }
        setAttribute("coef_", Array(Tensor::fromVector<double>(coef, {rows, p})));
        setAttribute("intercept_", fitIntercept ? Array(Tensor::fromVector<double>(intercept, {rows}))
                                                : Array(Tensor::scalar<double>(0.0)));
        const std::int64_t nIter = *std::max_element(m.nIter.begin(), m.nIter.end());
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(nIter)));
        if (nIter >= paramInt("max_iter"))  // _fit_liblinear
            warn(WarningCategory::ConvergenceWarning,
                 "Liblinear failed to converge, increase the number of iterations.");
        return *this;
    }
};

class LinearSVR : public detail::LinearRegressor {
public:
    using LinearRegressor::LinearRegressor;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor Y = detail::singleTarget(y);
        const std::int64_t n = X.size(0), p = X.size(1);
        const bool fitIntercept = paramBool("fit_intercept");
        const double scaling = paramDouble("intercept_scaling");
        checkScaling(fitIntercept, scaling);
        checkSolver(className(), "l2", paramString("loss"), paramBool("dual"), true);
        const std::vector<double> Xb = withBias(X, fitIntercept, scaling);
        const std::int64_t q = p + (fitIntercept ? 1 : 0);
        detail::LiblinearProblem prob{Xb.data(), n, q, sampleWeightOrOnes(sampleWeight, n).toVector<double>()};
        detail::LiblinearOptions o;
        o.l1Loss = paramString("loss") == "epsilon_insensitive";
        o.eps = paramDouble("tol");
        o.p = paramDouble("epsilon");
        o.maxIter = static_cast<int>(paramInt("max_iter"));
        std::mt19937 rng = solverRng(param("random_state"));
        std::vector<double> w(static_cast<std::size_t>(q));
        const std::vector<double> yv = Y.toVector<double>();
        const int iters = detail::solveSvrDual(prob, yv.data(), w.data(), paramDouble("C"), o, rng);
        setAttribute("coef_", Array(Tensor::fromVector<double>(std::vector<double>(w.begin(), w.begin() + p), {p})));
        setAttribute("intercept_", fitIntercept ? Array(Tensor::fromVector<double>({scaling * w[p]}, {1}))
                                                : Array(Tensor::scalar<double>(0.0)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(iters)));
        if (iters >= paramInt("max_iter"))  // _fit_liblinear
            warn(WarningCategory::ConvergenceWarning,
                 "Liblinear failed to converge, increase the number of iterations.");
        return *this;
    }
};

const RegisterEstimator<LinearSVC> kLinearSvc({
    "LinearSVC",
    "sklearn.svm",
    EstimatorKind::Classifier,
    "Linear Support Vector Classification (liblinear's dual coordinate descent).",
    {
        {"penalty", "l2", {strOptions({"l1", "l2"})}, "Norm of the penalty ('l1' needs the primal solver: refused)."},
        {"loss", "squared_hinge", {strOptions({"hinge", "squared_hinge"})}, "'hinge' or 'squared_hinge'."},
        {"dual", true, {booleanC()}, "Solve the dual (True); the primal solvers are refused by name."},
        {"tol", 1e-4, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Tolerance of the stopping criterion."},
        {"C", 1.0, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Inverse regularization strength."},
        {"multi_class", "ovr", {strOptions({"ovr", "crammer_singer"})}, "'ovr' ('crammer_singer' is refused by name)."},
        {"fit_intercept", true, {booleanC()}, "Fit an intercept (a constant feature, penalised as liblinear does)."},
        {"intercept_scaling",
         1,
         {realInterval(0, ParamValue(), Closed::Neither)},
         "Value of the constant feature that carries the intercept."},
        {"class_weight",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::Dict), strOptions({"balanced"})},
         "Weights of the classes: a dict, 'balanced' or None."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the coordinate order."},
        {"max_iter", 1000, {intInterval(0, std::nullopt, Closed::Left)}, "Maximum number of passes."},
    },
    {"fit", "predict", "decision_function", "score"},
});

const RegisterEstimator<LinearSVR> kLinearSvr({
    "LinearSVR",
    "sklearn.svm",
    EstimatorKind::Regressor,
    "Linear Support Vector Regression (liblinear's dual coordinate descent).",
    {
        {"epsilon", 0.0, {constraintOf(Constraint::Kind::Real)}, "Half-width of the insensitive zone."},
        {"tol", 1e-4, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Tolerance of the stopping criterion."},
        {"C", 1.0, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Inverse regularization strength."},
        {"loss",
         "epsilon_insensitive",
         {strOptions({"epsilon_insensitive", "squared_epsilon_insensitive"})},
         "'epsilon_insensitive' or 'squared_epsilon_insensitive'."},
        {"fit_intercept", true, {booleanC()}, "Fit an intercept (a constant feature, penalised as liblinear does)."},
        {"intercept_scaling",
         1.0,
         {realInterval(0, ParamValue(), Closed::Neither)},
         "Value of the constant feature that carries the intercept."},
        {"dual", true, {booleanC()}, "Solve the dual (True); the primal solver is refused by name."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the coordinate order."},
        {"max_iter", 1000, {intInterval(0, std::nullopt, Closed::Left)}, "Maximum number of passes."},
    },
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
