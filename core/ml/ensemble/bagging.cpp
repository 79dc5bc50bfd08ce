// BaggingClassifier and BaggingRegressor (sklearn/ensemble/_bagging.py, 1.2.1): n_estimators clones of
// `estimator` (a DecisionTree* when None), each seeded as sklearn's _make_estimator seeds it and fitted
// on the features and rows its seed draws (_generate_bagging_indices). A member whose sklearn fit takes
// sample_weight sees every row, weighted by its bootstrap counts (or 0/1 without bootstrap); the others
// are fitted on the drawn rows. Predictions are the members' mean (probabilities, votes when a member
// has no predict_proba, decision functions, regression outputs), summed in member order as sklearn's
// single job sums them. Fitted members are "estimators_.I." (base/held_state.h); their draws are
// estimators_features_.I and estimators_samples_.I, recomputed from the seeds kept in _seeds.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

#include "core/ml/base/errors.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/columns.h"
#include "core/ml/ensemble/members.h"
#include "core/ml/metrics/regression.h"
#include "core/ml/model_selection/check_cv.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

constexpr std::int64_t kMaxInt = 2147483647;  // np.iinfo(np.int32).max

// sklearn.utils.random.sample_without_replacement(method='auto'): a permutation's prefix for ratios in
// (0.01, 0.99), tracking selection below 0.2, reservoir sampling otherwise.
std::vector<std::int64_t> sampleWithoutReplacement(std::int64_t population, std::int64_t count, RandomState& rng) {
    const double ratio = population != 0 ? static_cast<double>(count) / static_cast<double>(population) : 1.0;
    if (ratio > 0.01 && ratio < 0.99) {
        std::vector<std::int64_t> p = rng.permutation(population);
        p.resize(static_cast<std::size_t>(count));
        return p;
    }
    std::vector<std::int64_t> out(static_cast<std::size_t>(count));
    if (ratio < 0.2) {
        std::set<std::int64_t> selected;
        for (auto& v : out) {
            std::int64_t j = rng.randint(0, population);
            while (selected.count(j)) j = rng.randint(0, population);
            selected.insert(j);
            v = j;
        }
        return out;
    }
    for (std::int64_t i = 0; i < count; ++i) out[i] = i;
    for (std::int64_t i = count; i < population; ++i) {
        const std::int64_t j = rng.randint(0, i + 1);
        if (j < count) out[j] = i;
    }
    return out;
}

// X[rows][:, features] of a contiguous Float64 X.
Tensor gather(const Tensor& X, const std::vector<std::int64_t>& rows, const std::vector<std::int64_t>& features) {
    const std::int64_t p = X.size(1);
    const double* x = X.data<double>();
    std::vector<double> out;
    out.reserve(rows.size() * features.size());
    for (const std::int64_t r : rows)
        for (const std::int64_t f : features) out.push_back(x[r * p + f]);
    return Tensor::fromVector<double>(
        out, {static_cast<std::int64_t>(rows.size()), static_cast<std::int64_t>(features.size())});
}

std::vector<std::int64_t> allRows(std::int64_t n) {
    std::vector<std::int64_t> r(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) r[i] = i;
    return r;
}

struct Draw {
    std::vector<std::int64_t> features, samples;
};

class BaseBagging : public Estimator {
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
    virtual bool classifier() const = 0;
    virtual void setOob(const Tensor& X, const Array& y) = 0;

    // BaseBagging._fit after y's encoding (class codes for a classifier).
    void fitBagging(const Tensor& Xin, const Array& y, const Tensor& sampleWeight, FitReporter& report) {
        const Tensor X = validateFitX(Xin, /*allowNaN=*/true);
        const std::int64_t n = X.size(0), p = X.size(1);
        std::optional<Tensor> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, n);
        const std::shared_ptr<Estimator> base = baseEstimator();

