// AdaBoostClassifier and AdaBoostRegressor (sklearn/ensemble/_weight_boosting.py, 1.2.1), step for step:
// the weights normalised by NumPy's pairwise sum and clipped to eps before every boost, each member a
// clone of `estimator` seeded from the ensemble's RandomState (_set_random_states) and fitted on the
// weighted rows (the classifier, SAMME.R or SAMME) or on rows drawn by RandomState.choice with the
// weights as probabilities (the regressor, AdaBoost.R2), the boost's error and weight, and sklearn's
// early stops. Predictions follow sklearn's sums in member order: SAMME.R's log-probability votes,
// SAMME's weighted class votes, the regressor's weighted median (NumPy's argsort of the members'
// predictions). Fitted members are "estimators_.I." (base/held_state.h).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ml/base/errors.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/numpy_sort.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/ensemble/members.h"
#include "core/ml/ensemble/staged.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/tree.h"

namespace tessera::ml {
namespace {

using tree::numpySum;

// The outcome of one boost: no value when boosting stops without keeping the boost's weights.
struct Boost {
    double weight = 0.0, error = 0.0;
};

class BaseWeightBoosting : public Estimator, public ensemble::StagedEstimator {
public:
    using Estimator::Estimator;

    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> children() const override {
        if (param("estimator").isEstimator()) return {{"estimator", param("estimator").asEstimator()}};
        return {};
    }

    std::vector<HeldEstimators> heldEstimators() const override {
        HeldEstimators held{"estimators_", HeldEstimators::Form::List, {}};
        for (const auto& m : m_members) held.items.emplace_back("", m);
        return {held};
    }

protected:
    virtual std::shared_ptr<Estimator> defaultEstimator() const = 0;
    // One boost (_boost): appends the member it fits to m_members, updates `w` in place.
    virtual std::optional<Boost> boost(std::int64_t iboost, const Tensor& X, std::vector<double>& w,
                                       RandomState& rng) = 0;

    // _validate_estimator: `estimator`, the deprecated `base_estimator`, or the default.
    std::shared_ptr<Estimator> baseEstimator() const {
        const ParamValue& est = param("estimator");
        const ParamValue& old = param("base_estimator");
        const bool oldSet = !old.isNone() && !(old.isString() && old.asString() == "deprecated");
        if (est.isEstimator() && oldSet)
            throw ValueError("Both `estimator` and `base_estimator` were set. Only set `estimator`.");
        if (est.isEstimator()) return est.asEstimator();
        if (oldSet) return old.asEstimator();
        return defaultEstimator();
    }

    // A new member (_make_estimator): a clone of the base, its random_state keywords drawn from rng.
    std::shared_ptr<Estimator> makeMember(RandomState& rng) {
        auto est = baseEstimator()->clone();
        ensemble::setRandomStates(*est, rng);
        m_members.push_back(est);
        return est;
    }

    // BaseWeightBoosting.fit once X and y are checked.
    void fitBoosting(const Tensor& X, const Tensor& sampleWeight, FitReporter& report) {
        const std::int64_t n = X.size(0);
        std::vector<double> w = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        for (const double v : w)
            if (v < 0) throw ValueError("Negative values in data passed to `sample_weight`");
        const double total = numpySum(w.data(), n);
        for (double& v : w) v /= total;
        checkBase();

        const std::int64_t nEstimators = paramInt("n_estimators");
        std::vector<double> weights(static_cast<std::size_t>(nEstimators), 0.0);
        std::vector<double> errors(static_cast<std::size_t>(nEstimators), 1.0);
        const ParamValue& rs = param("random_state");
        RandomState rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<std::int64_t>(rs.asInt()));
        std::vector<bool> zero(w.size());
        for (std::size_t i = 0; i < w.size(); ++i) zero[i] = w[i] == 0.0;
        for (std::int64_t iboost = 0; iboost < nEstimators; ++iboost) {
            // Weights below eps are raised to it (sklearn issue #20320), those zero from the start stay zero.
            for (std::size_t i = 0; i < w.size(); ++i) w[i] = zero[i] ? 0.0 : std::max(w[i], DBL_EPSILON);
            report.checkStop();
            const std::optional<Boost> b = boost(iboost, X, w, rng);
            report.advance();
            if (!b) break;
            weights[iboost] = b->weight;
            errors[iboost] = b->error;
            if (b->error == 0) break;
            const double sum = numpySum(w.data(), n);
            if (!std::isfinite(sum)) break;  // sklearn warns "Sample weights have reached infinite values"
            if (sum <= 0) break;
            if (iboost < nEstimators - 1)
                for (double& v : w) v /= sum;
        }
        setAttribute("estimator_weights_", Array(Tensor::fromVector<double>(weights, {nEstimators})));
        setAttribute("estimator_errors_", Array(Tensor::fromVector<double>(errors, {nEstimators})));
        recordMembers();
    }

