// ColumnTransformer (sklearn/compose/_column_transformer.py, 1.2.1): each transformer is cloned and
// fitted on its columns of X, the outputs stacked side by side in the order of `transformers`, then the
// remainder (the columns no transformer names: dropped, passed through, or given to an estimator).
// Columns are given as integer indices (a list; negative ones count from the end), a boolean mask list,
// column names of a named table (a list of names), or a slice of either ({"slice": [start, stop, step]},
// a name slice including its stop as pandas' .loc does); a scalar index or name is refused as sklearn
// refuses it for 2-D transformers. Each transformer sees its columns as a table, so string columns reach
// the encoders and imputers, and 'passthrough' keeps them: the output is then a table with strings
// (transformToTable), else numeric. The fitted clones are named_transformers_ and keep their state
// under "named_transformers_.NAME." (base/held_state.h); output_indices_ holds [start, stop] per name.
#include <algorithm>
#include <map>
#include <set>

#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"
#include "core/ml/compose/columns.h"
#include "core/ml/compose/pipeline.h"

namespace tessera::ml {
namespace {

struct Entry {
    std::string name;
    ParamValue transformer;  // an estimator, "drop" or "passthrough"
    std::vector<std::int64_t> columns;
    bool isEstimator() const { return transformer.isEstimator(); }
    bool is(std::string_view s) const { return transformer.isString() && transformer.asString() == s; }
};

class ColumnTransformer : public Estimator, public TableTransformer {
public:
    explicit ColumnTransformer(const EstimatorInfo& info) : Estimator(info) {}

    ParamList getParams(bool deep) const override {
        ParamList out = Estimator::getParams(deep);
        if (deep) appendNamedParams(out, listed());
        return out;
    }

    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> children() const override {
        std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> out;
        for (const auto& [name, t] : listed())
            if (t.isEstimator()) out.emplace_back(name, t.asEstimator());
        if (param("remainder").isEstimator()) out.emplace_back("remainder", param("remainder").asEstimator());
        return out;
    }

    std::vector<HeldEstimators> heldEstimators() const override {
        HeldEstimators held{"named_transformers_", HeldEstimators::Form::Named, {}};
        for (const auto& [name, est] : m_fitted) held.items.emplace_back(name, est);
        return {held};
    }

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        fitTransform(X, y, sampleWeight);
        return *this;
    }

    Tensor fitTransform(const Tensor& Xin, const Array& y, const Tensor&) override {
        startFit();
        return fitBlocks(positionalTable(validateFitX(Xin, /*allowNaN=*/true)), y, /*named=*/false).numericTensor();
    }

    Tensor transform(const Tensor& Xin) const override {
        return transformBlocks(positionalTable(validateX(Xin, /*allowNaN=*/true)), /*named=*/false).numericTensor();
    }

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

    void fitColumns(const data::Table& X, const Array& y, const Tensor& sampleWeight, bool named) override {
        fitTransformColumns(X, y, sampleWeight, named);
    }

    data::Table fitTransformColumns(const data::Table& X, const Array& y, const Tensor&, bool named) override {
        startFit();
        for (auto& [name, value] : tableFitAttributes(X, named, className())) setAttribute(name, std::move(value));
        return fitBlocks(X, y, named);
    }

