// LogisticRegression (sklearn/linear_model/_logistic.py, 1.2.1) with the lbfgs and newton-cg solvers:
// sklearn's objective (LinearModelLoss, logistic_loss.h) with its class and sample weights, one
// multinomial fit or one binary fit per class (OvR, in parallel: each fit is independent, so results do
// not depend on the thread count), the probabilities as sklearn forms them.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ml/base/n_jobs.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/linear_model/linear_support.h"
#include "core/ml/linear_model/logistic_loss.h"
#include "core/ml/optimize/lbfgs.h"
#include "core/ml/optimize/newton_cg.h"

namespace tessera::ml {
namespace {

struct Fit {
    std::vector<double> w;
    std::int64_t nIter = 0;
};

class LogisticRegression : public detail::LinearClassifier {
public:
    using LinearClassifier::LinearClassifier;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        const std::string solver = checkSolver();
        const ParamValue& penaltyParam = param("penalty");
        const bool unpenalized = penaltyParam.isNone() || penaltyParam.asString() == "none";
        const double C = unpenalized ? std::numeric_limits<double>::infinity() : paramDouble("C");
        std::vector<double> warm;
        std::int64_t warmRows = 0;
        if (paramBool("warm_start") && hasAttribute("coef_")) {
            warm = fitted("coef_").toVector<double>();
            warmRows = fitted("coef_").size(0);
            if (paramBool("fit_intercept")) {
                const std::vector<double> b = fitted("intercept_").toVector<double>();
                const std::int64_t p = fitted("coef_").size(1);
                std::vector<double> joined;
                for (std::int64_t k = 0; k < warmRows; ++k) {
                    joined.insert(joined.end(), warm.begin() + k * p, warm.begin() + (k + 1) * p);
                    joined.push_back(b[k]);
                }
                warm = std::move(joined);
            }
        }
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        const EncodedLabels enc = encodeLabels(y, className());
        const std::int64_t n = X.size(0), p = X.size(1), K = classCount(enc.classes);
        setAttribute("classes_", enc.classes);
        if (K < 2)
            throw ValueError(
                "This solver needs samples of at least 2 classes in the data, but the data contains only one class: " +
                detail::labelRepr(enc.classes, 0));
        const std::string multiClass =
            paramString("multi_class") == "auto" ? (K > 2 ? "multinomial" : "ovr") : paramString("multi_class");
        const bool fitIntercept = paramBool("fit_intercept");
        const std::int64_t dof = p + (fitIntercept ? 1 : 0);
        const std::vector<double> sw0 = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const ParamValue& cw = param("class_weight");
        const double l2 = 1.0 / C;

        std::vector<Fit> fits;
        if (multiClass == "multinomial") {
            std::vector<double> sw = sw0;
            const std::vector<double> f = detail::classWeightFactors(cw, enc.classes, enc.codes);
            for (std::int64_t i = 0; i < n; ++i) sw[i] *= f[enc.codes[i]];
            std::vector<double> target(enc.codes.begin(), enc.codes.end());
            std::vector<double> w0(static_cast<std::size_t>(K * dof), 0.0);
            if (!warm.empty()) {
                const std::int64_t rows = K == 2 ? 1 : K, cols = static_cast<std::int64_t>(warm.size()) / warmRows;
                if (warmRows != rows || (cols != p && cols != p + 1))
                    throw ValueError("Initialization coef is of shape (" + std::to_string(warmRows) + ", " +
                                     std::to_string(cols) + "), expected shape (" + std::to_string(K) + ", " +
                                     std::to_string(p) + ") or (" + std::to_string(K) + ", " + std::to_string(p + 1) +
                                     ")");
                for (std::int64_t j = 0; j < cols; ++j) {
                    if (K == 2) {
                        w0[j] = -warm[j];
                        w0[dof + j] = warm[j];
                    } else {
                        for (std::int64_t k = 0; k < K; ++k) w0[k * dof + j] = warm[k * cols + j];
                    }
                }
            }
            detail::LogisticLoss loss(X.data<double>(), n, p, std::move(target), std::move(sw), K, fitIntercept, l2);
            Fit fit = solve(loss, std::move(w0), solver);
            if (K == 2) fit.w.erase(fit.w.begin(), fit.w.begin() + dof);  // sklearn keeps the second class's row
            fits.push_back(std::move(fit));
        } else {
            const std::int64_t problems = K == 2 ? 1 : K;
            fits.resize(static_cast<std::size_t>(problems));
            std::vector<double> swDict = sw0;
            if (cw.kind() == ParamValue::Kind::Dict) {
                const std::vector<double> f = detail::classWeightFactors(cw, enc.classes, enc.codes);
                for (std::int64_t i = 0; i < n; ++i) swDict[i] *= f[enc.codes[i]];
            }
            auto one = [&](std::int64_t c) {
                const std::int64_t pos = K == 2 ? 1 : c;
                std::vector<double> target(static_cast<std::size_t>(n)), sw = swDict;
                std::vector<std::int64_t> bin(static_cast<std::size_t>(n));
                for (std::int64_t i = 0; i < n; ++i) {
                    bin[i] = enc.codes[i] == pos ? 1 : 0;
                    target[i] = static_cast<double>(bin[i]);
                }
                if (cw.isString()) {
                    // 'balanced' is computed on the masked labels {0, 1} of this binary problem.
                    const Array masked(Tensor::fromVector<std::int64_t>({0, 1}, {2}));
                    const std::vector<double> f = detail::classWeightFactors(cw, masked, bin);
                    for (std::int64_t i = 0; i < n; ++i) sw[i] *= f[bin[i]];
                }
                std::vector<double> w0(static_cast<std::size_t>(dof), 0.0);
                if (!warm.empty()) {
                    const std::int64_t cols = static_cast<std::int64_t>(warm.size()) / warmRows;
                    if (warmRows != problems || (cols != p && cols != dof))
                        throw ValueError("Initialization coef is of shape " + std::to_string(warm.size() / warmRows) +
                                         ", expected shape " + std::to_string(p) + " or " + std::to_string(dof));
                    std::copy(warm.begin() + c * cols, warm.begin() + (c + 1) * cols, w0.begin());
                }
                detail::LogisticLoss loss(X.data<double>(), n, p, std::move(target), std::move(sw), 1, fitIntercept,
                                          l2);
                fits[static_cast<std::size_t>(c)] = solve(loss, std::move(w0), solver);
            };
            tbb::task_arena arena(threadsForJobs(param("n_jobs")));
            arena.execute([&] { tbb::parallel_for(std::int64_t{0}, problems, [&](std::int64_t c) { one(c); }); });
        }