    // The checks of _validate_estimator beyond choosing the base.
    virtual void checkBase() const {}

    std::vector<double> estimatorWeights() const { return fitted("estimator_weights_").toVector<double>(); }

    Tensor validated(const Tensor& X) const {
        checkFitted();
        return validateX(X);
    }

    void attributesRestored() override {
        const std::shared_ptr<Estimator> base = baseEstimator();
        std::size_t count = 0;
        for (const auto& [name, value] : attributes())
            while (name.rfind("estimators_." + std::to_string(count) + ".", 0) == 0) ++count;
        m_members.clear();
        for (std::size_t i = 0; i < count; ++i) {
            auto est = base->clone();
            restoreHeldAttributes(*est, attributes(), "estimators_." + std::to_string(i));
            m_members.push_back(std::move(est));
        }
    }

    std::vector<std::shared_ptr<Estimator>> m_members;

private:
    void recordMembers() {
        for (std::size_t i = 0; i < m_members.size(); ++i)
            for (auto& [name, value] : heldAttributes(*m_members[i], "estimators_." + std::to_string(i)))
                setAttribute(name, std::move(value));
        // feature_importances_: the members' importances weighted by estimator_weights_, when every
        // member has them (sklearn raises AttributeError otherwise).
        const std::int64_t p = fitted("n_features_in_").item<std::int64_t>();
        for (const auto& m : m_members)
            if (!m->hasAttribute("feature_importances_")) return;
        const std::vector<double> ew = estimatorWeights();
        const double norm = numpySum(ew.data(), static_cast<std::int64_t>(ew.size()));
        std::vector<double> sum(static_cast<std::size_t>(p), 0.0);
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            const std::vector<double> fi = m_members[m]->attribute("feature_importances_").tensor().toVector<double>();
            for (std::int64_t j = 0; j < p; ++j) sum[j] = m == 0 ? ew[m] * fi[j] : sum[j] + ew[m] * fi[j];
        }
        for (double& v : sum) v /= norm;
        setAttribute("feature_importances_", Array(Tensor::fromVector<double>(sum, {p})));
    }
};

// Each row's index into `classes` of the labels `pred` (a member's predictions).
std::vector<std::int64_t> codesIn(const Array& classes, const Array& pred) {
    std::vector<std::int64_t> out;
    if (classes.isStrings()) {
        std::map<std::string, std::int64_t> at;
        for (std::size_t k = 0; k < classes.strings().size(); ++k)
            at[classes.strings()[k]] = static_cast<std::int64_t>(k);
        for (const auto& s : pred.strings("predict")) {
            const auto it = at.find(s);
            out.push_back(it == at.end() ? -1 : it->second);
        }
        return out;
    }
    std::map<double, std::int64_t> at;
    const std::vector<double> c = toFloat64(classes, "classes_").toVector<double>();
    for (std::size_t k = 0; k < c.size(); ++k) at[c[k]] = static_cast<std::int64_t>(k);
    for (const double v : toFloat64(pred, "predict").toVector<double>()) {
        const auto it = at.find(v);
        out.push_back(it == at.end() ? -1 : it->second);
    }
    return out;
}