    data::Table transformColumns(const data::Table& X, bool named) const override {
        checkFitted();
        if (!named || !hasAttribute("feature_names_in_")) {
            checkTableColumns(*this, X, named);
            return transformBlocks(X, named);
        }
        // A table fitted and transformed by name: its columns are found by name, in any order, extra
        // ones ignored, as sklearn's transform of a DataFrame. The columns of 'passthrough' entries are
        // checked first ("columns are missing"); a transformer's absent column is pandas' KeyError.
        const std::vector<std::string>& names = attribute("feature_names_in_").strings();
        std::vector<std::int64_t> at;
        for (const std::string& name : names) at.push_back(X.indexOf(name));
        std::set<std::string> absent;
        for (const auto& e : plan(static_cast<std::int64_t>(names.size()), fittedNames()))
            if (e.is("passthrough"))
                for (auto c : e.columns)
                    if (at[static_cast<std::size_t>(c)] < 0) absent.insert(names[static_cast<std::size_t>(c)]);
        if (!absent.empty()) {
            std::string text = "{";
            for (const auto& name : absent) text += (text.size() > 1 ? ", '" : "'") + name + "'";
            throw ValueError("columns are missing: " + text + "}");
        }
        return transformBlocks(X, named, &at);
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const std::int64_t p = fitted("n_features_in_").item<std::int64_t>();
        const auto names = featureNamesIn(*this, inputFeatures);
        std::vector<std::pair<std::string, std::vector<std::string>>> parts;
        std::size_t next = 0;
        for (const auto& e : plan(p, fittedNames())) {
            if (e.is("drop") || e.columns.empty()) continue;
            std::vector<std::string> in;
            for (auto c : e.columns) in.push_back(names[c]);
            if (e.is("passthrough")) {
                parts.emplace_back(e.name, in);
                continue;
            }
            const auto& est = m_fitted.at(next++).second;
            if (!est->info().hasMethod("get_feature_names_out"))
                throw AttributeError("Transformer " + e.name + " (type " + est->className() +
                                     ") does not provide get_feature_names_out.");
            parts.emplace_back(e.name, est->getFeatureNamesOut(in));
        }
        std::vector<std::string> out;
        if (paramBool("verbose_feature_names_out")) {
            for (const auto& [name, features] : parts)
                for (const auto& f : features) out.push_back(name + "__" + f);
            return out;
        }
        // Counter(...).most_common(6) of the names used more than once, sorted.
        std::map<std::string, std::int64_t> count;
        std::vector<std::string> order;
        for (const auto& [name, features] : parts)
            for (const auto& f : features)
                if (count[f]++ == 0) order.push_back(f);
        std::vector<std::string> repeated;
        std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) { return count[a] > count[b]; });
        for (std::size_t k = 0; k < order.size() && k < 6; ++k)
            if (count[order[k]] > 1) repeated.push_back(order[k]);
        std::sort(repeated.begin(), repeated.end());
        if (!repeated.empty()) {
            std::string text = "[";
            for (std::size_t k = 0; k < repeated.size() && k < 5; ++k) text += (k ? ", '" : "'") + repeated[k] + "'";
            text += repeated.size() == 6 ? ", ...]" : "]";
            throw ValueError("Output feature names: " + text +
                             " are not unique. Please set verbose_feature_names_out=True to add prefixes to feature "
                             "names");
        }
        for (const auto& [name, features] : parts) out.insert(out.end(), features.begin(), features.end());
        return out;
    }

protected:
    bool setChildParam(std::string_view name, const ParamValue& value) override {
        ParamValue list = withNamedEstimator(param("transformers"), name, value);
        if (list.isNone()) return false;
        setParams({{"transformers", std::move(list)}});
        return true;
    }

    void attributesRestored() override {
        m_fitted.clear();
        for (const auto& e : plan(fitted("n_features_in_").item<std::int64_t>(), fittedNames()))
            if (e.isEstimator() && !e.columns.empty()) {
                auto est = e.transformer.asEstimator()->clone();
                restoreHeldAttributes(*est, attributes(), "named_transformers_." + e.name);
                m_fitted.emplace_back(e.name, std::move(est));
            }
    }

