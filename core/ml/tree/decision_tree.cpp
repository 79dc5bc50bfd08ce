// DecisionTreeClassifier and DecisionTreeRegressor (sklearn/tree/_classes.py 1.2.1): keywords resolved
// as BaseDecisionTree.fit resolves them, the splitter seeded with randint(0, RAND_R_MAX) from the
// estimator's RandomState, and the fitted tree kept as sklearn's `tree_` arrays under the attribute
// names "tree_.children_left", "tree_.threshold", … (scripts write `model.tree_.threshold`).
#include <cmath>
#include <string>

#include "core/ml/base/registry.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/builder.h"
#include "core/ml/tree/predictor.h"
#include "core/ml/tree/tree.h"

namespace tessera::ml {
namespace {

using tree::Tree;

Array int64s(const std::vector<int64_t>& v) { return Array(Tensor::fromVector<int64_t>(v, {int64_t(v.size())})); }
Array doubles(const std::vector<double>& v, const Shape& shape) { return Array(Tensor::fromVector<double>(v, shape)); }

std::vector<int64_t> int64Vector(const Array& a) { return a.tensor().toVector<int64_t>(); }
std::vector<double> doubleVector(const Array& a) { return a.tensor().toVector<double>(); }

std::vector<ParamSpec> treeParams(bool classifier) {
    std::vector<ParamSpec> p = {
        {"splitter",
         "best",
         {strOptions({"best", "random"})},
         "Split strategy: the best split, or the best of random ones."},
        {"max_depth",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Maximum depth (None: unlimited)."},
        {"min_samples_split",
         2,
         {intInterval(2, std::nullopt, Closed::Left), realInterval(0.0, 1.0, Closed::Right)},
         "Minimum samples to split a node (a float: a fraction of the samples)."},
        {"min_samples_leaf",
         1,
         {intInterval(1, std::nullopt, Closed::Left), realInterval(0.0, 1.0, Closed::Neither)},
         "Minimum samples in a leaf (a float: a fraction of the samples)."},
        {"min_weight_fraction_leaf", 0.0, {realInterval(0.0, 0.5, Closed::Both)}, "Minimum weight fraction in a leaf."},
        {"max_features",
         ParamValue(),
         {intInterval(1, std::nullopt, Closed::Left), realInterval(0.0, 1.0, Closed::Right),
          strOptions({"auto", "sqrt", "log2"}), noneC()},
         "Features drawn per split: int, fraction, 'sqrt', 'log2' or None (all)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the feature draws."},
        {"max_leaf_nodes",
         ParamValue(),
         {intInterval(2, std::nullopt, Closed::Left), noneC()},
         "Grow best-first up to this many leaves (None: depth-first)."},
        {"min_impurity_decrease",
         0.0,
         {realInterval(0.0, ParamValue(), Closed::Left)},
         "Split only when the weighted impurity decreases at least this much."},
        {"ccp_alpha",
         0.0,
         {realInterval(0.0, ParamValue(), Closed::Left)},
         "Complexity parameter of minimal cost-complexity pruning."},
    };
    if (classifier) {
        p.push_back({"criterion", "gini", {strOptions({"gini", "entropy", "log_loss"})}, "Split quality measure."});
        p.push_back({"class_weight",
                     ParamValue(),
                     {constraintOf(Constraint::Kind::Dict), constraintOf(Constraint::Kind::List),
                      strOptions({"balanced"}), noneC()},
                     "Weights of the classes: a dict, 'balanced' or None."});
    } else {
        p.push_back({"criterion",
                     "squared_error",
                     {strOptions({"squared_error", "friedman_mse", "absolute_error", "poisson"})},
                     "Split quality measure."});
    }
    return p;
}

// The fitted tree back from the attribute map (so a loaded estimator predicts like the fitted one).
Tree fittedTree(const Estimator& e) {
    Tree t;
    t.childrenLeft = int64Vector(e.attribute("tree_.children_left"));
    t.childrenRight = int64Vector(e.attribute("tree_.children_right"));
    t.feature = int64Vector(e.attribute("tree_.feature"));
    t.threshold = doubleVector(e.attribute("tree_.threshold"));
    t.impurity = doubleVector(e.attribute("tree_.impurity"));
    t.nNodeSamples = int64Vector(e.attribute("tree_.n_node_samples"));
    t.weightedNNodeSamples = doubleVector(e.attribute("tree_.weighted_n_node_samples"));
    const Tensor& value = e.attribute("tree_.value").tensor();
    t.value = value.toVector<double>();
    t.nOutputs = value.size(1);
    t.maxNClasses = value.size(2);
    t.nFeatures = e.attribute("n_features_in_").tensor().item<int64_t>();
    t.maxDepth = e.attribute("tree_.max_depth").tensor().item<int64_t>();
    t.missingGoLeft.assign(t.childrenLeft.size(), 0);
    t.nClasses.assign(t.nOutputs, t.maxNClasses);
    if (e.hasAttribute("n_classes_")) t.nClasses = {e.attribute("n_classes_").tensor().item<int64_t>()};
    t.validate();
    return t;
}

std::vector<float> asFloat32(const Tensor& X) {
    const std::vector<double> v = X.toVector<double>();
    return std::vector<float>(v.begin(), v.end());
}

class BaseTree : public Estimator {
public:
    using Estimator::Estimator;

protected:
    // BaseDecisionTree.fit after y is encoded: y as doubles [rows, outputs], nClasses empty for
    // regression, sw the weights the builder sees (sample_weight times expanded class_weight).
    void fitTree(const Tensor& X, const std::vector<double>& y, const std::vector<int64_t>& nClasses,
                 const std::vector<double>& sw, bool classifier) {
        const int64_t n = X.size(0), features = X.size(1);
        const int64_t outputs = static_cast<int64_t>(y.size()) / n;
        tree::TreeParams p;
        const std::string& criterion = paramString("criterion");
        p.criterion = criterion == "gini"            ? tree::Criterion::Gini
                      : criterion == "squared_error" ? tree::Criterion::SquaredError
                      : criterion == "friedman_mse"  ? tree::Criterion::FriedmanMse
                      : criterion == "poisson"       ? tree::Criterion::Poisson
                                                     : tree::Criterion::Entropy;
        if (criterion == "absolute_error") {
            throw ValueError(className() +
                             ": criterion='absolute_error' is not available in Tessera yet; "
                             "'squared_error', 'friedman_mse' and 'poisson' are");
        }
        if (criterion == "poisson") {
            double sum = 0.0;
            for (const double v : y) {
                if (v < 0)
                    throw ValueError("Some value(s) of y are negative which is not allowed for Poisson regression.");
                sum += v;
            }
            if (sum <= 0) throw ValueError("Sum of y is not positive which is necessary for Poisson regression.");
        }
        p.splitter = paramString("splitter") == "best" ? tree::SplitterKind::Best : tree::SplitterKind::Random;
        p.maxDepth = param("max_depth").isNone() ? -1 : paramInt("max_depth");
        const ParamValue& msl = param("min_samples_leaf");
        p.minSamplesLeaf = msl.isInt() ? msl.asInt() : static_cast<int64_t>(std::ceil(msl.asDouble() * n));
        const ParamValue& mss = param("min_samples_split");
        int64_t minSplit =
            mss.isInt() ? mss.asInt() : std::max<int64_t>(2, static_cast<int64_t>(std::ceil(mss.asDouble() * n)));
        p.minSamplesSplit = std::max(minSplit, 2 * p.minSamplesLeaf);
        const ParamValue& mf = param("max_features");
        int64_t maxFeatures = features;
        if (mf.isString()) {
            const std::string& s = mf.asString();
            if (s == "sqrt" || (s == "auto" && classifier)) {
                maxFeatures = std::max<int64_t>(1, static_cast<int64_t>(std::sqrt(static_cast<double>(features))));
            } else if (s == "log2") {
                maxFeatures = std::max<int64_t>(1, static_cast<int64_t>(std::log2(static_cast<double>(features))));
            }
        } else if (mf.isInt()) {
            maxFeatures = mf.asInt();
        } else if (!mf.isNone()) {
            maxFeatures = std::max<int64_t>(1, static_cast<int64_t>(mf.asDouble() * features));
        }
        if (!(0 < maxFeatures && maxFeatures <= features)) throw ValueError("max_features must be in (0, n_features]");
        p.maxFeatures = maxFeatures;
        p.maxLeafNodes = param("max_leaf_nodes").isNone() ? -1 : paramInt("max_leaf_nodes");
        p.minImpurityDecrease = paramDouble("min_impurity_decrease");
        const double fraction = paramDouble("min_weight_fraction_leaf");
        p.minWeightLeaf = sw.empty() ? fraction * n : fraction * tree::numpySum(sw.data(), n);
        const ParamValue& rs = param("random_state");
        RandomState rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<int64_t>(rs.asInt()));
        p.seed = static_cast<uint32_t>(rng.randint(0, tree::kRandRMax));

        std::vector<float> X32 = asFloat32(X);
        const tree::TrainingData data = tree::TrainingData::fromRowMajor(X32.data(), n, features);
        Tree t = tree::buildTree(data, y, nClasses, sw, p);
        const double alpha = paramDouble("ccp_alpha");
        if (alpha > 0.0) t = t.pruned(alpha);

        if (classifier) setAttribute("n_classes_", Array(Tensor::scalar<int64_t>(nClasses[0])));
        setAttribute("max_features_", Array(Tensor::scalar<int64_t>(maxFeatures)));
        setAttribute("n_outputs_", Array(Tensor::scalar<int64_t>(outputs)));
        setAttribute("feature_importances_", doubles(t.computeFeatureImportances(), {features}));
        const int64_t nodes = t.nodeCount();
        setAttribute("tree_.children_left", int64s(t.childrenLeft));
        setAttribute("tree_.children_right", int64s(t.childrenRight));
        setAttribute("tree_.feature", int64s(t.feature));
        setAttribute("tree_.threshold", doubles(t.threshold, {nodes}));
        setAttribute("tree_.value", doubles(t.value, {nodes, t.nOutputs, t.maxNClasses}));
        setAttribute("tree_.impurity", doubles(t.impurity, {nodes}));
        setAttribute("tree_.n_node_samples", int64s(t.nNodeSamples));
        setAttribute("tree_.weighted_n_node_samples", doubles(t.weightedNNodeSamples, {nodes}));
        setAttribute("tree_.node_count", Array(Tensor::scalar<int64_t>(nodes)));
        setAttribute("tree_.max_depth", Array(Tensor::scalar<int64_t>(t.maxDepth)));
    }

    // The leaf value rows of X: [rows, outputs * maxNClasses].
    std::vector<double> leafValues(const Tensor& Xin, Tree* out = nullptr) const {
        const Tensor X = validateX(Xin);
        const Tree t = fittedTree(*this);
        const std::vector<float> X32 = asFloat32(X);
        if (out) *out = t;
        return t.predict(X32.data(), X.size(0));
    }
};

class DecisionTreeClassifier : public BaseTree {
public:
    using BaseTree::BaseTree;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        if (y.isNumeric() && y.tensor().dim() == 2) {
            throw ValueError(className() + ": multi-output y (2-D) is not available in Tessera yet");
        }
        const EncodedLabels enc = encodeLabels(y, className());
        const int64_t n = X.size(0), k = classCount(enc.classes);
        std::vector<double> codes(enc.codes.begin(), enc.codes.end());
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const std::vector<double> cw = classWeights(enc, k);
        if (!cw.empty()) {
            if (sw.empty()) sw.assign(n, 1.0);
            for (int64_t i = 0; i < n; ++i) sw[i] *= cw[enc.codes[i]];
        }
        setAttribute("classes_", enc.classes);
        fitTree(X, codes, {k}, sw, true);
        return *this;
    }

