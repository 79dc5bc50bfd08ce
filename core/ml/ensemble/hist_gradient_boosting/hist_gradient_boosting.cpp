// HistGradientBoostingRegressor and HistGradientBoostingClassifier (sklearn/ensemble/_hist_gradient_boosting/
// gradient_boosting.py 1.2.1): X binned once (binning.h), then per iteration and per tree of the
// iteration (one, or one per class for multiclass log_loss) a tree grown on the loss's float32 gradients
// (grower.h), its leaves added to the raw predictions. The seed of the bin subsample and of the early-
// stopping split is sklearn's self._random_seed, drawn from RandomState(random_state) first.
//
// Fitted state: sklearn's public attributes (n_iter_, n_trees_per_iteration_, train_score_,
// validation_score_, do_early_stopping_, is_categorical_, classes_) and, as private attributes that
// persistence carries, `_baseline_prediction`, `_bin_mapper.bin_thresholds_.F`,
// `_bin_mapper.n_bins_non_missing_` and the predictors' node arrays `_predictors.FIELD` (all trees
// concatenated in iteration-major order, tree t's nodes at `_predictors.offsets`[t] …).
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <string>

#include "core/data/table.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/hist_gradient_boosting/binning.h"
#include "core/ml/ensemble/hist_gradient_boosting/feature_options.h"
#include "core/ml/ensemble/hist_gradient_boosting/grower.h"
#include "core/ml/ensemble/hist_gradient_boosting/hgb_loss.h"
#include "core/ml/model_selection/split.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/tree_estimators.h"

namespace tessera::ml {
namespace {

using hgb::Bitset;
using hgb::HgbLoss;
using hgb::PredictorNode;

Array doubles(const std::vector<double>& v) {
    return Array(Tensor::fromVector<double>(v, {static_cast<int64_t>(v.size())}));
}
Array int64s(const std::vector<int64_t>& v) {
    return Array(Tensor::fromVector<int64_t>(v, {static_cast<int64_t>(v.size())}));
}
Array int64Scalar(int64_t v) { return Array(Tensor::scalar<int64_t>(v)); }

std::vector<ParamSpec> hgbParams(bool classifier) {
    std::vector<ParamSpec> p;
    if (classifier) {
        p.push_back({"loss",
                     "log_loss",
                     {strOptions({"log_loss", "auto", "binary_crossentropy", "categorical_crossentropy"})},
                     "log_loss: binomial or multinomial deviance ('auto' and the *_crossentropy names are "
                     "deprecated aliases)."});
    } else {
        p.push_back({"loss",
                     "squared_error",
                     {strOptions({"squared_error", "absolute_error", "poisson", "quantile"})},
                     "Loss to optimise."});
        p.push_back({"quantile",
                     ParamValue(),
                     {realInterval(0.0, 1.0, Closed::Both), noneC()},
                     "The quantile of loss='quantile'."});
    }
    p.push_back({"learning_rate", 0.1, {realInterval(0.0, ParamValue(), Closed::Neither)}, "Shrinkage of the leaves."});
    p.push_back({"max_iter", 100, {intInterval(1, std::nullopt, Closed::Left)}, "Number of boosting iterations."});
    p.push_back({"max_leaf_nodes",
                 31,
                 {intInterval(2, std::nullopt, Closed::Left), noneC()},
                 "Leaves per tree (None: no limit)."});
    p.push_back({"max_depth", ParamValue(), {intInterval(1, std::nullopt, Closed::Left), noneC()}, "Depth limit."});
    p.push_back({"min_samples_leaf", 20, {intInterval(1, std::nullopt, Closed::Left)}, "Rows a leaf needs."});
    p.push_back(
        {"l2_regularization", 0.0, {realInterval(0.0, ParamValue(), Closed::Left)}, "L2 penalty on the leaf values."});
    p.push_back({"max_bins", 255, {intInterval(2, 255, Closed::Both)}, "Bins of the non-missing values."});
    p.push_back({"categorical_features",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::ArrayLike), noneC()},
                 "Native categorical features: a boolean mask, column indices or (fitted from a table) column "
                 "names; their values are categories in [0, max_bins)."});
    p.push_back({"monotonic_cst",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::ArrayLike), constraintOf(Constraint::Kind::Dict), noneC()},
                 "Per feature -1 (decreasing), 0 or 1 (increasing); a dict keys them by column name."});
    p.push_back({"interaction_cst",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::List), constraintOf(Constraint::Kind::Tuple),
                  strOptions({"pairwise", "no_interactions"}), noneC()},
                 "Groups of features that may split within one branch; unlisted features form one more group."});
    p.push_back({"warm_start", false, {booleanC()}, "Add iterations to the fitted model (Tessera: False only)."});
    p.push_back({"early_stopping",
                 "auto",
                 {strOptions({"auto"}), booleanC()},
                 "Stop on the scores ('auto': when there are more than 10000 rows)."});
    p.push_back({"scoring",
                 "loss",
                 {constraintOf(Constraint::Kind::String), noneC()},
                 "Early-stopping score (Tessera: 'loss')."});
    p.push_back({"validation_fraction",
                 0.1,
                 {realInterval(0.0, 1.0, Closed::Neither), intInterval(1, std::nullopt, Closed::Left), noneC()},
                 "Rows held out for early stopping (None: stop on the training loss)."});
    p.push_back({"n_iter_no_change", 10, {intInterval(1, std::nullopt, Closed::Left)}, "Patience of early stopping."});
    p.push_back({"tol", 1e-7, {realInterval(0.0, ParamValue(), Closed::Left)}, "Improvement early stopping needs."});
    p.push_back({"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."});
    p.push_back({"random_state",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::RandomState)},
                 "Seed of the bin subsample and of the early-stopping split."});
    if (classifier) {
        p.push_back({"class_weight",
                     ParamValue(),
                     {constraintOf(Constraint::Kind::Dict), strOptions({"balanced"}), noneC()},
                     "Class weights multiplied into sample_weight (a dict by class label, or 'balanced')."});
    }
    return p;
}

