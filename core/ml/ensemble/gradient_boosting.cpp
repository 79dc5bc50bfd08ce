// GradientBoostingRegressor and GradientBoostingClassifier (sklearn/ensemble/_gb.py 1.2.1): the init
// estimator's prediction (DummyRegressor mean/quantile, DummyClassifier priors, or 'zero'), then per
// stage and per tree of the stage a regression tree grown by tree::buildTree on the loss's negative
// gradient, its leaves set by the loss's line search (gb_losses.h), raw predictions advanced by
// learning_rate · leaf value. The trees' splitter seeds come from one RandomState(random_state) as
// sklearn's trees draw them from self._rng; subsample draws _random_sample_mask from it first.
// Stage i's tree k is stored as "estimators_.I.K.tree_.NAME" and the init estimator as "init_.NAME"
// (Note [Attributes that are dicts or objects]).
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <string>

#include "core/ml/base/errors.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/gb_losses.h"
#include "core/ml/ensemble/gradient_boosting.h"
#include "core/ml/model_selection/split.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/predictor.h"
#include "core/ml/tree/tree_estimators.h"

namespace tessera::ml {
namespace {

using ensemble::GbLoss;
using tree::Tree;

constexpr double kFloat32Eps = 1.1920928955078125e-07;  // np.finfo(np.float32).eps

Array doubles(const std::vector<double>& v, const Shape& shape) { return Array(Tensor::fromVector<double>(v, shape)); }
Array int64Scalar(int64_t v) { return Array(Tensor::scalar<int64_t>(v)); }

std::vector<ParamSpec> gbParams(bool classifier) {
    std::vector<ParamSpec> p;
    for (ParamSpec& s : tree::decisionTreeParams(false)) {
        if (s.keyword == "splitter") continue;
        if (s.keyword == "max_depth") s.defaultValue = 3;
        if (s.keyword == "random_state") s.help = "Seed of the trees' feature draws and of subsample.";
        if (s.keyword == "criterion") {
            s.defaultValue = "friedman_mse";
            s.constraints = {strOptions({"friedman_mse", "squared_error"})};
            s.help = "Split quality measure of the regression trees.";
        }
        p.push_back(std::move(s));
    }
    p.push_back({"learning_rate", 0.1, {realInterval(0.0, ParamValue(), Closed::Left)}, "Shrinkage of each tree."});
    p.push_back({"n_estimators", 100, {intInterval(1, std::nullopt, Closed::Left)}, "Number of boosting stages."});
    p.push_back({"subsample",
                 1.0,
                 {realInterval(0.0, 1.0, Closed::Right)},
                 "Share of the rows each stage is fitted on (below 1: stochastic boosting, oob_improvement_)."});
    p.push_back({"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."});
    p.push_back({"warm_start", false, {booleanC()}, "Add n_estimators - n_estimators_ stages to the fitted model."});
    p.push_back({"validation_fraction",
                 0.1,
                 {realInterval(0.0, 1.0, Closed::Neither)},
                 "Share of the rows held out for early stopping."});
    p.push_back({"n_iter_no_change",
                 ParamValue(),
                 {intInterval(1, std::nullopt, Closed::Left), noneC()},
                 "Stop when the validation loss has not improved by tol for this many stages (None: never)."});
    p.push_back({"tol", 1e-4, {realInterval(0.0, ParamValue(), Closed::Left)}, "Improvement early stopping needs."});
    p.push_back({"init",
                 ParamValue(),
                 {strOptions({"zero"}), noneC(), hasMethods({"fit", classifier ? "predict_proba" : "predict"})},
                 "Initial prediction: None (the loss's dummy estimator) or 'zero'."});
    if (classifier) {
        p.push_back({"loss",
                     "log_loss",
                     {strOptions({"log_loss", "deviance", "exponential"})},
                     "log_loss (binomial or multinomial deviance) or exponential (AdaBoost)."});
    } else {
        p.push_back({"loss",
                     "squared_error",
                     {strOptions({"squared_error", "absolute_error", "huber", "quantile"})},
                     "Loss to optimise."});
        p.push_back({"alpha", 0.9, {realInterval(0.0, 1.0, Closed::Neither)}, "Quantile of huber and quantile."});
    }
    return p;
}

// _random_sample_mask: n_inbag of n rows, each kept with the probability that leaves the count exact.
std::vector<char> randomSampleMask(int64_t n, int64_t nInbag, RandomState& rng) {
    const std::vector<double> u = rng.uniform(0.0, 1.0, n);
    std::vector<char> mask(n, 0);
    int64_t bagged = 0;
    for (int64_t i = 0; i < n; ++i) {
        if (u[i] * static_cast<double>(n - i) < static_cast<double>(nInbag - bagged)) {
            mask[i] = 1;
            ++bagged;
        }
    }
    return mask;
}

std::vector<float> rowsOf(const std::vector<float>& X, int64_t d, const std::vector<int64_t>& rows) {
    std::vector<float> out;
    out.reserve(rows.size() * d);
    for (const int64_t r : rows) out.insert(out.end(), X.begin() + r * d, X.begin() + (r + 1) * d);
    return out;
}

// column_or_1d's message, with the shape as a Python tuple.
std::string notOneDimensional(const Tensor& y) {
    std::string shape;
    for (int64_t i = 0; i < y.dim(); ++i) shape += (i ? ", " : "") + std::to_string(y.size(i));
    return "y should be a 1d array, got an array of shape (" + shape + ") instead.";
}

template <class T>
std::vector<T> pick(const std::vector<T>& v, const std::vector<int64_t>& rows) {
    std::vector<T> out(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) out[i] = v[rows[i]];
    return out;
}

class BaseGradientBoosting : public Estimator, public ensemble::StagedEstimator {
public:
    using Estimator::Estimator;

