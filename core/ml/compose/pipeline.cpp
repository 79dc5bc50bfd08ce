// Pipeline: as sklearn 1.2.1's (memory=None: steps are fitted in place, not cloned).
#include "core/ml/compose/pipeline.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"

namespace tessera::ml {
namespace {

struct Step {
    std::string name;
    std::shared_ptr<Estimator> estimator;  // nullptr for "passthrough" or None
};

std::vector<Step> stepsOf(const ParamValue& steps) {
    std::vector<Step> out;
    if (!steps.isSequence()) throw TypeError("Pipeline: steps must be a list of (name, estimator) tuples");
    for (const auto& s : steps.items()) {
        if (!s.isSequence() || s.items().size() != 2 || !s.items()[0].isString())
            throw TypeError("Pipeline: every step must be a (name, estimator) tuple, got " + s.repr());
        const ParamValue& e = s.items()[1];
        if (e.isEstimator())
            out.push_back({s.items()[0].asString(), e.asEstimator()});
        else if (e.isNone() || (e.isString() && e.asString() == "passthrough"))
            out.push_back({s.items()[0].asString(), nullptr});
        else
            throw TypeError("Pipeline: the step '" + s.items()[0].asString() + "' must be an estimator, got " +
                            e.repr());
    }
    return out;
}

class Pipeline : public Estimator, public TableTransformer {
public:
    explicit Pipeline(const EstimatorInfo& info) : Estimator(info) {}

    ParamList getParams(bool deep) const override {
        ParamList out = Estimator::getParams(false);
        if (!deep) return out;
        std::vector<std::pair<std::string, ParamValue>> named;
        for (const auto& s : stepsOf(param("steps")))
            named.emplace_back(s.name, s.estimator ? ParamValue(s.estimator) : ParamValue("passthrough"));
        appendNamedParams(out, named);
        return out;
    }

    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> children() const override {
        std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> out;
        for (const auto& s : stepsOf(param("steps")))
            if (s.estimator) out.emplace_back(s.name, s.estimator);
        return out;
    }

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        const auto steps = validateSteps();
        clearAttributes();
        Tensor Xt = X;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            if (steps[i].estimator) Xt = steps[i].estimator->fitTransform(Xt, y);
        if (steps.back().estimator) steps.back().estimator->fit(Xt, y, sampleWeight);
        recordAttributes(steps);
        return *this;
    }

    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        const auto steps = validateSteps();
        clearAttributes();
        Tensor Xt = X;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            if (steps[i].estimator) Xt = steps[i].estimator->fitTransform(Xt, y);
        const auto& last = steps.back().estimator;
        if (last) {
            if (!last->info().hasMethod("transform")) unavailable("fit_transform");
            Xt = last->fitTransform(Xt, y, sampleWeight);
        }
        recordAttributes(steps);
        return Xt;
    }

    Array fitPredict(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        const auto steps = validateSteps();
        const auto& last = final("fit_predict");
        clearAttributes();
        Tensor Xt = X;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            if (steps[i].estimator) Xt = steps[i].estimator->fitTransform(Xt, y);
        Array out = last->fitPredict(Xt, y, sampleWeight);
        recordAttributes(steps);
        return out;
    }