        const auto rows = static_cast<std::int64_t>(fits.size() == 1 ? fits[0].w.size() / dof : fits.size());
        std::vector<double> coef, intercept;
        std::vector<std::int64_t> iters;
        for (const Fit& f : fits) {
            for (std::int64_t r = 0; r < static_cast<std::int64_t>(f.w.size()) / dof; ++r) {
                coef.insert(coef.end(), f.w.begin() + r * dof, f.w.begin() + r * dof + p);
                intercept.push_back(fitIntercept ? f.w[r * dof + p] : 0.0);
            }
            iters.push_back(f.nIter);
        }
        setAttribute("coef_", Array(Tensor::fromVector<double>(coef, {rows, p})));
        setAttribute("intercept_", Array(Tensor::fromVector<double>(intercept, {rows})));
        setAttribute("n_iter_",
                     Array(Tensor::fromVector<std::int64_t>(iters, {static_cast<std::int64_t>(iters.size())})));
        return *this;
    }

    Tensor predictProba(const Tensor& Xin) const override {
        const Tensor scores = decisionFunction(Xin);
        const std::int64_t n = scores.size(0), K = classCount(attribute("classes_"));
        const double* s = scores.data<double>();
        const std::string& mc = paramString("multi_class");
        const bool ovr = mc == "ovr" || (mc == "auto" && K <= 2);
        std::vector<double> out(static_cast<std::size_t>(n * K));
        for (std::int64_t i = 0; i < n; ++i) {
            double* o = out.data() + i * K;
            if (scores.dim() == 1) {
                if (ovr) {
                    const double pr = 1.0 / (1.0 + std::exp(-s[i]));
                    o[0] = 1 - pr;
                    o[1] = pr;
                } else {
                    softmax({-s[i], s[i]}, o);
                }
            } else if (ovr) {
                double sum = 0;
                for (std::int64_t k = 0; k < K; ++k) sum += o[k] = 1.0 / (1.0 + std::exp(-s[i * K + k]));
                for (std::int64_t k = 0; k < K; ++k) o[k] /= sum;
            } else {
                softmax(std::vector<double>(s + i * K, s + (i + 1) * K), o);
            }
        }
        return Tensor::fromVector<double>(out, {n, K});
    }

    Tensor predictLogProba(const Tensor& X) const override { return detail::logOf(predictProba(X)); }

private:
    // sklearn's _check_solver, then the solvers Tessera does not have, refused by name.
    std::string checkSolver() const {
        const std::string& solver = paramString("solver");
        const ParamValue& pen = param("penalty");
        const std::string penalty = pen.isNone() ? "None" : pen.asString();
        const bool dual = paramBool("dual");
        if (solver != "liblinear" && solver != "saga" && penalty != "l2" && penalty != "none" && penalty != "None")
            throw ValueError("Solver " + solver + " supports only 'l2' or 'none' penalties, got " + penalty +
                             " penalty.");
        if (solver != "liblinear" && dual)
            throw ValueError("Solver " + solver + " supports only dual=False, got dual=True");
        if (penalty == "elasticnet" && solver != "saga")
            throw ValueError("Only 'saga' solver supports elasticnet penalty, got solver=" + solver + ".");
        if (solver == "liblinear" && penalty == "none")
            throw ValueError("penalty='none' is not supported for the liblinear solver");
        if (solver != "lbfgs" && solver != "newton-cg")
            throw ValueError(className() + ": solver='" + solver +
                             "' is not available in Tessera yet; 'lbfgs' and 'newton-cg' are");
        return solver;
    }