    std::vector<HeldEstimators> heldEstimators() const override {
        if (m_held.size() != m_trees.size()) buildHeld();
        return {{"estimators_", HeldEstimators::Form::List, m_held}};
    }

protected:
    virtual bool classifier() const = 0;

    // What a warm-started fit keeps of the fitted state (taken before the attributes are cleared).
    struct Kept {
        tree::Attributes init;  // init_.*
        std::vector<double> trainScore, oobImprovement;
    };
    std::optional<Kept> keptForWarmStart() const {
        if (!paramBool("warm_start") || !isFitted()) return std::nullopt;
        if (!m_rng) {
            throw ValueError(className() +
                             ": warm_start=True continues the random state of the fit that grew the stages, which a "
                             "loaded model does not carry; fit it again from scratch");
        }
        Kept k;
        for (const auto& [name, value] : attributes())
            if (name == "init_" || name.rfind("init_.", 0) == 0) k.init.emplace_back(name, value);
        k.trainScore = fitted("train_score_").toVector<double>();
        if (hasAttribute("oob_improvement_")) k.oobImprovement = fitted("oob_improvement_").toVector<double>();
        return k;
    }

    GbLoss makeLoss(int64_t nClasses) const {
        const std::string& loss = paramString("loss");
        if (loss == "log_loss" || loss == "deviance")
            return GbLoss(nClasses > 2 ? GbLoss::Kind::Multinomial : GbLoss::Kind::Binomial, nClasses);
        if (loss == "exponential") return GbLoss(GbLoss::Kind::Exponential, nClasses);
        if (loss == "absolute_error") return GbLoss(GbLoss::Kind::AbsoluteError);
        if (loss == "huber") return GbLoss(GbLoss::Kind::Huber, 1, paramDouble("alpha"));
        if (loss == "quantile") return GbLoss(GbLoss::Kind::Quantile, 1, paramDouble("alpha"));
        return GbLoss(GbLoss::Kind::SquaredError);
    }