    // Tables (Note [Tables between estimators]): each step hands the next its output as a table, strings
    // kept and unnamed like sklearn's ndarray between steps, so that an imputer or a ColumnTransformer
    // passing strings through can feed an encoder; the first step sees the caller's names.
    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        fitColumns(X, y, sampleWeight, /*named=*/true);
        return *this;
    }

    void fitColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight, bool named) override {
        validateParams();
        const auto steps = validateSteps();
        clearAttributes();
        bool stillNamed = named;
        const data::Table Xt = fitFront(steps, X, y, stillNamed);
        if (steps.back().estimator) fitOnTable(*steps.back().estimator, Xt, y, sampleWeight, stillNamed);
        recordAttributes(steps);
    }

    data::Table fitTransformColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight,
                                    bool named) override {
        validateParams();
        const auto steps = validateSteps();
        clearAttributes();
        bool stillNamed = named;
        data::Table Xt = fitFront(steps, X, y, stillNamed);
        const auto& last = steps.back().estimator;
        if (last) {
            if (!last->info().hasMethod("transform")) unavailable("fit_transform");
            Xt = fitTransformToTable(*last, Xt, y, sampleWeight, stillNamed);
        }
        recordAttributes(steps);
        return Xt;
    }

    data::Table transformColumns(const data::Table& X, bool named) const override {
        const auto steps = stepsOf(param("steps"));
        for (const auto& s : steps)
            if (s.estimator && !s.estimator->info().hasMethod("transform")) unavailable("transform");
        data::Table Xt = X;
        for (const auto& s : steps)
            if (s.estimator) {
                Xt = transformToTable(*s.estimator, Xt, named);
                named = false;
            }
        return Xt;
    }

    Tensor fitTransformTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        return fitTransformColumns(X, y, sampleWeight, /*named=*/true).numericTensor();
    }

    Tensor transformTable(const data::Table& X) const override {
        return transformColumns(X, /*named=*/true).numericTensor();
    }

    Array predictTable(const data::Table& X) const override {
        bool named = true;
        const data::Table Xt = frontTable(X, named);
        return predictOnTable(*final("predict"), Xt, named);
    }
    Tensor predictProbaTable(const data::Table& X) const override {
        bool named = true;
        const data::Table Xt = frontTable(X, named);
        return predictProbaOnTable(*final("predict_proba"), Xt, named);
    }
    Tensor decisionFunctionTable(const data::Table& X) const override {
        bool named = true;
        const data::Table Xt = frontTable(X, named);
        return decisionFunctionOnTable(*final("decision_function"), Xt, named);
    }
    double scoreTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) const override {
        bool named = true;
        const data::Table Xt = frontTable(X, named);
        return scoreOnTable(*final("score"), Xt, y, sampleWeight, named);
    }

    Array predict(const Tensor& X) const override { return final("predict")->predict(front(X)); }
    Tensor predictProba(const Tensor& X) const override { return final("predict_proba")->predictProba(front(X)); }
    Tensor predictLogProba(const Tensor& X) const override {
        return final("predict_log_proba")->predictLogProba(front(X));
    }
    Tensor decisionFunction(const Tensor& X) const override {
        return final("decision_function")->decisionFunction(front(X));
    }
    Tensor scoreSamples(const Tensor& X) const override { return final("score_samples")->scoreSamples(front(X)); }
    double score(const Tensor& X, const Array& y, const Tensor& sampleWeight) const override {
        return final("score")->score(front(X), y, sampleWeight);
    }

    Tensor transform(const Tensor& X) const override {
        const auto steps = stepsOf(param("steps"));
        for (const auto& s : steps)
            if (s.estimator && !s.estimator->info().hasMethod("transform")) unavailable("transform");
        Tensor Xt = X;
        for (const auto& s : steps)
            if (s.estimator) Xt = s.estimator->transform(Xt);
        return Xt;
    }

    Tensor inverseTransform(const Tensor& X) const override {
        const auto steps = stepsOf(param("steps"));
        for (const auto& s : steps)
            if (s.estimator && !s.estimator->info().hasMethod("inverse_transform")) unavailable("inverse_transform");
        Tensor Xt = X;
        for (auto it = steps.rbegin(); it != steps.rend(); ++it)
            if (it->estimator) Xt = it->estimator->inverseTransform(Xt);
        return Xt;
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        std::vector<std::string> names = inputFeatures;
        for (const auto& s : stepsOf(param("steps"))) {
            if (!s.estimator) continue;
            if (!s.estimator->info().hasMethod("get_feature_names_out"))
                throw AttributeError("Estimator " + s.name +
                                     " does not provide get_feature_names_out. Did you mean to call "
                                     "pipeline[:-1].get_feature_names_out()?");
            names = s.estimator->getFeatureNamesOut(names);
        }
        return names;
    }

protected:
    bool setChildParam(std::string_view name, const ParamValue& value) override {
        ParamValue steps = withNamedEstimator(param("steps"), name, value);
        if (steps.isNone()) return false;
        setParams({{"steps", std::move(steps)}});
        return true;
    }

