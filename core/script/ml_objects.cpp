#include "core/script/ml_objects.h"

#include <algorithm>
#include <map>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/pipeline.h"
#include "core/ml/metrics/string_labels.h"
#include "core/script/ml_values.h"

namespace tessera::script {

namespace {

using ml::model_selection::Seed;
using ml::model_selection::SplitSize;

// The keywords that sklearn 1.2.1's __init__ takes before its `*` (positionally), and how many of them
// have no default. Every other class takes keywords only. This is sklearn's signature, not behaviour:
// the values go to the registry like any keyword.
struct Positional {
    std::vector<std::string> names;
    std::size_t required = 0;
};
const std::map<std::string, Positional, std::less<>>& positionalKeywords() {
    static const std::map<std::string, Positional, std::less<>> table{
        {"Pipeline", {{"steps"}, 1}},
        {"FeatureUnion", {{"transformer_list"}, 1}},
        {"ColumnTransformer", {{"transformers"}, 1}},
        {"TransformedTargetRegressor", {{"regressor"}, 0}},
        {"GridSearchCV", {{"estimator", "param_grid"}, 2}},
        {"RandomizedSearchCV", {{"estimator", "param_distributions"}, 2}},
        {"Ridge", {{"alpha"}, 0}},
        {"RidgeClassifier", {{"alpha"}, 0}},
        {"Lasso", {{"alpha"}, 0}},
        {"ElasticNet", {{"alpha"}, 0}},
        {"LogisticRegression", {{"penalty"}, 0}},
        {"SGDClassifier", {{"loss"}, 0}},
        {"SGDRegressor", {{"loss"}, 0}},
        {"LinearSVC", {{"penalty", "loss"}, 0}},
        {"KNeighborsClassifier", {{"n_neighbors"}, 0}},
        {"KNeighborsRegressor", {{"n_neighbors"}, 0}},
        {"RadiusNeighborsClassifier", {{"radius"}, 0}},
        {"PolynomialFeatures", {{"degree"}, 0}},
        {"MinMaxScaler", {{"feature_range"}, 0}},
        {"Normalizer", {{"norm"}, 0}},
        {"KBinsDiscretizer", {{"n_bins"}, 0}},
        {"KMeans", {{"n_clusters"}, 0}},
        {"PCA", {{"n_components"}, 0}},
        {"TruncatedSVD", {{"n_components"}, 0}},
        {"RandomForestClassifier", {{"n_estimators"}, 0}},
        {"RandomForestRegressor", {{"n_estimators"}, 0}},
        {"ExtraTreesClassifier", {{"n_estimators"}, 0}},
        {"ExtraTreesRegressor", {{"n_estimators"}, 0}},
        {"LinearDiscriminantAnalysis",
         {{"solver", "shrinkage", "priors", "n_components", "store_covariance", "tol", "covariance_estimator"}, 0}},
        // Splitters.
        {"KFold", {{"n_splits"}, 0}},
        {"StratifiedKFold", {{"n_splits"}, 0}},
        {"GroupKFold", {{"n_splits"}, 0}},
        {"ShuffleSplit", {{"n_splits"}, 0}},
        {"StratifiedShuffleSplit", {{"n_splits"}, 0}},
    };
    return table;
}

// The splitter classes of sklearn.model_selection and their keywords with sklearn's defaults.
const std::map<std::string, Keywords, std::less<>>& splitterSignatures() {
    static const std::map<std::string, Keywords, std::less<>> table{
        {"KFold", {{"n_splits", Value(5)}, {"shuffle", Value(false)}, {"random_state", Value()}}},
        {"StratifiedKFold", {{"n_splits", Value(5)}, {"shuffle", Value(false)}, {"random_state", Value()}}},
        {"GroupKFold", {{"n_splits", Value(5)}}},
        {"ShuffleSplit",
         {{"n_splits", Value(10)}, {"test_size", Value()}, {"train_size", Value()}, {"random_state", Value()}}},
        {"StratifiedShuffleSplit",
         {{"n_splits", Value(10)}, {"test_size", Value()}, {"train_size", Value()}, {"random_state", Value()}}},
    };
    return table;
}

std::string plural(std::size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// Binds positionals and keywords to a class's keywords as Python binds `__init__(self, a, b=…, *, …)`.
Keywords bindInit(const std::string& cls, const std::vector<std::string>& keywords, std::vector<Value> positional,
                  const Keywords& given) {
    static const Positional kNone{};
    const auto it = positionalKeywords().find(cls);
    const Positional& pos = it == positionalKeywords().end() ? kNone : it->second;
    if (positional.size() > pos.names.size()) {
        const std::size_t most = pos.names.size() + 1, least = pos.required + 1;
        const std::string takes = least == most
                                      ? plural(most, "positional argument")
                                      : "from " + std::to_string(least) + " to " + plural(most, "positional argument");
        throw TypeError(cls + ".__init__() takes " + takes + " but " + std::to_string(positional.size() + 1) +
                        (positional.size() + 1 == 1 ? " was" : " were") + " given");
    }
    Keywords bound;
    for (std::size_t i = 0; i < positional.size(); ++i) bound.emplace_back(pos.names[i], std::move(positional[i]));
    for (const auto& [k, v] : given) {
        if (std::find(keywords.begin(), keywords.end(), k) == keywords.end())
            throw TypeError(cls + ".__init__() got an unexpected keyword argument '" + k + "'");
        for (const auto& b : bound)
            if (b.first == k) throw TypeError(cls + ".__init__() got multiple values for argument '" + k + "'");
        bound.emplace_back(k, v);
    }
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < pos.required; ++i)
        if (std::none_of(bound.begin(), bound.end(), [&](const auto& b) { return b.first == pos.names[i]; }))
            missing.push_back("'" + pos.names[i] + "'");
    if (!missing.empty()) {
        std::string names = missing[0];
        for (std::size_t i = 1; i < missing.size(); ++i)
            names += (i + 1 == missing.size() ? " and " : ", ") + missing[i];
        throw TypeError(cls + ".__init__() missing " + plural(missing.size(), "required positional argument") + ": " +
                        names);
    }
    return bound;
}

std::string lastPart(std::string_view qualified) { return std::string(qualified.substr(qualified.rfind('.') + 1)); }

Seed seedOf(const Value& v, const std::string& cls) {
    if (v.isNone()) return std::nullopt;
    if (v.kind() == Value::Kind::Int) return v.asInt();
    throw ValueError(cls + ": random_state must be an int or None here (a RandomState object is not supported), got " +
                     v.repr());
}

SplitSize sizeOf(const Value& v, const std::string& cls, const char* keyword) {
    if (v.isNone()) return {};
    if (v.kind() == Value::Kind::Int) return v.asInt();
    if (v.kind() == Value::Kind::Float) return v.asDouble();
    throw ValueError(cls + ": " + keyword + " must be an int, a float or None, got " + v.repr());
}

const Value& splitterParam(const SplitterData& s, std::string_view name) {
    for (const auto& [k, v] : s.params)
        if (k == name) return v;
    throw ValueError(s.className + ": no parameter '" + std::string(name) + "'");
}

std::int64_t nSplitsOf(const SplitterData& s) {
    const Value& v = splitterParam(s, "n_splits");
    if (v.kind() != Value::Kind::Int)
        throw ValueError("The number of folds must be of Integral type. " + v.repr() + " of type <class '" +
                         v.typeName() + "'> was passed.");
    return v.asInt();
}

bool shuffleOf(const SplitterData& s) {
    const Value& v = splitterParam(s, "shuffle");
    if (v.kind() != Value::Kind::Bool) throw TypeError("shuffle must be True or False; got " + v.repr());
    return v.asBool();
}

namespace ms = ml::model_selection;

// The C++ splitters of a splitter value; their constructors validate the keywords as sklearn's
// __init__ does.
ms::KFold kFold(const SplitterData& s) {
    return ms::KFold(nSplitsOf(s), shuffleOf(s), seedOf(splitterParam(s, "random_state"), s.className));
}
ms::StratifiedKFold stratifiedKFold(const SplitterData& s) {
    return ms::StratifiedKFold(nSplitsOf(s), shuffleOf(s), seedOf(splitterParam(s, "random_state"), s.className));
}
ms::GroupKFold groupKFold(const SplitterData& s) { return ms::GroupKFold(nSplitsOf(s)); }
template <class T>
T shuffleSplit(const SplitterData& s) {
    return T(nSplitsOf(s), sizeOf(splitterParam(s, "test_size"), s.className, "test_size"),
             sizeOf(splitterParam(s, "train_size"), s.className, "train_size"),
             seedOf(splitterParam(s, "random_state"), s.className));
}

void validateSplitter(const SplitterData& s) {
    if (s.className == "KFold")
        kFold(s);
    else if (s.className == "StratifiedKFold")
        stratifiedKFold(s);
    else if (s.className == "GroupKFold")
        groupKFold(s);
    else if (s.className == "ShuffleSplit")
        shuffleSplit<ms::ShuffleSplit>(s);
    else
        shuffleSplit<ms::StratifiedShuffleSplit>(s);
}

Value indices(const std::vector<std::int64_t>& v) {
    return Value(Tensor::fromVector<std::int64_t>(v, {static_cast<std::int64_t>(v.size())}));
}

Value stepValue(const std::shared_ptr<ml::Estimator>& step) { return step ? Value(step) : Value("passthrough"); }

// The entries NAME.KEY… of the attribute map as a (nested) record: `cv_results_['mean_test_score']`,
// `tree_.threshold`, `best_params_['ridge__alpha']` (a one-element string array is a str there); keys
// 0, 1, … make a list (`categories_[1]`).
Value attributeGroup(const ml::Estimator& e, std::string_view name) {
    struct Node {
        std::vector<std::string> order;
        std::map<std::string, Node> children;
        const ml::Array* leaf = nullptr;
    };
    Node root;
    const std::string prefix = std::string(name) + ".";
    bool any = false;
    for (const auto& [key, value] : e.attributes()) {
        if (!key.starts_with(prefix)) continue;
        any = true;
        Node* node = &root;
        std::string rest = key.substr(prefix.size());
        while (true) {
            const auto dot = rest.find('.');
            const std::string part = rest.substr(0, dot);
            if (!node->children.count(part)) node->order.push_back(part);
            node = &node->children[part];
            if (dot == std::string::npos) break;
            rest = rest.substr(dot + 1);
        }
        node->leaf = &value;
    }
    if (!any) return Value::none();
    const auto build = [](const auto& self, const Node& n) -> Value {
        if (n.leaf && n.children.empty()) {
            if (n.leaf->isStrings() && n.leaf->strings().size() == 1) return Value(n.leaf->strings()[0]);
            return fromArray(*n.leaf);
        }
        // Keys 0, 1, … n-1 are a list attribute (categories_.0, categories_.1: sklearn's list of arrays).
        bool isList = true;
        for (std::size_t i = 0; i < n.order.size(); ++i) isList = isList && n.order[i] == std::to_string(i);
        if (isList) {
            std::vector<Value> items;
            for (const auto& k : n.order) items.push_back(self(self, n.children.at(k)));
            return Value::list(std::move(items));
        }
        std::vector<std::pair<Value, Value>> items;
        for (const auto& k : n.order) items.emplace_back(Value(k), self(self, n.children.at(k)));
        return Value::dict(std::move(items), true);
    };
    return build(build, root);
}

Value estimatorAttribute(const Value& object, std::string_view name) {
    const ml::Estimator& e = *object.asEstimator();
    for (const auto& held : e.heldEstimators()) {
        if (held.attribute != name) continue;
        switch (held.form) {
            case ml::Estimator::HeldEstimators::Form::One:
                return held.items.empty() ? Value::none() : stepValue(held.items.front().second);
            case ml::Estimator::HeldEstimators::Form::List: {
                std::vector<Value> items;
                for (const auto& [n, est] : held.items) items.push_back(stepValue(est));
                return Value::list(std::move(items));
            }
            case ml::Estimator::HeldEstimators::Form::Named: {
                std::vector<std::pair<Value, Value>> items;
                for (const auto& [n, est] : held.items) items.emplace_back(Value(n), stepValue(est));
                return Value::dict(std::move(items), true);
            }
        }
    }
    if (e.hasAttribute(name)) return fromArray(e.attribute(name));
    if (Value group = attributeGroup(e, name); !group.isNone()) return group;
    if (e.info().findParam(name)) return fromParam(e.param(name));
    if (name == "named_steps" && e.info().findParam("steps")) {
        std::vector<std::pair<Value, Value>> items;
        for (const auto& step : e.param("steps").items())
            items.emplace_back(fromParam(step.items()[0]), fromParam(step.items()[1]));
        return Value::dict(std::move(items), true);
    }
    if (e.info().hasMethod(name) || name == "get_params" || name == "set_params")
        throw TypeError("'" + e.className() + "." + std::string(name) + "' is a method: call it");
    return fromArray(e.attribute(name));  // AttributeError in sklearn's words (also before fit)
}

struct MethodArgs {
    Value X, y, sampleWeight;
};

// fit(X, y=None, sample_weight=None) and the verbs of that form; score(X, y, sample_weight=None).
MethodArgs bindMethod(const std::string& where, std::vector<Value> positional, const Keywords& keywords, bool needsY,
                      bool takesY) {
    const std::vector<std::string> names =
        takesY ? std::vector<std::string>{"X", "y", "sample_weight"} : std::vector<std::string>{"X"};
    std::vector<std::optional<Value>> slots(names.size());
    if (positional.size() > names.size())
        throw TypeError(where + "() takes " + plural(names.size() + 1, "positional argument") + " but " +
                        std::to_string(positional.size() + 1) + " were given");
    for (std::size_t i = 0; i < positional.size(); ++i) slots[i] = std::move(positional[i]);
    for (const auto& [k, v] : keywords) {
        const auto it = std::find(names.begin(), names.end(), k);
        if (it == names.end()) throw TypeError(where + "() got an unexpected keyword argument '" + k + "'");
        auto& slot = slots[static_cast<std::size_t>(it - names.begin())];
        if (slot) throw TypeError(where + "() got multiple values for argument '" + k + "'");
        slot = v;
    }
    if (!slots[0]) throw TypeError(where + "() missing 1 required positional argument: 'X'");
    if (needsY && !slots[1]) throw TypeError(where + "() missing 1 required positional argument: 'y'");
    MethodArgs m;
    m.X = *slots[0];
    if (takesY) {
        m.y = slots[1].value_or(Value());
        m.sampleWeight = slots[2].value_or(Value());
    }
    return m;
}

Value estimatorMethod(const Value& object, std::string_view method, std::vector<Value> positional,
                      const Keywords& keywords) {
    const std::shared_ptr<ml::Estimator>& e = object.asEstimator();
    const std::string where = e->className() + "." + std::string(method);
    if (method == "get_params") {
        bool deep = true;
        for (const auto& [k, v] : keywords) {
            if (k != "deep") throw TypeError(where + "() got an unexpected keyword argument '" + k + "'");
            deep = v.isNumber() ? v.asDouble() != 0 : !v.isNone();
        }
        if (!positional.empty())
            deep = positional[0].isNumber() ? positional[0].asDouble() != 0 : !positional[0].isNone();
        std::vector<std::pair<Value, Value>> items;
        for (const auto& [k, v] : e->getParams(deep)) items.emplace_back(Value(k), fromParam(v));
        return Value::dict(std::move(items));
    }
    if (method == "set_params") {
        if (!positional.empty())
            throw TypeError(where + "() takes 1 positional argument but " + std::to_string(positional.size() + 1) +
                            " were given");
        ml::ParamList params;
        for (const auto& [k, v] : keywords) params.emplace_back(k, toParam(v, k));
        e->setParams(params);
        return object;
    }
    if (method == "get_feature_names_out") {
        if (!e->info().hasMethod(method))
            throw ml::AttributeError("'" + e->className() + "' object has no attribute '" + std::string(method) + "'");
        std::vector<std::string> input;
        const Value in = !positional.empty()                                          ? positional[0]
                         : !keywords.empty() && keywords[0].first == "input_features" ? keywords[0].second
                                                                                      : Value();
        if (!in.isNone()) input = toArray(in, "input_features").strings("input_features");
        return Value::strings(e->getFeatureNamesOut(input));
    }
    if (!e->info().hasMethod(method))
        throw ml::AttributeError("'" + e->className() + "' object has no attribute '" + std::string(method) + "'");
    static const std::vector<std::string_view> kWithY = {"fit", "partial_fit", "fit_transform", "fit_predict", "score"};
    const bool takesY = std::find(kWithY.begin(), kWithY.end(), method) != kWithY.end();
    const MethodArgs a = bindMethod(where, std::move(positional), keywords, method == "score", takesY);
    const Tensor X = toTensor(a.X, "X");
    const ml::Array y = toOptArray(a.y, "y");
    const Tensor w = a.sampleWeight.isNone() ? Tensor() : toTensor(a.sampleWeight, "sample_weight");
    if (method == "fit") {
        e->fit(X, y, w);
        return object;
    }
    if (method == "partial_fit") {
        e->partialFit(X, y, w);
        return object;
    }
    if (method == "fit_transform") return Value(e->fitTransform(X, y, w));
    if (method == "fit_predict") return fromArray(e->fitPredict(X, y, w));
    if (method == "score") return Value(e->score(X, y, w));
    if (method == "predict") return fromArray(e->predict(X));
    if (method == "predict_proba") return Value(e->predictProba(X));
    if (method == "predict_log_proba") return Value(e->predictLogProba(X));
    if (method == "decision_function") return Value(e->decisionFunction(X));
    if (method == "transform") return Value(e->transform(X));
    if (method == "inverse_transform") return Value(e->inverseTransform(X));
    if (method == "score_samples") return Value(e->scoreSamples(X));
    throw ml::AttributeError("'" + e->className() + "." + std::string(method) + "' is not callable from scripts");
}

Value splitterMethod(const Value& object, std::string_view method, std::vector<Value> positional,
                     const Keywords& keywords) {
    const SplitterData& s = object.asSplitter();
    const std::string where = s.className + "." + std::string(method);
    const std::vector<std::string> names{"X", "y", "groups"};
    std::vector<Value> slots(3);
    if (positional.size() > 3) throw TypeError(where + "() takes from 1 to 4 positional arguments");
    for (std::size_t i = 0; i < positional.size(); ++i) slots[i] = positional[i];
    for (const auto& [k, v] : keywords) {
        const auto it = std::find(names.begin(), names.end(), k);
        if (it == names.end()) throw TypeError(where + "() got an unexpected keyword argument '" + k + "'");
        slots[static_cast<std::size_t>(it - names.begin())] = v;
    }
    if (method == "get_n_splits") return Value(nSplitsOf(s));
    if (method != "split")
        throw ml::AttributeError("'" + s.className + "' object has no attribute '" + std::string(method) + "'");
    if (slots[0].isNone()) throw TypeError(where + "() missing 1 required positional argument: 'X'");
    const Tensor X = toTensor(slots[0], "X");
    if (X.dim() == 0) throw ValueError(where + ": X must be an array with at least one dimension");
    std::vector<Value> folds;
    for (const auto& tt : splitterFolds(object, X.size(0), slots[1], slots[2]))
        folds.push_back(Value::tuple({indices(tt.train), indices(tt.test)}));
    return Value::list(std::move(folds));
}

}  // namespace

bool isClass(std::string_view qualified) {
    const std::string name = lastPart(qualified);
    const std::string module(qualified.substr(0, qualified.rfind('.')));
    if (const ml::EstimatorInfo* info = ml::EstimatorRegistry::instance().find(name)) return info->module == module;
    return module == "sklearn.model_selection" && splitterSignatures().count(name);
}

Value constructClass(std::string_view qualified, std::vector<Value> positional, const Keywords& keywords) {
    const std::string name = lastPart(qualified);
    if (const auto it = splitterSignatures().find(name); it != splitterSignatures().end()) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : it->second) keys.push_back(k);
        const Keywords bound = bindInit(name, keys, std::move(positional), keywords);
        Keywords params = it->second;
        for (auto& [k, v] : params)
            for (const auto& [bk, bv] : bound)
                if (bk == k) v = bv;
        Value splitter = Value::splitter(name, std::move(params));
        validateSplitter(splitter.asSplitter());
        return splitter;
    }
    const ml::EstimatorInfo& info = ml::EstimatorRegistry::instance().at(name);
    std::vector<std::string> keys;
    for (const auto& p : info.params) keys.push_back(p.keyword);
    ml::ParamList params;
    for (const auto& [k, v] : bindInit(name, keys, std::move(positional), keywords))
        params.emplace_back(k, toParam(v, k));
    return Value(ml::EstimatorRegistry::instance().create(name, params));
}

