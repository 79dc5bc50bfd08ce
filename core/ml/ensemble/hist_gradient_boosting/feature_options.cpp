#include "core/ml/ensemble/hist_gradient_boosting/feature_options.h"

#include <tbb/parallel_for.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <string>

#include "core/ml/base/errors.h"
#include "core/ml/ensemble/hist_gradient_boosting/binning.h"

namespace tessera::ml::hgb {
namespace {

std::string pythonStringList(const std::vector<std::string>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", '" : "'") + v[i] + "'";
    return out + "]";
}

// _check_categories: is_categorical and each categorical column's known categories (all rows, before
// the early-stopping split).
void checkCategories(const Estimator& e, const Tensor& X, const std::vector<std::string>& tableNames,
                     FeatureOptions& o) {
    const ParamValue& cf = e.param("categorical_features");
    if (cf.isNone()) return;
    const int64_t n = X.size(0), d = X.size(1);
    std::vector<ParamValue> items;
    if (cf.isSequence()) {
        items = cf.items();
    } else {
        items.push_back(cf);
    }
    if (items.empty()) return;
    std::vector<uint8_t> is(d, 0);
    const bool strings = items[0].isString(), bools = items[0].isBool();
    for (const ParamValue& v : items) {
        if (v.isString() != strings || (!v.isString() && !v.isBool() && !v.isInt()) ||
            (!strings && v.isBool() != bools)) {
            std::set<std::string> types;
            for (const ParamValue& w : items) types.insert(w.typeName());
            std::string got;
            for (const std::string& t : types) got += (got.empty() ? "" : ", ") + t;
            throw ValueError("categorical_features must be an array-like of bool, int or str, got: " + got + ".");
        }
    }
    if (strings) {
        if (tableNames.empty()) {
            throw ValueError(
                "categorical_features should be passed as an array of integers or as a boolean mask when the "
                "model is fitted on data without feature names.");
        }
        for (const ParamValue& v : items) {
            const auto at = std::find(tableNames.begin(), tableNames.end(), v.asString());
            if (at == tableNames.end()) {
                throw ValueError("categorical_features has a item value '" + v.asString() +
                                 "' which is not a valid feature name of the training data. Observed feature "
                                 "names: " +
                                 pythonStringList(tableNames));
            }
            is[at - tableNames.begin()] = 1;
        }
    } else if (bools) {
        if (static_cast<int64_t>(items.size()) != d) {
            throw ValueError("categorical_features set as a boolean mask must have shape (n_features,), got: (" +
                             std::to_string(items.size()) + ",)");
        }
        for (int64_t f = 0; f < d; ++f) is[f] = items[f].asBool() ? 1 : 0;
    } else {
        for (const ParamValue& v : items)
            if (v.asInt() >= d || v.asInt() < 0)
                throw ValueError("categorical_features set as integer indices must be in [0, n_features - 1]");
        for (const ParamValue& v : items) is[v.asInt()] = 1;
    }
    if (std::none_of(is.begin(), is.end(), [](uint8_t b) { return b != 0; })) return;
    const int64_t maxBins = e.param("max_bins").asInt();
    const double* xs = X.data<double>();
    o.knownCategories.assign(d, {});
    for (int64_t f = 0; f < d; ++f) {
        if (!is[f]) continue;
        std::vector<double> c;
        for (int64_t r = 0; r < n; ++r)
            if (!std::isnan(xs[r * d + f])) c.push_back(xs[r * d + f]);
        std::sort(c.begin(), c.end());
        c.erase(std::unique(c.begin(), c.end()), c.end());
        const std::string name = tableNames.empty() ? "at index " + std::to_string(f) : "'" + tableNames[f] + "'";
        if (static_cast<int64_t>(c.size()) > maxBins) {
            throw ValueError("Categorical feature " + name +
                             " is expected to have a cardinality <= " + std::to_string(maxBins));
        }
        if (!c.empty() && c.back() >= static_cast<double>(maxBins)) {
            throw ValueError("Categorical feature " + name + " is expected to be encoded with values < " +
                             std::to_string(maxBins));
        }
        // sklearn reads a negative category through an out-of-range bitset index; refused here.
        if (!c.empty() && c.front() < 0) {
            throw ValueError(e.className() + ": categorical feature " + name +
                             " has negative values; categories must be encoded as integers in [0, " +
                             std::to_string(maxBins) + ")");
        }
        o.knownCategories[f] = std::move(c);
    }
    o.isCategorical = std::move(is);
}

// _check_monotonic_cst.
void checkMonotonicCst(const Estimator& e, int64_t d, const std::vector<std::string>& tableNames, FeatureOptions& o) {
    const ParamValue& mc = e.param("monotonic_cst");
    if (mc.isNone()) return;
    std::vector<int8_t> cst(d, 0);
    if (mc.kind() == ParamValue::Kind::Dict) {
        if (tableNames.empty()) {
            throw ValueError(e.className() +
                             " was not fitted on data with feature names. Pass monotonic_cst as an integer "
                             "array instead.");
        }
        std::vector<std::string> unexpected;
        for (const auto& [key, v] : mc.members())
            if (std::find(tableNames.begin(), tableNames.end(), key) == tableNames.end()) unexpected.push_back(key);
        std::sort(unexpected.begin(), unexpected.end());
        if (!unexpected.empty()) {
            const size_t count = unexpected.size();
            if (unexpected.size() > 5) {
                unexpected.resize(5);
                unexpected.push_back("...");
            }
            throw ValueError("monotonic_cst contains " + std::to_string(count) +
                             " unexpected feature names: " + pythonStringList(unexpected) + ".");
        }
        for (int64_t f = 0; f < d; ++f) {
            for (const auto& [key, v] : mc.members()) {
                if (key != tableNames[f]) continue;
                if (!v.isNumber() || (v.asDouble() != -1 && v.asDouble() != 0 && v.asDouble() != 1)) {
                    throw ValueError("monotonic_cst['" + key + "'] must be either -1, 0 or 1. Got " + v.repr() + ".");
                }
                cst[f] = static_cast<int8_t>(v.asDouble());
            }
        }
    } else {
        const std::vector<ParamValue> items = mc.isSequence() ? mc.items() : std::vector<ParamValue>{mc};
        std::vector<double> bad;
        for (const ParamValue& v : items) {
            const double x = v.isNumber() ? v.asDouble() : std::numeric_limits<double>::quiet_NaN();
            if (x != -1 && x != 0 && x != 1) bad.push_back(x);
        }
        if (!bad.empty()) {
            std::sort(bad.begin(), bad.end());
            bad.erase(std::unique(bad.begin(), bad.end()), bad.end());
            std::string shown;
            for (const double b : bad)
                shown += (shown.empty() ? "" : ", ") +
                         (b == std::floor(b) ? std::to_string(static_cast<int64_t>(b)) : pythonFloatRepr(b));
            throw ValueError("monotonic_cst must be an array-like of -1, 0 or 1. Observed values: [" + shown + "].");
        }
        if (static_cast<int64_t>(items.size()) != d) {
            throw ValueError("monotonic_cst has shape (" + std::to_string(items.size()) +
                             ",) but the input data X has " + std::to_string(d) + " features.");
        }
        for (int64_t f = 0; f < d; ++f) cst[f] = static_cast<int8_t>(items[f].asDouble());
    }
    o.monotonicCst = std::move(cst);
}

// _check_interaction_cst: the groups as sets of column indices, the unlisted columns as one more.
void checkInteractionCst(const Estimator& e, int64_t d, FeatureOptions& o) {
    const ParamValue& ic = e.param("interaction_cst");
    if (ic.isNone()) return;
    std::vector<std::vector<int64_t>> groups;
    if (ic.isString()) {
        if (ic.asString() == "no_interactions") {
            for (int64_t f = 0; f < d; ++f) groups.push_back({f});
        } else {
            for (int64_t a = 0; a < d; ++a)
                for (int64_t b = a + 1; b < d; ++b) groups.push_back({a, b});
        }
    } else {
        for (const ParamValue& g : ic.items()) {
            if (!g.isSequence())
                throw ValueError("Interaction constraints must be a sequence of tuples or lists, got: " + ic.repr() +
                                 ".");
            std::vector<int64_t> group;
            bool valid = true;
            for (const ParamValue& x : g.items()) {
                valid = valid && x.isInt() && x.asInt() >= 0 && x.asInt() < d;
                if (x.isInt()) group.push_back(x.asInt());
            }
            std::sort(group.begin(), group.end());
            group.erase(std::unique(group.begin(), group.end()), group.end());
            if (!valid) {
                // The group as the Python set sklearn prints.
                std::string shown;
                for (const ParamValue& x : g.items())
                    if (!x.isInt()) shown += (shown.empty() ? "" : ", ") + x.repr();
                for (const int64_t x : group) shown = (shown.empty() ? "" : shown + ", ") + std::to_string(x);
                throw ValueError(
                    "Interaction constraints must consist of integer indices in [0, n_features - 1] = [0, " +
                    std::to_string(d - 1) + "], specifying the position of features, got invalid indices: {" + shown +
                    "}");
            }
            groups.push_back(std::move(group));
        }
    }
    std::vector<uint8_t> listed(d, 0);
    for (const auto& g : groups)
        for (const int64_t f : g) listed[f] = 1;
    std::vector<int64_t> rest;
    for (int64_t f = 0; f < d; ++f)
        if (!listed[f]) rest.push_back(f);
    if (!rest.empty()) groups.push_back(std::move(rest));
    o.interactionCst = std::move(groups);
}

}  // namespace

