// SGDClassifier, SGDRegressor and Perceptron (sklearn/linear_model/_stochastic_gradient.py and
// _perceptron.py, 1.2.1): the keywords, checks, seeds and bookkeeping around plainSgd (sgd_fast.h),
// drawn from RandomState in sklearn's order, so that the same random_state gives sklearn's shuffles:
// binary — make_dataset's randint(1, MAX_INT), then the epoch seed randint(MAX_INT) from
// RandomState(random_state); OvR — one seed per class from RandomState(random_state), each seeding its
// own RandomState for those two draws; regression — the epoch seed first.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <cmath>
#include <limits>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/n_jobs.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/linear_model/linear_support.h"
#include "core/ml/linear_model/sgd_fast.h"
#include "core/ml/model_selection/split.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

constexpr std::int64_t kMaxInt = 2147483647;  // np.iinfo(np.int32).max

std::optional<std::int64_t> seedOf(const ParamValue& v) {
    if (v.isNone()) return std::nullopt;
    return v.asInt();
}

// Weighted accuracy (classifiers, labels ±1) or R² (regressors) of the raw weights on the validation rows.
double validationScore(const double* X, std::int64_t p, const double* y, const double* sw,
                       const std::vector<std::int64_t>& rows, const std::vector<double>& w, double b, bool classifier) {
    double num = 0, den = 0, wsum = 0, ymean = 0;
    std::vector<double> pred(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double* x = X + rows[k] * p;
        double s = b;
        for (std::int64_t j = 0; j < p; ++j) s += x[j] * w[j];
        pred[k] = s;
    }
    for (std::size_t k = 0; k < rows.size(); ++k) {
        wsum += sw[rows[k]];
        ymean += sw[rows[k]] * y[rows[k]];
    }
    if (classifier) {
        for (std::size_t k = 0; k < rows.size(); ++k)
            num += sw[rows[k]] * (((pred[k] > 0) ? 1.0 : -1.0) == y[rows[k]] ? 1.0 : 0.0);
        return num / wsum;
    }
    ymean /= wsum;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double r = y[rows[k]] - pred[k], d = y[rows[k]] - ymean;
        num += sw[rows[k]] * r * r;
        den += sw[rows[k]] * d * d;
    }
    if (den == 0) return num == 0 ? 1.0 : 0.0;
    return 1 - num / den;
}

// What SGDClassifier, Perceptron and SGDRegressor share, over LinearClassifier or LinearRegressor.
template <class Base>
class BaseSgd : public Base {
public:
    using Base::Base;

protected:
    using Base::className;
    using Base::fitted;
    using Base::hasAttribute;
    using Base::param;
    using Base::paramBool;
    using Base::paramDouble;
    using Base::paramInt;
    using Base::paramString;

    virtual std::string lossName() const { return paramString("loss"); }
    virtual std::string learningRateName() const { return paramString("learning_rate"); }
    virtual double eta0() const { return paramDouble("eta0"); }
    virtual double powerT() const { return paramDouble("power_t"); }
    virtual double epsilon() const { return paramDouble("epsilon"); }
    virtual std::int64_t average() const { return static_cast<std::int64_t>(paramDouble("average")); }
    virtual bool isClassifierKind() const = 0;

    // coef_ and intercept_ of the previous fit when warm_start is set (empty otherwise).
    std::pair<std::vector<double>, std::vector<double>> warmStart() const {
        if (!paramBool("warm_start") || !hasAttribute("coef_")) return {};
        return {fitted("coef_").template toVector<double>(), fitted("intercept_").template toVector<double>()};
    }

    // _more_validate_params.
    void moreValidate() const {
        const std::string lr = learningRateName();
        if ((lr == "constant" || lr == "invscaling" || lr == "adaptive") && eta0() <= 0.0)
            throw ValueError("eta0 must be > 0");
        if (lr == "optimal" && paramDouble("alpha") == 0)
            throw ValueError(
                "alpha must be > 0 since learning_rate is 'optimal'. alpha is used to compute the optimal learning "
                "rate.");
        if (lr == "pa1" || lr == "pa2")
            throw ValueError(className() + ": learning_rate='" + lr +
                             "' (passive-aggressive) is not available in Tessera");
    }

