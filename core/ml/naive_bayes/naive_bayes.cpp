// GaussianNB, MultinomialNB, BernoulliNB and ComplementNB as sklearn 1.2.1's
// (sklearn/naive_bayes.py): the same statistics in the same order, the same joint log likelihoods,
// and predict_log_proba through logsumexp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

// The rows of a (n, c) joint log likelihood as sklearn turns them into log probabilities.
Tensor logProbaFromJll(const std::vector<double>& jll, std::int64_t n, std::int64_t c) {
    std::vector<double> out(jll.size());
    for (std::int64_t i = 0; i < n; ++i) {
        const double* r = &jll[i * c];
        const double mx = *std::max_element(r, r + c);
        double s = 0;
        for (std::int64_t j = 0; j < c; ++j) s += std::exp(r[j] - (std::isfinite(mx) ? mx : 0.0));
        const double lse = std::log(s) + (std::isfinite(mx) ? mx : 0.0);
        for (std::int64_t j = 0; j < c; ++j) out[i * c + j] = r[j] - lse;
    }
    return Tensor::fromVector<double>(out, {n, c});
}

std::vector<double> asDoubles(const ParamValue& v) {
    std::vector<double> out;
    if (v.isSequence())
        for (const auto& item : v.items()) out.push_back(item.asDouble());
    else
        out.push_back(v.asDouble());
    return out;
}

class NaiveBayes : public Estimator {
public:
    using Estimator::Estimator;

    Array predict(const Tensor& X) const override {
        const auto [jll, n, c] = jointLogLikelihood(X);
        std::vector<std::int64_t> best(static_cast<std::size_t>(n), 0);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 1; j < c; ++j)
                if (jll[i * c + j] > jll[i * c + best[i]]) best[i] = j;
        return decodeLabels(attribute("classes_"), best);
    }
    Tensor predictLogProba(const Tensor& X) const override {
        const auto [jll, n, c] = jointLogLikelihood(X);
        return logProbaFromJll(jll, n, c);
    }
    Tensor predictProba(const Tensor& X) const override {
        Tensor p = predictLogProba(X);
        double* d = p.data<double>();
        for (std::int64_t i = 0; i < p.numel(); ++i) d[i] = std::exp(d[i]);
        return p;
    }

protected:
    struct Jll {
        std::vector<double> values;
        std::int64_t rows, classes;
    };
    virtual Jll jointLogLikelihood(const Tensor& X) const = 0;

    struct Labels {
        std::vector<double> Y;            // (n, classes) indicators times sample_weight, as LabelBinarizer's
        std::vector<std::int64_t> codes;  // each row's class
        std::int64_t classes = 0;         // columns of Y (1 for a single class)
    };
    // Sets classes_ and returns the codes and indicator matrix of y.
    Labels fitLabels(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
        checkY(X, y, false);
        EncodedLabels enc = encodeLabels(y, className());
        setAttribute("classes_", enc.classes);
        const std::int64_t n = X.size(0);
        const std::int64_t c = classCount(enc.classes);
        const std::int64_t cols = std::max<std::int64_t>(c, 1);
        const Tensor w = sampleWeightOrOnes(sampleWeight, n);
        std::vector<double> Y(static_cast<std::size_t>(n * cols), 0.0);
        for (std::int64_t i = 0; i < n; ++i) Y[i * cols + (c == 1 ? 0 : enc.codes[i])] = w.data<double>()[i];
        return {std::move(Y), std::move(enc.codes), cols};
    }
};