    // BaseGradientBoosting.fit after y is encoded: y the targets or class codes, nClasses 0 for regression.
    // `kept`: a warm start, which adds stages to m_trees with the generator of the last fit.
    void fitBoosting(const Tensor& X, const std::vector<double>& yAll, int64_t nClasses, const Tensor& sampleWeight,
                     const std::optional<Kept>& kept, FitReporter& report) {
        if (!param("init").isNone() && !param("init").isString()) {
            throw ValueError(className() +
                             ": init as an estimator is not available in Tessera yet; None and 'zero' are");
        }
        const int64_t nAll = X.size(0), d = X.size(1);
        const bool unweighted = !sampleWeight.defined();
        const std::vector<double> swAll = sampleWeightOrOnes(sampleWeight, nAll).toVector<double>();
        GbLoss loss = makeLoss(nClasses);
        const int64_t K = loss.K();
        if (kept && K != m_K) throw ValueError(className() + ": warm_start needs the classes of the first fit");
        m_K = K;
        setAttribute("max_features_", int64Scalar(maxFeaturesOf(d)));

        // Early stopping holds out validation_fraction of the rows (stratified for classifiers).
        std::vector<int64_t> train, val;
        if (!param("n_iter_no_change").isNone()) {
            model_selection::TrainTestSplitOptions o;
            o.testSize = paramDouble("validation_fraction");
            const ParamValue& rs = param("random_state");
            if (!rs.isNone()) o.randomState = rs.asInt();
            if (classifier()) {
                std::vector<int64_t> codes(yAll.begin(), yAll.end());
                o.stratify = Tensor::fromVector<int64_t>(codes, {nAll});
            }
            model_selection::TrainTest split = model_selection::trainTestSplitIndices(nAll, o);
            train = std::move(split.train);
            val = std::move(split.test);
        } else {
            train.resize(nAll);
            for (int64_t i = 0; i < nAll; ++i) train[i] = i;
        }
        const std::vector<float> XAll32 = tree::asFloat32(X);
        const std::vector<float> X32 = rowsOf(XAll32, d, train), Xval32 = rowsOf(XAll32, d, val);
        const std::vector<double> y = pick(yAll, train), sw = pick(swAll, train);
        const std::vector<double> yVal = pick(yAll, val), swVal = pick(swAll, val);
        const int64_t n = static_cast<int64_t>(train.size());
        if (classifier() && !val.empty()) {
            std::vector<char> seen(nClasses, 0);
            int64_t distinct = 0;
            for (const double c : y) distinct += seen[static_cast<int64_t>(c)]++ == 0 ? 1 : 0;
            if (distinct != nClasses) {
                throw ValueError(
                    "The training data after the early stopping split is missing some classes. Try using another "
                    "random seed.");
            }
        }

        const int64_t stages = paramInt("n_estimators");
        int64_t begin = 0;
        std::vector<double> raw(n * K), valRaw(val.size() * K), trainScore, oobImprovement;
        if (kept) {
            begin = static_cast<int64_t>(m_trees.size()) / m_K;
            if (stages < begin) {
                throw ValueError("n_estimators=" + std::to_string(stages) +
                                 " must be larger or equal to estimators_.shape[0]=" + std::to_string(begin) +
                                 " when warm_start==True");
            }
            for (const auto& [name, value] : kept->init) setAttribute(name, value);
            std::vector<double> rows;
            for (const int64_t r : train)
                rows.insert(rows.end(), X.data<double>() + r * d, X.data<double>() + (r + 1) * d);
            raw = rawPredict(Tensor::fromVector<double>(rows, {n, d}));
            trainScore = kept->trainScore;
            oobImprovement = kept->oobImprovement;
        } else {
            m_init = initialRaw(y, unweighted ? std::vector<double>() : sw, nClasses, loss);
            for (int64_t i = 0; i < n; ++i) std::copy(m_init.begin(), m_init.end(), raw.begin() + i * K);
            m_trees.clear();
            const ParamValue& rs = param("random_state");
            m_rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<int64_t>(rs.asInt()));
        }
        for (size_t i = 0; i < val.size(); ++i) std::copy(m_init.begin(), m_init.end(), valRaw.begin() + i * K);
        RandomState& rng = *m_rng;
        const tree::TrainingData data = tree::TrainingData::fromRowMajor(X32.data(), n, d);
        const double subsample = paramDouble("subsample"), lr = paramDouble("learning_rate");
        const double alpha = paramDouble("ccp_alpha"), tol = paramDouble("tol");
        const int64_t nInbag = std::max<int64_t>(1, static_cast<int64_t>(subsample * static_cast<double>(n)));
        const int64_t patience = param("n_iter_no_change").isNone() ? 0 : paramInt("n_iter_no_change");
        std::vector<double> history(patience, std::numeric_limits<double>::infinity());
        std::vector<char> mask;
        std::vector<int64_t> inRows, outRows;
        report.setTotal(stages - begin);
        for (int64_t i = begin; i < stages; ++i) {
            report.checkStop();
            double oldOob = 0.0;
            if (subsample < 1.0) {
                mask = randomSampleMask(n, nInbag, rng);
                inRows.clear();
                outRows.clear();
                for (int64_t r = 0; r < n; ++r) (mask[r] ? inRows : outRows).push_back(r);
                oldOob = loss.value(y, raw, sw, &outRows);
            }
            const std::vector<double> rawCopy = raw;
            std::vector<double> treeSw = sw;
            for (int64_t k = 0; k < K; ++k) {
                std::vector<double> yk = y;
                if (loss.multiClass())
                    for (double& v : yk) v = v == static_cast<double>(k) ? 1.0 : 0.0;
                const std::vector<double> residual = loss.negativeGradient(yk, rawCopy, k, treeSw);
                if (subsample < 1.0)
                    for (int64_t r = 0; r < n; ++r) treeSw[r] = treeSw[r] * (mask[r] ? 1.0 : 0.0);
                tree::TreeParams p = tree::resolveTreeParams(*this, n, d, false, treeSw);
                p.seed = static_cast<uint32_t>(rng.randint(0, tree::kRandRMax));
                Tree t = tree::buildTree(data, residual, {}, treeSw, p);
                if (alpha > 0.0) t = t.pruned(alpha);
                loss.updateTerminalRegions(t, t.apply(X32.data(), n), yk, residual, raw, treeSw, mask, lr, k);
                m_trees.push_back(std::move(t));
            }
            // sklearn's validation predictions are staged from stage 0 on in every fit, warm or not: the
            // (i - begin)-th iteration sees stages 0 … i - begin.
            if (!val.empty()) {
                for (int64_t k = 0; k < K; ++k) {
                    const Tree& t = m_trees[(i - begin) * K + k];
                    const std::vector<int64_t> leaves = t.apply(Xval32.data(), static_cast<int64_t>(val.size()));
                    for (size_t r = 0; r < val.size(); ++r)
                        valRaw[r * K + k] += lr * t.value[leaves[r] * t.valueStride()];
                }
            }
            if (subsample < 1.0) {
                trainScore.push_back(loss.value(y, raw, sw, &inRows));
                oobImprovement.push_back(oldOob - loss.value(y, raw, sw, &outRows));
            } else {
                trainScore.push_back(loss.value(y, raw, sw));
            }
            report.curve("train_loss", i, trainScore.back());
            report.advance();
            if (patience > 0) {
                const double validationLoss = loss.value(yVal, valRaw, swVal);
                report.curve("validation_loss", i, validationLoss);
                if (std::any_of(history.begin(), history.end(), [&](double h) { return validationLoss + tol < h; })) {
                    history[i % patience] = validationLoss;
                } else {
                    break;
                }
            }
        }
        const auto nStages = static_cast<int64_t>(trainScore.size());
        m_trees.resize(nStages * K);
        setAttribute("n_estimators_", int64Scalar(nStages));
        setAttribute("train_score_", doubles(trainScore, {nStages}));
        if (!oobImprovement.empty()) setAttribute("oob_improvement_", doubles(oobImprovement, {nStages}));
        tree::Attributes a;
        for (int64_t i = 0; i < nStages; ++i)
            for (int64_t k = 0; k < K; ++k)
                tree::appendTreeAttributes(a, m_trees[i * K + k],
                                           "estimators_." + std::to_string(i) + "." + std::to_string(k) + ".");
        for (auto& [name, value] : a) setAttribute(name, std::move(value));
        setAttribute("feature_importances_", doubles(featureImportances(d), {d}));
        rebuildPredictor();
    }

