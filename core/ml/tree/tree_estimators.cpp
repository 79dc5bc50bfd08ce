#include "core/ml/tree/tree_estimators.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

#include "core/ml/base/registry.h"
#include "core/tensor/error.h"

namespace tessera::ml::tree {
namespace {

Array int64s(const std::vector<int64_t>& v) { return Array(Tensor::fromVector<int64_t>(v, {int64_t(v.size())})); }
Array doubles(const std::vector<double>& v, const Shape& shape) { return Array(Tensor::fromVector<double>(v, shape)); }
Array int64Scalar(int64_t v) { return Array(Tensor::scalar<int64_t>(v)); }

}  // namespace

std::vector<ParamSpec> decisionTreeParams(bool classifier) {
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

TreeParams resolveTreeParams(const Estimator& e, int64_t n, int64_t features, bool classifier,
                             const std::vector<double>& sw) {
    TreeParams p;
    const std::string& criterion = e.param("criterion").asString();
    p.criterion = criterion == "gini"             ? Criterion::Gini
                  : criterion == "squared_error"  ? Criterion::SquaredError
                  : criterion == "friedman_mse"   ? Criterion::FriedmanMse
                  : criterion == "poisson"        ? Criterion::Poisson
                  : criterion == "absolute_error" ? Criterion::AbsoluteError
                                                  : Criterion::Entropy;
    p.splitter = SplitterKind::Best;
    if (const ParamSpec* s = e.info().findParam("splitter"); s && e.param("splitter").asString() == "random")
        p.splitter = SplitterKind::Random;
    p.maxDepth = e.param("max_depth").isNone() ? -1 : e.param("max_depth").asInt();
    const ParamValue& msl = e.param("min_samples_leaf");
    p.minSamplesLeaf = msl.isInt() ? msl.asInt() : static_cast<int64_t>(std::ceil(msl.asDouble() * n));
    const ParamValue& mss = e.param("min_samples_split");
    const int64_t minSplit =
        mss.isInt() ? mss.asInt() : std::max<int64_t>(2, static_cast<int64_t>(std::ceil(mss.asDouble() * n)));
    p.minSamplesSplit = std::max(minSplit, 2 * p.minSamplesLeaf);
    const ParamValue& mf = e.param("max_features");
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
    p.maxLeafNodes = e.param("max_leaf_nodes").isNone() ? -1 : e.param("max_leaf_nodes").asInt();
    p.minImpurityDecrease = e.param("min_impurity_decrease").asDouble();
    const double fraction = e.param("min_weight_fraction_leaf").asDouble();
    p.minWeightLeaf = sw.empty() ? fraction * n : fraction * numpySum(sw.data(), static_cast<int64_t>(sw.size()));
    return p;
}

std::vector<double> classWeightFactors(const ParamValue& cw, const Array& classes, const std::vector<int64_t>& codes,
                                       std::string_view) {
    if (cw.isNone()) return {};
    const int64_t k = classCount(classes);
    std::vector<double> w(k, 1.0);
    if (cw.isString()) {
        std::vector<double> count(k, 0.0);
        for (const int64_t c : codes) count[c] += 1;
        const double n = static_cast<double>(codes.size());
        for (int64_t c = 0; c < k; ++c) w[c] = n / (static_cast<double>(k) * count[c]);
        return w;
    }
    if (cw.isSequence()) {
        // compute_class_weight with a list: no class is a key of it.
        std::string list;
        for (int64_t c = 0; c < k; ++c) {
            std::string shown;
            if (classes.isStrings()) {
                shown = "'" + classes.strings()[c] + "'";
            } else {
                const double v = toFloat64(classes, "classes_").toVector<double>()[c];
                shown = v == std::floor(v) ? std::to_string(static_cast<int64_t>(v)) : pythonFloatRepr(v);
            }
            list += (list.empty() ? "" : ", ") + shown;
        }
        if (cw.items().empty()) return w;
        throw ValueError("The classes, [" + list + "], are not in class_weight");
    }
    // Dict keys are class labels written as text (the script language's int keys are their digits). As
    // compute_class_weight: classes missing from the dict keep weight 1, which is an error only when some
    // key matches no class.
    const std::vector<double> numeric =
        classes.isStrings() ? std::vector<double>() : classes.tensor().toVector<double>();
    std::vector<std::string> unweighted;
    size_t weighted = 0;
    for (int64_t c = 0; c < k; ++c) {
        std::string label, shown;
        if (classes.isStrings()) {
            label = classes.strings()[c];
            shown = "'" + label + "'";
        } else {
            const double v = numeric[c];
            label = shown = v == std::floor(v) ? std::to_string(static_cast<int64_t>(v)) : pythonFloatRepr(v);
        }
        const ParamValue* value = nullptr;
        for (const auto& [key, v] : cw.members())
            if (key == label) value = &v;
        if (value) {
            w[c] = value->asDouble();
            ++weighted;
        } else {
            unweighted.push_back(shown);
        }
    }
    if (!unweighted.empty() && weighted != cw.members().size()) {
        std::string list;
        for (const std::string& u : unweighted) list += (list.empty() ? "" : ", ") + u;
        throw ValueError("The classes, [" + list + "], are not in class_weight");
    }
    return w;
}

EncodedOutputs encodeOutputs(const Array& y, std::string_view estimator) {
    EncodedOutputs e;
    if (!(y.isNumeric() && y.tensor().dim() == 2)) {
        EncodedLabels enc = encodeLabels(y, estimator);
        e.nClasses = {classCount(enc.classes)};
        e.y.assign(enc.codes.begin(), enc.codes.end());
        e.classes.push_back(std::move(enc.classes));
        e.codes.push_back(std::move(enc.codes));
        return e;
    }
    const Tensor& Y = y.tensor();
    const int64_t rows = Y.size(0), outputs = Y.size(1);
    const bool ints = Y.dtype() == DType::Int64;
    const std::vector<double> yd = ints ? std::vector<double>() : Y.toVector<double>();
    const std::vector<int64_t> yi = ints ? Y.toVector<int64_t>() : std::vector<int64_t>();
    e.y.assign(rows * outputs, 0.0);
    for (int64_t k = 0; k < outputs; ++k) {
        Array column;
        if (ints) {
            std::vector<int64_t> c(rows);
            for (int64_t r = 0; r < rows; ++r) c[r] = yi[r * outputs + k];
            column = Array(Tensor::fromVector<int64_t>(c, {rows}));
        } else {
            std::vector<double> c(rows);
            for (int64_t r = 0; r < rows; ++r) c[r] = yd[r * outputs + k];
            column = Array(Tensor::fromVector<double>(c, {rows}));
        }
        EncodedLabels enc = encodeLabels(column, estimator);
        for (int64_t r = 0; r < rows; ++r) e.y[r * outputs + k] = static_cast<double>(enc.codes[r]);
        e.nClasses.push_back(classCount(enc.classes));
        e.classes.push_back(std::move(enc.classes));
        e.codes.push_back(std::move(enc.codes));
    }
    return e;
}

std::vector<double> expandedClassWeight(const ParamValue& cw, const EncodedOutputs& e, std::string_view estimator) {
    if (cw.isNone()) return {};
    const int64_t outputs = e.outputs();
    if (outputs == 1) {
        const std::vector<double> f = classWeightFactors(cw, e.classes[0], e.codes[0], estimator);
        std::vector<double> w(e.codes[0].size());
        for (size_t r = 0; r < w.size(); ++r) w[r] = f[e.codes[0][r]];
        return w;
    }
    if (!cw.isString() && !cw.isSequence())
        throw ValueError("For multi-output, class_weight should be a list of dicts, or a valid string.");
    if (cw.isSequence() && static_cast<int64_t>(cw.items().size()) != outputs) {
        throw ValueError("For multi-output, number of elements in class_weight should match number of outputs.");
    }
    std::vector<double> w;
    for (int64_t k = 0; k < outputs; ++k) {
        const ParamValue& cwk = cw.isString() ? cw : cw.items()[k];
        const std::vector<double> f = classWeightFactors(cwk, e.classes[k], e.codes[k], estimator);
        if (w.empty()) w.assign(e.codes[k].size(), 1.0);
        for (size_t r = 0; r < w.size(); ++r) w[r] *= f[e.codes[k][r]];
    }
    return w;
}

std::vector<double> balancedSubsampleWeights(const EncodedOutputs& e, const std::vector<int64_t>& indices) {
    std::vector<double> w;
    for (int64_t k = 0; k < e.outputs(); ++k) {
        const std::vector<double> f = balancedSubsampleWeights(e.codes[k], e.nClasses[k], indices);
        if (w.empty()) {
            w = f;
        } else {
            for (size_t r = 0; r < w.size(); ++r) w[r] *= f[r];
        }
    }
    return w;
}

Attributes classAttributes(const std::vector<Array>& classes) {
    Attributes out;
    if (classes.size() == 1) {
        out.emplace_back("classes_", classes[0]);
        out.emplace_back("n_classes_", int64Scalar(classCount(classes[0])));
        return out;
    }
    std::vector<int64_t> n;
    for (size_t k = 0; k < classes.size(); ++k) {
        out.emplace_back("classes_." + std::to_string(k), classes[k]);
        n.push_back(classCount(classes[k]));
    }
    out.emplace_back("n_classes_", int64s(n));
    return out;
}

std::vector<Array> fittedClasses(const Estimator& e) {
    if (e.hasAttribute("classes_")) return {e.attribute("classes_")};
    std::vector<Array> out;
    for (size_t k = 0; e.hasAttribute("classes_." + std::to_string(k)); ++k)
        out.push_back(e.attribute("classes_." + std::to_string(k)));
    return out;
}

std::vector<int64_t> fittedNClasses(const Estimator& e) {
    const Tensor& n = e.attribute("n_classes_").tensor();
    if (n.dim() == 0) return {n.item<int64_t>()};
    return n.toVector<int64_t>();
}

Tensor probaOfOutputs(const std::vector<double>& leaf, const std::vector<int64_t>& nClasses, bool normalize) {
    const int64_t outputs = static_cast<int64_t>(nClasses.size());
    const int64_t maxC = *std::max_element(nClasses.begin(), nClasses.end());
    const int64_t rows = static_cast<int64_t>(leaf.size()) / (outputs * maxC);
    const int64_t width = outputs == 1 ? nClasses[0] : maxC;
    std::vector<double> proba(outputs * rows * width, 0.0);
    for (int64_t k = 0; k < outputs; ++k) {
        for (int64_t r = 0; r < rows; ++r) {
            const double* v = leaf.data() + (r * outputs + k) * maxC;
            double normalizer = normalize ? numpySum(v, nClasses[k]) : 1.0;
            if (normalizer == 0.0) normalizer = 1.0;
            double* out = proba.data() + (k * rows + r) * width;
            for (int64_t c = 0; c < nClasses[k]; ++c) out[c] = normalize ? v[c] / normalizer : v[c];
        }
    }
    if (outputs == 1) return Tensor::fromVector<double>(proba, {rows, width});
    return Tensor::fromVector<double>(proba, {outputs, rows, width});
}

Tensor logOfOutputs(const Tensor& proba, const std::vector<int64_t>& nClasses) {
    if (proba.dim() == 2) return logOf(proba);
    const int64_t rows = proba.size(1), width = proba.size(2);
    std::vector<double> p = proba.toVector<double>();
    for (size_t k = 0; k < nClasses.size(); ++k)
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t c = 0; c < nClasses[k]; ++c) {
                double& v = p[(static_cast<int64_t>(k) * rows + r) * width + c];
                v = std::log(v);
            }
    return Tensor::fromVector<double>(p, proba.sizes());
}

Array labelsOfOutputs(const Tensor& proba, const std::vector<Array>& classes) {
    if (classes.size() == 1) return argmaxLabels(proba, classes[0]);
    const int64_t outputs = proba.size(0), rows = proba.size(1), width = proba.size(2);
    const double* p = proba.data<double>();
    const bool ints = classes[0].isNumeric() && classes[0].tensor().dtype() == DType::Int64;
    std::vector<double> asDouble(rows * outputs);
    std::vector<int64_t> asInt(rows * outputs);
    for (int64_t k = 0; k < outputs; ++k) {
        if (classes[k].isStrings()) throw ValueError("multi-output y with string labels is not supported");
        const int64_t nk = classCount(classes[k]);
        const std::vector<double> labels = toFloat64(classes[k], "classes_").toVector<double>();
        for (int64_t r = 0; r < rows; ++r) {
            const double* row = p + (k * rows + r) * width;
            const double label = labels[std::max_element(row, row + nk) - row];
            asDouble[r * outputs + k] = label;
            asInt[r * outputs + k] = static_cast<int64_t>(label);  // numpy's cast into classes_[0]'s int dtype
        }
    }
    if (ints) return Array(Tensor::fromVector<int64_t>(asInt, {rows, outputs}));
    return Array(Tensor::fromVector<double>(asDouble, {rows, outputs}));
}

std::vector<double> balancedSubsampleWeights(const std::vector<int64_t>& codes, int64_t nClasses,
                                             const std::vector<int64_t>& indices) {
    std::vector<double> count(nClasses, 0.0);
    for (const int64_t i : indices) count[codes[i]] += 1;
    int64_t present = 0;
    for (const double c : count) present += c > 0 ? 1 : 0;
    const double n = static_cast<double>(indices.size());
    std::vector<double> w(codes.size());
    for (size_t r = 0; r < codes.size(); ++r) {
        const double c = count[codes[r]];
        w[r] = c > 0 ? n / (static_cast<double>(present) * c) : 0.0;
    }
    return w;
}

void appendTreeAttributes(Attributes& out, const Tree& t, const std::string& prefix) {
    const int64_t nodes = t.nodeCount();
    const std::string p = prefix + "tree_.";
    out.emplace_back(p + "children_left", int64s(t.childrenLeft));
    out.emplace_back(p + "children_right", int64s(t.childrenRight));
    out.emplace_back(p + "feature", int64s(t.feature));
    out.emplace_back(p + "threshold", doubles(t.threshold, {nodes}));
    out.emplace_back(p + "value", doubles(t.value, {nodes, t.nOutputs, t.maxNClasses}));
    out.emplace_back(p + "impurity", doubles(t.impurity, {nodes}));
    out.emplace_back(p + "n_node_samples", int64s(t.nNodeSamples));
    out.emplace_back(p + "weighted_n_node_samples", doubles(t.weightedNNodeSamples, {nodes}));
    out.emplace_back(p + "node_count", int64Scalar(nodes));
    out.emplace_back(p + "max_depth", int64Scalar(t.maxDepth));
}

Tree treeFromAttributes(const Estimator& e, const std::string& prefix, int64_t nFeatures,
                        const std::vector<int64_t>& nClasses) {
    const std::string p = prefix + "tree_.";
    auto ints = [&](const char* name) { return e.attribute(p + name).tensor().toVector<int64_t>(); };
    auto reals = [&](const char* name) { return e.attribute(p + name).tensor().toVector<double>(); };
    Tree t;
    t.childrenLeft = ints("children_left");
    t.childrenRight = ints("children_right");
    t.feature = ints("feature");
    t.threshold = reals("threshold");
    t.impurity = reals("impurity");
    t.nNodeSamples = ints("n_node_samples");
    t.weightedNNodeSamples = reals("weighted_n_node_samples");
    const Tensor& value = e.attribute(p + "value").tensor();
    t.value = value.toVector<double>();
    t.nOutputs = value.size(1);
    t.maxNClasses = value.size(2);
    t.nFeatures = nFeatures;
    t.maxDepth = e.attribute(p + "max_depth").tensor().item<int64_t>();
    t.missingGoLeft.assign(t.childrenLeft.size(), 0);
    t.nClasses = nClasses.empty() ? std::vector<int64_t>(t.nOutputs, 1) : nClasses;
    t.validate();
    return t;
}

Attributes decisionTreeAttributes(const Tree& t, const std::vector<Array>* classes, int64_t maxFeatures) {
    Attributes out;
    if (classes) out = classAttributes(*classes);
    out.emplace_back("max_features_", int64Scalar(maxFeatures));
    out.emplace_back("n_outputs_", int64Scalar(t.nOutputs));
    out.emplace_back("feature_importances_", doubles(t.computeFeatureImportances(), {t.nFeatures}));
    appendTreeAttributes(out, t, "");
    return out;
}

std::vector<double> regressionTargets(const Array& y) {
    const Tensor& Y = y.tensor();
    if (Y.dim() == 1) return toFloat64(y, "y").toVector<double>();
    if (Y.dtype() == DType::Float64) return Y.toVector<double>();
    const std::vector<int64_t> yi = Y.toVector<int64_t>();
    return std::vector<double>(yi.begin(), yi.end());
}

std::vector<float> asFloat32(const Tensor& X) {
    const std::vector<double> v = X.toVector<double>();
    return std::vector<float>(v.begin(), v.end());
}

Array argmaxLabels(const Tensor& proba, const Array& classes) {
    const int64_t rows = proba.size(0), k = proba.size(1);
    const double* p = proba.data<double>();
    std::vector<int64_t> codes(rows);
    for (int64_t r = 0; r < rows; ++r) codes[r] = std::max_element(p + r * k, p + (r + 1) * k) - (p + r * k);
    return decodeLabels(classes, codes);
}

Tensor logOf(const Tensor& proba) {
    std::vector<double> p = proba.toVector<double>();
    for (double& v : p) v = std::log(v);
    return Tensor::fromVector<double>(p, proba.sizes());
}

std::shared_ptr<Estimator> heldTree(const std::string& cls, const ParamList& params, const Tree& t,
                                    const std::vector<Array>* classes, int64_t maxFeatures) {
    std::shared_ptr<Estimator> e = EstimatorRegistry::instance().create(cls, params);
    Attributes a = {{"n_features_in_", int64Scalar(t.nFeatures)}};
    for (auto& entry : decisionTreeAttributes(t, classes, maxFeatures)) a.push_back(std::move(entry));
    e->restoreAttributes(std::move(a));
    return e;
}

}  // namespace tessera::ml::tree
