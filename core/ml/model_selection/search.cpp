// GridSearchCV and RandomizedSearchCV (sklearn/model_selection/_search.py, 1.2.1): every candidate ×
// every split fitted through _fit_and_score (fit_and_score.h), cv_results_ assembled as
// _format_results does, the best candidate chosen by rank and refitted on all rows. Dict attributes
// and the refitted estimator are stored by Note [Attributes that are dicts or objects].
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "core/io/json.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/n_jobs.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"
#include "core/ml/model_selection/check_cv.h"
#include "core/ml/model_selection/fit_and_score.h"
#include "core/ml/model_selection/param_search.h"
#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

// The best candidate's parameters as tagged JSON, kept so that loading can rebuild best_estimator_.
constexpr const char* kBestParams = "_best_params_json";

Tensor vec(const std::vector<double>& v) {
    return Tensor::fromVector<double>(v, {static_cast<std::int64_t>(v.size())});
}

// A cv_results_ param_NAME column: numbers when every candidate has a number (ints stay Int64), else
// strings (str of a string, repr of anything else, "--" where masked), as runner.py writes them.
Array paramColumn(const std::vector<ParamList>& candidates, const std::string& name) {
    std::vector<const ParamValue*> values;
    bool numeric = true, integral = true;
    for (const auto& c : candidates) {
        const ParamValue* v = nullptr;
        for (const auto& [k, value] : c)
            if (k == name) v = &value;
        values.push_back(v);
        numeric = numeric && v && v->isNumber() && !v->isBool();
        integral = integral && v && v->isInt();
    }
    if (numeric && integral) {
        std::vector<std::int64_t> out;
        for (const auto* v : values) out.push_back(v->asInt());
        return Array(Tensor::fromVector<std::int64_t>(out, {static_cast<std::int64_t>(out.size())}));
    }
    if (numeric) {
        std::vector<double> out;
        for (const auto* v : values) out.push_back(v->asDouble());
        return Array(vec(out));
    }
    std::vector<std::string> out;
    for (const auto* v : values) out.push_back(!v ? "--" : v->isString() ? v->asString() : v->repr());
    return Array(std::move(out));
}