    Fit solve(const detail::LogisticLoss& loss, std::vector<double> w0, const std::string& solver) {
        const double tol = paramDouble("tol");
        const std::int64_t maxIter = paramInt("max_iter");
        Fit out;
        auto objective = [&loss](const std::vector<double>& w, std::vector<double>& g) {
            return loss.valueGradient(w, g);
        };
        if (solver == "lbfgs") {
            const optimize::LbfgsResult r =
                optimize::minimizeLbfgs(objective, std::move(w0), {.gtol = tol, .maxIter = maxIter});
            out.w = r.x;
            out.nIter = std::min(r.nit, maxIter);
            if (r.status != 0)  // _check_optimize_result with _LOGISTIC_SOLVER_CONVERGENCE_MSG
                warn(WarningCategory::ConvergenceWarning,
                     "lbfgs failed to converge (status=" + std::to_string(r.status) + "):\n" + r.message +
                         ".\n\nIncrease the number of iterations (max_iter) or scale the data as shown in:\n    "
                         "https://scikit-learn.org/stable/modules/preprocessing.html\nPlease also refer to the "
                         "documentation for alternative solver options:\n    "
                         "https://scikit-learn.org/stable/modules/linear_model.html#logistic-regression");
        } else {
            auto gradHess = [&loss](const std::vector<double>& w, std::vector<double>& g) {
                return loss.gradientHessian(w, g);
            };
            const optimize::NewtonCgResult r =
                optimize::minimizeNewtonCg(objective, gradHess, std::move(w0), {.tol = tol, .maxIter = maxIter});
            out.w = r.x;
            out.nIter = r.nit;
            if (!r.warning.empty())
                warn(r.warning == "Line Search failed" ? WarningCategory::UserWarning
                                                       : WarningCategory::ConvergenceWarning,
                     r.warning);
        }
        return out;
    }

    // sklearn.utils.extmath.softmax of one row.
    static void softmax(const std::vector<double>& z, double* out) {
        const double mx = *std::max_element(z.begin(), z.end());
        double sum = 0;
        for (std::size_t k = 0; k < z.size(); ++k) sum += out[k] = std::exp(z[k] - mx);
        for (std::size_t k = 0; k < z.size(); ++k) out[k] /= sum;
    }
};

std::vector<ParamSpec> logisticParams() {
    return {
        {"penalty",
         "l2",
         {strOptions({"l1", "l2", "elasticnet", "none"}), noneC()},
         "'l2' or None ('none' is sklearn's deprecated spelling); 'l1' and 'elasticnet' are refused by name."},
        {"dual", false, {booleanC()}, "Dual formulation (liblinear only; refused by the other solvers)."},
        {"tol", 1e-4, {realInterval(0, ParamValue(), Closed::Left)}, "Stop when max|gradient| <= tol."},
        {"C", 1.0, {realInterval(0, ParamValue(), Closed::Right)}, "Inverse of the l2 regularization strength."},
        {"fit_intercept", true, {booleanC()}, "Fit an (unpenalised) intercept."},
        {"intercept_scaling", 1, {realInterval(0, ParamValue(), Closed::Neither)}, "liblinear only (unused)."},
        {"class_weight",
         ParamValue(),
         {constraintOf(Constraint::Kind::Dict), strOptions({"balanced"}), noneC()},
         "Weights of the classes: a dict, 'balanced' or None."},
        {"random_state",
         ParamValue(),
         {constraintOf(Constraint::Kind::RandomState)},
         "Seed of the sag, saga and liblinear solvers (unused by lbfgs and newton-cg)."},
        {"solver",
         "lbfgs",
         {strOptions({"lbfgs", "liblinear", "newton-cg", "newton-cholesky", "sag", "saga"})},
         "'lbfgs' or 'newton-cg'; the others are refused by name."},
        {"max_iter", 100, {intInterval(0, std::nullopt, Closed::Left)}, "Maximum number of solver iterations."},
        {"multi_class",
         "auto",
         {strOptions({"auto", "ovr", "multinomial"})},
         "'multinomial' (softmax), 'ovr' (one binary fit per class) or 'auto'."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"warm_start", false, {booleanC()}, "Start from the previous fit's coef_ and intercept_."},
        {"n_jobs",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::Integral)},
         "Threads for the OvR fits; results never depend on it."},
        {"l1_ratio",
         ParamValue(),
         {realInterval(0, 1, Closed::Both), noneC()},
         "Elastic-net mixing (saga only; unused)."},
    };
}

const RegisterEstimator<LogisticRegression> kLogisticRegression({
    "LogisticRegression",
    "sklearn.linear_model",
    EstimatorKind::Classifier,
    "Logistic Regression (aka logit, MaxEnt) classifier.",
    logisticParams(),
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "score"},
});

}  // namespace
}  // namespace tessera::ml
