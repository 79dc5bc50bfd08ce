// RandomForestClassifier, RandomForestRegressor, ExtraTreesClassifier and ExtraTreesRegressor
// (sklearn/ensemble/_forest.py 1.2.1): BaseForest.fit's checks and draws, the trees grown by
// ensemble::growForest, and the fitted trees kept as attributes "estimators_.I.tree_.NAME" (Note
// [Attributes that are dicts or objects]); the DecisionTree*/ExtraTree* objects of `estimators_`
// and the flattened predictor are rebuilt from them after loading.
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <thread>

#include "core/ml/base/n_jobs.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/forest.h"
#include "core/ml/metrics/regression.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/predictor.h"
#include "core/ml/tree/tree_estimators.h"

namespace tessera::ml {
namespace {

using tree::Tree;

// sklearn's MAX_INT (np.iinfo(np.int32).max): the bound of each tree's random_state draw.
constexpr int64_t kMaxInt = 2147483647;

// _generate_sample_indices: the rows tree `seed` draws.
std::vector<int64_t> sampleIndices(int64_t seed, int64_t rows, int64_t nBootstrap) {
    RandomState rng(static_cast<uint32_t>(seed));
    return rng.randint(0, rows, nBootstrap);
}

std::vector<ParamSpec> forestParams(bool classifier, bool extra) {
    std::vector<ParamSpec> p;
    for (ParamSpec& s : tree::decisionTreeParams(classifier)) {
        if (s.keyword == "splitter") continue;
        if (s.keyword == "max_features") s.defaultValue = classifier ? ParamValue("sqrt") : ParamValue(1.0);
        if (s.keyword == "random_state") s.help = "Seed of the bootstrap samples and of every tree's draws.";
        if (s.keyword == "class_weight") {
            s.constraints = {strOptions({"balanced", "balanced_subsample"}), constraintOf(Constraint::Kind::Dict),
                             constraintOf(Constraint::Kind::List), noneC()};
            s.help = "Weights of the classes: a dict, 'balanced', 'balanced_subsample' (per bootstrap) or None.";
        }
        p.push_back(std::move(s));
    }
    p.push_back({"n_estimators", 100, {intInterval(1, std::nullopt, Closed::Left)}, "Number of trees."});
    p.push_back({"bootstrap", !extra, {booleanC()}, "Grow each tree on a bootstrap sample of the rows."});
    p.push_back({"oob_score", false, {booleanC()}, "Score on the rows each tree did not draw (oob_score_)."});
    p.push_back({"n_jobs",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::Integral), noneC()},
                 "Threads growing and predicting (the trees do not depend on it)."});
    p.push_back({"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."});
    p.push_back(
        {"warm_start", false, {booleanC()}, "Keep the fitted trees and add n_estimators - len(estimators_) new ones."});
    p.push_back({"max_samples",
                 ParamValue(),
                 {noneC(), realInterval(0.0, 1.0, Closed::Right), intInterval(1, std::nullopt, Closed::Left)},
                 "Rows per bootstrap sample: an int, a fraction of the rows, or None (all)."});
    return p;
}

class BaseForest : public Estimator {
public:
    using Estimator::Estimator;

    std::vector<HeldEstimators> heldEstimators() const override {
        if (m_held.size() != m_trees.size()) buildHeld();
        return {{"estimators_", HeldEstimators::Form::List, m_held}};
    }

protected:
    virtual bool classifier() const = 0;
    bool extra() const { return className().rfind("ExtraTrees", 0) == 0; }