class GaussianNB : public NaiveBayes {
public:
    using NaiveBayes::NaiveBayes;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        const Labels labels = fitLabels(X, y, sampleWeight);
        const std::int64_t c = labels.classes;
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        // epsilon_ = var_smoothing * max over features of np.var(X, axis=0)
        double maxVar = 0;
        for (std::int64_t j = 0; j < p; ++j) {
            double mean = 0;
            for (std::int64_t i = 0; i < n; ++i) mean += x[i * p + j];
            mean /= static_cast<double>(n);
            double v = 0;
            for (std::int64_t i = 0; i < n; ++i) v += (x[i * p + j] - mean) * (x[i * p + j] - mean);
            maxVar = std::max(maxVar, v / static_cast<double>(n));
        }
        const double epsilon = paramDouble("var_smoothing") * maxVar;
        std::vector<double> theta(static_cast<std::size_t>(c * p), 0.0), var(theta.size(), 0.0), count(c, 0.0);
        const bool weighted = sampleWeight.defined();
        const auto w = weighted ? sampleWeight.toVector<double>() : std::vector<double>();
        for (std::int64_t k = 0; k < c; ++k) {
            std::vector<std::int64_t> rows;
            for (std::int64_t i = 0; i < n; ++i)
                if (labels.codes[i] == k) rows.push_back(i);
            double nk = 0;
            for (auto i : rows) nk += weighted ? w[i] : 1.0;
            if (weighted && std::abs(nk) <= 1e-8) continue;  // np.isclose(n_new, 0): mean and variance stay 0
            for (std::int64_t j = 0; j < p; ++j) {
                double mean = 0;
                for (auto i : rows) mean += (weighted ? w[i] : 1.0) * x[i * p + j];
                mean /= weighted ? nk : static_cast<double>(rows.size());
                double v = 0;
                for (auto i : rows) {
                    const double d = x[i * p + j] - mean;
                    v += (weighted ? w[i] : 1.0) * (d * d);
                }
                v /= weighted ? nk : static_cast<double>(rows.size());
                theta[k * p + j] = mean;
                var[k * p + j] = v;
            }
            count[k] = weighted ? nk : static_cast<double>(rows.size());
        }
        for (double& v : var) v += epsilon;
        std::vector<double> prior(static_cast<std::size_t>(c));
        const ParamValue& priors = param("priors");
        if (!priors.isNone()) {
            prior = asDoubles(priors);
            if (static_cast<std::int64_t>(prior.size()) != c)
                throw ValueError("Number of priors must match number of classes.");
            double s = 0;
            for (double v : prior) s += v;
            if (!(std::abs(s - 1.0) <= 1e-8 + 1e-5)) throw ValueError("The sum of the priors should be 1.");
            if (std::any_of(prior.begin(), prior.end(), [](double v) { return v < 0; }))
                throw ValueError("Priors must be non-negative.");
        } else {
            double total = 0;
            for (double v : count) total += v;
            for (std::int64_t k = 0; k < c; ++k) prior[k] = count[k] / total;
        }
        setAttribute("class_count_", Array(Tensor::fromVector<double>(count, {c})));
        setAttribute("class_prior_", Array(Tensor::fromVector<double>(prior, {c})));
        setAttribute("epsilon_", Array(Tensor::scalar<double>(epsilon)));
        setAttribute("theta_", Array(Tensor::fromVector<double>(theta, {c, p})));
        setAttribute("var_", Array(Tensor::fromVector<double>(var, {c, p})));
        return *this;
    }

protected:
    Jll jointLogLikelihood(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const Tensor& thetaT = fitted("theta_");
        const std::int64_t c = thetaT.size(0);
        const double* theta = thetaT.data<double>();
        const double* var = fitted("var_").data<double>();
        const double* prior = fitted("class_prior_").data<double>();
        std::vector<double> jll(static_cast<std::size_t>(n * c));
        for (std::int64_t k = 0; k < c; ++k) {
            double logNorm = 0;
            for (std::int64_t j = 0; j < p; ++j) logNorm += std::log(2.0 * std::numbers::pi * var[k * p + j]);
            const double base = -0.5 * logNorm;
            for (std::int64_t i = 0; i < n; ++i) {
                double s = 0;
                for (std::int64_t j = 0; j < p; ++j) {
                    const double d = x[i * p + j] - theta[k * p + j];
                    s += (d * d) / var[k * p + j];
                }
                jll[i * c + k] = std::log(prior[k]) + (base - 0.5 * s);
            }
        }
        return {jll, n, c};
    }
};