FeatureOptions resolveFeatureOptions(const Estimator& e, const Tensor& X, const std::vector<std::string>& tableNames) {
    FeatureOptions o;
    const int64_t d = X.size(1);
    checkMonotonicCst(e, d, tableNames, o);
    checkCategories(e, X, tableNames, o);
    checkInteractionCst(e, d, o);
    return o;
}

std::vector<Bitset> knownCategoryBitsets(const std::vector<uint8_t>& isCategorical,
                                         const std::vector<std::vector<double>>& thresholds) {
    if (isCategorical.empty()) return {};
    std::vector<Bitset> out(isCategorical.size(), Bitset{});
    for (size_t f = 0; f < isCategorical.size(); ++f)
        if (isCategorical[f])
            for (const double c : thresholds[f]) hgb::setBitset(out[f], static_cast<uint32_t>(c));
    return out;
}

Array bitsetArray(const std::vector<Bitset>& v) {
    std::vector<int64_t> flat;
    for (const Bitset& b : v) flat.insert(flat.end(), b.begin(), b.end());
    return Array(Tensor::fromVector<int64_t>(flat, {static_cast<int64_t>(v.size()), 8}));
}

std::vector<Bitset> bitsetsOf(const Tensor& t) {
    const std::vector<int64_t> flat = t.toVector<int64_t>();
    std::vector<Bitset> out(flat.size() / 8);
    for (size_t i = 0; i < out.size(); ++i)
        for (size_t w = 0; w < 8; ++w) out[i][w] = static_cast<uint32_t>(flat[i * 8 + w]);
    return out;
}

}  // namespace tessera::ml::hgb