        const ParamValue& ms = param("max_samples");
        const std::int64_t maxSamples =
            ms.isInt() ? ms.asInt() : static_cast<std::int64_t>(ms.asDouble() * static_cast<double>(n));
        if (maxSamples > n) throw ValueError("max_samples must be <= n_samples");
        const ParamValue& mf = param("max_features");
        std::int64_t maxFeatures =
            mf.isInt() ? mf.asInt() : static_cast<std::int64_t>(mf.asDouble() * static_cast<double>(p));
        if (maxFeatures > p) throw ValueError("max_features must be <= n_features");
        maxFeatures = std::max<std::int64_t>(1, maxFeatures);
        m_maxSamples = maxSamples;
        m_maxFeatures = maxFeatures;
        if (!paramBool("bootstrap") && paramBool("oob_score"))
            throw ValueError("Out of bag estimation only available if bootstrap=True");
        if (paramBool("warm_start") && paramBool("oob_score"))
            throw ValueError("Out of bag estimate only available if warm_start=False");

        std::vector<std::shared_ptr<Estimator>> kept;
        std::vector<std::int64_t> keptSeeds;
        if (paramBool("warm_start") && !m_members.empty()) {
            kept = m_members;
            keptSeeds = m_seeds;
        }
        const std::int64_t nMore = paramInt("n_estimators") - static_cast<std::int64_t>(kept.size());
        if (nMore < 0)
            throw ValueError("n_estimators=" + std::to_string(paramInt("n_estimators")) +
                             " must be larger or equal to len(estimators_)=" + std::to_string(kept.size()) +
                             " when warm_start==True");
        if (nMore == 0) return;  // sklearn warns and keeps the fitted ensemble
        if (sw && !ensemble::fitTakesSampleWeight(*base))
            throw ValueError("The base estimator doesn't support sample weight");

        const ParamValue& rs = param("random_state");
        RandomState rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<std::int64_t>(rs.asInt()));
        if (!kept.empty()) (void)rng.randint(0, kMaxInt, static_cast<std::int64_t>(kept.size()));
        const std::vector<std::int64_t> seeds = rng.randint(0, kMaxInt, nMore);

        const bool weighted = ensemble::fitTakesSampleWeight(*base);
        report.setTotal(nMore);
        const bool indexFeatures = paramBool("bootstrap_features") || maxFeatures != p;
        for (const std::int64_t seed : seeds) {
            report.checkStop();
            auto est = base->clone();
            seedMember(*est, seed);
            const Draw d = drawOf(seed, n, p);
            if (weighted) {
                std::vector<double> w = sw ? sw->toVector<double>() : std::vector<double>(n, 1.0);
                if (paramBool("bootstrap")) {
                    std::vector<double> counts(n, 0.0);
                    for (const std::int64_t r : d.samples) counts[r] += 1.0;
                    for (std::int64_t i = 0; i < n; ++i) w[i] *= counts[i];
                } else {
                    std::vector<bool> in(n, false);
                    for (const std::int64_t r : d.samples) in[r] = true;
                    for (std::int64_t i = 0; i < n; ++i)
                        if (!in[i]) w[i] = 0.0;
                }
                est->fit(indexFeatures ? selectColumns(X, d.features) : X, y, Tensor::fromVector<double>(w, {n}));
            } else {
                est->fit(gather(X, d.samples, indexFeatures ? d.features : allRows(p)), rowsOf(y, d.samples));
            }
            kept.push_back(std::move(est));
            keptSeeds.push_back(seed);
            report.advance();
        }
        m_members = std::move(kept);
        m_seeds = std::move(keptSeeds);
        recordMembers(n, p);
        if (paramBool("oob_score")) setOob(X, y);
    }

    // The estimator the members are cloned from (_validate_estimator).
    std::shared_ptr<Estimator> baseEstimator() const {
        const ParamValue& est = param("estimator");
        const ParamValue& old = param("base_estimator");
        const bool oldSet = !old.isNone() && !(old.isString() && old.asString() == "deprecated");
        if (est.isEstimator() && oldSet)
            throw ValueError("Both `estimator` and `base_estimator` were set. Only set `estimator`.");
        if (est.isEstimator()) return est.asEstimator();
        if (oldSet) return old.asEstimator();
        return EstimatorRegistry::instance().create(classifier() ? "DecisionTreeClassifier" : "DecisionTreeRegressor");
    }

    // _generate_bagging_indices(seed, …): the features, then the rows, from RandomState(seed).
    Draw drawOf(std::int64_t seed, std::int64_t n, std::int64_t p) const {
        RandomState r(static_cast<std::uint32_t>(seed));
        Draw d;
        d.features = paramBool("bootstrap_features") ? r.randint(0, p, m_maxFeatures)
                                                     : sampleWithoutReplacement(p, m_maxFeatures, r);
        d.samples =
            paramBool("bootstrap") ? r.randint(0, n, m_maxSamples) : sampleWithoutReplacement(n, m_maxSamples, r);
        return d;
    }

    // The in-bag mask of each member (indices_to_mask of its samples).
    std::vector<std::vector<bool>> inBag(std::int64_t n, std::int64_t p) const {
        std::vector<std::vector<bool>> out;
        for (const std::int64_t seed : m_seeds) {
            std::vector<bool> in(n, false);
            for (const std::int64_t r : drawOf(seed, n, p).samples) in[r] = true;
            out.push_back(std::move(in));
        }
        return out;
    }

    Tensor validated(const Tensor& X) const {
        checkFitted();
        return validateX(X, /*allowNaN=*/true);
    }

    Tensor membersX(const Tensor& X, std::size_t m) const { return selectColumns(X, m_features.at(m)); }

    void attributesRestored() override {
        const std::shared_ptr<Estimator> base = baseEstimator();
        const std::int64_t n = fitted("_n_samples").item<std::int64_t>();
        const std::int64_t p = fitted("n_features_in_").item<std::int64_t>();
        m_maxSamples = fitted("_max_samples").item<std::int64_t>();
        m_maxFeatures = fitted("_max_features").item<std::int64_t>();
        m_seeds = fitted("_seeds").toVector<std::int64_t>();
        m_members.clear();
        m_features.clear();
        for (std::size_t i = 0; i < m_seeds.size(); ++i) {
            auto est = base->clone();
            restoreHeldAttributes(*est, attributes(), "estimators_." + std::to_string(i));
            m_members.push_back(std::move(est));
            m_features.push_back(drawOf(m_seeds[i], n, p).features);
        }
    }

    std::vector<std::shared_ptr<Estimator>> m_members;
    std::vector<std::vector<std::int64_t>> m_features;
    std::vector<std::int64_t> m_seeds;
    std::int64_t m_maxSamples = 0, m_maxFeatures = 0;