// The fitted trees: predictor nodes of every tree, iteration-major.
struct Predictors {
    std::vector<PredictorNode> nodes;
    std::vector<int64_t> offsets{0};  // tree t: nodes[offsets[t], offsets[t + 1])
    // Tree t's left-category bitsets: rows bitsetOffsets[t] … of both arrays (its bitset_idx counts from 0).
    std::vector<Bitset> binnedBitsets, rawBitsets;
    std::vector<int64_t> bitsetOffsets{0};
    std::vector<Bitset> knownCategories;  // per feature: make_known_categories_bitsets (empty: none)

    int64_t trees() const { return static_cast<int64_t>(offsets.size()) - 1; }
    void add(const hgb::GrownTree& tree) {
        nodes.insert(nodes.end(), tree.nodes.begin(), tree.nodes.end());
        offsets.push_back(static_cast<int64_t>(nodes.size()));
        binnedBitsets.insert(binnedBitsets.end(), tree.binnedLeftCatBitsets.begin(), tree.binnedLeftCatBitsets.end());
        rawBitsets.insert(rawBitsets.end(), tree.rawLeftCatBitsets.begin(), tree.rawLeftCatBitsets.end());
        bitsetOffsets.push_back(static_cast<int64_t>(rawBitsets.size()));
    }
    // <X_BINNED_DTYPE_C>x, the predictor's cast of a raw category: as x86-64 converts, through int32.
    static uint32_t categoryByte(double v) {
        return std::fabs(v) < 2147483648.0 ? static_cast<uint8_t>(static_cast<int32_t>(v)) : 0u;
    }
    // _predict_one_from_raw_data: NaN follows missing_go_to_left; a categorical node sends its left
    // categories left, other known categories right and unknown ones where NaN goes; else x <= num_threshold
    // goes left.
    double predictRow(int64_t t, const double* x) const {
        const PredictorNode* root = nodes.data() + offsets[t];
        const PredictorNode* node = root;
        while (!node->isLeaf) {
            const double v = x[node->featureIdx];
            bool left = false;
            if (std::isnan(v)) {
                left = node->missingGoToLeft;
            } else if (node->isCategorical) {
                const uint32_t c = categoryByte(v);
                if (hgb::inBitset(rawBitsets[bitsetOffsets[t] + node->bitsetIdx], c)) {
                    left = true;
                } else {
                    left = !hgb::inBitset(knownCategories[node->featureIdx], c) && node->missingGoToLeft;
                }
            } else {
                left = v <= node->numThreshold;
            }
            node = root + (left ? node->left : node->right);
        }
        return node->value;
    }
};

