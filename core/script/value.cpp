#include "core/script/value.h"

#include <sstream>

#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"

namespace tessera::script {

Value Value::tuple(std::vector<Value> items) {
    return Value(Kind::Tuple, std::make_shared<const std::vector<Value>>(std::move(items)));
}
Value Value::list(std::vector<Value> items) {
    return Value(Kind::List, std::make_shared<const std::vector<Value>>(std::move(items)));
}
Value Value::tensors(const std::vector<Tensor>& items) {
    std::vector<Value> v;
    v.reserve(items.size());
    for (const auto& t : items) v.emplace_back(t);
    return tuple(std::move(v));
}
Value Value::shape(const Shape& sizes) {
    std::vector<Value> v;
    v.reserve(sizes.size());
    for (auto s : sizes) v.emplace_back(s);
    return tuple(std::move(v));
}
Value Value::slice(SliceParts parts) {
    Value v;
    v.m_kind = Kind::Slice;
    v.m_payload = parts;
    return v;
}
Value Value::ellipsis() {
    Value v;
    v.m_kind = Kind::Ellipsis;
    return v;
}
Value Value::module(std::string path) {
    Value v(std::move(path));
    v.m_kind = Kind::Module;
    return v;
}

Value Value::dict(std::vector<std::pair<Value, Value>> items, bool record) {
    Value v;
    v.m_kind = Kind::Dict;
    v.m_payload = std::make_shared<const DictData>(DictData{std::move(items), record});
    return v;
}
Value Value::strings(std::vector<std::string> items) {
    Value v;
    v.m_kind = Kind::Strings;
    v.m_payload = std::make_shared<const std::vector<std::string>>(std::move(items));
    return v;
}
Value Value::splitter(std::string className, std::vector<std::pair<std::string, Value>> params) {
    Value v;
    v.m_kind = Kind::Splitter;
    v.m_payload = std::make_shared<const SplitterData>(SplitterData{std::move(className), std::move(params)});
    return v;
}
Value Value::callable(std::string qualified) {
    Value v(std::move(qualified));
    v.m_kind = Kind::Callable;
    return v;
}

void Value::wrongKind(const char* expected) const {
    throw TypeError(std::string("expected ") + expected + ", got " + typeName());
}

bool Value::asBool() const {
    if (m_kind != Kind::Bool) wrongKind("bool");
    return std::get<bool>(m_payload);
}
std::int64_t Value::asInt() const {
    if (m_kind != Kind::Int) wrongKind("int");
    return std::get<std::int64_t>(m_payload);
}
double Value::asDouble() const {
    switch (m_kind) {
        case Kind::Int:
            return static_cast<double>(std::get<std::int64_t>(m_payload));
        case Kind::Float:
            return std::get<double>(m_payload);
        case Kind::Bool:
            return std::get<bool>(m_payload) ? 1.0 : 0.0;
        default:
            wrongKind("a number");
    }
}
const std::string& Value::asString() const {
    if (m_kind != Kind::String) wrongKind("str");
    return std::get<std::string>(m_payload);
}
DType Value::asDType() const {
    if (m_kind != Kind::DType) wrongKind("torch.dtype");
    return std::get<DType>(m_payload);
}
const Tensor& Value::asTensor() const {
    if (m_kind != Kind::Tensor) wrongKind("Tensor");
    return std::get<Tensor>(m_payload);
}
const std::vector<Value>& Value::items() const {
    if (!isSequence()) wrongKind("tuple or list");
    return *std::get<std::shared_ptr<const std::vector<Value>>>(m_payload);
}
const Value::SliceParts& Value::asSlice() const {
    if (m_kind != Kind::Slice) wrongKind("slice");
    return std::get<SliceParts>(m_payload);
}
const std::string& Value::modulePath() const {
    if (m_kind != Kind::Module) wrongKind("module");
    return std::get<std::string>(m_payload);
}

const DictData& Value::asDict() const {
    if (m_kind != Kind::Dict) wrongKind("dict");
    return *std::get<std::shared_ptr<const DictData>>(m_payload);
}
const std::vector<std::string>& Value::asStrings() const {
    if (m_kind != Kind::Strings) wrongKind("an array of str");
    return *std::get<std::shared_ptr<const std::vector<std::string>>>(m_payload);
}
const std::shared_ptr<ml::Estimator>& Value::asEstimator() const {
    if (m_kind != Kind::Estimator) wrongKind("an estimator");
    return std::get<std::shared_ptr<ml::Estimator>>(m_payload);
}
const SplitterData& Value::asSplitter() const {
    if (m_kind != Kind::Splitter) wrongKind("a cross-validation splitter");
    return *std::get<std::shared_ptr<const SplitterData>>(m_payload);
}
const std::string& Value::callablePath() const {
    if (m_kind != Kind::Callable) wrongKind("a class or function");
    return std::get<std::string>(m_payload);
}

const Value* Value::lookup(const Value& key) const {
    for (const auto& [k, v] : asDict().items) {
        if (k.isNumber() && key.isNumber()
                ? k.asDouble() == key.asDouble()
                : k.kind() == Kind::String && key.kind() == Kind::String && k.asString() == key.asString())
            return &v;
    }
    return nullptr;
}

std::string Value::typeName() const {
    switch (m_kind) {
        case Kind::None:
            return "NoneType";
        case Kind::Bool:
            return "bool";
        case Kind::Int:
            return "int";
        case Kind::Float:
            return "float";
        case Kind::String:
            return "str";
        case Kind::DType:
            return "torch.dtype";
        case Kind::Tensor:
            return "Tensor";
        case Kind::Tuple:
            return "tuple";
        case Kind::List:
            return "list";
        case Kind::Slice:
            return "slice";
        case Kind::Ellipsis:
            return "ellipsis";
        case Kind::Module:
            return "module";
        case Kind::Dict:
            return "dict";
        case Kind::Strings:
            return "numpy.ndarray";
        case Kind::Estimator:
            return asEstimator()->className();
        case Kind::Splitter:
            return asSplitter().className;
        case Kind::Callable:
            return "function";
    }
    return "?";
}

std::string Value::repr() const {
    std::ostringstream os;
    switch (m_kind) {
        case Kind::None:
            return "None";
        case Kind::Bool:
            return asBool() ? "True" : "False";
        case Kind::Int:
            return std::to_string(asInt());
        case Kind::Float:
            return ml::pythonFloatRepr(asDouble());
        case Kind::String:
            return "'" + asString() + "'";
        case Kind::DType:
            return "torch." + std::string(dtypeName(asDType()));
        case Kind::Tensor:
            return "Tensor[" + std::string(dtypeName(asTensor().dtype())) + ", " + shapeToString(asTensor().sizes()) +
                   "]";
        case Kind::Tuple:
        case Kind::List: {
            const bool tup = m_kind == Kind::Tuple;
            os << (tup ? '(' : '[');
            const auto& v = items();
            for (std::size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i].repr();
            if (tup && v.size() == 1) os << ',';
            os << (tup ? ')' : ']');
            return os.str();
        }
        case Kind::Slice:
            return "slice";
        case Kind::Ellipsis:
            return "Ellipsis";
        case Kind::Module:
            return "<module '" + modulePath() + "'>";
        case Kind::Dict: {
            os << '{';
            const auto& d = asDict().items;
            for (std::size_t i = 0; i < d.size(); ++i)
                os << (i ? ", " : "") << d[i].first.repr() << ": " << d[i].second.repr();
            os << '}';
            return os.str();
        }
        case Kind::Strings: {
            os << "array([";
            const auto& v = asStrings();
            for (std::size_t i = 0; i < v.size() && i < 6; ++i) os << (i ? ", " : "") << "'" << v[i] << "'";
            if (v.size() > 6) os << ", ...";
            os << "])";
            return os.str();
        }
        case Kind::Estimator:
            return ml::ParamValue(asEstimator()).repr();
        case Kind::Splitter: {
            os << asSplitter().className << '(';
            const auto& p = asSplitter().params;
            for (std::size_t i = 0; i < p.size(); ++i) os << (i ? ", " : "") << p[i].first << '=' << p[i].second.repr();
            os << ')';
            return os.str();
        }
        case Kind::Callable:
            return "<" + callablePath() + ">";
    }
    return "?";
}

}  // namespace tessera::script
