#include "core/nn/layer_registry.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "core/tensor/error.h"

namespace tessera::nn {

namespace {

struct Registry {
    std::mutex mutex;
    std::map<std::string, LayerInfo, std::less<>> layers;
};

// Function-local: layers register from static initialisers of other translation units, whose order
// relative to this one is unspecified.
Registry& registry() {
    static Registry r;
    return r;
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::string formatNumber(double v) {
    if (std::trunc(v) == v && std::fabs(v) < 1e15) return std::to_string(static_cast<std::int64_t>(v));
    return io::writeJson(io::Json(v), 0);
}

std::string shown(const io::Json& value) {
    std::string text = io::writeJson(value, 0);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

std::string rangeText(const ParamSpec& spec) {
    if (spec.min && spec.max) return " in [" + formatNumber(*spec.min) + ", " + formatNumber(*spec.max) + "]";
    if (spec.min) return " ≥ " + formatNumber(*spec.min);
    if (spec.max) return " ≤ " + formatNumber(*spec.max);
    return {};
}

bool inRange(const ParamSpec& spec, double v) { return (!spec.min || v >= *spec.min) && (!spec.max || v <= *spec.max); }

std::string choicesText(const std::vector<std::string>& choices) {
    std::string text;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
        text += "'" + choices[i] + "'";
    }
    return text;
}

// What a value of this parameter must be, for error messages: "an integer ≥ 1".
std::string expectation(const ParamSpec& spec) {
    const std::string range = rangeText(spec);
    switch (spec.type) {
        case ParamType::Int:
            return "an integer" + range;
        case ParamType::Float:
            return "a number" + range;
        case ParamType::Bool:
            return "true or false";
        case ParamType::String:
            return "a string";
        case ParamType::Choice:
            return "one of " + choicesText(spec.choices);
        case ParamType::IntOrTuple: {
            std::string text = "an integer" + range + " or an array of " +
                               (spec.tupleSize > 0 ? std::to_string(spec.tupleSize) + " such integers"
                                                   : std::string("such integers")) +
                               (spec.nullElements ? " or nulls" : "");
            if (!spec.choices.empty()) text += ", or " + choicesText(spec.choices);
            return text;
        }
        case ParamType::OptionalInt:
            return "an integer" + range + " or null";
        case ParamType::OptionalFloat:
            return "a number" + range + " or null";
        case ParamType::Layers:
            return "an array of {\"type\": …, \"options\": {…}} objects";
    }
    return {};
}

bool integerInRange(const ParamSpec& spec, const io::Json& v) { return v.isInteger() && inRange(spec, v.asNumber()); }

// A parameter whose default is None (an optional stride, say) accepts null whatever its type.
bool nullable(const ParamSpec& spec) { return !spec.required && spec.defaultValue.isNull(); }

bool valid(const ParamSpec& spec, const io::Json& v) {
    if (v.isNull() && nullable(spec)) return true;
    switch (spec.type) {
        case ParamType::Int:
            return integerInRange(spec, v);
        case ParamType::Float:
            return v.isNumber() && inRange(spec, v.asNumber());
        case ParamType::Bool:
            return v.isBool();
        case ParamType::String:
            return v.isString();
        case ParamType::Choice:
            return v.isString() &&
                   std::find(spec.choices.begin(), spec.choices.end(), v.asString()) != spec.choices.end();
        case ParamType::IntOrTuple:
            if (v.isString())
                return std::find(spec.choices.begin(), spec.choices.end(), v.asString()) != spec.choices.end();
            if (integerInRange(spec, v)) return true;
            if (!v.isArray() || v.size() == 0) return false;
            if (spec.tupleSize > 0 && v.size() != static_cast<std::size_t>(spec.tupleSize)) return false;
            return std::all_of(v.asArray().begin(), v.asArray().end(), [&](const io::Json& e) {
                return integerInRange(spec, e) || (spec.nullElements && e.isNull());
            });
        case ParamType::OptionalInt:
            return v.isNull() || integerInRange(spec, v);
        case ParamType::OptionalFloat:
            return v.isNull() || (v.isNumber() && inRange(spec, v.asNumber()));
        case ParamType::Layers:
            return v.isArray() && std::all_of(v.asArray().begin(), v.asArray().end(), [](const io::Json& e) {
                       if (!e.isObject() || !e.contains("type") || !e.at("type").isString()) return false;
                       for (const auto& [key, value] : e.asObject())
                           if (key != "type" && key != "options") return false;
                       return !e.contains("options") || e.at("options").isObject() || e.at("options").isNull();
                   });
    }
    return false;
}

}  // namespace

std::string_view paramTypeName(ParamType type) {
    switch (type) {
        case ParamType::Int:
            return "int";
        case ParamType::Float:
            return "float";
        case ParamType::Bool:
            return "bool";
        case ParamType::String:
            return "string";
        case ParamType::Choice:
            return "choice";
        case ParamType::IntOrTuple:
            return "int or tuple";
        case ParamType::OptionalInt:
            return "int or null";
        case ParamType::OptionalFloat:
            return "float or null";
        case ParamType::Layers:
            return "layers";
    }
    return "?";
}

void registerLayer(LayerInfo info) {
    if (info.type.empty()) throw ValueError("registerLayer: a layer type needs a name");
    if (!info.build) throw ValueError("registerLayer: layer type '" + info.type + "' has no builder");
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    if (r.layers.count(info.type) > 0)
        throw ValueError("registerLayer: layer type '" + info.type + "' is already registered");
    std::string type = info.type;
    r.layers.emplace(std::move(type), std::move(info));
}

const LayerInfo& layerInfo(std::string_view type) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    const auto it = r.layers.find(type);
    if (it != r.layers.end()) return it->second;
    std::vector<std::pair<std::size_t, std::string>> ranked;  // closest first
    for (const auto& [name, info] : r.layers) {
        const std::size_t distance = editDistance(type, name);
        if (distance <= std::max<std::size_t>(2, name.size() / 3)) ranked.emplace_back(distance, name);
    }
    std::sort(ranked.begin(), ranked.end());
    std::vector<std::string> close;
    for (const auto& [distance, name] : ranked) close.push_back(name);
    std::string message = "unknown layer type '" + std::string(type) + "'";
    if (!close.empty()) {
        message += "; did you mean ";
        for (std::size_t i = 0; i < close.size(); ++i) message += (i > 0 ? ", '" : "'") + close[i] + "'";
        message += "?";
    }
    throw ValueError(message);
}

bool isRegisteredLayer(std::string_view type) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    return r.layers.find(type) != r.layers.end();
}