private:
    // _set_random_states with RandomState(seed).
    static void seedMember(Estimator& est, std::int64_t seed) {
        RandomState r(static_cast<std::uint32_t>(seed));
        ensemble::setRandomStates(est, r);
    }

    static Array rowsOf(const Array& y, const std::vector<std::int64_t>& rows) {
        const Tensor t = y.tensor("y");
        const std::int64_t width = t.dim() == 2 ? t.size(1) : 1;
        if (t.dtype() == DType::Int64) {
            const std::vector<std::int64_t> v = t.toVector<std::int64_t>();
            std::vector<std::int64_t> out;
            for (const std::int64_t r : rows) out.insert(out.end(), v.begin() + r * width, v.begin() + (r + 1) * width);
            return Array(Tensor::fromVector<std::int64_t>(out, {static_cast<std::int64_t>(rows.size())}));
        }
        const std::vector<double> v = t.toVector<double>();
        std::vector<double> out;
        for (const std::int64_t r : rows) out.insert(out.end(), v.begin() + r * width, v.begin() + (r + 1) * width);
        const auto k = static_cast<std::int64_t>(rows.size());
        return Array(t.dim() == 2 ? Tensor::fromVector<double>(out, {k, width}) : Tensor::fromVector<double>(out, {k}));
    }

    void recordMembers(std::int64_t n, std::int64_t p) {
        m_features.clear();
        for (std::size_t i = 0; i < m_members.size(); ++i) {
            const Draw d = drawOf(m_seeds[i], n, p);
            const std::string at = std::to_string(i);
            for (auto& [name, value] : heldAttributes(*m_members[i], "estimators_." + at))
                setAttribute(name, std::move(value));
            const auto nf = static_cast<std::int64_t>(d.features.size());
            const auto ns = static_cast<std::int64_t>(d.samples.size());
            setAttribute("estimators_features_." + at, Array(Tensor::fromVector<std::int64_t>(d.features, {nf})));
            setAttribute("estimators_samples_." + at, Array(Tensor::fromVector<std::int64_t>(d.samples, {ns})));
            m_features.push_back(d.features);
        }
        const auto k = static_cast<std::int64_t>(m_seeds.size());
        setAttribute("_seeds", Array(Tensor::fromVector<std::int64_t>(m_seeds, {k})));
        setAttribute("_n_samples", Array(Tensor::scalar<std::int64_t>(n)));
        setAttribute("_max_samples", Array(Tensor::scalar<std::int64_t>(m_maxSamples)));
        setAttribute("_max_features", Array(Tensor::scalar<std::int64_t>(m_maxFeatures)));
    }
};