// The discrete models share sklearn's _BaseDiscreteNB.fit: counts from Y·X, then smoothed logs.
class DiscreteNB : public NaiveBayes {
public:
    using NaiveBayes::NaiveBayes;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        Tensor X = prepare(validateFitX(Xin));
        if (needsNonNegative())
            for (double v : X.toVector<double>())
                if (v < 0) throw ValueError("Negative values in data passed to " + className() + " (input X)");
        const Labels labels = fitLabels(X, y, sampleWeight);
        const std::int64_t c = labels.classes;
        const std::vector<double>& Y = labels.Y;
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        std::vector<double> fc(static_cast<std::size_t>(c * p), 0.0), cc(static_cast<std::size_t>(c), 0.0);
        for (std::int64_t k = 0; k < c; ++k)
            for (std::int64_t i = 0; i < n; ++i) {
                const double yk = Y[i * c + k];
                cc[k] += yk;
                for (std::int64_t j = 0; j < p; ++j) fc[k * p + j] += yk * x[i * p + j];
            }
        setAttribute("class_count_", Array(Tensor::fromVector<double>(cc, {c})));
        setAttribute("feature_count_", Array(Tensor::fromVector<double>(fc, {c, p})));
        const auto alpha = checkAlpha(p);
        updateFeatureLogProb(fc, cc, alpha, c, p);
        updateClassLogPrior(cc, c);
        return *this;
    }

protected:
    // What the model reads of X (BernoulliNB binarizes it).
    virtual Tensor prepare(const Tensor& X) const { return X; }
    // _count's check_non_negative, at fit only (sklearn does not check X in predict).
    virtual bool needsNonNegative() const { return true; }
    virtual void updateFeatureLogProb(const std::vector<double>& fc, const std::vector<double>& cc,
                                      const std::vector<double>& alpha, std::int64_t c, std::int64_t p) = 0;

    // _check_alpha: a scalar or one value per feature, raised to 1e-10 unless force_alpha=True.
    std::vector<double> checkAlpha(std::int64_t p) const {
        const ParamValue& a = param("alpha");
        std::vector<double> alpha = asDoubles(a);
        if (a.isSequence()) {
            if (static_cast<std::int64_t>(alpha.size()) != p)
                throw ValueError("When alpha is an array, it should contains `n_features`. Got " +
                                 std::to_string(alpha.size()) + " elements instead of " + std::to_string(p) + ".");
            if (*std::min_element(alpha.begin(), alpha.end()) < 0)
                throw ValueError("All values in alpha must be greater than 0.");
        }
        const ParamValue& force = param("force_alpha");
        const bool forced = force.isBool() && force.asBool();
        if (!forced)
            for (double& v : alpha) v = std::max(v, 1e-10);
        if (!a.isSequence()) alpha.assign(static_cast<std::size_t>(p), alpha[0]);
        return alpha;
    }

    void updateClassLogPrior(const std::vector<double>& cc, std::int64_t c) {
        std::vector<double> prior(static_cast<std::size_t>(c));
        const ParamValue& given = param("class_prior");
        if (!given.isNone()) {
            const auto v = asDoubles(given);
            if (static_cast<std::int64_t>(v.size()) != c)
                throw ValueError("Number of priors must match number of classes.");
            for (std::int64_t k = 0; k < c; ++k) prior[k] = std::log(v[k]);
        } else if (paramBool("fit_prior")) {
            double total = 0;
            for (double v : cc) total += v;
            for (std::int64_t k = 0; k < c; ++k) prior[k] = std::log(cc[k]) - std::log(total);
        } else {
            for (std::int64_t k = 0; k < c; ++k) prior[k] = -std::log(static_cast<double>(c));
        }
        setAttribute("class_log_prior_", Array(Tensor::fromVector<double>(prior, {c})));
    }

    // X · feature_log_prob_ᵀ (+ class_log_prior_ when `withPrior`).
    Jll linearJll(const Tensor& X, bool withPrior) const {
        const std::int64_t n = X.size(0), p = X.size(1);
        const Tensor& flpT = fitted("feature_log_prob_");
        const std::int64_t c = flpT.size(0);
        const double* flp = flpT.data<double>();
        const double* prior = fitted("class_log_prior_").data<double>();
        const double* x = X.data<double>();
        std::vector<double> jll(static_cast<std::size_t>(n * c));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t k = 0; k < c; ++k) {
                double s = 0;
                for (std::int64_t j = 0; j < p; ++j) s += x[i * p + j] * flp[k * p + j];
                jll[i * c + k] = withPrior ? s + prior[k] : s;
            }
        return {jll, n, c};
    }
};

