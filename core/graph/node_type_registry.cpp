#include "core/graph/node_type_registry.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>
#include <set>

#include "core/graph/builtin_nodes.h"

namespace tessera::graph {

namespace {

const io::Json& param(const io::Json& params, std::string_view name) {
    const io::Json* v = params.find(name);
    if (!v) throw ValueError("node parameter '" + std::string(name) + "' is not in the schema");
    return *v;
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

std::string formatNumber(double v) {
    if (v == std::floor(v) && std::abs(v) < 1e15) return std::to_string(static_cast<std::int64_t>(v));
    std::string s = std::to_string(v);
    while (!s.empty() && s.back() == '0') s.pop_back();
    return s;
}

std::string rangeText(const nn::ParamSpec& spec) {
    if (spec.min && spec.max) return " between " + formatNumber(*spec.min) + " and " + formatNumber(*spec.max);
    if (spec.min) return " ≥ " + formatNumber(*spec.min);
    if (spec.max) return " ≤ " + formatNumber(*spec.max);
    return {};
}

bool inRange(const nn::ParamSpec& spec, double v) {
    return (!spec.min || v >= *spec.min) && (!spec.max || v <= *spec.max);
}

std::string choicesText(const std::vector<std::string>& choices) {
    std::string s;
    for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? ", '" : "'") + choices[i] + "'";
    return s;
}

bool isChoice(const nn::ParamSpec& spec, const io::Json& v) {
    return v.isString() && std::find(spec.choices.begin(), spec.choices.end(), v.asString()) != spec.choices.end();
}

// What a valid value looks like, for messages: "an integer ≥ 1", "one of 'mean', 'sum'".
std::string expectation(const nn::ParamSpec& spec) {
    switch (spec.type) {
        case nn::ParamType::Int:
            return "an integer" + rangeText(spec);
        case nn::ParamType::Float:
            return "a number" + rangeText(spec);
        case nn::ParamType::Bool:
            return "true or false";
        case nn::ParamType::String:
            return "a string";
        case nn::ParamType::Choice:
            return "one of " + choicesText(spec.choices);
        case nn::ParamType::IntOrTuple: {
            std::string s = "an integer" + rangeText(spec) + " or a list of " +
                            (spec.tupleSize ? std::to_string(spec.tupleSize) + " such integers" : "such integers");
            if (!spec.choices.empty()) s += " or one of " + choicesText(spec.choices);
            return s;
        }
        case nn::ParamType::OptionalInt:
            return "an integer" + rangeText(spec) + " or null";
        case nn::ParamType::OptionalFloat:
            return "a number" + rangeText(spec) + " or null";
        case nn::ParamType::Layers:
            return "a list of layers";
    }
    return "a value";
}

bool isValid(const nn::ParamSpec& spec, const io::Json& v) {
    auto integerOk = [&](const io::Json& x) {
        return x.isInteger() && inRange(spec, static_cast<double>(x.asInteger()));
    };
    switch (spec.type) {
        case nn::ParamType::Int:
            return integerOk(v);
        case nn::ParamType::Float:
            return v.isNumber() && inRange(spec, v.asNumber());
        case nn::ParamType::Bool:
            return v.isBool();
        case nn::ParamType::String:
            return v.isString();
        case nn::ParamType::Choice:
            return isChoice(spec, v);
        case nn::ParamType::IntOrTuple:
            if (isChoice(spec, v) || integerOk(v)) return true;
            if (!v.isArray() || v.size() == 0) return false;
            if (spec.tupleSize && static_cast<int>(v.size()) != spec.tupleSize) return false;
            return std::all_of(v.asArray().begin(), v.asArray().end(), integerOk);
        case nn::ParamType::OptionalInt:
            return v.isNull() || integerOk(v);
        case nn::ParamType::OptionalFloat:
            return v.isNull() || (v.isNumber() && inRange(spec, v.asNumber()));
        case nn::ParamType::Layers:
            return v.isArray();
    }
    return false;
}

std::string shortJson(const io::Json& v) {
    std::string s = io::writeJson(v, 0);
    if (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

}  // namespace

std::int64_t NodeContext::integer(std::string_view name) const { return param(params, name).asInteger(); }
double NodeContext::number(std::string_view name) const { return param(params, name).asNumber(); }
bool NodeContext::flag(std::string_view name) const { return param(params, name).asBool(); }
const std::string& NodeContext::string(std::string_view name) const { return param(params, name).asString(); }
std::vector<std::int64_t> NodeContext::ints(std::string_view name, std::size_t n) const {
    std::vector<std::int64_t> out = nn::intList(param(params, name), n);
    if (out.size() == 1 && n > 1) out.assign(n, out[0]);
    if (out.size() != n) {
        throw NodeProblem(node.type + ": parameter '" + std::string(name) + "' needs " + std::to_string(n) +
                              " values, got " + std::to_string(out.size()),
                          -1, std::string(name));
    }
    return out;
}
bool NodeContext::isNull(std::string_view name) const { return param(params, name).isNull(); }

int NodeType::inputCount(int connected) const {
    const int fixed = static_cast<int>(inputs.size());
    if (!variadic) return fixed;
    return std::max({fixed, minInputs, connected});
}

std::string NodeType::inputName(int port) const {
    if (inputs.empty() || port < 0) return {};
    if (port < static_cast<int>(inputs.size())) return inputs[static_cast<std::size_t>(port)].name;
    return variadic ? inputs.back().name : std::string();
}

NodeTypeRegistry& NodeTypeRegistry::instance() {
    static NodeTypeRegistry* registry = [] {
        auto* r = new NodeTypeRegistry;
        detail::registerBuiltinNodes(*r);
        detail::registerLayerNodes(*r);
        return r;
    }();
    return *registry;
}

void NodeTypeRegistry::add(NodeType type) {
    if (type.name.empty()) throw ValueError("a node type needs a name");
    if (!type.infer) throw ValueError("node type '" + type.name + "' has no shape-inference rule");
    std::unique_lock lock(m_mutex);
    if (m_types.count(type.name)) throw ValueError("node type '" + type.name + "' is registered twice");
    std::string name = type.name;
    m_types.emplace(std::move(name), std::make_unique<NodeType>(std::move(type)));
}

const NodeType* NodeTypeRegistry::find(std::string_view name) const {
    std::shared_lock lock(m_mutex);
    auto it = m_types.find(name);
    return it == m_types.end() ? nullptr : it->second.get();
}

const NodeType& NodeTypeRegistry::get(std::string_view name) const {
    if (const NodeType* t = find(name)) return *t;
    std::string message = "unknown node type '" + std::string(name) + "'";
    const std::string close = closeNames(name, names());
    if (!close.empty()) message += " (did you mean " + close + "?)";
    throw ValueError(message);
}

std::vector<std::string> NodeTypeRegistry::names() const {
    std::shared_lock lock(m_mutex);
    std::vector<std::string> out;
    for (const auto& [name, type] : m_types) out.push_back(name);
    return out;
}

std::vector<std::string> NodeTypeRegistry::categories() const {
    std::shared_lock lock(m_mutex);
    std::set<std::string> out;
    for (const auto& [name, type] : m_types) out.insert(type->category);
    return {out.begin(), out.end()};
}

void NodeTypeRegistry::setExtension(std::string_view type, const std::string& key, std::any value) {
    std::unique_lock lock(m_mutex);
    auto it = m_types.find(type);
    if (it == m_types.end()) throw ValueError("unknown node type '" + std::string(type) + "'");
    it->second->extensions[key] = std::move(value);
}

const std::any* NodeTypeRegistry::extension(std::string_view type, std::string_view key) const {
    std::shared_lock lock(m_mutex);
    auto it = m_types.find(type);
    if (it == m_types.end()) return nullptr;
    auto slot = it->second->extensions.find(key);
    return slot == it->second->extensions.end() ? nullptr : &slot->second;
}

std::string closeNames(std::string_view name, const std::vector<std::string>& names) {
    std::vector<std::pair<std::size_t, std::string>> scored;
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
    for (const auto& candidate : names) {
        const std::size_t d = editDistance(name, candidate);
        if (d <= limit) {
            scored.emplace_back(d, candidate);
        } else if (name.size() >= 2 && candidate.size() > name.size() &&
                   editDistance(name, std::string_view(candidate).substr(0, name.size())) == 0) {
            scored.emplace_back(limit + 1, candidate);  // "in" → "in_features": a prefix is a weaker match
        }
    }
    std::sort(scored.begin(), scored.end());
    std::string out;
    for (std::size_t i = 0; i < scored.size() && i < 3; ++i) out += (i ? " or " : "") + scored[i].second;
    return out;
}

io::Json resolveParams(const NodeType& type, const io::Json& params, std::vector<ParamIssue>& issues) {
    io::Json resolved = io::Json::object();
    std::vector<std::string> known;
    for (const auto& spec : type.params) known.push_back(spec.name);
    if (params.isObject()) {
        for (const auto& [key, value] : params.asObject()) {
            if (std::find(known.begin(), known.end(), key) != known.end()) continue;
            std::string message = type.name + " has no parameter '" + key + "'";
            const std::string close = closeNames(key, known);
            if (!close.empty()) {
                message += " (did you mean " + close + "?)";
            } else if (known.empty()) {
                message += "; it takes none";
            } else {
                std::string list;
                for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
                message += "; its parameters are " + list;
            }
            issues.push_back({key, message});
        }
    }
    for (const auto& spec : type.params) {
        const io::Json* given = params.isObject() ? params.find(spec.name) : nullptr;
        if (!given) {
            if (spec.required) {
                issues.push_back(
                    {spec.name, type.name + ": parameter '" + spec.name + "' is required (" + expectation(spec) + ")"});
            }
            resolved.set(spec.name, spec.defaultValue);
            continue;
        }
        if (!isValid(spec, *given)) {
            issues.push_back({spec.name, type.name + ": parameter '" + spec.name + "' must be " + expectation(spec) +
                                             ", got " + shortJson(*given)});
            resolved.set(spec.name, spec.defaultValue);
            continue;
        }
        resolved.set(spec.name, *given);
    }
    return resolved;
}

}  // namespace tessera::graph