    detail::SgdLoss lossFunction() const {
        using K = detail::SgdLoss::Kind;
        const std::string l = lossName();
        if (l == "hinge") return {K::Hinge, 1.0};
        if (l == "perceptron") return {K::Hinge, 0.0};
        if (l == "squared_hinge") return {K::SquaredHinge, 1.0};
        if (l == "log_loss" || l == "log") return {K::Log, 0.0};
        if (l == "modified_huber") return {K::ModifiedHuber, 0.0};
        if (l == "squared_error") return {K::SquaredError, 0.0};
        if (l == "huber") return {K::Huber, epsilon()};
        if (l == "epsilon_insensitive") return {K::EpsilonInsensitive, epsilon()};
        return {K::SquaredEpsilonInsensitive, epsilon()};
    }

    detail::SgdSettings settings() const {
        detail::SgdSettings s;
        s.loss = lossFunction();
        const ParamValue& pen = param("penalty");
        const std::string penalty = pen.isNone() ? "none" : pen.asString();
        s.penalty = penalty == "l1"           ? detail::SgdPenalty::L1
                    : penalty == "l2"         ? detail::SgdPenalty::L2
                    : penalty == "elasticnet" ? detail::SgdPenalty::ElasticNet
                                              : detail::SgdPenalty::None;
        s.alpha = paramDouble("alpha");
        s.l1Ratio = paramDouble("l1_ratio");
        s.maxIter = paramInt("max_iter");
        s.nIterNoChange = paramInt("n_iter_no_change");
        s.tol = param("tol").isNone() ? -std::numeric_limits<double>::infinity() : paramDouble("tol");
        s.fitIntercept = paramBool("fit_intercept");
        s.shuffle = paramBool("shuffle");
        s.earlyStopping = paramBool("early_stopping");
        const std::string lr = learningRateName();
        s.learningRate = lr == "constant"     ? detail::SgdLearningRate::Constant
                         : lr == "optimal"    ? detail::SgdLearningRate::Optimal
                         : lr == "invscaling" ? detail::SgdLearningRate::InvScaling
                                              : detail::SgdLearningRate::Adaptive;
        s.eta0 = eta0();
        s.powerT = powerT();
        s.average = average();
        return s;
    }

    // _make_validation_split: the rows held out for early stopping (StratifiedShuffleSplit on the labels
    // for classifiers, ShuffleSplit for regressors, seeded with random_state), as a mask and a list.
    std::vector<char> validationMask(const Tensor& labels, const std::vector<double>& sw,
                                     std::vector<std::int64_t>& rows) const {
        const std::int64_t n = labels.size(0);
        std::vector<char> mask(static_cast<std::size_t>(n), 0);
        rows.clear();
        if (!paramBool("early_stopping")) return mask;
        const double fraction = paramDouble("validation_fraction");
        const model_selection::TrainTest tt =
            isClassifierKind()
                ? model_selection::StratifiedShuffleSplit(1, fraction, {}, seedOf(param("random_state")))
                      .split(labels)
                      .at(0)
                : model_selection::ShuffleSplit(1, fraction, {}, seedOf(param("random_state"))).split(n).at(0);
        bool anyWeight = false;
        for (auto r : tt.test) anyWeight = anyWeight || sw[r] > 0;
        if (!tt.test.empty() && !anyWeight)
            throw ValueError(
                "The sample weights for validation set are all zero, consider using a different random state.");
        if (tt.train.empty() || tt.test.empty())
            throw ValueError(
                "Splitting " + std::to_string(n) +
                " samples into a train set and a validation set with validation_fraction=" + pythonFloatRepr(fraction) +
                " led to an empty set (" + std::to_string(tt.train.size()) + " and " + std::to_string(tt.test.size()) +
                " samples). Please either change validation_fraction, increase number of samples, or "
                "disable early_stopping.");
        for (auto r : tt.test) mask[r] = 1;
        rows = tt.test;
        return mask;
    }
};