class BaseSearchCV : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        return fitData(makeDataset(X, y, sampleWeight, className().c_str()));
    }

    // A table's rows go to the folds and the refit as they are (Table::takeRows): a Pipeline with
    // encoders is searched on string columns as sklearn searches it on a DataFrame.
    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        return fitData(makeDataset(X, y, sampleWeight, className().c_str()));
    }

    Array predictTable(const data::Table& X) const override { return best("predict").predictTable(X); }
    Tensor predictProbaTable(const data::Table& X) const override { return best("predict_proba").predictProbaTable(X); }
    Tensor decisionFunctionTable(const data::Table& X) const override {
        return best("decision_function").decisionFunctionTable(X);
    }
    Tensor transformTable(const data::Table& X) const override { return best("transform").transformTable(X); }
    double scoreTable(const data::Table& X, const Array& y, const Tensor&) const override {
        const Estimator& b = best("score");
        const Scorers scorers = checkScoring(b, param("scoring"));
        if (!scorers.multimetric) return scorers.items.front().second(b, X, y);
        for (const auto& [name, s] : scorers.items)
            if (name == param("refit").asString()) return s(b, X, y);
        throw ValueError(className() + ": no scorer named " + param("refit").repr());
    }

    Estimator& fitData(const Dataset& data) {
        const Array& y = data.y;
        const Tensor& sampleWeight = data.sampleWeight;
        FitReporter report(*this, "fits", 0);
        const ParamValue& est = param("estimator");
        if (!est.isEstimator())
            throw TypeError("Cannot clone object '" + est.repr() + "' (type " + est.typeName() +
                            "): it does not seem to be a scikit-learn estimator as it does not implement a "
                            "'get_params' method.");
        if (paramInt("verbose") != 0)
            throw ValueError(className() + ": verbose=" + param("verbose").repr() + " is not available in Tessera");
        const Estimator& base = *est.asEstimator();
        const ParamValue& refit = param("refit");
        if (!refit.isBool() && !refit.isString())
            throw ValueError(className() +
                             ": refit must be True, False or a scorer name (callables are not "
                             "available in Tessera), got " +
                             refit.repr());
        const Scorers scorers = checkScoring(base, param("scoring"));
        std::string refitMetric = "score";
        if (scorers.multimetric) {
            bool valid = false;
            for (const auto& [name, s] : scorers.items) valid = valid || (refit.isString() && refit.asString() == name);
            if (!(refit.isBool() && !refit.asBool()) && !valid)
                throw ValueError(
                    "For multi-metric scoring, the parameter refit must be set to a scorer key or a callable to "
                    "refit an estimator with the best parameter setting on the whole data and make the best_* "
                    "attributes available for that metric. If this is not needed, refit should be set to False "
                    "explicitly. " +
                    refit.repr() + " was passed.");
            if (valid) refitMetric = refit.asString();
        }
        const ErrorScore errorScore = errorScoreOf(param("error_score"));
        const CvSplitter cv = checkCv(param("cv"), y, isClassifier(base));
        const std::int64_t nSplits = cv.getNSplits();
        const std::vector<TrainTest> splits = cv.split(data.rows(), y);
        const std::vector<ParamList> candidates = candidateParams();

        std::vector<FitTask> tasks;
        for (const auto& c : candidates)
            for (const auto& s : splits) tasks.push_back({&s, c});
        if (tasks.empty())
            throw ValueError("No fits were performed. Was the CV iterator empty? Were there no candidates?");
        if (static_cast<std::int64_t>(splits.size()) != nSplits)
            throw ValueError("cv.split and cv.get_n_splits returned inconsistent results. Expected " +
                             std::to_string(nSplits) + " splits, got " + std::to_string(splits.size()));
        const bool returnTrain = paramBool("return_train_score");
        const FitOptions options{.returnTrainScore = returnTrain, .errorScore = errorScore, .report = &report};
        const auto results = runFits(base, data, scorers, tasks, options, threadsForJobs(param("n_jobs")));

        clearAttributes();
        m_best.reset();
        const auto rows = formatResults(candidates, static_cast<std::size_t>(nSplits), results, scorers, returnTrain);
        const bool refits = !(refit.isBool() && !refit.asBool());
        std::int64_t bestIndex = -1;
        if (refits || !scorers.multimetric) {
            const Tensor& rank = findResult(rows, "rank_test_" + refitMetric);
            const auto r = rank.toVector<std::int64_t>();
            bestIndex = std::min_element(r.begin(), r.end()) - r.begin();
            setAttribute("best_index_", Array(Tensor::scalar<std::int64_t>(bestIndex)));
            setAttribute("best_score_",
                         Array(Tensor::scalar<double>(
                             findResult(rows, "mean_test_" + refitMetric).toVector<double>()[bestIndex])));
            for (const auto& [k, v] : candidates[static_cast<std::size_t>(bestIndex)])
                setAttribute("best_params_." + k, paramAsArray(v));
        }
        if (refits) {
            const ParamList& best = candidates[static_cast<std::size_t>(bestIndex)];
            m_best = base.clone();
            m_best->setParams(cloned(best));
            const auto start = std::chrono::steady_clock::now();
            if (data.table)
                fitOnTable(*m_best, *data.table, y, sampleWeight);
            else
                m_best->fit(data.X, y, sampleWeight);
            const double refitTime = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            for (auto& [name, value] : heldAttributes(*m_best, "best_estimator_")) setAttribute(name, value);
            setAttribute("refit_time_", Array(Tensor::scalar<double>(refitTime)));
            setAttribute(kBestParams,
                         Array(std::vector<std::string>{io::writeJson(ParamValue::dict(best).toJson(), 0)}));
            if (m_best->hasAttribute("classes_")) setAttribute("classes_", m_best->attribute("classes_"));
            if (m_best->hasAttribute("n_features_in_"))
                setAttribute("n_features_in_", m_best->attribute("n_features_in_"));
            if (m_best->hasAttribute("feature_names_in_"))
                setAttribute("feature_names_in_", m_best->attribute("feature_names_in_"));
        }
        for (auto& [name, value] : rows) setAttribute("cv_results_." + name, Array(value));
        setParamColumns(candidates);
        setAttribute("multimetric_", Array(Tensor::scalar<bool>(scorers.multimetric)));
        setAttribute("n_splits_", Array(Tensor::scalar<std::int64_t>(nSplits)));
        return *this;
    }

    Array predict(const Tensor& X) const override { return best("predict").predict(X); }
    Tensor predictProba(const Tensor& X) const override { return best("predict_proba").predictProba(X); }
    Tensor predictLogProba(const Tensor& X) const override { return best("predict_log_proba").predictLogProba(X); }
    Tensor decisionFunction(const Tensor& X) const override { return best("decision_function").decisionFunction(X); }
    Tensor transform(const Tensor& X) const override { return best("transform").transform(X); }
    Tensor inverseTransform(const Tensor& X) const override { return best("inverse_transform").inverseTransform(X); }
    Tensor scoreSamples(const Tensor& X) const override { return best("score_samples").scoreSamples(X); }
    // The search's own scorer (the refit metric's when multimetric) on best_estimator_.
    double score(const Tensor& X, const Array& y, const Tensor&) const override {
        const Estimator& b = best("score");
        const Scorers scorers = checkScoring(b, param("scoring"));
        if (!scorers.multimetric) return scorers.items.front().second(b, X, y);
        for (const auto& [name, s] : scorers.items)
            if (name == param("refit").asString()) return s(b, X, y);
        throw ValueError(className() + ": no scorer named " + param("refit").repr());
    }

    std::vector<HeldEstimators> heldEstimators() const override {
        if (!m_best) return {};
        return {{"best_estimator_", HeldEstimators::Form::One, {{"", m_best}}}};
    }

