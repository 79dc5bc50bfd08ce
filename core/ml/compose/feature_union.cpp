// FeatureUnion (sklearn/pipeline.py, 1.2.1): every transformer of transformer_list is fitted on the
// whole X (in place, as sklearn does) and their outputs are stacked side by side, each multiplied by
// its transformer_weights entry; 'drop' leaves one out, 'passthrough' adds X itself.
#include <algorithm>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"
#include "core/ml/compose/columns.h"
#include "core/ml/compose/pipeline.h"

namespace tessera::ml {
namespace {

struct Part {
    std::string name;
    std::shared_ptr<Estimator> estimator;  // nullptr for 'passthrough'
    bool drop = false;
};

class FeatureUnion : public Estimator, public TableTransformer {
public:
    explicit FeatureUnion(const EstimatorInfo& info) : Estimator(info) {}

    ParamList getParams(bool deep) const override {
        ParamList out = Estimator::getParams(false);
        if (!deep) return out;
        std::vector<std::pair<std::string, ParamValue>> named;
        for (const auto& p : partsOf())
            named.emplace_back(p.name,
                               p.estimator ? ParamValue(p.estimator) : ParamValue(p.drop ? "drop" : "passthrough"));
        appendNamedParams(out, named);
        return out;
    }

    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> children() const override {
        std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> out;
        for (const auto& p : partsOf())
            if (p.estimator) out.emplace_back(p.name, p.estimator);
        return out;
    }

    Estimator& fit(const Tensor& X, const Array& y, const Tensor&) override {
        for (const auto& p : validated())
            if (p.estimator) p.estimator->fit(X, y);
        recordAttributes();
        return *this;
    }

    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor&) override {
        std::vector<Tensor> outputs;
        for (const auto& p : validated()) {
            if (p.drop) continue;
            outputs.push_back(scaleBy(p.estimator ? p.estimator->fitTransform(X, y) : X, weightOf(p.name)));
        }
        recordAttributes();
        return hstackColumns(outputs, X.size(0));
    }

    Tensor transform(const Tensor& X) const override {
        checkFitted();
        std::vector<Tensor> outputs;
        for (const auto& p : partsOf()) {
            if (p.drop) continue;
            outputs.push_back(scaleBy(p.estimator ? p.estimator->transform(X) : X, weightOf(p.name)));
        }
        return hstackColumns(outputs, X.size(0));
    }

    // Tables (Note [Tables between estimators]): every transformer sees the whole table; 'passthrough'
    // keeps its string columns.
    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        fitColumns(X, y, sampleWeight, /*named=*/true);
        return *this;
    }

    Tensor fitTransformTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        return fitTransformColumns(X, y, sampleWeight, /*named=*/true).numericTensor();
    }

    Tensor transformTable(const data::Table& X) const override {
        return transformColumns(X, /*named=*/true).numericTensor();
    }

    void fitColumns(const data::Table& X, const Array& y, const Tensor&, bool named) override {
        for (const auto& p : validated())
            if (p.estimator) fitOnTable(*p.estimator, X, y, Tensor(), named);
        recordAttributes();
        recordInputNames(X, named);
    }

    data::Table fitTransformColumns(const data::Table& X, const Array& y, const Tensor&, bool named) override {
        std::vector<data::Table> outputs;
        for (const auto& p : validated()) {
            if (p.drop) continue;
            outputs.push_back(scaleTableBy(p.estimator ? fitTransformToTable(*p.estimator, X, y, Tensor(), named) : X,
                                           weightOf(p.name), className()));
        }
        recordAttributes();
        recordInputNames(X, named);
        return hstackTables(outputs, X.rows());
    }

    data::Table transformColumns(const data::Table& X, bool named) const override {
        checkFitted();
        std::vector<data::Table> outputs;
        for (const auto& p : partsOf()) {
            if (p.drop) continue;
            outputs.push_back(scaleTableBy(p.estimator ? transformToTable(*p.estimator, X, named) : X, weightOf(p.name),
                                           className()));
        }
        return hstackTables(outputs, X.rows());
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        std::vector<std::string> out;
        for (const auto& p : partsOf()) {
            if (p.drop) continue;
            if (p.estimator && !p.estimator->info().hasMethod("get_feature_names_out"))
                throw AttributeError("Transformer " + p.name + " (type " + p.estimator->className() +
                                     ") does not provide get_feature_names_out.");
            const auto names =
                p.estimator ? p.estimator->getFeatureNamesOut(inputFeatures)
                : inputFeatures.empty() && hasAttribute("_input_names")
                    ? attribute("_input_names").strings()
                    : defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
            for (const auto& n : names) out.push_back(p.name + "__" + n);
        }
        return out;
    }