class SgdClassifierBase : public BaseSgd<detail::LinearClassifier> {
public:
    using BaseSgd::BaseSgd;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "epochs", 0);  // summed over the one-vs-rest problems; they stop on tol
        moreValidate();
        const auto [coefInit, interceptInit] = warmStart();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        const EncodedLabels enc = encodeLabels(y, className());
        const std::int64_t n = X.size(0), p = X.size(1), K = classCount(enc.classes);
        const std::vector<double> cw = detail::classWeightFactors(param("class_weight"), enc.classes, enc.codes);
        const std::vector<double> sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const std::int64_t rows = K > 2 ? K : 1;
        std::vector<double> coef(static_cast<std::size_t>(rows * p), 0.0),
            intercept(static_cast<std::size_t>(rows), 0.0);
        if (!coefInit.empty()) {
            if (static_cast<std::int64_t>(coefInit.size()) != rows * p)
                throw ValueError(K > 2 ? "Provided ``coef_`` does not match dataset. "
                                       : "Provided coef_init does not match dataset.");
            if (static_cast<std::int64_t>(interceptInit.size()) != rows)
                throw ValueError("Provided intercept_init does not match dataset.");
            coef = coefInit;
            intercept = interceptInit;
        }
        if (K < 2) throw ValueError("The number of classes has to be greater than one; got 1 class");
        const detail::SgdLoss loss = lossFunction();
        detail::SgdSettings s = settings();
        const Tensor codes = Tensor::fromVector<std::int64_t>(enc.codes, {n});
        std::vector<std::int64_t> validationRows;
        std::vector<std::int64_t> nIters(static_cast<std::size_t>(rows));
        std::vector<double> averageCoef(coef.size(), 0.0), averageIntercept(intercept.size(), 0.0);
        // One binary problem: class `pos` against the rest, labels ±1, from its own RandomState.
        auto fitBinary = [&](std::int64_t r, std::int64_t pos, RandomState rs, const std::vector<char>& mask,
                             double weightPos, double weightNeg) {
            std::vector<double> yi(static_cast<std::size_t>(n));
            for (std::int64_t i = 0; i < n; ++i) yi[i] = enc.codes[i] == pos ? 1.0 : -1.0;
            rs.randint(1, kMaxInt);  // make_dataset's seed, which the dense dataset never uses
            const auto seed = static_cast<std::uint32_t>(rs.randint(0, kMaxInt));
            detail::SgdSettings bs = s;
            bs.weightPos = weightPos;
            bs.weightNeg = weightNeg;
            detail::SgdProblem prob{X.data<double>(), n, p, yi.data(), sw.data(), &mask, {}, {}};
            prob.onEpoch = [&report, K](std::int64_t epoch, double loss) {
                report.advance();
                if (K == 2 && !std::isnan(loss)) report.curve("train_loss", epoch, loss);
                report.checkStop();
            };
            prob.validationScore = [&](const std::vector<double>& w, double b) {
                return validationScore(X.data<double>(), p, yi.data(), sw.data(), validationRows, w, b, true);
            };
            const std::vector<double> w0(coef.begin() + r * p, coef.begin() + (r + 1) * p);
            detail::SgdResult res = detail::plainSgd(prob, bs, w0, intercept[r],
                                                     std::vector<double>(static_cast<std::size_t>(p), 0.0), 0.0, seed);
            std::copy(res.weights.begin(), res.weights.end(), coef.begin() + r * p);
            std::copy(res.averageWeights.begin(), res.averageWeights.end(), averageCoef.begin() + r * p);
            intercept[r] = res.intercept;
            averageIntercept[r] = res.averageIntercept;
            nIters[r] = res.nIter;
        };
        const std::optional<std::int64_t> seed = seedOf(param("random_state"));
        if (K == 2) {
            const std::vector<char> mask = validationMask(codes, sw, validationRows);
            fitBinary(0, 1, checkRandomState(seed), mask, cw[1], cw[0]);
        } else {
            const std::vector<char> mask = validationMask(codes, sw, validationRows);
            RandomState rs = checkRandomState(seed);
            const std::vector<std::int64_t> seeds = rs.randint(0, kMaxInt, K);
            tbb::task_arena arena(threadsForJobs(param("n_jobs")));
            arena.execute([&] {
                tbb::parallel_for(std::int64_t{0}, K, [&](std::int64_t c) {
                    fitBinary(c, c, RandomState(static_cast<std::uint32_t>(seeds[c])), mask, cw[c], 1.0);
                });
            });
        }
        std::int64_t nIter = 0;
        for (auto v : nIters) nIter = std::max(nIter, v);
        const double t = 1.0 + static_cast<double>(nIter * n);
        const bool useAverage = s.average > 0 && static_cast<double>(s.average) <= t - 1;
        setAttribute("coef_", Array(Tensor::fromVector<double>(useAverage ? averageCoef : coef, {rows, p})));
        setAttribute("intercept_",
                     Array(Tensor::fromVector<double>(useAverage ? averageIntercept : intercept, {rows})));
        setAttribute("classes_", enc.classes);
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(nIter)));
        if (!param("tol").isNone() && nIter == paramInt("max_iter"))  // BaseSGD*._fit
            warn(WarningCategory::ConvergenceWarning,
                 "Maximum number of iteration reached before convergence. Consider increasing max_iter to "
                 "improve the fit.");
        setAttribute("t_", Array(Tensor::scalar<double>(t)));
        setAttribute("loss_function_", Array(std::vector<std::string>{loss.className()}));
        return *this;
    }