class BaseHistGradientBoosting : public Estimator {
public:
    using Estimator::Estimator;

protected:
    virtual bool classifier() const = 0;

    HgbLoss makeLoss(int64_t K) const {
        const std::string& loss = paramString("loss");
        if (classifier()) return HgbLoss(K > 1 ? HgbLoss::Kind::Multinomial : HgbLoss::Kind::Binomial, K);
        if (loss == "absolute_error") return HgbLoss(HgbLoss::Kind::AbsoluteError, 1);
        if (loss == "poisson") return HgbLoss(HgbLoss::Kind::Poisson, 1);
        if (loss == "quantile") {
            if (param("quantile").isNone())
                throw ValueError(className() + ": loss='quantile' needs quantile, a float in [0, 1]; got None");
            return HgbLoss(HgbLoss::Kind::Quantile, 1, paramDouble("quantile"));
        }
        return HgbLoss(HgbLoss::Kind::SquaredError, 1);
    }

    // The checks every fit starts with; X as float64 with NaN allowed.
    Tensor startFit(const Tensor& Xin, const Array& y, bool numericY) {
        validateParams();
        refuseUnavailable();
        clearAttributes();
        Tensor X = validateFitX(Xin, true);
        checkY(X, y, numericY);
        return X;
    }

    void refuseUnavailable() const {
        if (paramBool("warm_start"))
            throw ValueError(className() + ": warm_start=True is not available in Tessera yet; use False");
    }

