// sklearn/model_selection/_search.py ParameterGrid and ParameterSampler, sklearn/utils/_random.pyx
// sample_without_replacement, and scipy.stats' rvs of uniform, loguniform (reciprocal: _ppf of one
// uniform draw) and randint (RandomState.randint), in the order they consume the RandomState.
#include "core/ml/model_selection/param_search.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

const ParamValue* member(const ParamValue& dict, std::string_view key) {
    for (const auto& [k, v] : dict.members())
        if (k == key) return &v;
    return nullptr;
}

double number(const ParamValue& d, std::string_view key) {
    const ParamValue* v = member(d, key);
    if (!v || !v->isNumber())
        throw ValueError("distribution " + d.repr() + ": '" + std::string(key) + "' must be a number");
    return v->asDouble();
}

std::vector<ParamValue> dictsOf(const ParamValue& grid, bool sampler) {
    if (grid.kind() == ParamValue::Kind::Dict) return {grid};
    if (!grid.isSequence()) {
        if (sampler)
            throw TypeError("Parameter distribution is not a dict or a list, got: " + grid.repr() + " of type " +
                            grid.typeName());
        throw TypeError("Parameter grid should be a dict or a list, got: " + grid.repr() + " of type " +
                        grid.typeName());
    }
    for (const auto& g : grid.items())
        if (g.kind() != ParamValue::Kind::Dict)
            throw TypeError(
                std::string(sampler ? "Parameter distribution is not a dict (" : "Parameter grid is not a dict (") +
                g.repr() + ")");
    return grid.items();
}

std::vector<ParamValue::Member> sortedMembers(const ParamValue& dict) {
    std::vector<ParamValue::Member> items = dict.members();
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return items;
}

}  // namespace

ParamValue uniformDistribution(double loc, double scale) {
    return ParamValue::dict({{"distribution", "uniform"}, {"loc", loc}, {"scale", scale}});
}

ParamValue loguniformDistribution(double a, double b) {
    if (!(a > 0 && b > a))
        throw ValueError("loguniform(a, b): needs 0 < a < b, got a=" + pythonFloatRepr(a) +
                         ", b=" + pythonFloatRepr(b));
    return ParamValue::dict({{"distribution", "loguniform"}, {"a", a}, {"b", b}});
}

ParamValue randintDistribution(std::int64_t low, std::int64_t high) {
    if (high <= low)
        throw ValueError("randint(low, high): needs low < high, got low=" + std::to_string(low) +
                         ", high=" + std::to_string(high));
    return ParamValue::dict({{"distribution", "randint"}, {"low", low}, {"high", high}});
}

bool isDistribution(const ParamValue& value) {
    if (value.kind() != ParamValue::Kind::Dict) return false;
    const ParamValue* d = member(value, "distribution");
    return d && d->isString();
}

ParamValue sampleDistribution(const ParamValue& distribution, RandomState& rng) {
    const std::string& kind = member(distribution, "distribution")->asString();
    if (kind == "uniform") {
        // rv_generic.rvs: _rvs = random_state.uniform(0.0, 1.0), then vals * scale + loc.
        const double u = rng.uniform(0.0, 1.0);
        return u * number(distribution, "scale") + number(distribution, "loc");
    }
    if (kind == "loguniform") {
        // reciprocal_gen has no _rvs: _ppf(random_state.uniform()) = a * pow(b * 1.0 / a, q).
        const double a = number(distribution, "a"), b = number(distribution, "b");
        const double q = rng.uniform(0.0, 1.0);
        return a * std::pow(b * 1.0 / a, q);
    }
    if (kind == "randint") {
        const ParamValue* low = member(distribution, "low");
        const ParamValue* high = member(distribution, "high");
        if (!low || !high || !low->isInt() || !high->isInt())
            throw ValueError("distribution " + distribution.repr() + ": 'low' and 'high' must be ints");
        return rng.randint(low->asInt(), high->asInt());
    }
    throw ValueError("the distribution '" + kind +
                     "' is not available in Tessera (uniform, loguniform and randint are)");
}