protected:
    bool isClassifierKind() const override { return true; }
};

class SGDClassifier : public SgdClassifierBase {
public:
    using SgdClassifierBase::SgdClassifierBase;

    Tensor predictProba(const Tensor& Xin) const override {
        const std::string l = paramString("loss");
        if (l != "log_loss" && l != "log" && l != "modified_huber")
            throw AttributeError("probability estimates are not available for loss='" + l + "'");
        const Tensor scores = decisionFunction(Xin);
        const std::int64_t n = scores.size(0), K = classCount(attribute("classes_"));
        const double* s = scores.data<double>();
        std::vector<double> out(static_cast<std::size_t>(n * K));
        const bool log = l != "modified_huber";
        for (std::int64_t i = 0; i < n; ++i) {
            double* o = out.data() + i * K;
            if (scores.dim() == 1) {
                const double pr = log ? 1.0 / (1.0 + std::exp(-s[i])) : (std::clamp(s[i], -1.0, 1.0) + 1.0) / 2.0;
                o[0] = 1 - pr;
                o[1] = pr;
                continue;
            }
            double sum = 0;
            for (std::int64_t k = 0; k < K; ++k) {
                const double v = s[i * K + k];
                sum += o[k] = log ? 1.0 / (1.0 + std::exp(-v)) : (std::clamp(v, -1.0, 1.0) + 1.0) / 2.0;
            }
            if (!log && sum == 0) {  // all classes at zero: uniform, as sklearn
                for (std::int64_t k = 0; k < K; ++k) o[k] = 1;
                sum = static_cast<double>(K);
            }
            for (std::int64_t k = 0; k < K; ++k) o[k] /= sum;
        }
        return Tensor::fromVector<double>(out, {n, K});
    }

    Tensor predictLogProba(const Tensor& X) const override { return detail::logOf(predictProba(X)); }
};

// Perceptron: SGDClassifier(loss='perceptron', learning_rate='constant', power_t=0.5, average=False).
class Perceptron : public SgdClassifierBase {
public:
    using SgdClassifierBase::SgdClassifierBase;

protected:
    std::string lossName() const override { return "perceptron"; }
    std::string learningRateName() const override { return "constant"; }
    double powerT() const override { return 0.5; }
    double epsilon() const override { return 0.1; }
    std::int64_t average() const override { return 0; }
};