    // fitTable: the column names, for categorical_features and monotonic_cst given by name.
    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        m_tableNames = X.names();
        try {
            fit(X.numericTensor(), y, sampleWeight);
        } catch (...) {
            m_tableNames.clear();
            throw;
        }
        m_tableNames.clear();
        recordFeatureNames(X);
        return *this;
    }

    // BaseHistGradientBoosting.fit after y is encoded (class codes as doubles for classifiers).
    void fitBoosting(const Tensor& X, const std::vector<double>& yAll, int64_t K, const Tensor& sampleWeight,
                     FitReporter& report) {
        const int64_t nAll = X.size(0), d = X.size(1);
        if (!param("monotonic_cst").isNone() && K != 1)
            throw ValueError("monotonic constraints are not supported for multiclass classification.");
        const hgb::FeatureOptions options = hgb::resolveFeatureOptions(*this, X, m_tableNames);
        if (!options.isCategorical.empty() && !options.monotonicCst.empty())
            for (int64_t f = 0; f < d; ++f)
                if (options.isCategorical[f] && options.monotonicCst[f] != 0)
                    throw ValueError("Categorical features cannot have monotonic constraints.");
        const std::vector<double> swAll =
            sampleWeight.defined() ? sampleWeightOrOnes(sampleWeight, nAll).toVector<double>() : std::vector<double>();
        const ParamValue& rs = param("random_state");
        RandomState rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<int64_t>(rs.asInt()));
        // rng.randint(np.iinfo(np.uint32).max, dtype='u8'): NumPy's masked rejection of 32-bit draws.
        const auto seed = static_cast<uint32_t>(rng.randomInterval(4294967294ull));
        HgbLoss loss = makeLoss(K);

        const ParamValue& es = param("early_stopping");
        const bool early = es.isString() ? nAll > 10000 : paramBool("early_stopping");
        if (early && paramString("scoring") != "loss")
            throw ValueError(className() + ": scoring other than 'loss' is not available in Tessera yet");
        const bool useValidation = !param("validation_fraction").isNone();
        std::vector<int64_t> train, val;
        if (early && useValidation) {
            model_selection::TrainTestSplitOptions o;
            const ParamValue& vf = param("validation_fraction");
            if (vf.isInt()) {
                o.testSize = vf.asInt();
            } else {
                o.testSize = vf.asDouble();
            }
            o.randomState = static_cast<int64_t>(seed);
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
        const double* xs = X.data<double>();
        auto rowsOf = [&](const std::vector<int64_t>& rows) {
            std::vector<double> out(rows.size() * d);
            for (size_t i = 0; i < rows.size(); ++i)
                std::copy(xs + rows[i] * d, xs + (rows[i] + 1) * d, out.begin() + i * d);
            return out;
        };
        auto pick = [](const std::vector<double>& v, const std::vector<int64_t>& rows) {
            std::vector<double> out;
            if (v.empty()) return out;
            for (const int64_t r : rows) out.push_back(v[r]);
            return out;
        };
        const std::vector<double> Xtr = rowsOf(train), Xval = rowsOf(val);
        const std::vector<double> y = pick(yAll, train), sw = pick(swAll, train);
        const std::vector<double> yVal = pick(yAll, val), swVal = pick(swAll, val);
        const auto n = static_cast<int64_t>(train.size()), nVal = static_cast<int64_t>(val.size());

        m_mapper = hgb::BinMapper::fit(Xtr.data(), n, d, static_cast<int>(paramInt("max_bins")) + 1, seed,
                                       options.isCategorical, options.knownCategories);
        const std::vector<uint8_t> binned = m_mapper.transform(Xtr.data(), n, d);
        hgb::BinnedData data;
        data.binned = binned.data();
        data.rows = n;
        data.features = d;
        data.missingBin = m_mapper.missingBin();
        data.nBinsNonMissing = &m_mapper.nBinsNonMissing;
        data.hasMissingValues.assign(d, 0);
        for (int64_t f = 0; f < d; ++f)
            for (int64_t r = 0; r < n && !data.hasMissingValues[f]; ++r)
                data.hasMissingValues[f] = binned[f * n + r] == m_mapper.missingBin();
        data.isCategorical = options.isCategorical;

        m_K = K;
        m_baseline = loss.baseline(y, sw);
        std::vector<double> raw(K * n), rawVal(K * nVal);
        for (int64_t k = 0; k < K; ++k) {
            std::fill(raw.begin() + k * n, raw.begin() + (k + 1) * n, m_baseline[k]);
            std::fill(rawVal.begin() + k * nVal, rawVal.begin() + (k + 1) * nVal, m_baseline[k]);
        }
        std::vector<double> trainScore, validationScore;
        auto checkStop = [&]() {
            trainScore.push_back(-loss.value(y, raw, sw));
            if (useValidation) validationScore.push_back(-loss.value(yVal, rawVal, swVal));
            const auto step = static_cast<int64_t>(trainScore.size()) - 1;
            report.curve("train_loss", step, -trainScore.back());
            if (useValidation) report.curve("validation_loss", step, -validationScore.back());
            const std::vector<double>& s = useValidation ? validationScore : trainScore;
            const auto ref = static_cast<size_t>(paramInt("n_iter_no_change") + 1);
            if (s.size() < ref) return false;
            const double reference = s[s.size() - ref] + paramDouble("tol");
            for (size_t i = s.size() - ref + 1; i < s.size(); ++i)
                if (s[i] > reference) return false;
            return true;
        };
        if (early) checkStop();

        hgb::GrowerParams gp;
        gp.maxLeafNodes = param("max_leaf_nodes").isNone() ? 0 : paramInt("max_leaf_nodes");
        gp.maxDepth = param("max_depth").isNone() ? 0 : paramInt("max_depth");
        gp.minSamplesLeaf = paramInt("min_samples_leaf");
        gp.l2Regularization = paramDouble("l2_regularization");
        gp.shrinkage = paramDouble("learning_rate");
        gp.monotonicCst = options.monotonicCst;
        gp.interactionCst = options.interactionCst;
        m_predictors = Predictors();
        m_predictors.knownCategories = hgb::knownCategoryBitsets(options.isCategorical, m_mapper.thresholds);
        std::vector<std::vector<float>> g, h;
        const int64_t maxIter = paramInt("max_iter");
        int64_t iterations = 0;
        report.setTotal(maxIter);
        for (int64_t it = 0; it < maxIter; ++it) {
            report.checkStop();
            loss.gradientHessian(y, raw, sw, g, h);
            const int64_t first = m_predictors.trees();
            for (int64_t k = 0; k < K; ++k) {
                hgb::GrownTree t = hgb::growTree(data, g[k], h[k], gp, m_mapper.thresholds);
                double* rk = raw.data() + k * n;
                if (loss.needUpdateLeavesValues()) {
                    for (const hgb::Leaf& leaf : t.leaves)
                        t.nodes[leaf.node].value =
                            gp.shrinkage *
                            loss.leafValue(y, rk, sw, t.partition.data() + leaf.start, leaf.stop - leaf.start);
                }
                for (const hgb::Leaf& leaf : t.leaves) {
                    const double v = t.nodes[leaf.node].value;
                    for (int64_t i = leaf.start; i < leaf.stop; ++i) rk[t.partition[i]] += v;
                }
                m_predictors.add(t);
            }
            ++iterations;
            report.advance();
            if (!early) continue;
            if (useValidation) {
                tbb::parallel_for(int64_t{0}, nVal, [&](int64_t r) {
                    for (int64_t k = 0; k < K; ++k)
                        rawVal[k * nVal + r] += m_predictors.predictRow(first + k, Xval.data() + r * d);
                });
            }
            if (checkStop()) break;
        }
        setAttribute("n_iter_", int64Scalar(iterations));
        setAttribute("n_trees_per_iteration_", int64Scalar(K));
        setAttribute("train_score_", doubles(trainScore));
        setAttribute("validation_score_", doubles(validationScore));
        setAttribute("do_early_stopping_", Array(Tensor::scalar<bool>(early)));
        if (options.isCategorical.empty()) {
            setAttribute("is_categorical_", Array());
        } else {
            Tensor is = Tensor::empty({d}, DType::Bool);
            for (int64_t f = 0; f < d; ++f) is.data<bool>()[f] = options.isCategorical[f] != 0;
            setAttribute("is_categorical_", Array(is));
        }
        storePrivate(d);
    }

    // The raw predictions [K][rows]: the baseline, then each tree's leaf value in iteration order.
    std::vector<double> rawPredict(const Tensor& Xin) const {
        checkFitted();
        const Tensor X = validateX(Xin, true);
        const int64_t rows = X.size(0), d = X.size(1), trees = m_predictors.trees();
        const double* xs = X.data<double>();
        std::vector<double> raw(m_K * rows);
        tbb::parallel_for(int64_t{0}, rows, [&](int64_t r) {
            for (int64_t k = 0; k < m_K; ++k) raw[k * rows + r] = m_baseline[k];
            for (int64_t t = 0; t < trees; ++t) raw[(t % m_K) * rows + r] += m_predictors.predictRow(t, xs + r * d);
        });
        return raw;
    }

    void attributesRestored() override {
        m_K = fitted("n_trees_per_iteration_").item<int64_t>();
        m_baseline = fitted("_baseline_prediction").toVector<double>();
        const std::vector<int64_t> offsets = fitted("_predictors.offsets").toVector<int64_t>();
        const std::vector<double> value = fitted("_predictors.value").toVector<double>();
        const std::vector<double> threshold = fitted("_predictors.num_threshold").toVector<double>();
        const std::vector<double> gain = fitted("_predictors.gain").toVector<double>();
        std::vector<std::vector<int64_t>> ints;
        for (const char* f : {"count", "feature_idx", "missing_go_to_left", "left", "right", "depth", "is_leaf",
                              "bin_threshold", "is_categorical", "bitset_idx"})
            ints.push_back(fitted(std::string("_predictors.") + f).toVector<int64_t>());
        m_predictors = Predictors();
        m_predictors.offsets = offsets;
        m_predictors.nodes.resize(value.size());
        for (size_t i = 0; i < value.size(); ++i) {
            PredictorNode& p = m_predictors.nodes[i];
            p.value = value[i];
            p.numThreshold = threshold[i];
            p.gain = gain[i];
            p.count = static_cast<uint32_t>(ints[0][i]);
            p.featureIdx = ints[1][i];
            p.missingGoToLeft = ints[2][i] != 0;
            p.left = ints[3][i];
            p.right = ints[4][i];
            p.depth = ints[5][i];
            p.isLeaf = ints[6][i] != 0;
            p.binThreshold = ints[7][i];
            p.isCategorical = ints[8][i] != 0;
            p.bitsetIdx = ints[9][i];
        }
        m_predictors.bitsetOffsets = fitted("_predictors.bitset_offsets").toVector<int64_t>();
        m_predictors.binnedBitsets = hgb::bitsetsOf(fitted("_predictors.binned_left_cat_bitsets"));
        m_predictors.rawBitsets = hgb::bitsetsOf(fitted("_predictors.raw_left_cat_bitsets"));
        const Array& isCategorical = attribute("is_categorical_");
        if (isCategorical.defined()) {
            const int64_t d = isCategorical.tensor().size(0);
            std::vector<uint8_t> is(d);
            std::vector<std::vector<double>> thresholds(d);
            for (int64_t f = 0; f < d; ++f) {
                is[f] = isCategorical.tensor().data<bool>()[f] ? 1 : 0;
                if (is[f])
                    thresholds[f] = fitted("_bin_mapper.bin_thresholds_." + std::to_string(f)).toVector<double>();
            }
            m_predictors.knownCategories = hgb::knownCategoryBitsets(is, thresholds);
        }
    }

    int64_t m_K = 1;
    std::vector<double> m_baseline;
    Predictors m_predictors;
    hgb::BinMapper m_mapper;
    std::vector<std::string> m_tableNames;  // during fitTable only

