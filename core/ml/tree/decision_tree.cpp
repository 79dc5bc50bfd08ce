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
#include "core/ml/tree/tree_estimators.h"

namespace tessera::ml {
namespace {

using tree::Tree;

Array doubles(const std::vector<double>& v, const Shape& shape) { return Array(Tensor::fromVector<double>(v, shape)); }

// The fitted tree back from the attribute map (so a loaded estimator predicts like the fitted one).
Tree fittedTree(const Estimator& e) {
    std::vector<int64_t> nClasses;
    if (e.hasAttribute("n_classes_")) nClasses = tree::fittedNClasses(e);
    return tree::treeFromAttributes(e, "", e.attribute("n_features_in_").tensor().item<int64_t>(), nClasses);
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
        if (paramString("criterion") == "poisson") {
            double sum = 0.0;
            for (const double v : y) {
                if (v < 0)
                    throw ValueError("Some value(s) of y are negative which is not allowed for Poisson regression.");
                sum += v;
            }
            if (sum <= 0) throw ValueError("Sum of y is not positive which is necessary for Poisson regression.");
        }
        tree::TreeParams p = tree::resolveTreeParams(*this, n, features, classifier, sw);
        const ParamValue& rs = param("random_state");
        RandomState rng = checkRandomState(rs.isNone() ? std::nullopt : std::optional<int64_t>(rs.asInt()));
        p.seed = static_cast<uint32_t>(rng.randint(0, tree::kRandRMax));

        std::vector<float> X32 = tree::asFloat32(X);
        const tree::TrainingData data = tree::TrainingData::fromRowMajor(X32.data(), n, features);
        Tree t = tree::buildTree(data, y, nClasses, sw, p);
        const double alpha = paramDouble("ccp_alpha");
        if (alpha > 0.0) t = t.pruned(alpha);
        const std::vector<Array> classes = classifier ? tree::fittedClasses(*this) : std::vector<Array>();
        for (auto& [name, value] : tree::decisionTreeAttributes(t, classifier ? &classes : nullptr, p.maxFeatures)) {
            if (name.rfind("classes_", 0) != 0) setAttribute(name, std::move(value));
        }
    }

    // The leaf value rows of X: [rows, outputs * maxNClasses].
    std::vector<double> leafValues(const Tensor& Xin, Tree* out = nullptr) const {
        const Tensor X = validateX(Xin);
        const Tree t = fittedTree(*this);
        const std::vector<float> X32 = tree::asFloat32(X);
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
        // y 1-D, or [rows, outputs] for multi-output: classes per output, as BaseDecisionTree.fit.
        const tree::EncodedOutputs enc = tree::encodeOutputs(y, className());
        const int64_t n = X.size(0);
        std::vector<double> sw;
        if (sampleWeight.defined()) sw = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const std::vector<double> cw = tree::expandedClassWeight(param("class_weight"), enc, className());
        if (!cw.empty()) {
            if (sw.empty()) sw.assign(n, 1.0);
            for (int64_t i = 0; i < n; ++i) sw[i] *= cw[i];
        }
        for (auto& [name, value] : tree::classAttributes(enc.classes))
            if (name.rfind("classes_", 0) == 0) setAttribute(name, std::move(value));
        fitTree(X, enc.y, enc.nClasses, sw, true);
        return *this;
    }

    // One output: [rows, n_classes_]; several: sklearn's list of arrays as [outputs, rows, max n_classes_].
    Tensor predictProba(const Tensor& X) const override {
        checkFitted();
        return tree::probaOfOutputs(leafValues(X), tree::fittedNClasses(*this), true);
    }

    Tensor predictLogProba(const Tensor& X) const override {
        return tree::logOfOutputs(predictProba(X), tree::fittedNClasses(*this));
    }

    Array predict(const Tensor& X) const override {
        return tree::labelsOfOutputs(predictProba(X), tree::fittedClasses(*this));
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
        const std::vector<double> yv = tree::regressionTargets(y);
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

// ExtraTreeClassifier / ExtraTreeRegressor are the same trees with the random splitter and a
// forest's max_features by default (the trees of ExtraTrees* and IsolationForest).
std::vector<ParamSpec> extraTreeParams(bool classifier) {
    std::vector<ParamSpec> p = tree::decisionTreeParams(classifier);
    for (ParamSpec& s : p) {
        if (s.keyword == "splitter") s.defaultValue = "random";
        if (s.keyword == "max_features") s.defaultValue = classifier ? ParamValue("sqrt") : ParamValue(1.0);
    }
    return p;
}

const RegisterEstimator<DecisionTreeClassifier> kDecisionTreeClassifier({
    "DecisionTreeClassifier",
    "sklearn.tree",
    EstimatorKind::Classifier,
    "A decision tree classifier, grown exactly as scikit-learn 1.2.1 grows it.",
    tree::decisionTreeParams(true),
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

const RegisterEstimator<DecisionTreeRegressor> kDecisionTreeRegressor({
    "DecisionTreeRegressor",
    "sklearn.tree",
    EstimatorKind::Regressor,
    "A decision tree regressor, grown exactly as scikit-learn 1.2.1 grows it.",
    tree::decisionTreeParams(false),
    {"fit", "predict", "score"},
});

const RegisterEstimator<DecisionTreeClassifier> kExtraTreeClassifier({
    "ExtraTreeClassifier",
    "sklearn.tree",
    EstimatorKind::Classifier,
    "An extremely randomized tree classifier (random thresholds), as scikit-learn 1.2.1 grows it.",
    extraTreeParams(true),
    {"fit", "predict", "predict_proba", "predict_log_proba", "score"},
});

const RegisterEstimator<DecisionTreeRegressor> kExtraTreeRegressor({
    "ExtraTreeRegressor",
    "sklearn.tree",
    EstimatorKind::Regressor,
    "An extremely randomized tree regressor (random thresholds), as scikit-learn 1.2.1 grows it.",
    extraTreeParams(false),
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