std::vector<std::int64_t> rowArgmax(const std::vector<double>& v, std::int64_t rows, std::int64_t k) {
    std::vector<std::int64_t> out(static_cast<std::size_t>(rows));
    for (std::int64_t i = 0; i < rows; ++i)
        out[i] = std::max_element(v.begin() + i * k, v.begin() + (i + 1) * k) - (v.begin() + i * k);
    return out;
}

class AdaBoostClassifier : public BaseWeightBoosting {
public:
    using BaseWeightBoosting::BaseWeightBoosting;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "iterations", paramInt("n_estimators"));
        const Tensor X = validateFitX(Xin);
        checkY(X, y, /*numeric=*/false);
        const EncodedLabels e = encodeLabels(y, className());
        clearAttributes();
        m_members.clear();
        setAttribute("n_features_in_", Array(Tensor::scalar<std::int64_t>(X.size(1))));
        m_y = y;
        m_codes = e.codes;
        fitBoosting(X, sampleWeight, report);
        m_y = Array();
        m_codes.clear();
        return *this;
    }

    Array predict(const Tensor& Xin) const override {
        const Tensor X = validated(Xin);
        return labelsOf(decisionOf(X, m_members.size(), allWeightsNorm()));
    }

    Tensor decisionFunction(const Tensor& Xin) const override {
        const Tensor X = validated(Xin);
        return asDecision(decisionOf(X, m_members.size(), allWeightsNorm()), X.size(0));
    }

    Tensor predictProba(const Tensor& Xin) const override {
        const Tensor X = validated(Xin);
        const std::int64_t k = nClasses();
        if (k == 1) return Tensor::fromVector<double>(std::vector<double>(X.size(0), 1.0), {X.size(0), 1});
        return probaOf(decisionOf(X, m_members.size(), allWeightsNorm()), X.size(0));
    }

    Tensor predictLogProba(const Tensor& X) const override {
        std::vector<double> v = predictProba(X).toVector<double>();
        for (double& x : v) x = std::log(x);
        return Tensor::fromVector<double>(v, {X.size(0), nClasses()});
    }

    std::vector<Array> staged(const Tensor& Xin, ensemble::StagedOutput what) const override {
        const Tensor X = validated(Xin);
        const std::int64_t rows = X.size(0), k = nClasses();
        const std::vector<double> ew = estimatorWeights();
        std::vector<Array> out;
        std::vector<double> pred(static_cast<std::size_t>(rows * k), 0.0);
        double norm = 0.0;
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            norm += ew[m];
            addVote(m, X, ew[m], m == 0, pred);
            std::vector<double> scaled = pred;
            if (k == 2)
                for (std::int64_t i = 0; i < rows; ++i) scaled[i * 2] *= -1;
            for (double& v : scaled) v /= norm;
            const Decision d{std::move(scaled), k};
            if (what == ensemble::StagedOutput::Predict) {
                out.push_back(labelsOf(d));
            } else if (what == ensemble::StagedOutput::DecisionFunction) {
                out.emplace_back(asDecision(d, rows));
            } else {
                out.emplace_back(probaOf(d, rows));
            }
        }
        return out;
    }