    // The raw predictions [rows, K]: the init constant, then learning_rate · leaf value stage by stage;
    // `each` (when given) is called with them after every stage, as staged_* yield them.
    std::vector<double> rawPredict(const Tensor& Xin,
                                   const std::function<void(const std::vector<double>&)>& each = {}) const {
        checkFitted();
        const Tensor X = validateX(Xin);
        const int64_t rows = X.size(0), nTrees = static_cast<int64_t>(m_trees.size());
        const std::vector<float> X32 = tree::asFloat32(X);
        const std::vector<int64_t> leaves = m_flat.apply(X32.data(), rows, 1);
        const double lr = paramDouble("learning_rate");
        std::vector<double> raw(rows * m_K);
        for (int64_t r = 0; r < rows; ++r) std::copy(m_init.begin(), m_init.end(), raw.begin() + r * m_K);
        for (int64_t first = 0; first < nTrees; first += m_K) {
            for (int64_t r = 0; r < rows; ++r) {
                for (int64_t t = first; t < first + m_K; ++t)
                    raw[r * m_K + t % m_K] += lr * m_trees[t].value[leaves[r * nTrees + t] * m_trees[t].valueStride()];
            }
            if (each) each(raw);
        }
        return raw;
    }

public:
    // staged_predict / staged_predict_proba / staged_decision_function.
    std::vector<Array> staged(const Tensor& X, ensemble::StagedOutput what) const override {
        std::vector<Array> out;
        (void)rawPredict(X, [&](const std::vector<double>& raw) { out.push_back(fromRaw(raw, what)); });
        return out;
    }

protected:
    virtual Array fromRaw(const std::vector<double>& raw, ensemble::StagedOutput what) const = 0;