protected:
    virtual std::vector<ParamList> candidateParams() const = 0;

    void attributesRestored() override {
        m_best.reset();
        if (!hasAttribute(kBestParams)) return;
        const std::string& text = attribute(kBestParams).strings().at(0);
        const ParamValue best = ParamValue::fromJson(io::parseJson(text, kBestParams), kBestParams);
        m_best = param("estimator").asEstimator()->clone();
        m_best->setParams(best.members());
        restoreHeldAttributes(*m_best, attributes(), "best_estimator_");
    }

private:
    static ParamList cloned(ParamList params) {
        for (auto& [k, v] : params)
            if (v.isEstimator()) v = ParamValue(v.asEstimator()->clone());
        return params;
    }

    // best_params_ entries: a 0-d tensor for a number, a one-element string array otherwise.
    static Array paramAsArray(const ParamValue& v) {
        if (v.isBool()) return Array(Tensor::scalar<bool>(v.asBool()));
        if (v.isInt()) return Array(Tensor::scalar<std::int64_t>(v.asInt()));
        if (v.isNumber()) return Array(Tensor::scalar<double>(v.asDouble()));
        if (v.isNone()) return Array();
        return Array(std::vector<std::string>{v.isString() ? v.asString() : v.repr()});
    }

    const Estimator& best(std::string_view method) const {
        checkFitted();
        if (!m_best)
            throw AttributeError("This " + className() + " instance was initialized with `refit=False`. " +
                                 std::string(method) +
                                 " is available only after refitting on the best parameters. You can refit an "
                                 "estimator manually using the `best_params_` attribute");
        return *m_best;
    }

    using Rows = std::vector<std::pair<std::string, Tensor>>;

    static const Tensor& findResult(const Rows& rows, const std::string& key) {
        for (const auto& [k, v] : rows)
            if (k == key) return v;
        throw ValueError("cv_results_ has no key " + key);
    }

    // _format_results: split scores, means and (population) standard deviations, ranks of the test means.
    static Rows formatResults(const std::vector<ParamList>& candidates, std::size_t nSplits,
                              const std::vector<FitResult>& results, const Scorers& scorers, bool returnTrain) {
        const std::size_t nCand = candidates.size();
        Rows rows;
        auto store = [&](const std::string& key, auto valueOf, bool splits, bool rank) {
            std::vector<double> means(nCand), stds(nCand);
            std::vector<std::vector<double>> bySplit(nSplits, std::vector<double>(nCand));
            for (std::size_t c = 0; c < nCand; ++c) {
                double sum = 0;
                for (std::size_t s = 0; s < nSplits; ++s) {
                    const double v = valueOf(results[c * nSplits + s]);
                    bySplit[s][c] = v;
                    sum += v;
                }
                means[c] = sum / static_cast<double>(nSplits);
                double sq = 0;
                for (std::size_t s = 0; s < nSplits; ++s) sq += (bySplit[s][c] - means[c]) * (bySplit[s][c] - means[c]);
                stds[c] = std::sqrt(sq / static_cast<double>(nSplits));
            }
            if (splits)
                for (std::size_t s = 0; s < nSplits; ++s)
                    rows.emplace_back("split" + std::to_string(s) + "_" + key, vec(bySplit[s]));
            rows.emplace_back("mean_" + key, vec(means));
            rows.emplace_back("std_" + key, vec(stds));
            if (!rank) return;
            // rankdata(-means, method="min"), NaN means ranked below every finite one.
            std::vector<std::int64_t> ranks(nCand, 1);
            bool allNan = true;
            double lowest = std::numeric_limits<double>::infinity();
            for (double m : means)
                if (!std::isnan(m)) {
                    allNan = false;
                    lowest = std::min(lowest, m);
                }
            if (!allNan) {
                std::vector<double> m = means;
                for (double& v : m)
                    if (std::isnan(v)) v = lowest - 1;
                for (std::size_t i = 0; i < nCand; ++i) {
                    std::int64_t better = 0;
                    for (std::size_t j = 0; j < nCand; ++j) better += m[j] > m[i] ? 1 : 0;
                    ranks[i] = better + 1;
                }
            }
            rows.emplace_back("rank_" + key,
                              Tensor::fromVector<std::int64_t>(ranks, {static_cast<std::int64_t>(nCand)}));
        };
        store(
            "fit_time", [](const FitResult& r) { return r.fitTime; }, false, false);
        store(
            "score_time", [](const FitResult& r) { return r.scoreTime; }, false, false);
        for (std::size_t k = 0; k < scorers.items.size(); ++k) {
            const std::string& name = scorers.items[k].first;
            store(
                "test_" + name, [k](const FitResult& r) { return r.testScores[k]; }, true, true);
            if (returnTrain)
                store(
                    "train_" + name, [k](const FitResult& r) { return r.trainScores[k]; }, true, false);
        }
        return rows;
    }

    // param_NAME columns (names in order of first appearance) and params (each candidate's dict repr).
    void setParamColumns(const std::vector<ParamList>& candidates) {
        std::vector<std::string> names;
        for (const auto& c : candidates)
            for (const auto& [k, v] : c)
                if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
        for (const auto& n : names) setAttribute("cv_results_.param_" + n, paramColumn(candidates, n));
        std::vector<std::string> reprs;
        for (const auto& c : candidates) reprs.push_back(ParamValue::dict(c).repr());
        setAttribute("cv_results_.params", Array(std::move(reprs)));
    }

    std::shared_ptr<Estimator> m_best;
};