std::vector<ParamList> parameterGrid(const ParamValue& paramGrid) {
    const std::vector<ParamValue> grids = dictsOf(paramGrid, false);
    for (const auto& g : grids)
        for (const auto& [key, value] : g.members()) {
            if (!value.isSequence())
                throw TypeError("Parameter grid for parameter '" + key +
                                "' needs to be a list or a numpy array, but got " + value.repr() + " (of type " +
                                value.typeName() +
                                ") instead. Single values need to be wrapped in a list with one "
                                "element.");
            if (value.items().empty())
                throw ValueError("Parameter grid for parameter '" + key +
                                 "' need to be a non-empty sequence, got: " + value.repr());
        }
    std::vector<ParamList> out;
    for (const auto& g : grids) {
        const auto items = sortedMembers(g);
        if (items.empty()) {
            out.emplace_back();
            continue;
        }
        // itertools.product: the last key varies fastest.
        std::size_t total = 1;
        for (const auto& item : items) total *= item.second.items().size();
        for (std::size_t index = 0; index < total; ++index) {
            ParamList candidate(items.size());
            std::size_t rest = index;
            for (std::size_t k = items.size(); k-- > 0;) {
                const auto& values = items[k].second.items();
                candidate[k] = {items[k].first, values[rest % values.size()]};
                rest /= values.size();
            }
            out.push_back(std::move(candidate));
        }
    }
    return out;
}

std::vector<ParamList> parameterSampler(const ParamValue& paramDistributions, std::int64_t nIter,
                                        std::optional<std::int64_t> randomState) {
    const std::vector<ParamValue> dists = dictsOf(paramDistributions, true);
    bool allLists = true;
    for (const auto& d : dists)
        for (const auto& [key, value] : d.members()) {
            if (isDistribution(value)) {
                allLists = false;
                continue;
            }
            if (!value.isSequence())
                throw TypeError("Parameter grid for parameter '" + key +
                                "' is not iterable or a distribution (value=" + value.repr() + ")");
        }
    RandomState rng = checkRandomState(randomState);
    std::vector<ParamList> out;
    if (allLists) {
        const std::vector<ParamList> grid = parameterGrid(paramDistributions);
        const auto size = static_cast<std::int64_t>(grid.size());
        const std::int64_t n = std::min(nIter, size);
        // sample_without_replacement(size, n, method="auto").
        std::vector<std::int64_t> picks;
        const double ratio = size != 0 ? static_cast<double>(n) / static_cast<double>(size) : 1.0;
        if (ratio > 0.01 && ratio < 0.99) {
            picks = rng.permutation(size);
            picks.resize(static_cast<std::size_t>(n));
        } else if (ratio < 0.2) {
            std::set<std::int64_t> selected;
            for (std::int64_t i = 0; i < n; ++i) {
                std::int64_t j = rng.randint(0, size);
                while (selected.count(j)) j = rng.randint(0, size);
                selected.insert(j);
                picks.push_back(j);
            }
        } else {
            for (std::int64_t i = 0; i < n; ++i) picks.push_back(i);
            for (std::int64_t i = n; i < size; ++i) {
                const std::int64_t j = rng.randint(0, i + 1);
                if (j < n) picks[static_cast<std::size_t>(j)] = i;
            }
        }
        // ParameterGrid.__getitem__ builds each dict over the keys in reverse sorted order.
        for (std::int64_t i : picks) {
            ParamList candidate = grid[static_cast<std::size_t>(i)];
            std::reverse(candidate.begin(), candidate.end());
            out.push_back(std::move(candidate));
        }
        return out;
    }
    for (std::int64_t it = 0; it < nIter; ++it) {
        // rng.choice(param_distributions), then the keys in sorted order.
        const ParamValue& dist =
            dists[static_cast<std::size_t>(rng.randint(0, static_cast<std::int64_t>(dists.size())))];
        ParamList params;
        for (const auto& [key, value] : sortedMembers(dist)) {
            if (isDistribution(value)) {
                params.emplace_back(key, sampleDistribution(value, rng));
            } else {
                if (value.items().empty())
                    throw ValueError("high <= 0");  // NumPy's words for randint(0): an empty list of values
                params.emplace_back(key, value.items()[static_cast<std::size_t>(
                                             rng.randint(0, static_cast<std::int64_t>(value.items().size())))]);
            }
        }
        out.push_back(std::move(params));
    }
    return out;
}

}  // namespace tessera::ml::model_selection