class MultinomialNB : public DiscreteNB {
public:
    using DiscreteNB::DiscreteNB;

protected:
    void updateFeatureLogProb(const std::vector<double>& fc, const std::vector<double>&,
                              const std::vector<double>& alpha, std::int64_t c, std::int64_t p) override {
        std::vector<double> flp(fc.size());
        for (std::int64_t k = 0; k < c; ++k) {
            double total = 0;
            for (std::int64_t j = 0; j < p; ++j) total += fc[k * p + j] + alpha[j];
            for (std::int64_t j = 0; j < p; ++j) flp[k * p + j] = std::log(fc[k * p + j] + alpha[j]) - std::log(total);
        }
        setAttribute("feature_log_prob_", Array(Tensor::fromVector<double>(flp, {c, p})));
    }
    Jll jointLogLikelihood(const Tensor& Xin) const override {
        const Tensor X = prepare(validateX(Xin));
        return linearJll(X, true);
    }
};

class ComplementNB : public DiscreteNB {
public:
    using DiscreteNB::DiscreteNB;

protected:
    void updateFeatureLogProb(const std::vector<double>& fc, const std::vector<double>&,
                              const std::vector<double>& alpha, std::int64_t c, std::int64_t p) override {
        std::vector<double> all(static_cast<std::size_t>(p), 0.0);
        for (std::int64_t k = 0; k < c; ++k)
            for (std::int64_t j = 0; j < p; ++j) all[j] += fc[k * p + j];
        setAttribute("feature_all_", Array(Tensor::fromVector<double>(all, {p})));
        std::vector<double> flp(fc.size());
        const bool norm = paramBool("norm");
        for (std::int64_t k = 0; k < c; ++k) {
            std::vector<double> comp(static_cast<std::size_t>(p));
            double total = 0;
            for (std::int64_t j = 0; j < p; ++j) {
                comp[j] = all[j] + alpha[j] - fc[k * p + j];
                total += comp[j];
            }
            double summed = 0;
            for (std::int64_t j = 0; j < p; ++j) {
                comp[j] = std::log(comp[j] / total);
                summed += comp[j];
            }
            for (std::int64_t j = 0; j < p; ++j) flp[k * p + j] = norm ? comp[j] / summed : -comp[j];
        }
        setAttribute("feature_log_prob_", Array(Tensor::fromVector<double>(flp, {c, p})));
    }
    Jll jointLogLikelihood(const Tensor& Xin) const override {
        const Tensor X = prepare(validateX(Xin));
        // The class prior matters only with a single class, as in sklearn.
        return linearJll(X, fitted("feature_log_prob_").size(0) == 1);
    }
};