class SGDRegressor : public BaseSgd<detail::LinearRegressor> {
public:
    using BaseSgd::BaseSgd;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "epochs", 0);  // it stops on tol
        moreValidate();
        const auto [coefInit, interceptInit] = warmStart();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const Tensor Y = detail::singleTarget(y);
        const std::int64_t n = X.size(0), p = X.size(1);
        const std::vector<double> yv = Y.toVector<double>();
        const std::vector<double> sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        std::vector<double> coef(static_cast<std::size_t>(p), 0.0);
        double intercept = 0.0;
        if (!coefInit.empty()) {
            if (static_cast<std::int64_t>(coefInit.size()) != p)
                throw ValueError("Provided coef_init does not match dataset.");
            coef = coefInit;
            intercept = interceptInit.at(0);
        }
        const detail::SgdSettings s = settings();
        std::vector<std::int64_t> validationRows;
        const std::vector<char> mask = validationMask(Y, sw, validationRows);
        RandomState rs = checkRandomState(seedOf(param("random_state")));
        const auto seed = static_cast<std::uint32_t>(rs.randint(0, kMaxInt));
        detail::SgdProblem prob{X.data<double>(), n, p, yv.data(), sw.data(), &mask, {}, {}};
        prob.onEpoch = [&report](std::int64_t epoch, double loss) {
            report.advance();
            if (!std::isnan(loss)) report.curve("train_loss", epoch, loss);
            report.checkStop();
        };
        prob.validationScore = [&](const std::vector<double>& w, double b) {
            return validationScore(X.data<double>(), p, yv.data(), sw.data(), validationRows, w, b, false);
        };
        const detail::SgdResult r = detail::plainSgd(prob, s, coef, intercept,
                                                     std::vector<double>(static_cast<std::size_t>(p), 0.0), 0.0, seed);
        const double t = 1.0 + static_cast<double>(r.nIter * n);
        const bool useAverage = s.average > 0 && static_cast<double>(s.average) <= t - 1;
        setAttribute("coef_", Array(Tensor::fromVector<double>(useAverage ? r.averageWeights : r.weights, {p})));
        setAttribute("intercept_",
                     Array(Tensor::fromVector<double>({useAverage ? r.averageIntercept : r.intercept}, {1})));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(r.nIter)));
        if (!param("tol").isNone() && r.nIter == paramInt("max_iter"))  // BaseSGD*._fit
            warn(WarningCategory::ConvergenceWarning,
                 "Maximum number of iteration reached before convergence. Consider increasing max_iter to "
                 "improve the fit.");
        setAttribute("t_", Array(Tensor::scalar<double>(t)));
        return *this;
    }

protected:
    bool isClassifierKind() const override { return false; }
};