private:
    void storePrivate(int64_t d) {
        setAttribute("_baseline_prediction", doubles(m_baseline));
        for (int64_t f = 0; f < d; ++f)
            setAttribute("_bin_mapper.bin_thresholds_." + std::to_string(f), doubles(m_mapper.thresholds[f]));
        setAttribute("_bin_mapper.n_bins_non_missing_",
                     int64s(std::vector<int64_t>(m_mapper.nBinsNonMissing.begin(), m_mapper.nBinsNonMissing.end())));
        const std::vector<PredictorNode>& nodes = m_predictors.nodes;
        auto column = [&](auto get) {
            std::vector<decltype(get(nodes[0]))> v;
            for (const PredictorNode& p : nodes) v.push_back(get(p));
            return v;
        };
        setAttribute("_predictors.offsets", int64s(m_predictors.offsets));
        setAttribute("_predictors.value", doubles(column([](const PredictorNode& p) { return p.value; })));
        setAttribute("_predictors.num_threshold",
                     doubles(column([](const PredictorNode& p) { return p.numThreshold; })));
        setAttribute("_predictors.gain", doubles(column([](const PredictorNode& p) { return p.gain; })));
        setAttribute("_predictors.count", int64s(column([](const PredictorNode& p) { return int64_t{p.count}; })));
        setAttribute("_predictors.feature_idx", int64s(column([](const PredictorNode& p) { return p.featureIdx; })));
        setAttribute("_predictors.missing_go_to_left",
                     int64s(column([](const PredictorNode& p) { return int64_t{p.missingGoToLeft}; })));
        setAttribute("_predictors.left", int64s(column([](const PredictorNode& p) { return p.left; })));
        setAttribute("_predictors.right", int64s(column([](const PredictorNode& p) { return p.right; })));
        setAttribute("_predictors.depth", int64s(column([](const PredictorNode& p) { return p.depth; })));
        setAttribute("_predictors.is_leaf", int64s(column([](const PredictorNode& p) { return int64_t{p.isLeaf}; })));
        setAttribute("_predictors.bin_threshold",
                     int64s(column([](const PredictorNode& p) { return p.binThreshold; })));
        setAttribute("_predictors.is_categorical",
                     int64s(column([](const PredictorNode& p) { return int64_t{p.isCategorical}; })));
        setAttribute("_predictors.bitset_idx", int64s(column([](const PredictorNode& p) { return p.bitsetIdx; })));
        setAttribute("_predictors.bitset_offsets", int64s(m_predictors.bitsetOffsets));
        setAttribute("_predictors.binned_left_cat_bitsets", hgb::bitsetArray(m_predictors.binnedBitsets));
        setAttribute("_predictors.raw_left_cat_bitsets", hgb::bitsetArray(m_predictors.rawBitsets));
    }
};