class BaggingClassifier : public BaseBagging {
public:
    using BaseBagging::BaseBagging;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "estimators", paramInt("n_estimators"));
        const EncodedLabels e = encodeLabels(y, className());
        const bool warm = paramBool("warm_start") && isFitted();
        if (!warm) {
            clearAttributes();
            m_members.clear();
            m_seeds.clear();
        }
        setAttribute("classes_", e.classes);
        setAttribute("n_classes_", Array(Tensor::scalar<std::int64_t>(classCount(e.classes))));
        const auto n = static_cast<std::int64_t>(e.codes.size());
        fitBagging(X, Array(Tensor::fromVector<std::int64_t>(e.codes, {n})), sampleWeight, report);
        return *this;
    }

    Array predict(const Tensor& X) const override {
        const Tensor p = predictProba(X);
        const std::int64_t rows = p.size(0), k = p.size(1);
        const std::vector<double> v = p.toVector<double>();
        std::vector<std::int64_t> codes;
        for (std::int64_t i = 0; i < rows; ++i)
            codes.push_back(std::max_element(v.begin() + i * k, v.begin() + (i + 1) * k) - (v.begin() + i * k));
        return decodeLabels(attribute("classes_"), codes);
    }

    Tensor predictProba(const Tensor& Xin) const override {
        const Tensor X = validated(Xin);
        const std::int64_t rows = X.size(0), k = nClasses();
        std::vector<double> proba(static_cast<std::size_t>(rows * k), 0.0);
        for (std::size_t m = 0; m < m_members.size(); ++m) addMember(m, membersX(X, m), proba, {});
        for (double& v : proba) v /= static_cast<double>(paramInt("n_estimators"));
        return Tensor::fromVector<double>(proba, {rows, k});
    }

    Tensor predictLogProba(const Tensor& Xin) const override {
        const std::shared_ptr<Estimator> base = baseEstimator();
        if (!base->info().hasMethod("predict_log_proba")) {
            std::vector<double> v = predictProba(Xin).toVector<double>();
            for (double& x : v) x = std::log(x);
            return Tensor::fromVector<double>(v, {Xin.size(0), nClasses()});
        }
        const Tensor X = validated(Xin);
        const std::int64_t rows = X.size(0), k = nClasses();
        std::vector<double> out(static_cast<std::size_t>(rows * k), -std::numeric_limits<double>::infinity());
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            const std::vector<double> lp = m_members[m]->predictLogProba(membersX(X, m)).toVector<double>();
            const std::vector<std::int64_t> cols = memberClasses(m);
            const auto width = static_cast<std::int64_t>(cols.size());
            for (std::int64_t i = 0; i < rows; ++i)
                for (std::int64_t c = 0; c < width; ++c) {
                    double& a = out[i * k + cols[c]];
                    a = logAddExp(a, lp[i * width + c]);
                }
        }
        const double logN = std::log(static_cast<double>(paramInt("n_estimators")));
        for (double& v : out) v -= logN;
        return Tensor::fromVector<double>(out, {rows, k});
    }

    Tensor decisionFunction(const Tensor& Xin) const override {
        if (!baseEstimator()->info().hasMethod("decision_function"))
            throw AttributeError("This 'BaggingClassifier' has no attribute 'decision_function'");
        const Tensor X = validated(Xin);
        std::vector<double> sum;
        Shape shape;
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            const Tensor d = m_members[m]->decisionFunction(membersX(X, m));
            const std::vector<double> v = d.toVector<double>();
            if (sum.empty()) {
                sum = v;
                shape = d.sizes();
            } else {
                for (std::size_t i = 0; i < v.size(); ++i) sum[i] += v[i];
            }
        }
        for (double& v : sum) v /= static_cast<double>(paramInt("n_estimators"));
        return Tensor::fromVector<double>(sum, shape);
    }