    // BaseForest.fit after validateFitX and y's encoding: y [rows, outputs] as doubles (class codes for
    // classifiers), nClasses {k} or empty, sw sample_weight times the expanded class_weight (or empty),
    // subsample the encoded y when class_weight is 'balanced_subsample' with bootstrap (else null).
    void fitForest(const Tensor& X, const std::vector<double>& y, const std::vector<int64_t>& nClasses,
                   const std::vector<double>& sw, const tree::EncodedOutputs* subsample, std::vector<Tree> oldTrees,
                   std::vector<int64_t> oldSeeds, FitReporter& report) {
        const int64_t n = X.size(0), features = X.size(1);
        const bool bootstrap = paramBool("bootstrap");
        const ParamValue& maxSamples = param("max_samples");
        if (!bootstrap && !maxSamples.isNone()) {
            throw ValueError(
                "`max_sample` cannot be set if `bootstrap=False`. Either switch to `bootstrap=True` or set "
                "`max_sample=None`.");
        }
        int64_t nBootstrap = n;
        if (bootstrap && maxSamples.isInt()) {
            if (maxSamples.asInt() > n) {
                throw ValueError("`max_samples` must be <= n_samples=" + std::to_string(n) + " but got value " +
                                 std::to_string(maxSamples.asInt()));
            }
            nBootstrap = maxSamples.asInt();
        } else if (bootstrap && !maxSamples.isNone()) {
            // Python's round(): half to even, as nearbyint in the default rounding mode.
            nBootstrap = static_cast<int64_t>(std::nearbyint(static_cast<double>(n) * maxSamples.asDouble()));
        }
        if (!bootstrap && paramBool("oob_score"))
            throw ValueError("Out of bag estimation only available if bootstrap=True");
        if (!oldTrees.empty() && oldTrees[0].nFeatures != features) {
            throw ValueError(className() + ": X has " + std::to_string(features) +
                             " features, but the trees kept by warm_start were fitted on " +
                             std::to_string(oldTrees[0].nFeatures));
        }
        const ParamValue& rs = param("random_state");
        RandomState rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<int64_t>(rs.asInt()));
        const int64_t nMore = paramInt("n_estimators") - static_cast<int64_t>(oldTrees.size());
        if (nMore < 0) {
            throw ValueError("n_estimators=" + std::to_string(paramInt("n_estimators")) +
                             " must be larger or equal to len(estimators_)=" + std::to_string(oldTrees.size()) +
                             " when warm_start==True");
        }
        const int threads = threadsForJobs(param("n_jobs"));
        std::vector<float> X32 = tree::asFloat32(X);
        report.setTotal(nMore);
        if (nMore > 0) {
            // The draws the kept trees took, so that the new trees get what a fit from scratch gives them.
            for (size_t i = 0; i < oldTrees.size(); ++i) (void)rng.randint(0, kMaxInt);
            std::vector<int64_t> seeds;
            std::vector<ensemble::TreeDraw> draws =
                ensemble::sklearnDraws(rng, nMore, n, nBootstrap, bootstrap, &seeds);
            if (subsample) {
                for (int64_t t = 0; t < nMore; ++t) {
                    draws[t].subsampleWeight =
                        tree::balancedSubsampleWeights(*subsample, sampleIndices(seeds[t], n, nBootstrap));
                }
            }
            tree::TreeParams p = tree::resolveTreeParams(*this, n, features, classifier(), sw);
            if (extra()) p.splitter = tree::SplitterKind::Random;
            const tree::TrainingData data = tree::TrainingData::fromRowMajor(X32.data(), n, features);
            std::vector<Tree> grown = ensemble::growForest(data, y, nClasses, sw, p, draws, threads,
                                                           paramDouble("min_weight_fraction_leaf"), &report);
            const double alpha = paramDouble("ccp_alpha");
            for (Tree& t : grown) {
                if (alpha > 0.0) t = t.pruned(alpha);
                oldTrees.push_back(std::move(t));
            }
            oldSeeds.insert(oldSeeds.end(), seeds.begin(), seeds.end());
        }
        m_trees = std::move(oldTrees);
        m_seeds = std::move(oldSeeds);

        const int64_t outputs = m_trees[0].nOutputs;
        setAttribute("n_outputs_", Array(Tensor::scalar<int64_t>(outputs)));
        tree::Attributes trees;
        for (size_t i = 0; i < m_trees.size(); ++i)
            tree::appendTreeAttributes(trees, m_trees[i], "estimators_." + std::to_string(i) + ".");
        for (auto& [name, value] : trees) setAttribute(name, std::move(value));
        setAttribute("_tree_seeds", Array(Tensor::fromVector<int64_t>(m_seeds, {int64_t(m_seeds.size())})));