private:
    [[noreturn]] void unavailable(std::string_view method) const {
        throw AttributeError("This 'Pipeline' has no attribute '" + std::string(method) + "'");
    }

    std::vector<Step> validateSteps() const {
        if (!param("memory").isNone())
            throw ValueError("Pipeline: memory=" + param("memory").repr() +
                             " (caching fitted transformers) is not available in Tessera");
        if (paramBool("verbose")) throw ValueError("Pipeline: verbose=True is not available in Tessera");
        const auto steps = stepsOf(param("steps"));
        if (steps.empty()) throw ValueError("Pipeline: steps must not be empty");
        std::vector<std::string> names;
        for (const auto& s : steps) names.push_back(s.name);
        checkStepNames(names, info());
        for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
            const auto& e = steps[i].estimator;
            if (e && !(e->info().hasMethod("fit") && e->info().hasMethod("transform")))
                throw TypeError(
                    "All intermediate steps should be transformers and implement fit and transform or be the string "
                    "'passthrough' '" +
                    ParamValue(e).repr() + "' (type <class '" + e->info().module + "." + e->className() +
                    "'>) doesn't");
        }
        return steps;
    }

    // Fits every step but the last on the table, each on the previous step's output; `named` ends false
    // once a step has run (its output stands for an ndarray).
    static data::Table fitFront(const std::vector<Step>& steps, const data::Table& X, const Array& y, bool& named) {
        data::Table Xt = X;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            if (steps[i].estimator) {
                Xt = fitTransformToTable(*steps[i].estimator, Xt, y, Tensor(), named);
                named = false;
            }
        return Xt;
    }

    data::Table frontTable(const data::Table& X, bool& named) const {
        const auto steps = stepsOf(param("steps"));
        data::Table Xt = X;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            if (steps[i].estimator) {
                Xt = transformToTable(*steps[i].estimator, Xt, named);
                named = false;
            }
        return Xt;
    }

    // The fitted pipeline's own attributes are those sklearn exposes as properties of its steps.
    void recordAttributes(const std::vector<Step>& steps) {
        for (const auto& s : steps)
            if (s.estimator) {
                if (s.estimator->hasAttribute("n_features_in_"))
                    setAttribute("n_features_in_", s.estimator->attribute("n_features_in_"));
                if (s.estimator->hasAttribute("feature_names_in_"))
                    setAttribute("feature_names_in_", s.estimator->attribute("feature_names_in_"));
                break;
            }
        const auto& last = steps.back().estimator;
        if (last && last->hasAttribute("classes_")) setAttribute("classes_", last->attribute("classes_"));
        if (!isFitted()) setAttribute("n_features_in_", Array());
    }

    const std::shared_ptr<Estimator>& final(std::string_view method) const {
        m_steps = stepsOf(param("steps"));
        if (m_steps.empty()) throw ValueError("Pipeline: steps must not be empty");
        const auto& last = m_steps.back().estimator;
        if (!last || !last->info().hasMethod(method)) unavailable(method);
        return last;
    }

    Tensor front(const Tensor& X) const {
        const auto steps = stepsOf(param("steps"));
        Tensor Xt = X;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            if (steps[i].estimator) Xt = steps[i].estimator->transform(Xt);
        return Xt;
    }

    mutable std::vector<Step> m_steps;  // keeps final()'s returned pointer alive for the call
};

const RegisterEstimator<Pipeline> kRegistered({
    "Pipeline",
    "sklearn.pipeline",
    EstimatorKind::Composite,
    "A sequence of transforms with a final estimator.",
    {
        {"steps",
         ParamValue(),
         {constraintOf(Constraint::Kind::List)},
         "List of (name, estimator) tuples; 'passthrough' or None skips a step."},
        {"memory",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::String)},
         "Caching of fitted transformers (only None: Tessera does not cache)."},
        {"verbose", false, {booleanC()}, "Print the time of each step while fitting."},
    },
    {"fit", "predict", "predict_proba", "predict_log_proba", "decision_function", "transform", "fit_transform",
     "inverse_transform", "fit_predict", "score_samples", "score", "get_feature_names_out"},
});

}  // namespace

void appendNamedParams(ParamList& out, const std::vector<std::pair<std::string, ParamValue>>& named) {
    for (const auto& [name, v] : named) out.emplace_back(name, v);
    for (const auto& [name, v] : named)
        if (v.isEstimator())
            for (auto& [k, sub] : v.asEstimator()->getParams(true)) out.emplace_back(name + "__" + k, sub);
}