private:
    bool classifier() const override { return true; }
    std::int64_t nClasses() const { return fitted("n_classes_").item<std::int64_t>(); }

    // np.logaddexp as NumPy computes it (equal arguments: x + log 2, so -inf stays -inf).
    static double logAddExp(double x, double y) {
        if (x == y) return x + std::log(2.0);
        const double d = x - y;
        if (d > 0) return x + std::log1p(std::exp(-d));
        if (d <= 0) return y + std::log1p(std::exp(d));
        return d;
    }

    std::vector<std::int64_t> memberClasses(std::size_t m) const {
        const Tensor c = m_members[m]->attribute("classes_").tensor("classes_");
        std::vector<std::int64_t> out;
        for (const double v : c.toVector<double>()) out.push_back(static_cast<std::int64_t>(v));
        return out;
    }

    // _parallel_predict_proba for one member, on the rows `rows` of `proba` (all rows when empty).
    void addMember(std::size_t m, const Tensor& Xm, std::vector<double>& proba,
                   const std::vector<std::int64_t>& rows) const {
        const std::int64_t k = nClasses();
        const auto& est = m_members[m];
        const auto rowAt = [&](std::int64_t i) { return rows.empty() ? i : rows[i]; };
        if (est->info().hasMethod("predict_proba")) {
            const std::vector<double> p = est->predictProba(Xm).toVector<double>();
            const std::vector<std::int64_t> cols = memberClasses(m);
            const auto width = static_cast<std::int64_t>(cols.size());
            for (std::int64_t i = 0; i < Xm.size(0); ++i)
                for (std::int64_t c = 0; c < width; ++c) proba[rowAt(i) * k + cols[c]] += p[i * width + c];
            return;
        }
        const std::vector<double> votes = est->predict(Xm).tensor("predict").toVector<double>();
        for (std::int64_t i = 0; i < Xm.size(0); ++i) proba[rowAt(i) * k + static_cast<std::int64_t>(votes[i])] += 1.0;
    }

    void setOob(const Tensor& X, const Array& y) override {
        const std::int64_t n = X.size(0), p = X.size(1), k = nClasses();
        std::vector<double> pred(static_cast<std::size_t>(n * k), 0.0);
        const auto bags = inBag(n, p);
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            std::vector<std::int64_t> out;
            for (std::int64_t i = 0; i < n; ++i)
                if (!bags[m][i]) out.push_back(i);
            if (out.empty()) continue;
            addMember(m, gather(X, out, m_features[m]), pred, out);
        }
        const std::vector<std::int64_t> codes = y.tensor().toVector<std::int64_t>();
        std::vector<double> decision(pred.size());
        std::int64_t correct = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            double total = 0.0;
            for (std::int64_t c = 0; c < k; ++c) total += pred[i * k + c];
            for (std::int64_t c = 0; c < k; ++c) decision[i * k + c] = pred[i * k + c] / total;
            const auto best =
                std::max_element(pred.begin() + i * k, pred.begin() + (i + 1) * k) - (pred.begin() + i * k);
            correct += best == codes[i];
        }
        setAttribute("oob_decision_function_", Array(Tensor::fromVector<double>(decision, {n, k})));
        setAttribute("oob_score_",
                     Array(Tensor::scalar<double>(static_cast<double>(correct) / static_cast<double>(n))));
    }
};