        setAttribute("feature_importances_", Array(Tensor::fromVector<double>(
                                                 ensemble::forestFeatureImportances(m_trees, features), {features})));
        if (paramBool("oob_score")) {
            // The rows each tree drew, again from its seed (the kept trees' too, as sklearn recomputes them).
            std::vector<ensemble::TreeDraw> counts(m_trees.size());
            for (size_t t = 0; t < m_trees.size(); ++t) {
                counts[t].sampleCounts.assign(n, 0.0);
                for (const int64_t r : sampleIndices(m_seeds[t], n, nBootstrap)) counts[t].sampleCounts[r] += 1.0;
            }
            setOob(y, outputs, ensemble::oobPredictions(m_trees, counts, X32.data(), n, classifier()));
        }
        rebuildPredictor();
    }

    // The mean over the trees of their predict_proba (classifiers) or predict: [rows, width].
    std::vector<double> forestMean(const Tensor& Xin) const {
        checkFitted();
        const Tensor X = validateX(Xin);
        const std::vector<float> X32 = tree::asFloat32(X);
        return m_flat.predictMean(X32.data(), X.size(0), threadsForJobs(param("n_jobs")));
    }

    void attributesRestored() override {
        const int64_t features = attribute("n_features_in_").tensor().item<int64_t>();
        const std::vector<int64_t> nClasses = classesPerOutput();
        m_trees.clear();
        for (size_t i = 0; hasAttribute("estimators_." + std::to_string(i) + ".tree_.node_count"); ++i)
            m_trees.push_back(
                tree::treeFromAttributes(*this, "estimators_." + std::to_string(i) + ".", features, nClasses));
        m_seeds = attribute("_tree_seeds").tensor().toVector<int64_t>();
        rebuildPredictor();
    }

    // The fitted state kept for warm_start (empty unless warm_start and fitted).
    std::pair<std::vector<Tree>, std::vector<int64_t>> keptForWarmStart() const {
        if (!paramBool("warm_start") || !isFitted()) return {};
        return {m_trees, m_seeds};
    }

private:
    virtual void setOob(const std::vector<double>& y, int64_t outputs, const std::vector<double>& oob) = 0;

    std::vector<int64_t> classesPerOutput() const {
        if (!classifier()) return {};
        return tree::fittedNClasses(*this);
    }

    void rebuildPredictor() {
        m_flat = tree::FlatForest(m_trees, classifier() ? tree::LeafOutput::Probability : tree::LeafOutput::Value);
        m_held.clear();
    }

    // estimators_ as sklearn holds them: one fitted DecisionTree* (ExtraTree* for ExtraTrees*) per tree,
    // with the forest's tree keywords and its own random_state.
    void buildHeld() const {
        const std::string cls =
            std::string(extra() ? "ExtraTree" : "DecisionTree") + (classifier() ? "Classifier" : "Regressor");
        const int64_t features = attribute("n_features_in_").tensor().item<int64_t>();
        const int64_t maxFeatures = tree::resolveTreeParams(*this, 1, features, classifier(), {}).maxFeatures;
        // The held trees predict class codes: each output's classes are 0 … n_classes_ - 1 (as sklearn's
        // estimators_, fitted on the encoded y).
        std::vector<Array> codes;
        for (const int64_t k : classesPerOutput()) {
            std::vector<double> c(k);
            for (int64_t i = 0; i < k; ++i) c[i] = static_cast<double>(i);
            codes.push_back(Array(Tensor::fromVector<double>(c, {k})));
        }
        ParamList params;
        for (const char* k :
             {"criterion", "max_depth", "min_samples_split", "min_samples_leaf", "min_weight_fraction_leaf",
              "max_features", "max_leaf_nodes", "min_impurity_decrease", "ccp_alpha"})
            params.emplace_back(k, param(k));
        if (classifier()) params.emplace_back("class_weight", ParamValue());
        m_held.clear();
        for (size_t i = 0; i < m_trees.size(); ++i) {
            ParamList p = params;
            p.emplace_back("random_state", ParamValue(m_seeds[i]));
            m_held.emplace_back("", tree::heldTree(cls, p, m_trees[i], classifier() ? &codes : nullptr, maxFeatures));
        }
    }

    std::vector<Tree> m_trees;
    std::vector<int64_t> m_seeds;
    tree::FlatForest m_flat;
    mutable std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> m_held;
};