ParamValue withNamedEstimator(const ParamValue& list, std::string_view name, const ParamValue& value) {
    if (!list.isSequence()) return {};
    std::vector<ParamValue> items = list.items();
    for (auto& item : items)
        if (item.isSequence() && item.items().size() >= 2 && item.items()[0].isString() &&
            item.items()[0].asString() == name) {
            std::vector<ParamValue> parts = item.items();
            parts[1] = value;
            item = ParamValue::tuple(std::move(parts));
            return list.kind() == ParamValue::Kind::Tuple ? ParamValue::tuple(std::move(items))
                                                          : ParamValue::list(std::move(items));
        }
    return {};
}

void checkStepNames(const std::vector<std::string>& names, const EstimatorInfo& info) {
    std::set<std::string> unique(names.begin(), names.end());
    auto listRepr = [](const std::vector<std::string>& v) {
        std::vector<ParamValue> items(v.begin(), v.end());
        return ParamValue::list(std::move(items)).repr();
    };
    if (unique.size() != names.size()) throw ValueError("Names provided are not unique: " + listRepr(names));
    std::vector<std::string> conflicts;
    for (const auto& n : unique)
        if (info.findParam(n)) conflicts.push_back(n);
    if (!conflicts.empty())
        throw ValueError("Estimator names conflict with constructor arguments: " + listRepr(conflicts));
    std::vector<std::string> dunder;
    for (const auto& n : names)
        if (n.find("__") != std::string::npos) dunder.push_back(n);
    if (!dunder.empty()) throw ValueError("Estimator names must not contain __: got " + listRepr(dunder));
}

std::vector<std::string> pipelineStepNames(const std::vector<std::shared_ptr<Estimator>>& steps) {
    std::vector<std::string> names;
    for (const auto& s : steps) {
        std::string n = s ? s->className() : "passthrough";
        std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
        names.push_back(n);
    }
    std::map<std::string, int> count;
    for (const auto& n : names) ++count[n];
    for (auto it = count.begin(); it != count.end();) it = it->second == 1 ? count.erase(it) : std::next(it);
    for (std::size_t i = names.size(); i-- > 0;) {
        auto c = count.find(names[i]);
        if (c != count.end()) {
            const std::string base = names[i];
            names[i] += "-" + std::to_string(c->second);
            --count[base];
        }
    }
    return names;
}

std::shared_ptr<Estimator> makePipeline(const std::vector<std::shared_ptr<Estimator>>& steps, const ParamList& params) {
    const auto names = pipelineStepNames(steps);
    std::vector<ParamValue> items;
    for (std::size_t i = 0; i < steps.size(); ++i)
        items.push_back(ParamValue::tuple({names[i], steps[i] ? ParamValue(steps[i]) : ParamValue("passthrough")}));
    ParamList all{{"steps", ParamValue::list(std::move(items))}};
    all.insert(all.end(), params.begin(), params.end());
    return EstimatorRegistry::instance().create("Pipeline", all);
}

std::shared_ptr<Estimator> pipelineStep(const Estimator& pipeline, std::int64_t index) {
    const auto steps = stepsOf(pipeline.param("steps"));
    const auto n = static_cast<std::int64_t>(steps.size());
    const std::int64_t i = index < 0 ? index + n : index;
    if (i < 0 || i >= n) throw IndexError("list index out of range");
    return steps[static_cast<std::size_t>(i)].estimator;
}

std::shared_ptr<Estimator> namedStep(const Estimator& pipeline, std::string_view name) {
    for (const auto& s : stepsOf(pipeline.param("steps")))
        if (s.name == name) return s.estimator;
    throw ValueError("KeyError: '" + std::string(name) + "' is not a step of the Pipeline");
}

std::shared_ptr<Estimator> pipelineSlice(const Estimator& pipeline, std::int64_t start, std::int64_t stop) {
    const std::vector<ParamValue>& items = pipeline.param("steps").items();
    const auto n = static_cast<std::int64_t>(items.size());
    auto clamp = [n](std::int64_t v) { return std::clamp(v < 0 ? v + n : v, std::int64_t{0}, n); };
    const std::int64_t a = clamp(start), b = clamp(stop);
    std::vector<ParamValue> part;
    for (std::int64_t i = a; i < b; ++i) part.push_back(items[static_cast<std::size_t>(i)]);
    ParamList params = pipeline.getParams(false);
    for (auto& [k, v] : params)
        if (k == "steps") v = ParamValue::list(std::move(part));
    return EstimatorRegistry::instance().create("Pipeline", params);
}

}  // namespace tessera::ml