private:
    // The summed votes divided by their norm, [rows, K]; for two classes, column 0 negated.
    struct Decision {
        std::vector<double> values;
        std::int64_t k;
    };

    std::int64_t nClasses() const { return fitted("n_classes_").item<std::int64_t>(); }
    bool real() const { return paramString("algorithm") == "SAMME.R"; }

    std::shared_ptr<Estimator> defaultEstimator() const override {
        return EstimatorRegistry::instance().create("DecisionTreeClassifier", {{"max_depth", 1}});
    }

    void checkBase() const override {
        const std::shared_ptr<Estimator> base = baseEstimator();
        if (real() && !base->info().hasMethod("predict_proba"))
            throw TypeError(
                "AdaBoostClassifier with algorithm='SAMME.R' requires that the weak learner supports the "
                "calculation of class probabilities with a predict_proba method.\nPlease change the base "
                "estimator or set algorithm='SAMME' instead.");
        if (!ensemble::fitTakesSampleWeight(*base))
            throw ValueError(base->className() + " doesn't support sample_weight.");
    }

    // _samme_proba: (K - 1) (log p - mean_k log p) of a member's probabilities clipped to eps.
    std::vector<double> sammeProba(std::size_t m, const Tensor& X) const {
        const std::int64_t rows = X.size(0), k = nClasses();
        std::vector<double> lp = m_members[m]->predictProba(X).toVector<double>();
        for (double& v : lp) v = std::log(std::max(v, DBL_EPSILON));
        for (std::int64_t i = 0; i < rows; ++i) {
            double* row = lp.data() + i * k;
            const double mean = (1.0 / static_cast<double>(k)) * numpySum(row, k);
            for (std::int64_t c = 0; c < k; ++c) row[c] = static_cast<double>(k - 1) * (row[c] - mean);
        }
        return lp;
    }

    // Member m's vote added to `pred` (or written, for the first): SAMME.R's _samme_proba, SAMME's
    // one-hot prediction times the member's weight.
    void addVote(std::size_t m, const Tensor& X, double weight, bool first, std::vector<double>& pred) const {
        const std::int64_t rows = X.size(0), k = nClasses();
        if (real()) {
            const std::vector<double> v = sammeProba(m, X);
            for (std::size_t i = 0; i < pred.size(); ++i) pred[i] = first ? v[i] : pred[i] + v[i];
            return;
        }
        const std::vector<std::int64_t> codes = codesIn(attribute("classes_"), m_members[m]->predict(X));
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t c = 0; c < k; ++c) {
                const double v = (codes[i] == c ? 1.0 : 0.0) * weight;
                double& a = pred[i * k + c];
                a = first ? v : a + v;
            }
    }

    double allWeightsNorm() const {
        const std::vector<double> ew = estimatorWeights();
        return numpySum(ew.data(), static_cast<std::int64_t>(ew.size()));
    }

    // decision_function's sum over the first `count` members, divided by `norm`.
    Decision decisionOf(const Tensor& X, std::size_t count, double norm) const {
        const std::int64_t rows = X.size(0), k = nClasses();
        const std::vector<double> ew = estimatorWeights();
        std::vector<double> pred(static_cast<std::size_t>(rows * k), 0.0);
        for (std::size_t m = 0; m < count; ++m) addVote(m, X, ew[m], m == 0, pred);
        for (double& v : pred) v /= norm;
        if (k == 2)
            for (std::int64_t i = 0; i < rows; ++i) pred[i * 2] *= -1;
        return {std::move(pred), k};
    }

    // Two classes: the row sums (-p0 + p1); otherwise the [rows, K] votes.
    static Tensor asDecision(const Decision& d, std::int64_t rows) {
        if (d.k != 2) return Tensor::fromVector<double>(d.values, {rows, d.k});
        std::vector<double> out(static_cast<std::size_t>(rows));
        for (std::int64_t i = 0; i < rows; ++i) out[i] = (0.0 + d.values[i * 2]) + d.values[i * 2 + 1];
        return Tensor::fromVector<double>(out, {rows});
    }

    Array labelsOf(const Decision& d) const {
        const auto rows = static_cast<std::int64_t>(d.values.size()) / d.k;
        std::vector<std::int64_t> codes;
        if (d.k == 2) {
            const std::vector<double> s = asDecision(d, rows).toVector<double>();
            for (const double v : s) codes.push_back(v > 0 ? 1 : 0);
        } else {
            codes = rowArgmax(d.values, rows, d.k);
        }
        return decodeLabels(attribute("classes_"), codes);
    }

    // _compute_proba_from_decision: softmax of (-d/2, d/2) for two classes, of d / (K - 1) otherwise.
    static Tensor probaOf(const Decision& d, std::int64_t rows) {
        const std::int64_t k = d.k;
        std::vector<double> z(static_cast<std::size_t>(rows * k));
        if (k == 2) {
            const std::vector<double> s = asDecision(d, rows).toVector<double>();
            for (std::int64_t i = 0; i < rows; ++i) {
                z[i * 2] = -s[i] / 2;
                z[i * 2 + 1] = s[i] / 2;
            }
        } else {
            for (std::size_t i = 0; i < z.size(); ++i) z[i] = d.values[i] / static_cast<double>(k - 1);
        }
        for (std::int64_t i = 0; i < rows; ++i) {
            double* row = z.data() + i * k;
            const double top = *std::max_element(row, row + k);
            for (std::int64_t c = 0; c < k; ++c) row[c] = std::exp(row[c] - top);
            const double sum = numpySum(row, k);
            for (std::int64_t c = 0; c < k; ++c) row[c] /= sum;
        }
        return Tensor::fromVector<double>(z, {rows, k});
    }

    // np.average(incorrect, weights=w): NumPy's sums of incorrect·w and of w.
    static double weightedError(const std::vector<bool>& incorrect, const std::vector<double>& w) {
        std::vector<double> hit(w.size());
        for (std::size_t i = 0; i < w.size(); ++i) hit[i] = (incorrect[i] ? 1.0 : 0.0) * w[i];
        const auto n = static_cast<std::int64_t>(w.size());
        return numpySum(hit.data(), n) / numpySum(w.data(), n);
    }

    std::optional<Boost> boost(std::int64_t iboost, const Tensor& X, std::vector<double>& w,
                               RandomState& rng) override {
        const std::int64_t n = X.size(0);
        const auto member = makeMember(rng);
        member->fit(X, m_y, Tensor::fromVector<double>(w, {n}));
        if (iboost == 0) {
            setAttribute("classes_", member->attribute("classes_"));
            setAttribute("n_classes_", Array(Tensor::scalar<std::int64_t>(classCount(attribute("classes_")))));
        }
        const std::int64_t k = nClasses();
        const bool last = iboost == paramInt("n_estimators") - 1;
        const double lr = paramDouble("learning_rate");
        std::vector<bool> incorrect(static_cast<std::size_t>(n));
        if (real()) {
            std::vector<double> proba = member->predictProba(X).toVector<double>();
            const std::vector<std::int64_t> pred = rowArgmax(proba, n, k);
            for (std::int64_t i = 0; i < n; ++i) incorrect[i] = pred[i] != m_codes[i];
            const double error = weightedError(incorrect, w);
            if (error <= 0) return Boost{1.0, 0.0};
            // y coded as 1 for the true class and -1/(K-1) for the others (Zhu et al.).
            const double other = -1.0 / (static_cast<double>(k) - 1.0);
            const double scale = -1.0 * lr * ((static_cast<double>(k) - 1.0) / static_cast<double>(k));
            std::vector<double> terms(static_cast<std::size_t>(k));
            for (std::int64_t i = 0; i < n; ++i) {
                for (std::int64_t c = 0; c < k; ++c)
                    terms[c] = (c == m_codes[i] ? 1.0 : other) * std::log(std::max(proba[i * k + c], DBL_EPSILON));
                const double ew = scale * numpySum(terms.data(), k);
                if (!last) w[i] *= std::exp(ew * ((w[i] > 0 || ew < 0) ? 1.0 : 0.0));
            }
            return Boost{1.0, error};
        }
        const std::vector<std::int64_t> pred = codesIn(attribute("classes_"), member->predict(X));
        for (std::int64_t i = 0; i < n; ++i) incorrect[i] = pred[i] != m_codes[i];
        const double error = weightedError(incorrect, w);
        if (error <= 0) return Boost{1.0, 0.0};
        if (error >= 1.0 - (1.0 / static_cast<double>(k))) {
            m_members.pop_back();
            if (m_members.empty())
                throw ValueError(
                    "BaseClassifier in AdaBoostClassifier ensemble is worse than random, ensemble can not be fit.");
            return std::nullopt;
        }
        const double ew = lr * (std::log((1.0 - error) / error) + std::log(static_cast<double>(k) - 1.0));
        if (!last)
            for (std::int64_t i = 0; i < n; ++i)
                w[i] = std::exp(std::log(w[i]) + ew * (incorrect[i] ? 1.0 : 0.0) * (w[i] > 0 ? 1.0 : 0.0));
        return Boost{ew, error};
    }

    // y and its class codes while fitting.
    Array m_y;
    std::vector<std::int64_t> m_codes;
};