std::vector<std::string> registeredLayers() {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<std::string> names;
    for (const auto& [name, info] : r.layers) names.push_back(name);
    return names;
}

io::Json resolveOptions(std::string_view type, const io::Json& options) {
    const LayerInfo& info = layerInfo(type);
    if (!options.isNull() && !options.isObject())
        throw ValueError(info.type + ": options must be a JSON object, got " +
                         std::string(io::typeName(options.type())));
    if (options.isObject()) {
        for (const auto& [key, value] : options.asObject()) {
            // Captured by name: clang 14 (the fuzz build) cannot capture a structured binding.
            const bool known = std::any_of(info.params.begin(), info.params.end(),
                                           [&name = key](const ParamSpec& p) { return p.name == name; });
            if (!known) {
                std::string names;
                for (const auto& p : info.params) names += (names.empty() ? "" : ", ") + p.name;
                throw ValueError(info.type + ": unknown option '" + key + "'" +
                                 (names.empty() ? " (it takes no options)" : " (options: " + names + ")"));
            }
        }
    }
    io::Json resolved = io::Json::object();
    for (const auto& spec : info.params) {
        const io::Json* given = options.isObject() ? options.find(spec.name) : nullptr;
        if (given == nullptr) {
            if (spec.required) throw ValueError(info.type + ": option '" + spec.name + "' is required");
            resolved.set(spec.name, spec.defaultValue);
            continue;
        }
        if (!valid(spec, *given))
            throw ValueError(
                info.type + ": option '" + spec.name + "' must be " + expectation(spec) +
                (nullable(spec) && spec.type != ParamType::OptionalInt && spec.type != ParamType::OptionalFloat
                     ? " or null"
                     : "") +
                ", got " + shown(*given));
        resolved.set(spec.name, *given);
    }
    return resolved;
}

std::shared_ptr<Module> buildLayer(std::string_view type, const io::Json& options, Generator& gen) {
    const io::Json resolved = resolveOptions(type, options);
    return layerInfo(type).build(resolved, gen);
}

std::vector<std::int64_t> intList(const io::Json& value, std::size_t n) {
    if (value.isArray()) {
        std::vector<std::int64_t> out;
        for (const auto& e : value.asArray()) out.push_back(e.isNull() ? -1 : e.asInteger());
        return out;
    }
    return std::vector<std::int64_t>(n, value.asInteger());
}

std::optional<double> optionalNumber(const io::Json& value) {
    if (value.isNull()) return std::nullopt;
    return value.asNumber();
}

std::optional<std::int64_t> optionalInteger(const io::Json& value) {
    if (value.isNull()) return std::nullopt;
    return value.asInteger();
}

}  // namespace tessera::nn