class ForestClassifier : public BaseForest {
public:
    using BaseForest::BaseForest;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "trees", paramInt("n_estimators"));
        auto [oldTrees, oldSeeds] = keptForWarmStart();
        const std::vector<Array> oldClasses = oldTrees.empty() ? std::vector<Array>() : tree::fittedClasses(*this);
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        // y 1-D, or [rows, outputs] for multi-output: classes per output, as _validate_y_class_weight.
        const tree::EncodedOutputs enc = tree::encodeOutputs(y, className());
        const int64_t n = X.size(0);
        if (!oldTrees.empty() && !(oldClasses == enc.classes))
            throw ValueError(className() + ": warm_start needs the classes of the first fit");
        if (paramBool("oob_score") && enc.outputs() > 1 && !multilabelIndicator(y)) {
            throw ValueError(
                "The type of target cannot be used to compute OOB estimates. Got multiclass-multioutput while only "
                "the following are supported: continuous, continuous-multioutput, binary, multiclass, "
                "multilabel-indicator.");
        }
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const ParamValue& cw = param("class_weight");
        const bool subsample = cw.isString() && cw.asString() == "balanced_subsample";
        if (!cw.isNone() && !(subsample && paramBool("bootstrap"))) {
            const ParamValue balanced("balanced");
            const std::vector<double> f = tree::expandedClassWeight(subsample ? balanced : cw, enc, className());
            if (sw.empty()) sw.assign(n, 1.0);
            for (int64_t i = 0; i < n; ++i) sw[i] *= f[i];
        }
        for (auto& [name, value] : tree::classAttributes(enc.classes)) setAttribute(name, std::move(value));
        fitForest(X, enc.y, enc.nClasses, sw, subsample && paramBool("bootstrap") ? &enc : nullptr, std::move(oldTrees),
                  std::move(oldSeeds), report);
        return *this;
    }

    // One output: [rows, n_classes_]; several: sklearn's list of arrays as [outputs, rows, max n_classes_].
    Tensor predictProba(const Tensor& X) const override {
        return tree::probaOfOutputs(forestMean(X), tree::fittedNClasses(*this), false);
    }

    Tensor predictLogProba(const Tensor& X) const override {
        return tree::logOfOutputs(predictProba(X), tree::fittedNClasses(*this));
    }

    Array predict(const Tensor& X) const override {
        return tree::labelsOfOutputs(predictProba(X), tree::fittedClasses(*this));
    }

protected:
    bool classifier() const override { return true; }

private:
    // type_of_target's multilabel-indicator: a 2-D y of 0s and 1s.
    static bool multilabelIndicator(const Array& y) {
        const std::vector<double> v = y.tensor().toVector<double>();
        return std::all_of(v.begin(), v.end(), [](double x) { return x == 0.0 || x == 1.0; });
    }

    // _set_oob_score_and_attributes: oob_decision_function_ [rows, k] ([rows, max n_classes_, outputs]
    // for several outputs), and the accuracy of its argmax (subset accuracy for several outputs).
    void setOob(const std::vector<double>& y, int64_t outputs, const std::vector<double>& oob) override {
        const int64_t n = static_cast<int64_t>(y.size()) / outputs;
        const int64_t k = static_cast<int64_t>(oob.size()) / (n * outputs);
        const std::vector<int64_t> nClasses = tree::fittedNClasses(*this);
        int64_t hits = 0;
        for (int64_t r = 0; r < n; ++r) {
            bool all = true;
            for (int64_t o = 0; o < outputs; ++o) {
                const double* row = oob.data() + (r * outputs + o) * k;
                all = all && static_cast<double>(std::max_element(row, row + k) - row) == y[r * outputs + o];
            }
            hits += all ? 1 : 0;
        }
        if (outputs == 1) {
            setAttribute("oob_decision_function_", Array(Tensor::fromVector<double>(oob, {n, k})));
        } else {
            std::vector<double> t(oob.size());
            for (int64_t r = 0; r < n; ++r)
                for (int64_t o = 0; o < outputs; ++o)
                    for (int64_t c = 0; c < k; ++c) t[(r * k + c) * outputs + o] = oob[(r * outputs + o) * k + c];
            setAttribute("oob_decision_function_", Array(Tensor::fromVector<double>(t, {n, k, outputs})));
        }
        setAttribute("oob_score_", Array(Tensor::scalar<double>(static_cast<double>(hits) / static_cast<double>(n))));
    }
};