protected:
    bool setChildParam(std::string_view name, const ParamValue& value) override {
        ParamValue list = withNamedEstimator(param("transformer_list"), name, value);
        if (list.isNone()) return false;
        setParams({{"transformer_list", std::move(list)}});
        return true;
    }

private:
    std::vector<Part> partsOf() const {
        std::vector<Part> out;
        const ParamValue& list = param("transformer_list");
        if (list.isNone()) return out;
        if (!list.isSequence())
            throw TypeError("FeatureUnion: transformer_list must be a list of (name, transformer) tuples");
        for (const auto& t : list.items()) {
            if (!t.isSequence() || t.items().size() != 2 || !t.items()[0].isString())
                throw TypeError("FeatureUnion: every transformer must be a (name, transformer) tuple, got " + t.repr());
            const ParamValue& e = t.items()[1];
            Part p{t.items()[0].asString(), e.isEstimator() ? e.asEstimator() : nullptr, false};
            if (!e.isEstimator()) {
                const bool special = e.isString() && (e.asString() == "drop" || e.asString() == "passthrough");
                if (!special)
                    throw TypeError("All estimators should implement fit and transform. '" +
                                    (e.isString() ? e.asString() : e.repr()) + "' (type <class '" + e.typeName() +
                                    "'>) doesn't");
                p.drop = e.asString() == "drop";
            }
            out.push_back(std::move(p));
        }
        return out;
    }

    // _validate_transformers and _validate_transformer_weights.
    std::vector<Part> validated() {
        validateParams();
        if (paramBool("verbose")) throw ValueError("FeatureUnion: verbose=True is not available in Tessera");
        const auto parts = partsOf();
        if (parts.empty()) throw ValueError("not enough values to unpack (expected 2, got 0)");
        std::vector<std::string> names;
        for (const auto& p : parts) {
            names.push_back(p.name);
            if (p.estimator && !p.estimator->info().hasMethod("transform"))
                throw TypeError("All estimators should implement fit and transform. '" +
                                ParamValue(p.estimator).repr() + "' (type <class '" + p.estimator->info().module + "." +
                                p.estimator->className() + "'>) doesn't");
        }
        checkStepNames(names, info());
        const ParamValue& w = param("transformer_weights");
        if (!w.isNone()) {
            if (w.kind() != ParamValue::Kind::Dict)
                throw TypeError("FeatureUnion: transformer_weights must be a dict or None, got " + w.repr());
            for (const auto& [k, v] : w.members())
                if (std::find(names.begin(), names.end(), k) == names.end())
                    throw ValueError("Attempting to weight transformer \"" + k +
                                     "\", but it is not present in transformer_list.");
        }
        clearAttributes();
        return parts;
    }

    // n_features_in_ is the first transformer's (sklearn's property).
    void recordAttributes() {
        const auto parts = partsOf();
        if (parts.front().estimator && parts.front().estimator->hasAttribute("n_features_in_"))
            setAttribute("n_features_in_", parts.front().estimator->attribute("n_features_in_"));
    }

    // The columns of a named table, for the names of a 'passthrough' part (sklearn's fitted
    // FunctionTransformer records them as its feature_names_in_; the union itself has none).
    void recordInputNames(const data::Table& X, bool named) {
        if (named) setAttribute("_input_names", Array(X.names()));
    }

    std::optional<double> weightOf(const std::string& name) const {
        return transformerWeight(param("transformer_weights"), name);
    }
};

const RegisterEstimator<FeatureUnion> kRegistered({
    "FeatureUnion",
    "sklearn.pipeline",
    EstimatorKind::Composite,
    "Concatenates results of multiple transformer objects.",
    // sklearn 1.2.1 declares no _parameter_constraints for FeatureUnion; fit checks what it needs.
    {
        {"transformer_list", ParamValue(), {}, "List of (name, transformer) tuples; 'drop' or 'passthrough' allowed."},
        {"n_jobs", ParamValue(), {}, "Parallel jobs (results do not depend on it)."},
        {"transformer_weights", ParamValue(), {}, "Multiplicative weights of each transformer's output, by name."},
        {"verbose", false, {}, "Print the time of each transformer while fitting (only False)."},
    },
    {"fit", "transform", "fit_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