class AdaBoostRegressor : public BaseWeightBoosting {
public:
    using BaseWeightBoosting::BaseWeightBoosting;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "iterations", paramInt("n_estimators"));
        const Tensor X = validateFitX(Xin);
        checkY(X, y, /*numeric=*/true);
        const Tensor yt = columnOr1d(y).tensor("y");
        if (yt.dim() == 2 && yt.size(1) != 1)
            throw ValueError("y should be a 1d array, got an array of shape " + shapeToString(yt.sizes()) +
                             " instead.");
        clearAttributes();
        m_members.clear();
        setAttribute("n_features_in_", Array(Tensor::scalar<std::int64_t>(X.size(1))));
        m_y = yt.toVector<double>();
        fitBoosting(X, sampleWeight, report);
        m_y.clear();
        return *this;
    }

    Array predict(const Tensor& Xin) const override {
        const Tensor X = validated(Xin);
        return Array(medianPredict(memberPredictions(X, m_members.size()), X.size(0), m_members.size()));
    }

    std::vector<Array> staged(const Tensor& Xin, ensemble::StagedOutput what) const override {
        if (what != ensemble::StagedOutput::Predict)
            noMethod(what == ensemble::StagedOutput::PredictProba ? "staged_predict_proba"
                                                                  : "staged_decision_function");
        const Tensor X = validated(Xin);
        const std::vector<std::vector<double>> all = memberPredictions(X, m_members.size());
        std::vector<Array> out;
        for (std::size_t limit = 1; limit <= m_members.size(); ++limit)
            out.emplace_back(medianPredict(all, X.size(0), limit));
        return out;
    }