class ForestRegressor : public BaseForest {
public:
    using BaseForest::BaseForest;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "trees", paramInt("n_estimators"));
        auto [oldTrees, oldSeeds] = keptForWarmStart();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        const std::vector<double> yv = tree::regressionTargets(y);
        if (paramString("criterion") == "poisson") {
            if (std::any_of(yv.begin(), yv.end(), [](double v) { return v < 0; }))
                throw ValueError("Some value(s) of y are negative which is not allowed for Poisson regression.");
            if (tree::numpySum(yv.data(), static_cast<int64_t>(yv.size())) <= 0)
                throw ValueError("Sum of y is not strictly positive which is necessary for Poisson regression.");
        }
        const int64_t outputs = static_cast<int64_t>(yv.size()) / X.size(0);
        if (paramBool("oob_score") && outputs > 1 &&
            std::all_of(yv.begin(), yv.end(), [](double v) { return v == std::floor(v); })) {
            throw ValueError(
                "The type of target cannot be used to compute OOB estimates. Got multiclass-multioutput while only "
                "the following are supported: continuous, continuous-multioutput, binary, multiclass, "
                "multilabel-indicator.");
        }
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, X.size(0)).toVector<double>();
        fitForest(X, yv, {}, sw, {}, std::move(oldTrees), std::move(oldSeeds), report);
        return *this;
    }

    Array predict(const Tensor& X) const override {
        const std::vector<double> p = forestMean(X);
        const int64_t outputs = attribute("n_outputs_").tensor().item<int64_t>();
        const int64_t rows = static_cast<int64_t>(p.size()) / outputs;
        if (outputs == 1) return Array(Tensor::fromVector<double>(p, {rows}));
        return Array(Tensor::fromVector<double>(p, {rows, outputs}));
    }

protected:
    bool classifier() const override { return false; }

private:
    // _set_oob_score_and_attributes: oob_prediction_ and its r2_score.
    void setOob(const std::vector<double>& y, int64_t outputs, const std::vector<double>& oob) override {
        const int64_t n = static_cast<int64_t>(y.size()) / outputs;
        const Shape shape = outputs == 1 ? Shape{n} : Shape{n, outputs};
        const Tensor pred = Tensor::fromVector<double>(oob, shape);
        setAttribute("oob_prediction_", Array(pred));
        setAttribute("oob_score_",
                     Array(Tensor::scalar<double>(metrics::r2Score(Tensor::fromVector<double>(y, shape), pred))));
    }
};

const std::vector<std::string> kClassifierMethods = {"fit", "predict", "predict_proba", "predict_log_proba", "score"};
const std::vector<std::string> kRegressorMethods = {"fit", "predict", "score"};

const RegisterEstimator<ForestClassifier> kRandomForestClassifier({
    "RandomForestClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "A random forest classifier: the trees, bootstrap samples and OOB scores of scikit-learn 1.2.1.",
    forestParams(true, false),
    kClassifierMethods,
});

const RegisterEstimator<ForestRegressor> kRandomForestRegressor({
    "RandomForestRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "A random forest regressor: the trees, bootstrap samples and OOB scores of scikit-learn 1.2.1.",
    forestParams(false, false),
    kRegressorMethods,
});

const RegisterEstimator<ForestClassifier> kExtraTreesClassifier({
    "ExtraTreesClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "An extra-trees classifier (random thresholds, no bootstrap by default), as scikit-learn 1.2.1 grows it.",
    forestParams(true, true),
    kClassifierMethods,
});

const RegisterEstimator<ForestRegressor> kExtraTreesRegressor({
    "ExtraTreesRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "An extra-trees regressor (random thresholds, no bootstrap by default), as scikit-learn 1.2.1 grows it.",
    forestParams(false, true),
    kRegressorMethods,
});

}  // namespace
}  // namespace tessera::ml