    void attributesRestored() override {
        const int64_t d = fitted("n_features_in_").item<int64_t>();
        m_K = 1;
        while (hasAttribute("estimators_.0." + std::to_string(m_K) + ".tree_.node_count")) ++m_K;
        m_trees.clear();
        for (int64_t i = 0; hasAttribute("estimators_." + std::to_string(i) + ".0.tree_.node_count"); ++i)
            for (int64_t k = 0; k < m_K; ++k)
                m_trees.push_back(tree::treeFromAttributes(
                    *this, "estimators_." + std::to_string(i) + "." + std::to_string(k) + ".", d, {}));
        m_init = initFromAttributes();
        rebuildPredictor();
    }

    int64_t m_K = 1;

private:
    int64_t maxFeaturesOf(int64_t d) const {
        const ParamValue& mf = param("max_features");
        if (mf.isString()) {
            const std::string& s = mf.asString();
            if (s == "log2") return std::max<int64_t>(1, static_cast<int64_t>(std::log2(static_cast<double>(d))));
            if (s == "auto" && !classifier()) return d;
            return std::max<int64_t>(1, static_cast<int64_t>(std::sqrt(static_cast<double>(d))));
        }
        if (mf.isNone()) return d;
        if (mf.isInt()) return mf.asInt();
        return std::max<int64_t>(1, static_cast<int64_t>(mf.asDouble() * static_cast<double>(d)));
    }

    // The init estimator fitted on y (weighted by sw when the caller gave sample_weight), kept as init_.*,
    // and its raw prediction per tree of a stage.
    std::vector<double> initialRaw(const std::vector<double>& y, const std::vector<double>& sw, int64_t nClasses,
                                   const GbLoss& loss) {
        const int64_t K = loss.K();
        if (param("init").isString()) {
            setAttribute("init_", Array(std::vector<std::string>{"zero"}));
            return std::vector<double>(K, 0.0);
        }
        const int64_t n = static_cast<int64_t>(y.size());
        if (!classifier()) {
            double c;
            if (loss.kind() == GbLoss::Kind::SquaredError) {
                if (sw.empty()) {
                    c = tree::numpySum(y.data(), n) / static_cast<double>(n);
                } else {
                    std::vector<double> wy(n);
                    for (int64_t i = 0; i < n; ++i) wy[i] = y[i] * sw[i];
                    c = tree::numpySum(wy.data(), n) / tree::numpySum(sw.data(), n);
                }
            } else {
                const double q = loss.kind() == GbLoss::Kind::Quantile ? paramDouble("alpha") : 0.5;
                c = sw.empty() ? ensemble::numpyPercentile(y, q * 100.0)
                               : ensemble::weightedPercentile(y, sw, q * 100.0);
            }
            setAttribute("init_.constant_", doubles({c}, {1, 1}));
            setAttribute("init_.n_outputs_", int64Scalar(1));
            return {c};
        }
        // DummyClassifier(strategy='prior'): bincount (weighted) over its sum.
        std::vector<double> prior(nClasses, 0.0);
        for (int64_t i = 0; i < n; ++i) prior[static_cast<int64_t>(y[i])] += sw.empty() ? 1.0 : sw[i];
        const double total = tree::numpySum(prior.data(), nClasses);
        for (double& v : prior) v /= total;
        std::vector<int64_t> codes(nClasses);
        for (int64_t c = 0; c < nClasses; ++c) codes[c] = c;
        setAttribute("init_.class_prior_", doubles(prior, {nClasses}));
        setAttribute("init_.classes_", Array(Tensor::fromVector<int64_t>(codes, {nClasses})));
        setAttribute("init_.n_classes_", int64Scalar(nClasses));
        setAttribute("init_.n_outputs_", int64Scalar(1));
        setAttribute("init_.sparse_output_", Array(Tensor::scalar<bool>(false)));
        return rawFromPrior(prior, loss.kind());
    }

