// SVC, NuSVC, SVR, NuSVR and OneClassSVM (sklearn/svm/_classes.py, 1.2.1) on svm_base.h: sklearn's
// keywords, defaults and _parameter_constraints (BaseLibSVM's, less each class's unused keywords).
// Not available, refused by name: kernel='precomputed' and callable kernels.
#include <cmath>

#include "core/ml/base/registry.h"
#include "core/ml/svm/svm_base.h"

namespace tessera::ml {
namespace {

using detail::SvmType;

class Svc : public detail::BaseSvc {
public:
    explicit Svc(const EstimatorInfo& info) : BaseSvc(info, SvmType::CSvc) {}
};

class NuSvc : public detail::BaseSvc {
public:
    explicit NuSvc(const EstimatorInfo& info) : BaseSvc(info, SvmType::NuSvc) {}
};

Tensor column(const std::vector<double>& dec) {
    return Tensor::fromVector<double>(dec, {static_cast<std::int64_t>(dec.size())});
}

class RegressorSvm : public detail::BaseLibSvm {
public:
    using BaseLibSvm::BaseLibSvm;
    Array predict(const Tensor& X) const override {
        std::int64_t cols = 0;
        return Array(column(rawDecision(X, cols)));
    }
};

class Svr : public RegressorSvm {
public:
    explicit Svr(const EstimatorInfo& info) : RegressorSvm(info, SvmType::EpsilonSvr) {}
};

class NuSvr : public RegressorSvm {
public:
    explicit NuSvr(const EstimatorInfo& info) : RegressorSvm(info, SvmType::NuSvr) {}
};

class OneClassSvm : public detail::BaseLibSvm {
public:
    explicit OneClassSvm(const EstimatorInfo& info) : BaseLibSvm(info, SvmType::OneClass) {}