class HistGradientBoostingRegressor : public BaseHistGradientBoosting {
public:
    using BaseHistGradientBoosting::BaseHistGradientBoosting;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        FitReporter report(*this, "iterations", 0);
        const Tensor X = startFit(Xin, y, true);
        std::vector<double> t = tree::regressionTargets(y);
        if (paramString("loss") == "poisson") {
            double sum = 0.0;
            bool negative = false;
            for (const double v : t) {
                sum += v;
                negative = negative || v < 0;
            }
            if (negative || !(sum > 0)) throw ValueError("loss='poisson' requires non-negative y and sum(y) > 0.");
        }
        fitBoosting(X, t, 1, sampleWeight, report);
        return *this;
    }

    Array predict(const Tensor& X) const override {
        std::vector<double> raw = rawPredict(X);
        const HgbLoss loss = makeLoss(1);
        for (double& v : raw) v = loss.inverseLink(v);
        return doubles(raw);
    }

protected:
    bool classifier() const override { return false; }
};

class HistGradientBoostingClassifier : public BaseHistGradientBoosting {
public:
    using BaseHistGradientBoosting::BaseHistGradientBoosting;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        FitReporter report(*this, "iterations", 0);
        const Tensor X = startFit(Xin, y, false);
        const EncodedLabels enc = encodeLabels(y, className());
        const int64_t k = classCount(enc.classes);
        const std::string& loss = paramString("loss");
        if (loss == "categorical_crossentropy" && k <= 2) {
            throw ValueError(
                "loss='categorical_crossentropy' is not suitable for a binary classification problem. "
                "Please use loss='log_loss' instead.");
        }
        if (loss == "binary_crossentropy" && k > 2) {
            throw ValueError("loss='binary_crossentropy' is not defined for multiclass classification with n_classes=" +
                             std::to_string(k) + ", use loss='log_loss' instead.");
        }
        setAttribute("classes_", enc.classes);
        // _finalize_sample_weight: compute_sample_weight(class_weight, y) times sample_weight.
        Tensor weights = sampleWeight;
        const std::vector<double> factors = classWeightOfCodes(enc.codes, k);
        if (!factors.empty()) {
            std::vector<double> w = sampleWeight.defined()
                                        ? sampleWeightOrOnes(sampleWeight, X.size(0)).toVector<double>()
                                        : std::vector<double>(X.size(0), 1.0);
            for (size_t i = 0; i < w.size(); ++i) w[i] *= factors[enc.codes[i]];
            weights = Tensor::fromVector<double>(w, {X.size(0)});
        }
        fitBoosting(X, std::vector<double>(enc.codes.begin(), enc.codes.end()), k <= 2 ? 1 : k, weights, report);
        return *this;
    }

    // compute_sample_weight(class_weight, y) per class code. sklearn 1.2.1 applies it to the encoded y
    // (the codes 0.0, 1.0, … as float64), so a dict's keys are the codes, not the labels.
    std::vector<double> classWeightOfCodes(const std::vector<int64_t>& codes, int64_t k) const {
        const ParamValue& cw = param("class_weight");
        if (cw.isNone()) return {};
        std::vector<double> w(k, 1.0);
        if (cw.isString()) {
            std::vector<double> count(k, 0.0);
            for (const int64_t c : codes) count[c] += 1;
            for (int64_t c = 0; c < k; ++c)
                w[c] = static_cast<double>(codes.size()) / (static_cast<double>(k) * count[c]);
            return w;
        }
        std::vector<int64_t> unweighted;
        for (int64_t c = 0; c < k; ++c) {
            bool found = false;
            for (const auto& [key, v] : cw.members()) {
                char* end = nullptr;
                const double code = std::strtod(key.c_str(), &end);
                if (key.empty() || *end != '\0' || code != static_cast<double>(c)) continue;
                w[c] = v.asDouble();
                found = true;
            }
            if (!found) unweighted.push_back(c);
        }
        if (!unweighted.empty() &&
            k - static_cast<int64_t>(unweighted.size()) != static_cast<int64_t>(cw.members().size())) {
            std::string shown;
            for (const int64_t c : unweighted) shown += (shown.empty() ? "" : ", ") + std::to_string(c) + ".0";
            throw ValueError("The classes, [" + shown + "], are not in class_weight");
        }
        return w;
    }

    Tensor decisionFunction(const Tensor& X) const override {
        const std::vector<double> raw = rawPredict(X);
        const auto rows = static_cast<int64_t>(raw.size()) / m_K;
        if (m_K == 1) return Tensor::fromVector<double>(raw, {rows});
        std::vector<double> out(raw.size());
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t k = 0; k < m_K; ++k) out[r * m_K + k] = raw[k * rows + r];
        return Tensor::fromVector<double>(out, {rows, m_K});
    }

    // HalfBinomialLoss.predict_proba (expit, 1 - expit) or the softmax of MultinomialLogit.inverse.
    Tensor predictProba(const Tensor& X) const override {
        const std::vector<double> raw = rawPredict(X);
        const auto rows = static_cast<int64_t>(raw.size()) / m_K;
        const int64_t c = m_K == 1 ? 2 : m_K;
        std::vector<double> p(rows * c);
        for (int64_t r = 0; r < rows; ++r) {
            if (m_K == 1) {
                p[r * 2 + 1] = 1.0 / (1.0 + std::exp(-raw[r]));
                p[r * 2] = 1 - p[r * 2 + 1];
                continue;
            }
            double mx = raw[r];
            for (int64_t k = 1; k < m_K; ++k) mx = std::max(mx, raw[k * rows + r]);
            double sum = 0;
            for (int64_t k = 0; k < m_K; ++k) sum += p[r * c + k] = std::exp(raw[k * rows + r] - mx);
            for (int64_t k = 0; k < m_K; ++k) p[r * c + k] /= sum;
        }
        return Tensor::fromVector<double>(p, {rows, c});
    }

    Array predict(const Tensor& X) const override { return tree::argmaxLabels(predictProba(X), attribute("classes_")); }

protected:
    bool classifier() const override { return true; }
};

const RegisterEstimator<HistGradientBoostingRegressor> kHistGradientBoostingRegressor({
    "HistGradientBoostingRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "Histogram-based gradient boosting: the bins, trees and predictions of scikit-learn 1.2.1.",
    hgbParams(false),
    {"fit", "predict", "score"},
});

const RegisterEstimator<HistGradientBoostingClassifier> kHistGradientBoostingClassifier({
    "HistGradientBoostingClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "Histogram-based gradient boosting classification (log_loss): the bins, trees and probabilities of "
    "scikit-learn 1.2.1.",
    hgbParams(true),
    {"fit", "predict", "predict_proba", "decision_function", "score"},
});

}  // namespace
}  // namespace tessera::ml