class BernoulliNB : public DiscreteNB {
public:
    using DiscreteNB::DiscreteNB;

protected:
    bool needsNonNegative() const override { return false; }
    Tensor prepare(const Tensor& X) const override {
        const ParamValue& b = param("binarize");
        if (b.isNone()) return X;
        const double threshold = b.asDouble();
        auto v = X.toVector<double>();
        for (double& e : v) e = e > threshold ? 1.0 : 0.0;
        return Tensor::fromVector<double>(v, X.sizes());
    }
    void updateFeatureLogProb(const std::vector<double>& fc, const std::vector<double>& cc,
                              const std::vector<double>& alpha, std::int64_t c, std::int64_t p) override {
        std::vector<double> flp(fc.size());
        for (std::int64_t k = 0; k < c; ++k)
            for (std::int64_t j = 0; j < p; ++j)
                flp[k * p + j] = std::log(fc[k * p + j] + alpha[j]) - std::log(cc[k] + alpha[j] * 2);
        setAttribute("feature_log_prob_", Array(Tensor::fromVector<double>(flp, {c, p})));
    }
    Jll jointLogLikelihood(const Tensor& Xin) const override {
        const Tensor X = prepare(validateX(Xin));
        const std::int64_t n = X.size(0), p = X.size(1);
        const Tensor& flpT = fitted("feature_log_prob_");
        const std::int64_t c = flpT.size(0);
        const double* flp = flpT.data<double>();
        const double* prior = fitted("class_log_prior_").data<double>();
        const double* x = X.data<double>();
        std::vector<double> neg(flpT.numel()), diff(flpT.numel()), negSum(static_cast<std::size_t>(c), 0.0);
        for (std::int64_t k = 0; k < c; ++k)
            for (std::int64_t j = 0; j < p; ++j) {
                neg[k * p + j] = std::log(1 - std::exp(flp[k * p + j]));
                diff[k * p + j] = flp[k * p + j] - neg[k * p + j];
                negSum[k] += neg[k * p + j];
            }
        std::vector<double> jll(static_cast<std::size_t>(n * c));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t k = 0; k < c; ++k) {
                double s = 0;
                for (std::int64_t j = 0; j < p; ++j) s += x[i * p + j] * diff[k * p + j];
                jll[i * c + k] = s + (prior[k] + negSum[k]);
            }
        return {jll, n, c};
    }
};

const ParamSpec kAlpha{"alpha",
                       1.0,
                       {realInterval(0, ParamValue(), Closed::Left), constraintOf(Constraint::Kind::ArrayLike)},
                       "Additive (Laplace/Lidstone) smoothing, one value or one per feature."};
const ParamSpec kClassPrior{"class_prior",
                            ParamValue(),
                            {constraintOf(Constraint::Kind::ArrayLike), noneC()},
                            "Prior probabilities of the classes (None: from the data, or uniform)."};
const ParamSpec kFitPrior{"fit_prior", true, {booleanC()}, "Learn class priors from the data (else uniform)."};
const ParamSpec kForceAlpha{"force_alpha",
                            "warn",
                            {booleanC(), strOptions({"warn"})},
                            "Keep alpha below 1e-10 as given (False and 'warn' raise it to 1e-10)."};

const RegisterEstimator<GaussianNB> kGaussianNB({
    "GaussianNB",
    "sklearn.naive_bayes",
    EstimatorKind::Classifier,
    "Gaussian Naive Bayes.",
    {{"priors",
      ParamValue(),
      {constraintOf(Constraint::Kind::ArrayLike), noneC()},
      "Prior probabilities of the classes."},
     {"var_smoothing",
      1e-9,
      {realInterval(0, ParamValue(), Closed::Left)},
      "Portion of the largest feature variance added to every variance."}},
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

const RegisterEstimator<MultinomialNB> kMultinomialNB({
    "MultinomialNB",
    "sklearn.naive_bayes",
    EstimatorKind::Classifier,
    "Naive Bayes classifier for multinomial models.",
    {kAlpha, kClassPrior, kFitPrior, kForceAlpha},
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

const RegisterEstimator<BernoulliNB> kBernoulliNB({
    "BernoulliNB",
    "sklearn.naive_bayes",
    EstimatorKind::Classifier,
    "Naive Bayes classifier for multivariate Bernoulli models.",
    {kAlpha,
     kClassPrior,
     kFitPrior,
     kForceAlpha,
     {"binarize",
      0.0,
      {noneC(), realInterval(0, ParamValue(), Closed::Left)},
      "Threshold for binarizing features (None: X is binary already)."}},
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

const RegisterEstimator<ComplementNB> kComplementNB({
    "ComplementNB",
    "sklearn.naive_bayes",
    EstimatorKind::Classifier,
    "The Complement Naive Bayes classifier described in Rennie et al. (2003).",
    {kAlpha,
     kClassPrior,
     kFitPrior,
     kForceAlpha,
     {"norm", false, {booleanC()}, "Normalize the weights a second time."}},
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

}  // namespace
}  // namespace tessera::ml