    Tensor decisionFunction(const Tensor& X) const override {
        std::int64_t cols = 0;
        return column(rawDecision(X, cols));
    }
    Tensor scoreSamples(const Tensor& X) const override {
        std::int64_t cols = 0;
        std::vector<double> dec = rawDecision(X, cols);
        const double offset = fitted("offset_").toVector<double>()[0];
        for (double& v : dec) v += offset;
        return column(dec);
    }
    Array predict(const Tensor& X) const override {
        std::int64_t cols = 0;
        const std::vector<double> dec = rawDecision(X, cols);
        std::vector<std::int64_t> out;
        for (double v : dec) out.push_back(v > 0 ? 1 : -1);
        return Array(Tensor::fromVector<std::int64_t>(out, {static_cast<std::int64_t>(out.size())}));
    }
};

ParamSpec kernelSpec() {
    return {"kernel",
            "rbf",
            {strOptions({"linear", "poly", "rbf", "sigmoid", "precomputed"})},
            "Kernel: 'linear', 'poly', 'rbf' or 'sigmoid' ('precomputed' is refused by name)."};
}
ParamSpec degreeSpec() {
    return {"degree", 3, {intInterval(0, std::nullopt, Closed::Left)}, "Degree of the polynomial kernel."};
}
ParamSpec gammaSpec() {
    return {"gamma",
            "scale",
            {strOptions({"scale", "auto"}), realInterval(0.0, ParamValue(), Closed::Left)},
            "Kernel coefficient: 'scale' (1 / (n_features · X.var())), 'auto' (1 / n_features) or a number."};
}
ParamSpec coef0Spec() {
    return {"coef0",
            0.0,
            {realInterval(ParamValue(), ParamValue(), Closed::Neither)},
            "Independent term of the poly and sigmoid kernels."};
}
ParamSpec tolSpec() {
    return {"tol", 1e-3, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Tolerance of the stopping criterion."};
}
ParamSpec cSpec() {
    return {"C", 1.0, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Regularization parameter (inverse)."};
}
ParamSpec nuSpec() {
    return {"nu",
            0.5,
            {realInterval(0.0, 1.0, Closed::Right)},
            "Upper bound on the fraction of margin errors, lower bound on the fraction of support vectors."};
}
ParamSpec shrinkingSpec() { return {"shrinking", true, {booleanC()}, "Use libsvm's shrinking heuristic."}; }
ParamSpec probabilitySpec() {
    return {"probability", false, {booleanC()}, "Fit Platt scaling by libsvm's internal 5-fold cross-validation."};
}
ParamSpec cacheSpec() {
    return {"cache_size", 200, {realInterval(0, ParamValue(), Closed::Neither)}, "Kernel cache size in MB."};
}
ParamSpec classWeightSpec() {
    return {"class_weight",
            ParamValue(),
            {strOptions({"balanced"}), constraintOf(Constraint::Kind::Dict), noneC()},
            "C of class i is class_weight[i]·C: a dict, 'balanced' or None."};
}
ParamSpec verboseSpec() {
    return {"verbose", false, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."};
}
ParamSpec maxIterSpec() {
    return {"max_iter", -1, {intInterval(-1, std::nullopt, Closed::Left)}, "Iteration limit of the solver (-1: none)."};
}
ParamSpec shapeSpec() {
    return {"decision_function_shape",
            "ovr",
            {strOptions({"ovr", "ovo"})},
            "Multiclass decision_function: 'ovr' ([n, classes]) or libsvm's 'ovo' ([n, k(k-1)/2])."};
}
ParamSpec breakTiesSpec() {
    return {"break_ties", false, {booleanC()}, "With 'ovr' and more than two classes, predict by the decision values."};
}
ParamSpec randomStateSpec() {
    return {"random_state",
            ParamValue(),
            {constraintOf(Constraint::Kind::RandomState)},
            "Seed of the shuffle of the probability estimates' cross-validation."};
}
ParamSpec epsilonSpec() {
    return {"epsilon", 0.1, {realInterval(0.0, ParamValue(), Closed::Left)}, "Half-width of the insensitive zone."};
}

const std::vector<std::string> kClassifierMethods{"fit",           "predict",           "decision_function",
                                                  "predict_proba", "predict_log_proba", "score"};

const RegisterEstimator<Svc> kSvc({
    "SVC",
    "sklearn.svm",
    EstimatorKind::Classifier,
    "C-Support Vector Classification (libsvm's SMO, one-vs-one).",
    {cSpec(), kernelSpec(), degreeSpec(), gammaSpec(), coef0Spec(), shrinkingSpec(), probabilitySpec(), tolSpec(),
     cacheSpec(), classWeightSpec(), verboseSpec(), maxIterSpec(), shapeSpec(), breakTiesSpec(), randomStateSpec()},
    kClassifierMethods,
});

const RegisterEstimator<NuSvc> kNuSvc({
    "NuSVC",
    "sklearn.svm",
    EstimatorKind::Classifier,
    "Nu-Support Vector Classification (libsvm's Solver_NU, one-vs-one).",
    {nuSpec(), kernelSpec(), degreeSpec(), gammaSpec(), coef0Spec(), shrinkingSpec(), probabilitySpec(), tolSpec(),
     cacheSpec(), classWeightSpec(), verboseSpec(), maxIterSpec(), shapeSpec(), breakTiesSpec(), randomStateSpec()},
    kClassifierMethods,
});

const RegisterEstimator<Svr> kSvr({
    "SVR",
    "sklearn.svm",
    EstimatorKind::Regressor,
    "Epsilon-Support Vector Regression (libsvm's SMO).",
    {kernelSpec(), degreeSpec(), gammaSpec(), coef0Spec(), tolSpec(), cSpec(), epsilonSpec(), shrinkingSpec(),
     cacheSpec(), verboseSpec(), maxIterSpec()},
    {"fit", "predict", "score"},
});

const RegisterEstimator<NuSvr> kNuSvr({
    "NuSVR",
    "sklearn.svm",
    EstimatorKind::Regressor,
    "Nu-Support Vector Regression (libsvm's Solver_NU).",
    {nuSpec(), cSpec(), kernelSpec(), degreeSpec(), gammaSpec(), coef0Spec(), shrinkingSpec(), tolSpec(), cacheSpec(),
     verboseSpec(), maxIterSpec()},
    {"fit", "predict", "score"},
});

const RegisterEstimator<OneClassSvm> kOneClassSvm({
    "OneClassSVM",
    "sklearn.svm",
    EstimatorKind::OutlierDetector,
    "Unsupervised outlier detection (libsvm's one-class SVM).",
    {kernelSpec(), degreeSpec(), gammaSpec(), coef0Spec(), tolSpec(), nuSpec(), shrinkingSpec(), cacheSpec(),
     verboseSpec(), maxIterSpec()},
    {"fit", "predict", "decision_function", "score_samples", "fit_predict"},
});

}  // namespace
}  // namespace tessera::ml
