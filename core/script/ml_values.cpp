#include "core/script/ml_values.h"

#include "core/ml/base/estimator.h"
#include "core/ops/view.h"

namespace tessera::script {

namespace {

[[noreturn]] void cannot(const Value& v, std::string_view what, std::string_view why) {
    throw TypeError(std::string(what) + ": a " + v.typeName() + " " + std::string(why));
}

// Python's str() of a dict key, for ParamValue dicts (whose keys are str): class_weight={0: 1, 1: 3}
// is kept as {'0': 1, '1': 3}.
std::string keyText(const Value& k, std::string_view what) {
    switch (k.kind()) {
        case Value::Kind::String:
            return k.asString();
        case Value::Kind::Int:
            return std::to_string(k.asInt());
        case Value::Kind::Float:
            return ml::pythonFloatRepr(k.asDouble());
        case Value::Kind::Bool:
            return k.asBool() ? "True" : "False";
        default:
            cannot(k, what, "cannot be a dict key here (str and numbers can)");
    }
}

}  // namespace

ml::ParamValue toParam(const Value& v, std::string_view what) {
    switch (v.kind()) {
        case Value::Kind::None:
            return {};
        case Value::Kind::Bool:
            return v.asBool();
        case Value::Kind::Int:
            return v.asInt();
        case Value::Kind::Float:
            return v.asDouble();
        case Value::Kind::String:
            return v.asString();
        case Value::Kind::DType:
            return std::string(dtypeName(v.asDType()));
        case Value::Kind::Tuple:
        case Value::Kind::List: {
            std::vector<ml::ParamValue> items;
            for (const auto& item : v.items()) items.push_back(toParam(item, what));
            return v.kind() == Value::Kind::Tuple ? ml::ParamValue::tuple(std::move(items))
                                                  : ml::ParamValue::list(std::move(items));
        }
        case Value::Kind::Dict: {
            std::vector<ml::ParamValue::Member> members;
            for (const auto& [k, item] : v.asDict().items) members.emplace_back(keyText(k, what), toParam(item, what));
            return ml::ParamValue::dict(std::move(members));
        }
        case Value::Kind::Strings: {
            std::vector<ml::ParamValue> items;
            for (const auto& s : v.asStrings()) items.emplace_back(s);
            return ml::ParamValue::list(std::move(items));
        }
        case Value::Kind::Estimator:
            return ml::ParamValue(v.asEstimator());
        case Value::Kind::Splitter: {
            std::vector<ml::ParamValue::Member> members{{"splitter", v.asSplitter().className}};
            for (const auto& [k, item] : v.asSplitter().params) members.emplace_back(k, toParam(item, what));
            return ml::ParamValue::dict(std::move(members));
        }
        case Value::Kind::Tensor: {
            const Tensor& t = v.asTensor();
            if (t.dim() > 1) cannot(v, what, "of more than one dimension cannot be a parameter value");
            const bool integral = t.dtype() == DType::Int64 || t.dtype() == DType::Bool;
            std::vector<ml::ParamValue> items;
            if (integral) {
                for (auto x : ops::to(t, DType::Int64).toVector<std::int64_t>()) items.emplace_back(x);
            } else {
                for (auto x : ops::to(t, DType::Float64).toVector<double>()) items.emplace_back(x);
            }
            if (t.dim() == 0) return t.dtype() == DType::Bool ? ml::ParamValue(items[0].asInt() != 0) : items[0];
            return ml::ParamValue::list(std::move(items));
        }
        default:
            cannot(v, what, "cannot be a parameter value");
    }
}

Value fromParam(const ml::ParamValue& p) {
    switch (p.kind()) {
        case ml::ParamValue::Kind::None:
            return {};
        case ml::ParamValue::Kind::Bool:
            return Value(p.asBool());
        case ml::ParamValue::Kind::Int:
            return Value(p.asInt());
        case ml::ParamValue::Kind::Float:
            return Value(p.asDouble());
        case ml::ParamValue::Kind::String:
            return Value(p.asString());
        case ml::ParamValue::Kind::Tuple:
        case ml::ParamValue::Kind::List: {
            std::vector<Value> items;
            for (const auto& item : p.items()) items.push_back(fromParam(item));
            return p.kind() == ml::ParamValue::Kind::Tuple ? Value::tuple(std::move(items))
                                                           : Value::list(std::move(items));
        }
        case ml::ParamValue::Kind::Dict: {
            std::vector<std::pair<Value, Value>> items;
            for (const auto& [k, item] : p.members()) items.emplace_back(Value(k), fromParam(item));
            return Value::dict(std::move(items));
        }
        case ml::ParamValue::Kind::Estimator:
            return Value(p.asEstimator());
    }
    return {};
}

Tensor toTensor(const Value& v, std::string_view what) {
    if (v.isTensor()) return v.asTensor();
    if (v.isSequence()) {
        const auto& rows = v.items();
        const bool nested = !rows.empty() && rows[0].isSequence();
        std::vector<double> values;
        std::int64_t width = -1;
        for (const auto& row : rows) {
            if (nested != row.isSequence()) cannot(v, what, "mixes lists and numbers");
            const std::vector<Value> cells = nested ? row.items() : std::vector<Value>{row};
            if (nested && width >= 0 && static_cast<std::int64_t>(cells.size()) != width)
                throw ValueError(std::string(what) + ": the rows of the nested list have different lengths");
            width = static_cast<std::int64_t>(cells.size());
            for (const auto& c : cells) {
                if (!c.isNumber()) cannot(c, what, "is not a number");
                values.push_back(c.asDouble());
            }
        }
        const auto n = static_cast<std::int64_t>(rows.size());
        return Tensor::fromVector<double>(values, nested ? Shape{n, width} : Shape{n});
    }
    if (v.isNumber()) return Tensor::scalar<double>(v.asDouble());
    cannot(v, what, "is not an array");
}

ml::Array toArray(const Value& v, std::string_view what) {
    if (v.kind() == Value::Kind::Strings) return ml::Array(v.asStrings());
    if (v.isSequence() && !v.items().empty() && v.items()[0].kind() == Value::Kind::String) {
        std::vector<std::string> s;
        for (const auto& item : v.items()) {
            if (item.kind() != Value::Kind::String) cannot(item, what, "mixed with str labels is not supported");
            s.push_back(item.asString());
        }
        return ml::Array(std::move(s));
    }
    if (v.isSequence()) {
        bool integral = true;
        for (const auto& item : v.items()) integral = integral && item.kind() == Value::Kind::Int;
        const Tensor t = toTensor(v, what);
        return ml::Array(integral ? ops::to(t, DType::Int64) : t);
    }
    return ml::Array(toTensor(v, what));
}

ml::Array toOptArray(const Value& v, std::string_view what) { return v.isNone() ? ml::Array() : toArray(v, what); }

Value fromArray(const ml::Array& a) {
    if (!a.defined()) return {};
    if (a.isStrings()) return Value::strings(a.strings());
    return Value(a.tensor());
}

Value fromDoubles(const std::vector<double>& values) {
    return Value(Tensor::fromVector<double>(values, {static_cast<std::int64_t>(values.size())}));
}

}  // namespace tessera::script