private:
    std::shared_ptr<Estimator> defaultEstimator() const override {
        return EstimatorRegistry::instance().create("DecisionTreeRegressor", {{"max_depth", 3}});
    }

    std::vector<std::vector<double>> memberPredictions(const Tensor& X, std::size_t count) const {
        std::vector<std::vector<double>> out;
        for (std::size_t m = 0; m < count; ++m)
            out.push_back(toFloat64(m_members[m]->predict(X), "predict").toVector<double>());
        return out;
    }

    // _get_median_predict: per row, the prediction at which the cumulative estimator weight (in the
    // order of NumPy's argsort of the first `limit` members' predictions) first reaches half its total.
    Tensor medianPredict(const std::vector<std::vector<double>>& all, std::int64_t rows, std::size_t limit) const {
        const std::vector<double> ew = estimatorWeights();
        std::vector<double> out(static_cast<std::size_t>(rows));
        std::vector<double> row(limit), cdf(limit);
        for (std::int64_t i = 0; i < rows; ++i) {
            for (std::size_t m = 0; m < limit; ++m) row[m] = all[m][i];
            const std::vector<std::int64_t> order = numpyArgsort(row);
            double acc = 0.0;
            for (std::size_t j = 0; j < limit; ++j) cdf[j] = acc += ew[order[j]];
            const double half = 0.5 * cdf[limit - 1];
            std::size_t at = 0;
            while (at < limit && !(cdf[at] >= half)) ++at;
            out[i] = row[order[at == limit ? 0 : at]];
        }
        return Tensor::fromVector<double>(out, {rows});
    }

    std::optional<Boost> boost(std::int64_t iboost, const Tensor& X, std::vector<double>& w,
                               RandomState& rng) override {
        const std::int64_t n = X.size(0), p = X.size(1);
        const auto member = makeMember(rng);
        const std::vector<std::int64_t> idx = rng.choice(n, n, /*replace=*/true, w);
        const double* x = X.data<double>();
        std::vector<double> xs, ys;
        xs.reserve(static_cast<std::size_t>(n * p));
        for (const std::int64_t r : idx) {
            xs.insert(xs.end(), x + r * p, x + (r + 1) * p);
            ys.push_back(m_y[r]);
        }
        member->fit(Tensor::fromVector<double>(xs, {n, p}), Array(Tensor::fromVector<double>(ys, {n})));
        const std::vector<double> pred = toFloat64(member->predict(X), "predict").toVector<double>();

        std::vector<std::int64_t> kept;
        for (std::int64_t i = 0; i < n; ++i)
            if (w[i] > 0) kept.push_back(i);
        std::vector<double> err;
        for (const std::int64_t i : kept) err.push_back(std::abs(pred[i] - m_y[i]));
        const double top = *std::max_element(err.begin(), err.end());
        if (top != 0)
            for (double& e : err) e /= top;
        const std::string& loss = paramString("loss");
        if (loss == "square")
            for (double& e : err) e = e * e;
        else if (loss == "exponential")
            for (double& e : err) e = 1.0 - std::exp(-e);
        std::vector<double> terms(err.size());
        for (std::size_t j = 0; j < kept.size(); ++j) terms[j] = w[kept[j]] * err[j];
        const double error = numpySum(terms.data(), static_cast<std::int64_t>(terms.size()));
        if (error <= 0) return Boost{1.0, 0.0};
        if (error >= 0.5) {
            if (m_members.size() > 1) m_members.pop_back();
            return std::nullopt;
        }
        const double beta = error / (1.0 - error);
        const double lr = paramDouble("learning_rate");
        const double ew = lr * std::log(1.0 / beta);
        if (iboost != paramInt("n_estimators") - 1)
            for (std::size_t j = 0; j < kept.size(); ++j) w[kept[j]] *= std::pow(beta, (1.0 - err[j]) * lr);
        return Boost{ew, error};
    }

    std::vector<double> m_y;  // while fitting
};