class BaggingRegressor : public BaseBagging {
public:
    using BaseBagging::BaseBagging;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "estimators", paramInt("n_estimators"));
        checkY(X, y, /*numeric=*/true);
        const Tensor yt = y.tensor("y");
        const bool column = yt.dim() == 1 || yt.size(1) == 1;
        const Tensor yv = column ? Tensor::fromVector<double>(yt.toVector<double>(), {yt.size(0)})
                                 : Tensor::fromVector<double>(yt.toVector<double>(), yt.sizes());
        if (!(paramBool("warm_start") && isFitted())) {
            clearAttributes();
            m_members.clear();
            m_seeds.clear();
        }
        fitBagging(X, Array(yv), sampleWeight, report);
        return *this;
    }

    Array predict(const Tensor& Xin) const override {
        const Tensor X = validated(Xin);
        std::vector<double> sum;
        Shape shape;
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            const Tensor pm = m_members[m]->predict(membersX(X, m)).tensor("predict");
            const std::vector<double> v = pm.toVector<double>();
            if (sum.empty()) {
                sum = v;
                shape = pm.sizes();
            } else {
                for (std::size_t i = 0; i < v.size(); ++i) sum[i] += v[i];
            }
        }
        for (double& v : sum) v /= static_cast<double>(paramInt("n_estimators"));
        return Array(Tensor::fromVector<double>(sum, shape));
    }

private:
    bool classifier() const override { return false; }

    void setOob(const Tensor& X, const Array& y) override {
        const std::int64_t n = X.size(0), p = X.size(1);
        std::vector<double> pred(n, 0.0), count(n, 0.0);
        const auto bags = inBag(n, p);
        for (std::size_t m = 0; m < m_members.size(); ++m) {
            std::vector<std::int64_t> out;
            for (std::int64_t i = 0; i < n; ++i)
                if (!bags[m][i]) out.push_back(i);
            if (out.empty()) continue;
            const std::vector<double> v =
                m_members[m]->predict(gather(X, out, m_features[m])).tensor("predict").toVector<double>();
            for (std::size_t j = 0; j < out.size(); ++j) {
                pred[out[j]] += v[j];
                count[out[j]] += 1.0;
            }
        }
        for (std::int64_t i = 0; i < n; ++i) pred[i] /= count[i] == 0.0 ? 1.0 : count[i];
        const Tensor pt = Tensor::fromVector<double>(pred, {n});
        setAttribute("oob_prediction_", Array(pt));
        setAttribute("oob_score_", Array(Tensor::scalar<double>(metrics::r2Score(y.tensor(), pt))));
    }
};

std::vector<ParamSpec> baggingParams(bool classifier) {
    const std::string kind = classifier ? "DecisionTreeClassifier" : "DecisionTreeRegressor";
    return {
        {"estimator",
         ParamValue(),
         {hasMethods({"fit", "predict"}), noneC()},
         "The estimator each member is cloned from (None: " + kind + ")."},
        {"n_estimators", 10, {intInterval(1, std::nullopt, Closed::Left)}, "Number of members."},
        {"max_samples",
         1.0,
         {intInterval(1, std::nullopt, Closed::Left), realInterval(0, 1, Closed::Right)},
         "Rows drawn per member: an int, or a fraction of the rows."},
        {"max_features",
         1.0,
         {intInterval(1, std::nullopt, Closed::Left), realInterval(0, 1, Closed::Right)},
         "Features drawn per member: an int, or a fraction of the features."},
        {"bootstrap", true, {booleanC()}, "Draw the rows with replacement."},
        {"bootstrap_features", false, {booleanC()}, "Draw the features with replacement."},
        {"oob_score", false, {booleanC()}, "Score on the rows each member did not draw (oob_score_)."},
        {"warm_start", false, {booleanC()}, "Keep the fitted members and add n_estimators - len(estimators_)."},
        {"n_jobs",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::Integral)},
         "Parallel jobs (Tessera fits the members in turn)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the members' draws."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"base_estimator",
         "deprecated",
         {hasMethods({"fit", "predict"}), strOptions({"deprecated"}), noneC()},
         "Deprecated alias of estimator (sklearn 1.2)."},
    };
}

const RegisterEstimator<BaggingClassifier> kClassifier({
    "BaggingClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "A Bagging classifier.",
    baggingParams(true),
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "score"},
});

const RegisterEstimator<BaggingRegressor> kRegressor({
    "BaggingRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "A Bagging regressor.",
    baggingParams(false),
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