    static std::vector<double> rawFromPrior(const std::vector<double>& prior, GbLoss::Kind kind) {
        auto clip = [](double p) { return std::clamp(p, kFloat32Eps, 1 - kFloat32Eps); };
        if (kind == GbLoss::Kind::Multinomial) {
            std::vector<double> raw(prior.size());
            for (size_t k = 0; k < prior.size(); ++k) raw[k] = std::log(clip(prior[k]));
            return raw;
        }
        const double p = clip(prior[1]);
        const double logit = std::log(p / (1 - p));
        return {kind == GbLoss::Kind::Exponential ? 0.5 * logit : logit};
    }

    std::vector<double> initFromAttributes() const {
        if (hasAttribute("init_")) return std::vector<double>(m_K, 0.0);  // init='zero'
        if (!classifier()) return {fitted("init_.constant_").toVector<double>()[0]};
        const std::vector<double> prior = fitted("init_.class_prior_").toVector<double>();
        const std::string& loss = paramString("loss");
        const GbLoss::Kind kind = loss == "exponential" ? GbLoss::Kind::Exponential
                                  : prior.size() > 2    ? GbLoss::Kind::Multinomial
                                                        : GbLoss::Kind::Binomial;
        return rawFromPrior(prior, kind);
    }

    // The mean of the unnormalised MDI of the trees with more than one node, normalised to sum 1.
    std::vector<double> featureImportances(int64_t d) const {
        std::vector<double> mean(d, 0.0);
        int64_t used = 0;
        for (const Tree& t : m_trees) {
            if (t.nodeCount() <= 1) continue;
            const std::vector<double> imp = t.computeFeatureImportances(false);
            for (int64_t j = 0; j < d; ++j) mean[j] += imp[j];
            ++used;
        }
        if (used == 0) return mean;
        for (double& v : mean) v /= static_cast<double>(used);
        const double total = tree::numpySum(mean.data(), d);
        for (double& v : mean) v /= total;
        return mean;
    }

    void rebuildPredictor() {
        m_flat = tree::FlatForest(m_trees, tree::LeafOutput::Value);
        m_held.clear();
    }

    // estimators_ as fitted DecisionTreeRegressor objects, stage by stage (tree k of stage i at i·K + k).
    void buildHeld() const {
        const int64_t d = fitted("n_features_in_").item<int64_t>();
        ParamList params;
        for (const char* k :
             {"criterion", "max_depth", "min_samples_split", "min_samples_leaf", "min_weight_fraction_leaf",
              "max_features", "max_leaf_nodes", "min_impurity_decrease", "ccp_alpha"})
            params.emplace_back(k, param(k));
        const int64_t maxFeatures = tree::resolveTreeParams(*this, 1, d, false, {}).maxFeatures;
        m_held.clear();
        for (const Tree& t : m_trees)
            m_held.emplace_back("", tree::heldTree("DecisionTreeRegressor", params, t, nullptr, maxFeatures));
    }

    std::vector<Tree> m_trees;  // stage-major: tree k of stage i at i·K + k
    std::vector<double> m_init;
    std::optional<RandomState> m_rng;  // sklearn's self._rng: what a warm start continues
    tree::FlatForest m_flat;
    mutable std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> m_held;
};

class GradientBoostingRegressor : public BaseGradientBoosting {
public:
    using BaseGradientBoosting::BaseGradientBoosting;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "iterations", paramInt("n_estimators"));
        const std::optional<Kept> kept = keptForWarmStart();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        if (y.tensor().dim() != 1) throw ValueError(notOneDimensional(y.tensor()));
        fitBoosting(X, tree::regressionTargets(y), 0, sampleWeight, kept, report);
        return *this;
    }

    Array predict(const Tensor& X) const override { return fromRaw(rawPredict(X), ensemble::StagedOutput::Predict); }

protected:
    bool classifier() const override { return false; }

    Array fromRaw(const std::vector<double>& raw, ensemble::StagedOutput what) const override {
        if (what != ensemble::StagedOutput::Predict)
            noMethod(what == ensemble::StagedOutput::PredictProba ? "staged_predict_proba"
                                                                  : "staged_decision_function");
        return doubles(raw, {static_cast<int64_t>(raw.size())});
    }
};

