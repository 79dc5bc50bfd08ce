#include "core/script/binding.h"

#include <set>

namespace tessera::script {

Param rest(const char* name) {
    Param p(name);
    p.rest = true;
    return p;
}

Param keywordOnly(const char* name, Value def) {
    Param p(name, std::move(def));
    p.keywordOnly = true;
    return p;
}

Args::Args(std::string function, const std::vector<Param>& params, std::vector<Value> values)
    : m_function(std::move(function)), m_params(&params), m_values(std::move(values)) {}

const Value& Args::get(std::string_view name) const {
    for (std::size_t i = 0; i < m_params->size(); ++i)
        if ((*m_params)[i].name == name) return m_values[i];
    throw ValueError(m_function + "(): the binding reads an undeclared argument '" + std::string(name) + "'");
}

void Args::wrongType(std::string_view name, std::string_view expected) const {
    throw TypeError(m_function + "(): argument '" + std::string(name) + "' must be " + std::string(expected) +
                    ", not " + get(name).typeName());
}

Tensor Args::tensor(std::string_view name) const {
    const Value& v = get(name);
    if (!v.isTensor()) wrongType(name, "Tensor");
    return v.asTensor();
}

std::optional<Tensor> Args::optTensor(std::string_view name) const {
    if (isNone(name)) return std::nullopt;
    return tensor(name);
}

std::vector<Tensor> Args::tensors(std::string_view name) const {
    const Value& v = get(name);
    if (!v.isSequence()) wrongType(name, "a tuple or list of Tensors");
    std::vector<Tensor> out;
    for (const auto& item : v.items()) {
        if (!item.isTensor()) wrongType(name, "a tuple or list of Tensors");
        out.push_back(item.asTensor());
    }
    return out;
}

std::int64_t Args::integer(std::string_view name) const {
    const Value& v = get(name);
    if (v.kind() != Value::Kind::Int) wrongType(name, "int");
    return v.asInt();
}

std::optional<std::int64_t> Args::optInteger(std::string_view name) const {
    if (isNone(name)) return std::nullopt;
    return integer(name);
}

double Args::real(std::string_view name) const {
    const Value& v = get(name);
    if (v.kind() != Value::Kind::Int && v.kind() != Value::Kind::Float) wrongType(name, "float");
    return v.asDouble();
}

std::optional<double> Args::optReal(std::string_view name) const {
    if (isNone(name)) return std::nullopt;
    return real(name);
}

bool Args::boolean(std::string_view name) const {
    const Value& v = get(name);
    if (v.kind() != Value::Kind::Bool) wrongType(name, "bool");
    return v.asBool();
}

const std::string& Args::string(std::string_view name) const {
    const Value& v = get(name);
    if (v.kind() != Value::Kind::String) wrongType(name, "str");
    return v.asString();
}

DType Args::dtype(std::string_view name) const {
    const Value& v = get(name);
    if (v.kind() != Value::Kind::DType) wrongType(name, "torch.dtype");
    return v.asDType();
}

std::optional<DType> Args::optDType(std::string_view name) const {
    if (isNone(name)) return std::nullopt;
    return dtype(name);
}

Shape Args::ints(std::string_view name) const {
    const Value& v = get(name);
    if (v.kind() == Value::Kind::Int) return {v.asInt()};
    if (!v.isSequence()) wrongType(name, "tuple of ints");
    Shape out;
    for (const auto& item : v.items()) {
        if (item.kind() != Value::Kind::Int) wrongType(name, "tuple of ints");
        out.push_back(item.asInt());
    }
    return out;
}

std::optional<Shape> Args::optInts(std::string_view name) const {
    if (isNone(name)) return std::nullopt;
    return ints(name);
}

Shape Args::intsOfLength(std::string_view name, std::size_t n) const {
    const Value& v = get(name);
    if (v.kind() == Value::Kind::Int) return Shape(n, v.asInt());
    Shape out = ints(name);
    if (out.size() != n)
        throw ValueError(m_function + "(): argument '" + std::string(name) + "' must be an int or a tuple of " +
                         std::to_string(n) + " ints, got " + v.repr());
    return out;
}

Args Binding::bind(std::vector<Value> positional, const std::vector<std::pair<std::string, Value>>& keywords) const {
    std::vector<std::optional<Value>> slots(params.size());
    std::size_t next = 0;
    for (std::size_t i = 0; i < positional.size(); ++i) {
        if (next >= params.size() || params[next].keywordOnly) {
            std::size_t maxPositional = 0;
            for (const auto& p : params)
                if (!p.keywordOnly) ++maxPositional;
            throw TypeError(displayName + "() takes " + std::to_string(maxPositional) + " positional arguments but " +
                            std::to_string(positional.size()) + " were given");
        }
        if (params[next].rest) {
            const std::size_t remaining = positional.size() - i;
            if (remaining == 1 && positional[i].isSequence()) {
                slots[next] = positional[i];
            } else {
                slots[next] = Value::tuple(
                    std::vector<Value>(positional.begin() + static_cast<std::ptrdiff_t>(i), positional.end()));
            }
            ++next;
            break;
        }
        slots[next++] = std::move(positional[i]);
    }
    for (const auto& [name, value] : keywords) {
        std::size_t k = 0;
        while (k < params.size() && params[k].name != name) ++k;
        if (k == params.size()) throw TypeError(displayName + "() got an unexpected keyword argument '" + name + "'");
        if (slots[k]) throw TypeError(displayName + "() got multiple values for argument '" + name + "'");
        slots[k] = value;
    }
    std::vector<Value> values;
    values.reserve(params.size());
    for (std::size_t k = 0; k < params.size(); ++k) {
        if (slots[k]) {
            values.push_back(std::move(*slots[k]));
        } else if (params[k].defaultValue) {
            values.push_back(*params[k].defaultValue);
        } else {
            throw TypeError(displayName + "() missing required argument '" + params[k].name + "'");
        }
    }
    return Args(displayName, params, std::move(values));
}

BindingTable& BindingTable::instance() {
    static BindingTable table;
    return table;
}

namespace {
std::string qualify(std::string_view name) {
    if (name.starts_with("F.")) return "torch.nn.functional." + std::string(name.substr(2));
    return std::string(name);
}
}  // namespace

void BindingTable::add(std::initializer_list<std::string_view> names, std::vector<Param> params,
                       std::vector<std::string> ops, BindingFn fn) {
    for (auto name : names) {
        const std::string q = qualify(name);
        Binding b;
        b.displayName = q.substr(q.rfind('.') + 1);
        b.params = params;
        b.ops = ops;
        b.fn = fn;
        if (!m_bindings.emplace(q, std::move(b)).second)
            throw ValueError("script binding '" + q + "' is registered twice");
    }
}

void BindingTable::addProperty(std::string_view name, std::vector<std::string> ops,
                               std::function<Value(const Tensor&)> fn) {
    if (!m_properties.emplace(std::string(name), Property{std::move(ops), std::move(fn)}).second)
        throw ValueError("script property 'Tensor." + std::string(name) + "' is registered twice");
}

const Binding* BindingTable::find(std::string_view qualified) const {
    auto it = m_bindings.find(qualified);
    return it == m_bindings.end() ? nullptr : &it->second;
}

const Property* BindingTable::findProperty(std::string_view name) const {
    auto it = m_properties.find(name);
    return it == m_properties.end() ? nullptr : &it->second;
}

std::vector<std::string> BindingTable::names() const {
    std::vector<std::string> out;
    for (const auto& [name, b] : m_bindings) out.push_back(name);
    return out;
}

std::vector<std::string> BindingTable::declaredOps() const {
    std::set<std::string> ops;
    for (const auto& [name, b] : m_bindings) ops.insert(b.ops.begin(), b.ops.end());
    for (const auto& [name, p] : m_properties) ops.insert(p.ops.begin(), p.ops.end());
    return {ops.begin(), ops.end()};
}

}  // namespace tessera::script