Value callMethod(const Value& object, std::string_view method, std::vector<Value> positional,
                 const Keywords& keywords) {
    if (object.kind() == Value::Kind::Splitter) return splitterMethod(object, method, std::move(positional), keywords);
    return estimatorMethod(object, method, std::move(positional), keywords);
}

Value attributeOf(const Value& object, std::string_view name) {
    if (object.kind() == Value::Kind::Splitter) {
        for (const auto& [k, v] : object.asSplitter().params)
            if (k == name) return v;
        throw ml::AttributeError("'" + object.asSplitter().className + "' object has no attribute '" +
                                 std::string(name) + "'");
    }
    return estimatorAttribute(object, name);
}

Value subscriptObject(const Value& object, const Value& index) {
    const ml::Estimator& e = *object.asEstimator();
    if (!e.info().findParam("steps")) throw TypeError("'" + e.className() + "' object is not subscriptable");
    if (index.kind() == Value::Kind::Int) return stepValue(ml::pipelineStep(e, index.asInt()));
    if (index.kind() == Value::Kind::String) return stepValue(ml::namedStep(e, index.asString()));
    if (index.kind() == Value::Kind::Slice) {
        const auto& s = index.asSlice();
        if (s.step && *s.step != 1) throw ValueError("Pipeline slicing only supports a step of 1");
        const auto n = static_cast<std::int64_t>(e.param("steps").items().size());
        return Value(ml::pipelineSlice(e, s.start.value_or(0), s.stop.value_or(n)));
    }
    throw TypeError("Pipeline indices must be integers, slices or step names, not " + index.typeName());
}

std::vector<ml::model_selection::TrainTest> splitterFolds(const Value& splitter, std::int64_t nSamples, const Value& y,
                                                          const Value& groups) {
    const SplitterData& s = splitter.asSplitter();
    const std::string where = s.className + ".split";
    auto needs = [&](const Value& v, const char* what) {
        if (v.isNone()) throw ValueError(where + ": The '" + std::string(what) + "' parameter should not be None.");
        return toArray(v, what);
    };
    if (s.className == "KFold") return kFold(s).split(nSamples);
    if (s.className == "ShuffleSplit") return shuffleSplit<ms::ShuffleSplit>(s).split(nSamples);
    if (s.className == "StratifiedKFold") return ms::stratifiedKFoldSplit(stratifiedKFold(s), needs(y, "y"));
    if (s.className == "GroupKFold") return ms::groupKFoldSplit(groupKFold(s), needs(groups, "groups"));
    return ms::stratifiedShuffleSplit(shuffleSplit<ms::StratifiedShuffleSplit>(s), needs(y, "y"));
}

}  // namespace tessera::script