class GridSearchCV : public BaseSearchCV {
public:
    using BaseSearchCV::BaseSearchCV;

protected:
    std::vector<ParamList> candidateParams() const override { return parameterGrid(param("param_grid")); }
};

class RandomizedSearchCV : public BaseSearchCV {
public:
    using BaseSearchCV::BaseSearchCV;

protected:
    std::vector<ParamList> candidateParams() const override {
        const ParamValue& seed = param("random_state");
        if (!seed.isNone() && !seed.isInt())
            throw ValueError(className() + ": random_state must be an int or None, got " + seed.repr());
        if (!param("n_iter").isInt() || paramInt("n_iter") < 1)
            throw ValueError(className() + ": n_iter must be a positive int, got " + param("n_iter").repr());
        return parameterSampler(param("param_distributions"), paramInt("n_iter"),
                                seed.isNone() ? std::nullopt : std::optional<std::int64_t>(seed.asInt()));
    }
};

std::vector<ParamSpec> commonSpecs() {
    return {
        {"estimator", ParamValue(), {}, "The estimator (or pipeline) whose parameters are searched; cloned per fit."},
        {"scoring",
         ParamValue(),
         {},
         "None (the estimator's score), a scorer name, a list of names or a dict {name: scorer name}."},
        {"n_jobs", ParamValue(), {}, "Fits run in parallel on oneTBB: None is 1, -1 all cores; results do not change."},
        {"refit",
         true,
         {},
         "Refit the best candidate on all rows: True, False, or the scorer name that picks it (multimetric)."},
        {"cv", ParamValue(), {}, "None (5 folds), an int (stratified for classifiers), or a splitter."},
        {"verbose", 0, {}, "Progress messages (only 0: Tessera prints none)."},
        {"pre_dispatch", "2*n_jobs", {}, "joblib's dispatch bound; accepted, as Tessera schedules all fits at once."},
        {"error_score",
         std::numeric_limits<double>::quiet_NaN(),
         {},
         "The score of a failed fit (a number), or 'raise' to stop at the first failure."},
        {"return_train_score", false, {}, "Also score every fit on its training rows (train_* columns)."},
    };
}

const std::vector<std::string> kMethods = {
    "fit",       "predict",           "predict_proba", "predict_log_proba", "decision_function",
    "transform", "inverse_transform", "score",         "score_samples"};

const RegisterEstimator<GridSearchCV> kGrid({
    "GridSearchCV",
    "sklearn.model_selection",
    EstimatorKind::Composite,
    "Exhaustive search over specified parameter values for an estimator.",
    [] {
        auto s = commonSpecs();
        s.push_back({"param_grid", ParamValue(), {}, "A dict {name: list of values}, or a list of such dicts."});
        return s;
    }(),
    kMethods,
});

const RegisterEstimator<RandomizedSearchCV> kRandomized({
    "RandomizedSearchCV",
    "sklearn.model_selection",
    EstimatorKind::Composite,
    "Randomized search on hyper parameters.",
    [] {
        auto s = commonSpecs();
        s.push_back({"param_distributions",
                     ParamValue(),
                     {},
                     "A dict {name: list or distribution} (uniform, loguniform, randint), or a list of such dicts."});
        s.push_back({"n_iter", 10, {}, "Number of candidates drawn."});
        s.push_back({"random_state", ParamValue(), {}, "Seed of the draws (int or None)."});
        return s;
    }(),
    kMethods,
});

}  // namespace

}  // namespace tessera::ml::model_selection