class GradientBoostingClassifier : public BaseGradientBoosting {
public:
    using BaseGradientBoosting::BaseGradientBoosting;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "iterations", paramInt("n_estimators"));
        const std::optional<Kept> kept = keptForWarmStart();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        if (y.isNumeric() && y.tensor().dim() != 1) throw ValueError(notOneDimensional(y.tensor()));
        const EncodedLabels enc = encodeLabels(y, className());
        const int64_t k = classCount(enc.classes), n = X.size(0);
        const std::vector<double> sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        std::vector<double> weightOf(k, 0.0);
        for (int64_t i = 0; i < n; ++i) weightOf[enc.codes[i]] += sw[i];
        const auto nonEmpty = std::count_if(weightOf.begin(), weightOf.end(), [](double w) { return w != 0.0; });
        if (nonEmpty < 2) {
            throw ValueError("y contains " + std::to_string(nonEmpty) +
                             " class after sample_weight trimmed classes with zero weights, while a minimum of 2 "
                             "classes are required.");
        }
        setAttribute("classes_", enc.classes);
        setAttribute("n_classes_", int64Scalar(k));
        fitBoosting(X, std::vector<double>(enc.codes.begin(), enc.codes.end()), k, sampleWeight, kept, report);
        return *this;
    }

    Tensor decisionFunction(const Tensor& X) const override {
        return fromRaw(rawPredict(X), ensemble::StagedOutput::DecisionFunction).tensor();
    }

    Tensor predictProba(const Tensor& X) const override {
        return fromRaw(rawPredict(X), ensemble::StagedOutput::PredictProba).tensor();
    }

    Tensor predictLogProba(const Tensor& X) const override { return tree::logOf(predictProba(X)); }

    Array predict(const Tensor& X) const override { return fromRaw(rawPredict(X), ensemble::StagedOutput::Predict); }

protected:
    bool classifier() const override { return true; }

    Array fromRaw(const std::vector<double>& raw, ensemble::StagedOutput what) const override {
        const int64_t rows = static_cast<int64_t>(raw.size()) / m_K;
        if (what == ensemble::StagedOutput::DecisionFunction)
            return m_K == 1 ? doubles(raw, {rows}) : doubles(raw, {rows, m_K});
        if (what == ensemble::StagedOutput::Predict && paramString("loss") == "exponential") {
            std::vector<int64_t> codes;
            for (const double v : raw) codes.push_back(v >= 0 ? 1 : 0);
            return decodeLabels(attribute("classes_"), codes);
        }
        const Tensor proba = probaOf(raw);
        if (what == ensemble::StagedOutput::Predict) return tree::argmaxLabels(proba, attribute("classes_"));
        return Array(proba);
    }

private:
    // _raw_prediction_to_proba: expit (of 2·raw for exponential) for two classes, the softmax otherwise.
    Tensor probaOf(const std::vector<double>& raw) const {
        const int64_t rows = static_cast<int64_t>(raw.size()) / m_K;
        const int64_t k = fitted("n_classes_").item<int64_t>();
        std::vector<double> p(rows * k);
        for (int64_t r = 0; r < rows; ++r) {
            if (m_K == 1) {
                const double z = paramString("loss") == "exponential" ? 2.0 * raw[r] : raw[r];
                p[r * 2 + 1] = 1.0 / (1.0 + std::exp(-z));
                p[r * 2] = 1.0 - p[r * 2 + 1];
                continue;
            }
            const double lse = ensemble::logSumExp(raw.data() + r * m_K, m_K);
            for (int64_t c = 0; c < k; ++c) {
                const double e = std::exp(raw[r * m_K + c] - lse);
                p[r * k + c] = std::isnan(e) ? 0.0 : e;
            }
        }
        return Tensor::fromVector<double>(p, {rows, k});
    }
};

const RegisterEstimator<GradientBoostingRegressor> kGradientBoostingRegressor({
    "GradientBoostingRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "Gradient boosting of regression trees: the stages, leaf values and scores of scikit-learn 1.2.1.",
    gbParams(false),
    {"fit", "predict", "score"},
});

const RegisterEstimator<GradientBoostingClassifier> kGradientBoostingClassifier({
    "GradientBoostingClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "Gradient boosting classification (log_loss or exponential): the stages, leaf values and scores of "
    "scikit-learn 1.2.1.",
    gbParams(true),
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "score"},
});

}  // namespace

}  // namespace tessera::ml
