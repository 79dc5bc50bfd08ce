#include "core/script/interpreter.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ops/view.h"
#include "core/script/binding.h"
#include "core/script/imports.h"
#include "core/script/ml_objects.h"
#include "core/script/script_error.h"

namespace tessera::script {

namespace {

bool isIntLike(const Value& v) { return v.kind() == Value::Kind::Int || v.kind() == Value::Kind::Bool; }
std::int64_t intOf(const Value& v) { return v.kind() == Value::Kind::Bool ? (v.asBool() ? 1 : 0) : v.asInt(); }

// Python's names for the operators' methods: a + b calls a.__add__(b), or b.__radd__(a) when only b
// is a tensor; comparisons reflect into their mirror (a < b  ↔  b > a).
struct OperatorNames {
    std::string_view op, method, reflected;
};
constexpr OperatorNames kOperators[] = {
    {"+", "__add__", "__radd__"},       {"-", "__sub__", "__rsub__"},
    {"*", "__mul__", "__rmul__"},       {"/", "__truediv__", "__rtruediv__"},
    {"@", "__matmul__", "__rmatmul__"}, {"**", "__pow__", "__rpow__"},
    {"<", "__lt__", "__gt__"},          {"<=", "__le__", "__ge__"},
    {">", "__gt__", "__lt__"},          {">=", "__ge__", "__le__"},
    {"==", "__eq__", "__eq__"},         {"!=", "__ne__", "__ne__"},
};

const OperatorNames& operatorNames(std::string_view op) {
    for (const auto& o : kOperators)
        if (o.op == op) return o;
    throw ValueError("unknown operator " + std::string(op));
}

std::int64_t intPow(std::int64_t base, std::int64_t exp) {
    std::int64_t r = 1;
    while (exp > 0) {
        if (exp & 1) r *= base;
        base *= base;
        exp >>= 1;
    }
    return r;
}

// Python's arithmetic and comparisons on int, float and bool.
Value numberBinary(const std::string& op, const Value& a, const Value& b) {
    const bool ints = isIntLike(a) && isIntLike(b);
    if (op == "+") return ints ? Value(intOf(a) + intOf(b)) : Value(a.asDouble() + b.asDouble());
    if (op == "-") return ints ? Value(intOf(a) - intOf(b)) : Value(a.asDouble() - b.asDouble());
    if (op == "*") return ints ? Value(intOf(a) * intOf(b)) : Value(a.asDouble() * b.asDouble());
    if (op == "/") {
        if (b.asDouble() == 0) throw ValueError("ZeroDivisionError: division by zero");
        return Value(a.asDouble() / b.asDouble());
    }
    if (op == "**") {
        if (ints && intOf(b) >= 0) return Value(intPow(intOf(a), intOf(b)));
        const double x = a.asDouble(), y = b.asDouble();
        if (x == 0 && y < 0) throw ValueError("ZeroDivisionError: 0.0 cannot be raised to a negative power");
        if (x < 0 && y != std::floor(y))
            throw ValueError("a negative number raised to a fractional power is complex, which is not supported");
        return Value(std::pow(x, y));
    }
    const bool lt = ints ? intOf(a) < intOf(b) : a.asDouble() < b.asDouble();
    const bool eq = ints ? intOf(a) == intOf(b) : a.asDouble() == b.asDouble();
    if (op == "<") return Value(lt);
    if (op == "<=") return Value(lt || eq);
    if (op == ">") return Value(!lt && !eq);
    if (op == ">=") return Value(!lt);
    if (op == "==") return Value(eq);
    if (op == "!=") return Value(!eq);
    throw TypeError("unsupported operand type(s) for " + op + ": '" + a.typeName() + "' and '" + b.typeName() + "'");
}

// Python's == on values other than tensors: numbers by value, others by kind and content.
bool valuesEqual(const Value& a, const Value& b) {
    if (a.isNumber() && b.isNumber()) return numberBinary("==", a, b).asBool();
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
        case Value::Kind::None:
        case Value::Kind::Ellipsis:
            return true;
        case Value::Kind::String:
            return a.asString() == b.asString();
        case Value::Kind::DType:
            return a.asDType() == b.asDType();
        case Value::Kind::Tuple:
        case Value::Kind::List: {
            const auto &x = a.items(), &y = b.items();
            if (x.size() != y.size()) return false;
            for (std::size_t i = 0; i < x.size(); ++i)
                if (x[i].isTensor() || !valuesEqual(x[i], y[i])) return false;
            return true;
        }
        default:
            return false;
    }
}

// Python's slice.indices(n) followed by the selection, for tuples and lists.
std::vector<Value> sliceSequence(const std::vector<Value>& items, const Value::SliceParts& s) {
    const auto n = static_cast<std::int64_t>(items.size());
    const std::int64_t step = s.step.value_or(1);
    if (step == 0) throw ValueError("slice step cannot be zero");
    auto adjust = [&](std::optional<std::int64_t> v, std::int64_t dflt) {
        if (!v) return dflt;
        std::int64_t i = *v;
        if (i < 0) {
            i += n;
            if (i < 0) i = step < 0 ? -1 : 0;
        } else if (i >= n) {
            i = step < 0 ? n - 1 : n;
        }
        return i;
    };
    const std::int64_t start = adjust(s.start, step < 0 ? n - 1 : 0);
    const std::int64_t stop = adjust(s.stop, step < 0 ? -1 : n);
    std::vector<Value> out;
    for (std::int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(items[i]);
    return out;
}

}  // namespace

void flattenOutput(const std::string& name, const Value& value, std::vector<std::pair<std::string, Tensor>>& out) {
    switch (value.kind()) {
        case Value::Kind::Tensor:
            out.emplace_back(name, value.asTensor());
            break;
        case Value::Kind::Int:
            out.emplace_back(name, Tensor::scalar<std::int64_t>(value.asInt()));
            break;
        case Value::Kind::Float:
            out.emplace_back(name, Tensor::scalar<double>(value.asDouble()));
            break;
        case Value::Kind::Bool:
            out.emplace_back(name, Tensor::scalar<bool>(value.asBool()));
            break;
        case Value::Kind::Tuple:
        case Value::Kind::List:
            for (std::size_t i = 0; i < value.items().size(); ++i)
                flattenOutput(name + "." + std::to_string(i), value.items()[i], out);
            break;
        default:
            break;
    }
}

Interpreter::Interpreter() {
    m_variables.emplace_back("torch", Value::module("torch"));
    m_variables.emplace_back("F", Value::module("torch.nn.functional"));
}

void Interpreter::setVariable(const std::string& name, Value value) {
    for (auto& [n, v] : m_variables)
        if (n == name) {
            v = std::move(value);
            return;
        }
    m_variables.emplace_back(name, std::move(value));
}

const Value* Interpreter::variable(std::string_view name) const {
    for (const auto& [n, v] : m_variables)
        if (n == name) return &v;
    return nullptr;
}

std::vector<std::pair<std::string, Tensor>> Interpreter::outputs() const {
    std::vector<std::pair<std::string, Tensor>> out;
    for (const auto& name : m_assigned) flattenOutput(name, *variable(name), out);
    return out;
}

void Interpreter::run(std::string_view text, std::string_view file) { run(parse(text, file)); }

void Interpreter::run(const Program& program) {
    m_file = program.file;
    for (const auto& s : program.statements) {
        if (s.isImport) {
            runImport(s);
            continue;
        }
        Value v = eval(*s.value);
        if (!s.targets.empty()) assign(s, std::move(v));
    }
}

void Interpreter::runImport(const Statement& s) {
    for (const auto& n : s.imports) {
        try {
            if (!s.importModule.empty()) {
                setVariable(n.asName, importValue(s.importModule, n.name));
            } else {
                const bool aliased = n.asName != n.name.substr(0, n.name.find('.'));
                setVariable(n.asName, importModule(aliased ? n.name : n.name.substr(0, n.name.find('.'))));
                if (!aliased) importModule(n.name);
            }
        } catch (const Error& err) {
            throw ScriptError(m_file, n.line, n.column, err.what());
        }
    }
}

bool Interpreter::importsNumpyStyle(const Program& program) {
    for (const auto& s : program.statements)
        if (s.isImport)
            for (const auto& n : s.imports)
                if (isNumpyStyleModule(s.importModule.empty() ? n.name : s.importModule)) return true;
    return false;
}

void Interpreter::fail(const Expr& at, const std::string& cause) const {
    throw ScriptError(m_file, at.line, at.column, cause);
}

void Interpreter::assign(const Statement& s, Value value) {
    auto store = [&](const std::string& name, Value v) {
        setVariable(name, std::move(v));
        if (std::find(m_assigned.begin(), m_assigned.end(), name) == m_assigned.end()) m_assigned.push_back(name);
    };
    if (!s.unpack) {
        store(s.targets[0], std::move(value));
        return;
    }
    std::vector<Value> items;
    if (value.isSequence()) {
        items = value.items();
    } else if (value.isTensor() && value.asTensor().dim() > 0) {
        for (std::int64_t i = 0; i < value.asTensor().size(0); ++i)
            items.emplace_back(ops::select(value.asTensor(), 0, i));
        m_calledOps.insert("select");
    } else {
        fail(*s.value, "TypeError: cannot unpack non-iterable " + value.typeName() + " object");
    }
    const std::size_t want = s.targets.size();
    if (items.size() > want)
        fail(*s.value, "ValueError: too many values to unpack (expected " + std::to_string(want) + ")");
    if (items.size() < want)
        fail(*s.value, "ValueError: not enough values to unpack (expected " + std::to_string(want) + ", got " +
                           std::to_string(items.size()) + ")");
    for (std::size_t i = 0; i < want; ++i) store(s.targets[i], items[i]);
}

Value Interpreter::eval(const Expr& e) {
    switch (e.kind) {
        case Expr::Kind::Name: {
            if (const Value* v = variable(e.text)) return *v;
            fail(e, "NameError: name '" + e.text + "' is not defined");
        }
        case Expr::Kind::Int:
            return Value(e.intValue);
        case Expr::Kind::Float:
            return Value(e.floatValue);
        case Expr::Kind::String:
            return Value(e.text);
        case Expr::Kind::Bool:
            return Value(e.boolValue);
        case Expr::Kind::None:
            return Value::none();
        case Expr::Kind::Ellipsis:
            return Value::ellipsis();
        case Expr::Kind::Tuple:
        case Expr::Kind::List: {
            std::vector<Value> items;
            for (const auto& c : e.children) items.push_back(eval(*c));
            return e.kind == Expr::Kind::Tuple ? Value::tuple(std::move(items)) : Value::list(std::move(items));
        }
        case Expr::Kind::Dict: {
            std::vector<std::pair<Value, Value>> items;
            for (std::size_t i = 0; i + 1 < e.children.size(); i += 2) {
                Value key = eval(*e.children[i]);
                Value value = eval(*e.children[i + 1]);
                bool replaced = false;
                for (auto& [k, v] : items)
                    if (valuesEqual(k, key)) {
                        v = value;
                        replaced = true;
                    }
                if (!replaced) items.emplace_back(std::move(key), std::move(value));
            }
            return Value::dict(std::move(items));
        }
        case Expr::Kind::Slice: {
            Value::SliceParts parts;
            std::optional<std::int64_t>* fields[] = {&parts.start, &parts.stop, &parts.step};
            for (int i = 0; i < 3; ++i) {
                if (!e.children[i]) continue;
                const Value v = eval(*e.children[i]);
                if (v.isNone()) continue;
                if (!isIntLike(v))
                    fail(*e.children[i], "TypeError: slice indices must be integers or None, not " + v.typeName());
                *fields[i] = intOf(v);
            }
            return Value::slice(parts);
        }
        case Expr::Kind::Attribute:
            return evalAttribute(e);
        case Expr::Kind::Call:
            return evalCall(e);
        case Expr::Kind::Subscript:
            return evalSubscript(e);
        case Expr::Kind::Unary:
            return evalUnary(e, eval(*e.children[0]));
        case Expr::Kind::Binary:
        case Expr::Kind::Compare: {
            const Value lhs = eval(*e.children[0]);
            const Value rhs = eval(*e.children[1]);
            return evalBinary(e, e.text, lhs, rhs);
        }
    }
    fail(e, "unsupported expression");
}

Value Interpreter::callBinding(const Expr& at, std::string_view qualified, std::vector<Value> positional,
                               const std::vector<std::pair<std::string, Value>>& keywords) {
    const Binding* b = BindingTable::instance().find(qualified);
    if (!b) fail(at, "'" + std::string(qualified) + "' is not supported");
    try {
        Value result = b->fn(b->bind(std::move(positional), keywords));
        m_calledOps.insert(b->ops.begin(), b->ops.end());
        return result;
    } catch (const ScriptError&) {
        throw;
    } catch (const Error& err) {
        fail(at, err.what());
    }
}

Value Interpreter::evalUnary(const Expr& e, const Value& v) {
    if (v.isNumber()) {
        if (e.text == "+") return isIntLike(v) ? Value(intOf(v)) : v;
        return isIntLike(v) ? Value(-intOf(v)) : Value(-v.asDouble());
    }
    if (v.isTensor()) {
        if (e.text == "+") return v;
        return callBinding(e, "Tensor.__neg__", {v}, {});
    }
    fail(e, "TypeError: bad operand type for unary " + e.text + ": '" + v.typeName() + "'");
}

Value Interpreter::evalBinary(const Expr& e, const std::string& op, const Value& lhs, const Value& rhs) {
    if (lhs.isTensor() || rhs.isTensor()) {
        const auto& names = operatorNames(op);
        const std::string method = "Tensor." + std::string(lhs.isTensor() ? names.method : names.reflected);
        if (!BindingTable::instance().find(method))
            fail(e, "TypeError: operator " + op + " on '" + lhs.typeName() + "' and '" + rhs.typeName() +
                        "' is not supported");
        if (lhs.isTensor()) return callBinding(e, "Tensor." + std::string(names.method), {lhs, rhs}, {});
        return callBinding(e, "Tensor." + std::string(names.reflected), {rhs, lhs}, {});
    }
    if (op == "==") return Value(valuesEqual(lhs, rhs));
    if (op == "!=") return Value(!valuesEqual(lhs, rhs));
    if (lhs.isNumber() && rhs.isNumber() && op != "@") {
        try {
            return numberBinary(op, lhs, rhs);
        } catch (const Error& err) {
            fail(e, err.what());
        }
    }
    if (op == "*" && (lhs.isSequence() || rhs.isSequence()) && (isIntLike(lhs) || isIntLike(rhs))) {
        const Value& seq = lhs.isSequence() ? lhs : rhs;
        std::vector<Value> items;
        for (std::int64_t k = 0; k < intOf(lhs.isSequence() ? rhs : lhs); ++k)
            items.insert(items.end(), seq.items().begin(), seq.items().end());
        return seq.kind() == Value::Kind::Tuple ? Value::tuple(std::move(items)) : Value::list(std::move(items));
    }
    if (op == "+" && lhs.kind() == rhs.kind() && lhs.isSequence()) {
        std::vector<Value> items = lhs.items();
        items.insert(items.end(), rhs.items().begin(), rhs.items().end());
        return lhs.kind() == Value::Kind::Tuple ? Value::tuple(std::move(items)) : Value::list(std::move(items));
    }
    fail(e, "TypeError: unsupported operand type(s) for " + op + ": '" + lhs.typeName() + "' and '" + rhs.typeName() +
                "'");
}

Value Interpreter::evalAttribute(const Expr& e) {
    const Value object = eval(*e.children[0]);
    if (object.kind() == Value::Kind::Estimator || object.kind() == Value::Kind::Splitter)
        return guarded(e, [&] { return attributeOf(object, e.text); });
    if (object.kind() == Value::Kind::Dict && object.asDict().record) {
        if (const Value* v = object.lookup(Value(e.text))) return *v;
        fail(e, "AttributeError: the object has no attribute '" + e.text + "'");
    }
    if (object.kind() == Value::Kind::Module) {
        const std::string path = object.modulePath() + "." + e.text;
        if (auto v = moduleAttribute(object.modulePath(), e.text)) return *v;
        if (BindingTable::instance().find(path)) fail(e, "'" + path + "' is a function: call it");
        fail(e, "AttributeError: module '" + object.modulePath() + "' has no attribute '" + e.text + "'");
    }
    if (object.isTensor()) {
        const Property* p = BindingTable::instance().findProperty(e.text);
        if (!p) {
            if (BindingTable::instance().find("Tensor." + e.text))
                fail(e, "'Tensor." + e.text + "' is a method: call it");
            fail(e, "AttributeError: 'Tensor' object has no attribute '" + e.text + "'");
        }
        try {
            Value v = p->fn(object.asTensor());
            m_calledOps.insert(p->ops.begin(), p->ops.end());
            return v;
        } catch (const Error& err) {
            fail(e, err.what());
        }
    }
    fail(e, "AttributeError: '" + object.typeName() + "' object has no attribute '" + e.text + "'");
}

Value Interpreter::evalCall(const Expr& e) {
    const Expr& callee = *e.children[0];
    std::string qualified;
    std::vector<Value> positional;
    if (callee.kind == Expr::Kind::Attribute) {
        const Value object = eval(*callee.children[0]);
        if (object.kind() == Value::Kind::Estimator || object.kind() == Value::Kind::Splitter) {
            auto [args, keywords] = evalArguments(e);
            return guarded(e, [&] { return callMethod(object, callee.text, std::move(args), keywords); });
        }
        if (object.kind() == Value::Kind::Module) {
            qualified = object.modulePath() + "." + callee.text;
            if (isClass(qualified)) {
                auto [args, keywords] = evalArguments(e);
                return guarded(e, [&] { return constructClass(qualified, std::move(args), keywords); });
            }
            if (!BindingTable::instance().find(qualified))
                fail(callee, "AttributeError: module '" + object.modulePath() + "' has no attribute '" + callee.text +
                                 "' (or it is not supported)");
        } else if (object.isTensor()) {
            qualified = "Tensor." + callee.text;
            if (!BindingTable::instance().find(qualified))
                fail(callee,
                     "AttributeError: 'Tensor' object has no attribute '" + callee.text + "' (or it is not supported)");
            positional.push_back(object);
        } else {
            fail(callee, "AttributeError: '" + object.typeName() + "' object has no attribute '" + callee.text + "'");
        }
    } else if (callee.kind == Expr::Kind::Name) {
        if (const Value* v = variable(callee.text)) {
            if (v->kind() != Value::Kind::Callable)
                fail(callee, "TypeError: '" + v->typeName() + "' object is not callable");
            const std::string path = v->callablePath();
            auto [args, keywords] = evalArguments(e);
            if (isClass(path)) return guarded(e, [&] { return constructClass(path, std::move(args), keywords); });
            return callBinding(e, path, std::move(args), keywords);
        }
        qualified = "builtins." + callee.text;
        if (!BindingTable::instance().find(qualified))
            fail(callee, "NameError: name '" + callee.text + "' is not defined");
    } else {
        fail(callee, "TypeError: '" + eval(callee).typeName() + "' object is not callable");
    }
    auto [args, keywords] = evalArguments(e);
    positional.insert(positional.end(), std::make_move_iterator(args.begin()), std::make_move_iterator(args.end()));
    return callBinding(e, qualified, std::move(positional), keywords);
}

std::pair<std::vector<Value>, std::vector<std::pair<std::string, Value>>> Interpreter::evalArguments(const Expr& e) {
    const std::size_t nKeywords = e.keywords.size();
    const std::size_t nPositional = e.children.size() - 1 - nKeywords;
    std::vector<Value> positional;
    for (std::size_t i = 0; i < nPositional; ++i) positional.push_back(eval(*e.children[1 + i]));
    std::vector<std::pair<std::string, Value>> keywords;
    for (std::size_t k = 0; k < nKeywords; ++k)
        keywords.emplace_back(e.keywords[k], eval(*e.children[1 + nPositional + k]));
    return {std::move(positional), std::move(keywords)};
}

Value Interpreter::guarded(const Expr& at, const std::function<Value()>& f) {
    try {
        return f();
    } catch (const ScriptError&) {
        throw;
    } catch (const Error& err) {
        fail(at, err.what());
    }
}

Value Interpreter::evalSubscript(const Expr& e) {
    const Value object = eval(*e.children[0]);
    const Value index = eval(*e.children[1]);
    if (object.kind() == Value::Kind::Estimator) return guarded(e, [&] { return subscriptObject(object, index); });
    if (object.kind() == Value::Kind::Dict) {
        if (const Value* v = object.lookup(index)) return *v;
        fail(e, "KeyError: " + index.repr());
    }
    try {
        if (object.kind() == Value::Kind::Strings) {
            const auto& items = object.asStrings();
            if (index.kind() == Value::Kind::Slice) {
                std::vector<Value> boxed(items.begin(), items.end());
                std::vector<std::string> picked;
                for (const auto& v : sliceSequence(boxed, index.asSlice())) picked.push_back(v.asString());
                return Value::strings(std::move(picked));
            }
            if (!isIntLike(index))
                throw IndexError("only integers and slices index an array of str here, not " + index.typeName());
            std::int64_t i = intOf(index);
            const auto n = static_cast<std::int64_t>(items.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n)
                throw IndexError("index " + std::to_string(intOf(index)) + " is out of bounds for axis 0 with size " +
                                 std::to_string(n));
            return Value(items[static_cast<std::size_t>(i)]);
        }
        if (object.isTensor()) return indexTensor(object.asTensor(), index);
        if (object.isSequence()) {
            const auto& items = object.items();
            if (index.kind() == Value::Kind::Slice) {
                auto picked = sliceSequence(items, index.asSlice());
                return object.kind() == Value::Kind::Tuple ? Value::tuple(std::move(picked))
                                                           : Value::list(std::move(picked));
            }
            if (!isIntLike(index))
                throw TypeError(object.typeName() + " indices must be integers or slices, not " + index.typeName());
            std::int64_t i = intOf(index);
            const auto n = static_cast<std::int64_t>(items.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw IndexError(object.typeName() + " index out of range");
            return items[i];
        }
    } catch (const ScriptError&) {
        throw;
    } catch (const Error& err) {
        fail(e, err.what());
    }
    fail(e, "TypeError: '" + object.typeName() + "' object is not subscriptable");
}

// Basic indexing as PyTorch does it: ints select (and drop the dim), slices narrow with a step, None
// inserts a dim, one Ellipsis stands for the dims not named. Tensor indices (advanced indexing) are
// not part of the language: index_select and gather say what they do.
// The graph follows torch 1.13's python indexing: a lone slice always records a slice, but inside a
// tuple a slice with start 0, stop equal to the dim's size and step 1 (`0:n`, not `:`, whose stop is
// "no limit") is skipped; an index that applies no op at all (`x[...]`, `x[0:n, ...]`) returns
// alias(x), so the result has its own grad_fn (AliasBackward0).
Value Interpreter::indexTensor(const Tensor& x, const Value& index) {
    std::vector<Value> items = index.kind() == Value::Kind::Tuple ? index.items() : std::vector<Value>{index};
    std::int64_t consuming = 0;
    int ellipses = 0;
    for (const auto& item : items) {
        if (isIntLike(item) && item.kind() == Value::Kind::Bool)
            throw IndexError("indexing with a bool is not supported");
        if (item.kind() == Value::Kind::Int || item.kind() == Value::Kind::Slice)
            ++consuming;
        else if (item.kind() == Value::Kind::Ellipsis)
            ++ellipses;
        else if (item.isTensor() || item.kind() == Value::Kind::List)
            throw IndexError("indexing with a " + item.typeName() +
                             " (advanced indexing) is not supported; use index_select or gather");
        else if (!item.isNone())
            throw IndexError("only integers, slices (`:`), ellipsis (`...`) and None are valid indices (got " +
                             item.typeName() + ")");
    }
    if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
    if (consuming > x.dim()) throw IndexError("too many indices for tensor of dimension " + std::to_string(x.dim()));
    const bool tuple = index.kind() == Value::Kind::Tuple;
    Tensor r = x;
    bool applied = false;
    std::int64_t dim = 0;
    for (const auto& item : items) {
        switch (item.kind()) {
            case Value::Kind::Int:
                r = ops::select(r, dim, item.asInt());
                m_calledOps.insert("select");
                applied = true;
                break;
            case Value::Kind::Slice: {
                const auto& s = item.asSlice();
                if (s.step && *s.step == 0) throw ValueError("slice step cannot be zero");
                const std::int64_t start = s.start.value_or(0);
                const std::int64_t stop = s.stop.value_or(std::numeric_limits<std::int64_t>::max());
                const std::int64_t step = s.step.value_or(1);
                if (!(tuple && start == 0 && step == 1 && dim < r.dim() && stop == r.size(dim))) {
                    r = ops::slice(r, dim, start, stop, step);
                    m_calledOps.insert("slice");
                    applied = true;
                }
                ++dim;
                break;
            }
            case Value::Kind::None:
                r = ops::unsqueeze(r, dim);
                m_calledOps.insert("unsqueeze");
                applied = true;
                ++dim;
                break;
            case Value::Kind::Ellipsis:
                dim += x.dim() - consuming;
                break;
            default:
                break;
        }
    }
    if (!applied) {
        r = ops::alias(r);
        m_calledOps.insert("alias");
    }
    return Value(r);
}

}  // namespace tessera::script