private:
    void startFit() {
        validateParams();
        refuseUnavailable();
        clearAttributes();
        m_fitted.clear();
    }

    // The column names a fit by name recorded (none for a positional fit).
    const std::vector<std::string>* fittedNames() const {
        return hasAttribute("feature_names_in_") ? &attribute("feature_names_in_").strings() : nullptr;
    }

    // _fit_transform of fit: every transformer cloned and fitted on its columns, the outputs stacked.
    data::Table fitBlocks(const data::Table& X, const Array& y, bool named) {
        const auto entries = plan(X.columnCount(), fittedNames());
        std::vector<data::Table> outputs;
        std::vector<std::pair<std::string, Array>> state;
        std::vector<std::string> outputNames;
        for (const auto& e : entries) {
            if (e.is("drop") || e.columns.empty()) continue;
            const data::Table part = X.selectColumns(e.columns);
            if (e.is("passthrough")) {
                outputs.push_back(scaleTableBy(part, weightOf(e.name), className()));
            } else {
                auto fitted = e.transformer.asEstimator()->clone();
                outputs.push_back(scaleTableBy(fitTransformToTable(*fitted, part, y, Tensor(), named), weightOf(e.name),
                                               className()));
                auto s = heldAttributes(*fitted, "named_transformers_." + e.name);
                state.insert(state.end(), s.begin(), s.end());
                m_fitted.emplace_back(e.name, std::move(fitted));
            }
            outputNames.push_back(e.name);
        }
        for (auto& [name, value] : state) setAttribute(name, std::move(value));
        setAttribute("sparse_output_", Array(Tensor::scalar<bool>(false)));
        std::int64_t start = 0;
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> indices;
        for (std::size_t k = 0; k < outputs.size(); ++k) {
            indices[outputNames[k]] = {start, start + outputs[k].columnCount()};
            start += outputs[k].columnCount();
        }
        for (const auto& [name, t] : listed()) indices.try_emplace(name, 0, 0);
        indices.try_emplace("remainder", 0, 0);
        for (const auto& [name, range] : indices)
            setAttribute("output_indices_." + name,
                         Array(Tensor::fromVector<std::int64_t>({range.first, range.second}, {2})));
        return hstackTables(outputs, X.rows());
    }

    // _fit_transform of transform: the fitted clones on X's columns — the fit's column c is X's column
    // at[c] when `at` is given (a table transformed by name), else column c.
    data::Table transformBlocks(const data::Table& X, bool named, const std::vector<std::int64_t>* at = nullptr) const {
        std::vector<data::Table> outputs;
        std::size_t next = 0;
        const auto p = at ? static_cast<std::int64_t>(at->size()) : X.columnCount();
        for (const auto& e : plan(p, fittedNames())) {
            if (e.is("drop") || e.columns.empty()) continue;
            std::vector<std::int64_t> columns = e.columns;
            if (at) {
                std::string absent;
                for (auto& c : columns) {
                    const std::int64_t found = (*at)[static_cast<std::size_t>(c)];
                    if (found < 0)
                        absent += (absent.empty() ? "'" : ", '") + (*fittedNames())[static_cast<std::size_t>(c)] + "'";
                    c = found;
                }
                if (!absent.empty()) {
                    const bool none = std::all_of(columns.begin(), columns.end(), [](std::int64_t c) { return c < 0; });
                    // pandas' KeyError of df[names], as str() prints it.
                    throw ValueError(none ? "\"None of [Index([" + absent + "], dtype='object')] are in the [columns]\""
                                          : "\"[" + absent + "] not in index\"");
                }
            }
            const data::Table part = X.selectColumns(columns);
            if (e.is("passthrough"))
                outputs.push_back(scaleTableBy(part, weightOf(e.name), className()));
            else
                outputs.push_back(scaleTableBy(transformToTable(*m_fitted.at(next++).second, part, named),
                                               weightOf(e.name), className()));
        }
        return hstackTables(outputs, X.rows());
    }

    // (name, transformer) of `transformers`, as sklearn's _transformers property.
    std::vector<std::pair<std::string, ParamValue>> listed() const {
        std::vector<std::pair<std::string, ParamValue>> out;
        const ParamValue& list = param("transformers");
        if (list.isNone()) return out;
        if (!list.isSequence())
            throw TypeError("ColumnTransformer: transformers must be a list of (name, transformer, columns) tuples");
        for (const auto& t : list.items()) {
            if (!t.isSequence() || t.items().size() != 3 || !t.items()[0].isString())
                throw TypeError(
                    "ColumnTransformer: every transformer must be a (name, transformer, columns) tuple, "
                    "got " +
                    t.repr());
            out.emplace_back(t.items()[0].asString(), t.items()[1]);
        }
        return out;
    }

    void refuseUnavailable() const {
        if (paramBool("verbose")) throw ValueError("ColumnTransformer: verbose=True is not available in Tessera");
        const ParamValue& w = param("transformer_weights");
        if (!w.isNone() && w.kind() != ParamValue::Kind::Dict)
            throw TypeError("ColumnTransformer: transformer_weights must be a dict or None, got " + w.repr());
    }

    std::optional<double> weightOf(const std::string& name) const {
        return transformerWeight(param("transformer_weights"), name);
    }

    // _get_column_indices: integer keys, boolean masks, names (of a table fitted with names) and slices.
    static std::vector<std::int64_t> columnsOf(const ParamValue& key, std::int64_t p,
                                               const std::vector<std::string>* names) {
        const auto nameIndex = [&](const std::string& name) -> std::int64_t {
            if (!names)
                throw ValueError("Specifying the columns using strings is only supported for pandas DataFrames");
            const auto it = std::find(names->begin(), names->end(), name);
            if (it == names->end()) throw ValueError("A given column is not a column of the dataframe");
            return it - names->begin();
        };
        if ((key.isInt() && !key.isBool()) || key.isString())
            throw ValueError(
                "1D data passed to a transformer that expects 2D data. Try to specify the column selection as a list "
                "of one item instead of a scalar.");
        if (key.kind() == ParamValue::Kind::Dict && key.members().size() == 1 && key.members()[0].first == "slice")
            return sliceColumns(key.members()[0].second, p, nameIndex);
        if (!key.isSequence())
            throw ValueError(
                "No valid specification of the columns. Only a scalar, list or slice of all integers or "
                "all strings, or boolean mask is allowed");
        std::vector<std::int64_t> out;
        const auto& items = key.items();
        const bool mask = !items.empty() && items[0].isBool();
        const bool byName = !items.empty() && items[0].isString();
        if (mask && static_cast<std::int64_t>(items.size()) != p)
            throw IndexError("boolean index did not match indexed array along dimension 0; dimension is " +
                             std::to_string(p) + " but corresponding boolean dimension is " +
                             std::to_string(items.size()));
        for (std::size_t k = 0; k < items.size(); ++k) {
            const bool ok = mask     ? items[k].isBool()
                            : byName ? items[k].isString()
                                     : items[k].isInt() && !items[k].isBool();
            if (!ok)
                throw ValueError(
                    "No valid specification of the columns. Only a scalar, list or slice of all integers "
                    "or all strings, or boolean mask is allowed");
            if (mask) {
                if (items[k].asBool()) out.push_back(static_cast<std::int64_t>(k));
                continue;
            }
            if (byName) {
                out.push_back(nameIndex(items[k].asString()));
                continue;
            }
            const std::int64_t c = items[k].asInt();
            if (c < -p || c >= p)
                throw IndexError("index " + std::to_string(c) + " is out of bounds for axis 0 with size " +
                                 std::to_string(p));
            out.push_back(c < 0 ? c + p : c);
        }
        return out;
    }

    // A slice [start, stop, step] of integers (Python's range, stop excluded) or of names (pandas' .loc,
    // stop included); None parts take their defaults.
    template <class NameIndex>
    static std::vector<std::int64_t> sliceColumns(const ParamValue& parts, std::int64_t p, const NameIndex& nameIndex) {
        if (!parts.isSequence() || parts.items().size() != 3)
            throw ValueError("ColumnTransformer: a column slice is {\"slice\": [start, stop, step]}, got " +
                             parts.repr());
        const auto& v = parts.items();
        const bool byName = v[0].isString() || v[1].isString();
        const std::int64_t step = v[2].isNone() ? 1 : v[2].asInt();
        if (step == 0) throw ValueError("slice step cannot be zero");
        std::vector<std::int64_t> out;
        if (byName) {
            const std::int64_t a = v[0].isNone() ? (step > 0 ? 0 : p - 1) : nameIndex(v[0].asString());
            const std::int64_t b = v[1].isNone() ? (step > 0 ? p - 1 : 0) : nameIndex(v[1].asString());
            for (std::int64_t c = a; step > 0 ? c <= b : c >= b; c += step) out.push_back(c);
            return out;
        }
        // PySlice_AdjustIndices.
        const auto clamp = [&](const ParamValue& x, std::int64_t dflt) {
            if (x.isNone()) return dflt;
            std::int64_t i = x.asInt();
            if (i < 0) i += p;
            if (i < 0) return step > 0 ? std::int64_t{0} : std::int64_t{-1};
            if (i >= p) return step > 0 ? p : p - 1;
            return i;
        };
        const std::int64_t a = clamp(v[0], step > 0 ? 0 : p - 1), b = clamp(v[1], step > 0 ? p : -1);
        for (std::int64_t c = a; step > 0 ? c < b : c > b; c += step) out.push_back(c);
        return out;
    }

    // The transformers with their columns, then the remainder when some columns are left (_iter with
    // fitted=False, after _validate_transformers, _validate_column_callables and _validate_remainder).
    std::vector<Entry> plan(std::int64_t p, const std::vector<std::string>* columnNames) const {
        std::vector<Entry> out;
        std::vector<std::string> names;
        for (const auto& t : param("transformers").items()) {
            if (!t.isSequence() || t.items().size() != 3 || !t.items()[0].isString())
                throw TypeError(
                    "ColumnTransformer: every transformer must be a (name, transformer, columns) tuple, "
                    "got " +
                    t.repr());
            Entry e{t.items()[0].asString(), t.items()[1], columnsOf(t.items()[2], p, columnNames)};
            const bool special = e.is("drop") || e.is("passthrough");
            if (!special) {
                const bool ok = e.isEstimator() && e.transformer.asEstimator()->info().hasMethod("transform") &&
                                (e.transformer.asEstimator()->info().hasMethod("fit") ||
                                 e.transformer.asEstimator()->info().hasMethod("fit_transform"));
                if (!ok)
                    throw TypeError(
                        "All estimators should implement fit and transform, or can be 'drop' or 'passthrough' "
                        "specifiers. '" +
                        (e.transformer.isString() ? e.transformer.asString() : e.transformer.repr()) + "' (type " +
                        typeText(e.transformer) + ") doesn't.");
            }
            names.push_back(e.name);
            out.push_back(std::move(e));
        }
        if (!out.empty()) checkStepNames(names, info());
        const ParamValue& remainder = param("remainder");
        const bool remainderOk =
            (remainder.isString() && (remainder.asString() == "drop" || remainder.asString() == "passthrough")) ||
            (remainder.isEstimator() && remainder.asEstimator()->info().hasMethod("transform"));
        if (!remainderOk)
            throw ValueError("The remainder keyword needs to be one of 'drop', 'passthrough', or estimator. '" +
                             (remainder.isString() ? remainder.asString() : remainder.repr()) + "' was passed instead");
        std::set<std::int64_t> used;
        for (const auto& e : out) used.insert(e.columns.begin(), e.columns.end());
        Entry rest{"remainder", remainder, {}};
        for (std::int64_t c = 0; c < p; ++c)
            if (!used.count(c)) rest.columns.push_back(c);
        if (!rest.columns.empty()) out.push_back(std::move(rest));
        return out;
    }

    static std::string typeText(const ParamValue& v) {
        if (v.isEstimator())
            return "<class '" + v.asEstimator()->info().module + "." + v.asEstimator()->className() + "'>";
        return "<class '" + v.typeName() + "'>";
    }

    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> m_fitted;  // the fitted clones, in order
};

const RegisterEstimator<ColumnTransformer> kRegistered({
    "ColumnTransformer",
    "sklearn.compose",
    EstimatorKind::Composite,
    "Applies transformers to columns of an array and stacks their outputs.",
    // sklearn 1.2.1 declares no _parameter_constraints for ColumnTransformer; fit checks what it needs.
    {
        {"transformers",
         ParamValue(),
         {},
         "List of (name, transformer, columns) tuples; transformer may be 'drop' or 'passthrough'."},
        {"remainder", "drop", {}, "The columns no transformer names: 'drop', 'passthrough' or an estimator."},
        {"sparse_threshold", 0.3, {}, "Density below which a sparse result is returned (Tessera's outputs are dense)."},
        {"n_jobs", ParamValue(), {}, "Parallel jobs (results do not depend on it)."},
        {"transformer_weights", ParamValue(), {}, "Multiplicative weights of each transformer's output, by name."},
        {"verbose", false, {}, "Print the time of each transformer while fitting (only False)."},
        {"verbose_feature_names_out",
         true,
         {},
         "Prefix output feature names with the transformer's name ('name__feature')."},
    },
    {"fit", "transform", "fit_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