// BaseSGD's keywords (the regressor's and the classifier's share these).
std::vector<ParamSpec> sgdCommonParams(ParamSpec loss, const std::string& defaultLr, double defaultEta0) {
    return {
        std::move(loss),
        {"penalty",
         "l2",
         {strOptions({"l2", "l1", "elasticnet"}), noneC()},
         "Regularization: 'l2', 'l1', 'elasticnet' or None."},
        {"alpha", 1e-4, {realInterval(0, ParamValue(), Closed::Left)}, "Constant that multiplies the penalty."},
        {"l1_ratio", 0.15, {realInterval(0, 1, Closed::Both)}, "Elastic-net mixing (0: l2, 1: l1)."},
        {"fit_intercept", true, {booleanC()}, "Fit an intercept."},
        {"max_iter", 1000, {intInterval(1, std::nullopt, Closed::Left)}, "Maximum number of epochs."},
        {"tol",
         1e-3,
         {realInterval(0, ParamValue(), Closed::Left), noneC()},
         "Stop when the epoch loss does not improve by tol for n_iter_no_change epochs (None: never)."},
        {"shuffle", true, {booleanC()}, "Shuffle the rows every epoch (sklearn's order for a given random_state)."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"epsilon",
         0.1,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Width of the huber / epsilon-insensitive zones."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the shuffles."},
        {"learning_rate",
         defaultLr,
         {strOptions({"constant", "optimal", "invscaling", "adaptive"}), hidden(strOptions({"pa1", "pa2"}))},
         "Step schedule: 'optimal', 'constant', 'invscaling' or 'adaptive'."},
        {"eta0",
         defaultEta0,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Initial learning rate (constant, invscaling, adaptive)."},
        {"power_t",
         defaultLr == "invscaling" ? 0.25 : 0.5,
         {realInterval(ParamValue(), ParamValue(), Closed::Neither)},
         "Exponent of the inverse scaling learning rate."},
        {"early_stopping", false, {booleanC()}, "Stop on a held-out validation score."},
        {"validation_fraction",
         0.1,
         {realInterval(0, 1, Closed::Neither)},
         "Share of the rows held out for early stopping."},
        {"n_iter_no_change",
         5,
         {intInterval(1, std::nullopt, Closed::Left)},
         "Epochs without improvement before stopping."},
        {"warm_start", false, {booleanC()}, "Start from the previous fit's coef_ and intercept_."},
        {"average",
         false,
         {intInterval(0, std::nullopt, Closed::Left), constraintOf(Constraint::Kind::Boolean)},
         "Average the weights (from this many samples on when an int)."},
    };
}

std::vector<ParamSpec> sgdClassifierParams() {
    std::vector<ParamSpec> p = sgdCommonParams(
        {"loss",
         "hinge",
         {strOptions({"hinge", "log_loss", "log", "modified_huber", "squared_hinge", "perceptron", "squared_error",
                      "huber", "epsilon_insensitive", "squared_epsilon_insensitive"})},
         "Loss: 'hinge', 'log_loss', 'modified_huber', 'squared_hinge', 'perceptron' or a regression loss."},
        "optimal", 0.0);
    p.push_back({"n_jobs",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::Integral), noneC()},
                 "Threads for the OvR fits; results never depend on it."});
    p.push_back({"class_weight",
                 ParamValue(),
                 {strOptions({"balanced"}), constraintOf(Constraint::Kind::Dict), noneC()},
                 "Weights of the classes: a dict, 'balanced' or None."});
    return p;
}

std::vector<ParamSpec> sgdRegressorParams() {
    return sgdCommonParams(
        {"loss",
         "squared_error",
         {strOptions({"squared_error", "huber", "epsilon_insensitive", "squared_epsilon_insensitive"})},
         "Loss: 'squared_error', 'huber', 'epsilon_insensitive' or 'squared_epsilon_insensitive'."},
        "invscaling", 0.01);
}

std::vector<ParamSpec> perceptronParams() {
    std::vector<ParamSpec> out;
    for (ParamSpec& s : sgdClassifierParams()) {
        const std::string& k = s.keyword;
        if (k == "loss" || k == "average" || k == "learning_rate" || k == "power_t" || k == "epsilon") continue;
        if (k == "penalty") s.defaultValue = ParamValue();
        if (k == "eta0") s.defaultValue = 1.0;
        if (k == "random_state") s.defaultValue = 0;
        out.push_back(std::move(s));
    }
    return out;
}

const RegisterEstimator<SGDClassifier> kSgdClassifier({
    "SGDClassifier",
    "sklearn.linear_model",
    EstimatorKind::Classifier,
    "Linear classifiers (SVM, logistic regression, etc.) with SGD training.",
    sgdClassifierParams(),
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "score"},
});

const RegisterEstimator<SGDRegressor> kSgdRegressor({
    "SGDRegressor",
    "sklearn.linear_model",
    EstimatorKind::Regressor,
    "Linear model fitted by minimizing a regularized empirical loss with SGD.",
    sgdRegressorParams(),
    {"fit", "predict", "score"},
});

const RegisterEstimator<Perceptron> kPerceptron({
    "Perceptron",
    "sklearn.linear_model",
    EstimatorKind::Classifier,
    "Linear perceptron classifier.",
    perceptronParams(),
    {"fit", "predict", "decision_function", "score"},
});

}  // namespace
}  // namespace tessera::ml