    Tensor predictProba(const Tensor& X) const override {
        checkFitted();
        Tree t;
        std::vector<double> v = leafValues(X, &t);
        const int64_t rows = static_cast<int64_t>(v.size()) / t.maxNClasses, k = t.nClasses[0];
        std::vector<double> proba(rows * k);
        for (int64_t r = 0; r < rows; ++r) {
            double normalizer = tree::numpySum(v.data() + r * t.maxNClasses, k);
            if (normalizer == 0.0) normalizer = 1.0;
            for (int64_t c = 0; c < k; ++c) proba[r * k + c] = v[r * t.maxNClasses + c] / normalizer;
        }
        return Tensor::fromVector<double>(proba, {rows, k});
    }

    Tensor predictLogProba(const Tensor& X) const override {
        std::vector<double> p = predictProba(X).toVector<double>();
        const int64_t rows = X.size(0);
        for (double& v : p) v = std::log(v);
        return Tensor::fromVector<double>(p, {rows, static_cast<int64_t>(p.size()) / std::max<int64_t>(rows, 1)});
    }

    Array predict(const Tensor& X) const override {
        const Tensor proba = predictProba(X);
        const int64_t rows = proba.size(0), k = proba.size(1);
        const double* p = proba.data<double>();
        std::vector<int64_t> codes(rows);
        for (int64_t r = 0; r < rows; ++r) codes[r] = std::max_element(p + r * k, p + (r + 1) * k) - (p + r * k);
        return decodeLabels(attribute("classes_"), codes);
    }

private:
    // compute_sample_weight(class_weight, y) as per-class factors; empty when class_weight is None.
    std::vector<double> classWeights(const EncodedLabels& enc, int64_t k) const {
        const ParamValue& cw = param("class_weight");
        if (cw.isNone()) return {};
        std::vector<double> w(k, 1.0);
        if (cw.isString()) {
            std::vector<double> count(k, 0.0);
            for (auto c : enc.codes) count[c] += 1;
            const double n = static_cast<double>(enc.codes.size());
            for (int64_t c = 0; c < k; ++c) w[c] = n / (static_cast<double>(k) * count[c]);
            return w;
        }
        if (cw.isSequence()) {
            throw ValueError(className() +
                             ": class_weight as a list of dicts (multi-output) is not available in "
                             "Tessera yet");
        }
        // Dict keys are class labels written as text (the script language's int keys are their digits).
        for (const auto& [key, value] : cw.members()) {
            int64_t found = -1;
            for (int64_t c = 0; c < k; ++c) {
                std::string label;
                if (enc.classes.isStrings()) {
                    label = enc.classes.strings()[c];
                } else {
                    const double v = enc.classes.tensor().toVector<double>()[c];
                    label = v == std::floor(v) ? std::to_string(static_cast<int64_t>(v)) : pythonFloatRepr(v);
                }
                if (label == key) found = c;
            }
            if (found < 0) throw ValueError("The classes, [" + key + "], are not in class_weight");
            w[found] = value.asDouble();
        }
        return w;
    }
};

class DecisionTreeRegressor : public BaseTree {
public:
    using BaseTree::BaseTree;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, true);
        std::vector<double> yv;
        const Tensor& Y = y.tensor();
        if (Y.dim() == 1) {
            yv = toFloat64(y, "y").toVector<double>();
        } else if (Y.dtype() == DType::Float64) {
            yv = Y.toVector<double>();
        } else {
            const std::vector<int64_t> yi = Y.toVector<int64_t>();
            yv.assign(yi.begin(), yi.end());
        }
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, X.size(0)).toVector<double>();
        fitTree(X, yv, {}, sw, false);
        return *this;
    }

    Array predict(const Tensor& X) const override {
        checkFitted();
        Tree t;
        const std::vector<double> v = leafValues(X, &t);
        const int64_t rows = static_cast<int64_t>(v.size()) / t.valueStride();
        if (t.nOutputs == 1) return doubles(v, {rows});
        return doubles(v, {rows, t.nOutputs});
    }
};

const RegisterEstimator<DecisionTreeClassifier> kDecisionTreeClassifier({
    "DecisionTreeClassifier",
    "sklearn.tree",
    EstimatorKind::Classifier,
    "A decision tree classifier, grown exactly as scikit-learn 1.2.1 grows it.",
    treeParams(true),
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

const RegisterEstimator<DecisionTreeRegressor> kDecisionTreeRegressor({
    "DecisionTreeRegressor",
    "sklearn.tree",
    EstimatorKind::Regressor,
    "A decision tree regressor, grown exactly as scikit-learn 1.2.1 grows it.",
    treeParams(false),
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