std::vector<ParamSpec> boostingParams(bool classifier) {
    std::vector<ParamSpec> out{
        {"estimator",
         ParamValue(),
         {hasMethods({"fit", "predict"}), noneC()},
         classifier ? "The weak learner each member is cloned from (None: DecisionTreeClassifier(max_depth=1))."
                    : "The weak learner each member is cloned from (None: DecisionTreeRegressor(max_depth=3))."},
        {"n_estimators", 50, {intInterval(1, std::nullopt, Closed::Left)}, "Most members (fewer on a perfect fit)."},
        {"learning_rate",
         1.0,
         {realInterval(0, ParamValue(), Closed::Neither)},
         "Weight applied to each member's contribution."},
    };
    if (classifier)
        out.push_back({"algorithm",
                       "SAMME.R",
                       {strOptions({"SAMME", "SAMME.R"})},
                       "SAMME.R (members' probabilities) or SAMME (members' discrete predictions)."});
    else
        out.push_back({"loss",
                       "linear",
                       {strOptions({"linear", "square", "exponential"})},
                       "Loss by which each boost reweights the rows."});
    out.push_back({"random_state",
                   ParamValue(),
                   {constraintOf(Constraint::Kind::RandomState)},
                   classifier ? "Seed of the members' random_state."
                              : "Seed of the members' random_state and the "
                                "weighted row draws."});
    out.push_back({"base_estimator",
                   "deprecated",
                   {hasMethods({"fit", "predict"}), strOptions({"deprecated"})},
                   "Deprecated alias of estimator (sklearn 1.2)."});
    return out;
}

const RegisterEstimator<AdaBoostClassifier> kClassifier({
    "AdaBoostClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "An AdaBoost classifier (SAMME.R or SAMME).",
    boostingParams(true),
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "score", "staged_predict",
     "staged_predict_proba", "staged_decision_function", "staged_score"},
});

const RegisterEstimator<AdaBoostRegressor> kRegressor({
    "AdaBoostRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "An AdaBoost regressor (AdaBoost.R2).",
    boostingParams(false),
    {"fit", "predict", "score", "staged_predict", "staged_score"},
});

}  // namespace
}  // namespace tessera::ml
