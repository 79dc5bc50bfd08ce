#include "core/ml/base/param.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "core/ml/base/errors.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/registry.h"

namespace tessera::ml {

namespace {

const char* kindName(ParamValue::Kind k) {
    switch (k) {
        case ParamValue::Kind::None:
            return "NoneType";
        case ParamValue::Kind::Bool:
            return "bool";
        case ParamValue::Kind::Int:
            return "int";
        case ParamValue::Kind::Float:
            return "float";
        case ParamValue::Kind::String:
            return "str";
        case ParamValue::Kind::Tuple:
            return "tuple";
        case ParamValue::Kind::List:
            return "list";
        case ParamValue::Kind::Dict:
            return "dict";
        case ParamValue::Kind::Estimator:
            return "estimator";
    }
    return "?";
}

std::string pythonStringRepr(const std::string& s) {
    // Python picks single quotes unless the text holds a single quote and no double quote.
    const bool dq = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    const char q = dq ? '"' : '\'';
    std::string out(1, q);
    for (char c : s) {
        if (c == '\\' || c == q) out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    out += q;
    return out;
}

}  // namespace

std::string pythonFloatRepr(double d) {
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    // sci: [-]D[.DDD]e[+-]XX
    const bool neg = sci[0] == '-';
    const std::size_t epos = sci.find('e');
    std::string mant = sci.substr(neg ? 1 : 0, epos - (neg ? 1 : 0));
    const int exp = std::atoi(sci.c_str() + epos + 1);
    std::string digits;
    for (char c : mant)
        if (c != '.') digits += c;
    std::string out = neg ? "-" : "";
    if (exp < -4 || exp >= 16) {
        out += digits.substr(0, 1);
        if (digits.size() > 1) out += "." + digits.substr(1);
        char e[16];
        std::snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
        return out + e;
    }
    if (exp < 0) return out + "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + digits;
    const auto intDigits = static_cast<std::size_t>(exp + 1);
    if (digits.size() <= intDigits) return out + digits + std::string(intDigits - digits.size(), '0') + ".0";
    return out + digits.substr(0, intDigits) + "." + digits.substr(intDigits);
}

ParamValue::ParamValue(std::shared_ptr<Estimator> e) : m_kind(Kind::Estimator), m_estimator(std::move(e)) {
    if (!m_estimator) m_kind = Kind::None;
}

ParamValue ParamValue::tuple(std::vector<ParamValue> items) {
    ParamValue v;
    v.m_kind = Kind::Tuple;
    v.m_items = std::make_shared<const std::vector<ParamValue>>(std::move(items));
    return v;
}

ParamValue ParamValue::list(std::vector<ParamValue> items) {
    ParamValue v = tuple(std::move(items));
    v.m_kind = Kind::List;
    return v;
}

ParamValue ParamValue::dict(std::vector<Member> members) {
    ParamValue v;
    v.m_kind = Kind::Dict;
    v.m_members = std::make_shared<const std::vector<Member>>(std::move(members));
    return v;
}

bool ParamValue::asBool() const {
    if (m_kind != Kind::Bool) throw TypeError(std::string("expected a bool, got ") + typeName());
    return m_int != 0;
}

std::int64_t ParamValue::asInt() const {
    if (m_kind != Kind::Int) throw TypeError(std::string("expected an int, got ") + typeName());
    return m_int;
}

double ParamValue::asDouble() const {
    if (m_kind == Kind::Float) return m_double;
    if (m_kind == Kind::Int || m_kind == Kind::Bool) return static_cast<double>(m_int);
    throw TypeError(std::string("expected a float, got ") + typeName());
}

const std::string& ParamValue::asString() const {
    if (m_kind != Kind::String) throw TypeError(std::string("expected a str, got ") + typeName());
    return m_string;
}

const std::vector<ParamValue>& ParamValue::items() const {
    if (!isSequence()) throw TypeError(std::string("expected a tuple or a list, got ") + typeName());
    return *m_items;
}

const std::vector<ParamValue::Member>& ParamValue::members() const {
    if (m_kind != Kind::Dict) throw TypeError(std::string("expected a dict, got ") + typeName());
    return *m_members;
}

const std::shared_ptr<Estimator>& ParamValue::asEstimator() const {
    if (m_kind != Kind::Estimator) throw TypeError(std::string("expected an estimator, got ") + typeName());
    return m_estimator;
}

std::string ParamValue::typeName() const {
    if (m_kind == Kind::Estimator) return m_estimator->className();
    return kindName(m_kind);
}

std::string ParamValue::repr() const {
    switch (m_kind) {
        case Kind::None:
            return "None";
        case Kind::Bool:
            return m_int ? "True" : "False";
        case Kind::Int:
            return std::to_string(m_int);
        case Kind::Float:
            return pythonFloatRepr(m_double);
        case Kind::String:
            return pythonStringRepr(m_string);
        case Kind::Tuple:
        case Kind::List: {
            std::string out = m_kind == Kind::Tuple ? "(" : "[";
            for (std::size_t i = 0; i < m_items->size(); ++i) out += (i ? ", " : "") + (*m_items)[i].repr();
            if (m_kind == Kind::Tuple && m_items->size() == 1) out += ",";
            return out + (m_kind == Kind::Tuple ? ")" : "]");
        }
        case Kind::Dict: {
            std::string out = "{";
            for (std::size_t i = 0; i < m_members->size(); ++i)
                out += (i ? ", " : "") + pythonStringRepr((*m_members)[i].first) + ": " + (*m_members)[i].second.repr();
            return out + "}";
        }
        case Kind::Estimator: {
            // sklearn's repr shows only the keywords that differ from their defaults.
            std::string out = m_estimator->className() + "(";
            bool first = true;
            for (const auto& [k, v] : m_estimator->getParams(false)) {
                const ParamSpec* spec = m_estimator->info().findParam(k);
                if (spec && spec->defaultValue == v) continue;
                out += (first ? "" : ", ") + k + "=" + v.repr();
                first = false;
            }
            return out + ")";
        }
    }
    return "?";
}

io::Json ParamValue::toJson() const {
    switch (m_kind) {
        case Kind::None:
            return io::Json();
        case Kind::Bool:
            return io::Json(m_int != 0);
        case Kind::Int:
            return io::Json(m_int);
        case Kind::Float:
            return io::Json::object({{"float", io::Json(pythonFloatRepr(m_double))}});
        case Kind::String:
            return io::Json(m_string);
        case Kind::Tuple:
        case Kind::List: {
            io::Json::Array a;
            for (const auto& item : *m_items) a.push_back(item.toJson());
            if (m_kind == Kind::List) return io::Json(std::move(a));
            return io::Json::object({{"tuple", io::Json(std::move(a))}});
        }
        case Kind::Dict: {
            io::Json::Object o;
            for (const auto& [k, v] : *m_members) o.emplace_back(k, v.toJson());
            return io::Json::object({{"dict", io::Json::object(std::move(o))}});
        }
        case Kind::Estimator: {
            io::Json::Object o;
            for (const auto& [k, v] : m_estimator->getParams(false)) o.emplace_back(k, v.toJson());
            return io::Json::object(
                {{"estimator", io::Json(m_estimator->className())}, {"params", io::Json::object(std::move(o))}});
        }
    }
    return io::Json();
}

ParamValue ParamValue::fromJson(const io::Json& json, std::string_view source) {
    auto bad = [&](const std::string& cause) -> ParamValue {
        throw IoError(std::string(source) + ":" + std::to_string(json.line()) + ":" + std::to_string(json.column()) +
                      ": " + cause);
    };
    switch (json.type()) {
        case io::Json::Type::Null:
            return ParamValue();
        case io::Json::Type::Bool:
            return ParamValue(json.asBool());
        case io::Json::Type::Number:
            if (!json.isInteger()) return bad("a parameter number must be an integer or {\"float\": \"…\"}");
            return ParamValue(json.asInteger());
        case io::Json::Type::String:
            return ParamValue(json.asString());
        case io::Json::Type::Array: {
            std::vector<ParamValue> items;
            for (const auto& item : json.asArray()) items.push_back(fromJson(item, source));
            return list(std::move(items));
        }
        case io::Json::Type::Object:
            break;
    }
    if (const io::Json* f = json.find("float")) {
        const std::string& text = f->asString();
        if (text == "nan") return ParamValue(std::nan(""));
        if (text == "inf") return ParamValue(HUGE_VAL);
        if (text == "-inf") return ParamValue(-HUGE_VAL);
        double d = 0;
        auto res = std::from_chars(text.data(), text.data() + text.size(), d);
        if (res.ec != std::errc() || res.ptr != text.data() + text.size()) return bad("bad float '" + text + "'");
        return ParamValue(d);
    }
    if (const io::Json* t = json.find("tuple")) {
        std::vector<ParamValue> items;
        for (const auto& item : t->asArray()) items.push_back(fromJson(item, source));
        return tuple(std::move(items));
    }
    if (const io::Json* d = json.find("dict")) {
        std::vector<Member> members;
        for (const auto& [k, v] : d->asObject()) members.emplace_back(k, fromJson(v, source));
        return dict(std::move(members));
    }
    if (const io::Json* e = json.find("estimator")) {
        const EstimatorInfo* info = EstimatorRegistry::instance().find(e->asString());
        if (!info) return bad("unknown estimator class '" + e->asString() + "'");
        ParamList params;
        if (const io::Json* p = json.find("params"))
            for (const auto& [k, v] : p->asObject()) params.emplace_back(k, fromJson(v, source));
        auto est = info->factory(*info);
        est->setParams(params);
        return ParamValue(std::move(est));
    }
    return bad("an object parameter must hold \"float\", \"tuple\", \"dict\" or \"estimator\"");
}

bool operator==(const ParamValue& a, const ParamValue& b) {
    using K = ParamValue::Kind;
    if (a.isNumber() && b.isNumber()) {
        // NaN equals NaN here: sklearn compares defaults such as missing_values=np.nan by identity.
        if (a.m_kind == K::Float && b.m_kind == K::Float && std::isnan(a.m_double) && std::isnan(b.m_double))
            return true;
        if (a.m_kind == K::Float || b.m_kind == K::Float) return a.asDouble() == b.asDouble();
        return a.m_int == b.m_int;
    }
    if (a.m_kind != b.m_kind) return false;
    switch (a.m_kind) {
        case K::None:
            return true;
        case K::String:
            return a.m_string == b.m_string;
        case K::Tuple:
        case K::List:
            return *a.m_items == *b.m_items;
        case K::Dict:
            return *a.m_members == *b.m_members;
        case K::Estimator:
            return a.m_estimator->className() == b.m_estimator->className() &&
                   a.m_estimator->getParams(false) == b.m_estimator->getParams(false);
        default:
            return false;
    }
}

namespace {

bool boundBreaks(double v, const ParamValue& bound, bool isLeft, bool closed) {
    if (bound.isNone()) return false;
    const double b = bound.asDouble();
    if (isLeft) return closed ? v < b : v <= b;
    return closed ? v > b : v >= b;
}

std::string boundText(const ParamValue& bound, bool isLeft) {
    if (bound.isNone()) return isLeft ? "-inf" : "inf";
    return bound.repr();
}

}  // namespace

bool Constraint::satisfiedBy(const ParamValue& v) const {
    using K = ParamValue::Kind;
    switch (kind) {
        case Kind::IntInterval:
        case Kind::RealInterval: {
            // Python's bool is an Integral and a Real, so True passes numeric intervals as in sklearn.
            if (kind == Kind::IntInterval ? !(v.isInt() || v.isBool()) : !v.isNumber()) return false;
            const double d = v.asDouble();
            const bool leftClosed = closed == Closed::Left || closed == Closed::Both;
            const bool rightClosed = closed == Closed::Right || closed == Closed::Both;
            return !boundBreaks(d, left, true, leftClosed) && !boundBreaks(d, right, false, rightClosed);
        }
        case Kind::StrOptions:
            if (!v.isString()) return false;
            for (const auto& o : options)
                if (o == v.asString()) return true;
            return false;
        case Kind::None:
            return v.isNone();
        case Kind::Boolean:
            // sklearn 1.2 still accepts an int for a boolean (with a FutureWarning).
            return v.isBool() || v.isInt();
        case Kind::String:
            return v.isString();
        case Kind::Tuple:
            return v.kind() == K::Tuple;
        case Kind::List:
            return v.kind() == K::List;
        case Kind::Dict:
            return v.kind() == K::Dict;
        case Kind::ArrayLike:
        case Kind::NdArray:
            return v.isSequence();
        case Kind::RandomState:
            return v.isNone() || ((v.isInt() || v.isBool()) && v.asDouble() >= 0 && v.asDouble() <= 4294967295.0);
        case Kind::Estimator: {
            if (!v.isEstimator()) return false;
            for (const auto& m : options)
                if (!v.asEstimator()->info().hasMethod(m)) return false;
            return true;
        }
        case Kind::Nan:
            return v.kind() == K::Float && std::isnan(v.asDouble());
        case Kind::Real:
            return v.isNumber();
        case Kind::Integral:
            return v.isInt() || v.isBool();
        case Kind::PandasNa:
            return false;
        case Kind::Verbose:
            return v.isBool() || (v.isInt() && v.asInt() >= 0) || (v.isString() && v.asString() == "deprecated");
    }
    return false;
}

std::string Constraint::str() const {
    switch (kind) {
        case Kind::IntInterval:
        case Kind::RealInterval: {
            const bool leftClosed = closed == Closed::Left || closed == Closed::Both;
            const bool rightClosed = closed == Closed::Right || closed == Closed::Both;
            return std::string(kind == Kind::IntInterval ? "an int" : "a float") + " in the range " +
                   (leftClosed ? "[" : "(") + boundText(left, true) + ", " + boundText(right, false) +
                   (rightClosed ? "]" : ")");
        }
        case Kind::StrOptions: {
            std::string out = "a str among {";
            for (std::size_t i = 0; i < options.size(); ++i) out += (i ? ", " : "") + pythonStringRepr(options[i]);
            return out + "}";
        }
        case Kind::None:
            return "None";
        case Kind::Boolean:
            return "an instance of 'bool', an instance of 'numpy.bool_' or an instance of 'int'";
        case Kind::String:
            return "an instance of 'str'";
        case Kind::Tuple:
            return "an instance of 'tuple'";
        case Kind::List:
            return "an instance of 'list'";
        case Kind::Dict:
            return "an instance of 'dict'";
        case Kind::ArrayLike:
            return "an array-like";
        case Kind::NdArray:
            return "an instance of 'numpy.ndarray'";
        case Kind::RandomState:
            return "an int in the range [0, 4294967295], an instance of 'numpy.random.mtrand.RandomState' or None";
        case Kind::Estimator: {
            if (options.empty()) return "an estimator";
            std::string methods = options.size() == 1 ? pythonStringRepr(options[0]) : "[";
            if (options.size() > 1) {
                for (std::size_t i = 0; i < options.size(); ++i)
                    methods += (i ? ", " : "") + pythonStringRepr(options[i]);
                methods += "]";
            }
            return "an object implementing " + methods;
        }
        case Kind::Nan:
            return "numpy.nan";
        case Kind::Real:
            return "an instance of 'float'";
        case Kind::Integral:
            return "an instance of 'int'";
        case Kind::PandasNa:
            return "pandas.NA";
        case Kind::Verbose:
            return "an int in the range [0, inf), an instance of 'bool' or an instance of 'numpy.bool_'";
    }
    return "?";
}

Constraint intInterval(std::optional<std::int64_t> left, std::optional<std::int64_t> right, Closed closed) {
    Constraint c;
    c.kind = Constraint::Kind::IntInterval;
    if (left) c.left = ParamValue(*left);
    if (right) c.right = ParamValue(*right);
    c.closed = closed;
    return c;
}

Constraint realInterval(ParamValue left, ParamValue right, Closed closed) {
    Constraint c;
    c.kind = Constraint::Kind::RealInterval;
    c.left = std::move(left);
    c.right = std::move(right);
    c.closed = closed;
    return c;
}

Constraint strOptions(std::vector<std::string> options) {
    Constraint c;
    c.kind = Constraint::Kind::StrOptions;
    c.options = std::move(options);
    return c;
}

Constraint constraintOf(Constraint::Kind kind) {
    Constraint c;
    c.kind = kind;
    return c;
}

Constraint hasMethods(std::vector<std::string> methods) {
    Constraint c;
    c.kind = Constraint::Kind::Estimator;
    c.options = std::move(methods);
    return c;
}

Constraint hidden(Constraint c) {
    c.hidden = true;
    return c;
}

void ParamSpec::check(const ParamValue& v, std::string_view estimator) const {
    if (constraints.empty()) return;
    for (const auto& c : constraints)
        if (c.satisfiedBy(v)) return;
    std::vector<const Constraint*> shown;
    for (const auto& c : constraints)
        if (!c.hidden) shown.push_back(&c);
    std::string allowed;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        if (i) allowed += i + 1 == shown.size() ? " or " : ", ";
        allowed += shown[i]->str();
    }
    throw InvalidParameterError("The '" + keyword + "' parameter of " + std::string(estimator) + " must be " + allowed +
                                ". Got " + v.repr() + " instead.");
}

std::string ParamSpec::typeText() const {
    if (constraints.empty()) return "any";
    std::string out;
    for (std::size_t i = 0; i < constraints.size(); ++i) {
        const Constraint& c = constraints[i];
        std::string t;
        switch (c.kind) {
            case Constraint::Kind::IntInterval:
            case Constraint::Kind::RealInterval: {
                const bool lc = c.closed == Closed::Left || c.closed == Closed::Both;
                const bool rc = c.closed == Closed::Right || c.closed == Closed::Both;
                t = std::string(c.kind == Constraint::Kind::IntInterval ? "int" : "float") + " in " + (lc ? "[" : "(") +
                    boundText(c.left, true) + ", " + boundText(c.right, false) + (rc ? "]" : ")");
                break;
            }
            case Constraint::Kind::StrOptions: {
                t = "{";
                for (std::size_t j = 0; j < c.options.size(); ++j)
                    t += (j ? ", " : "") + pythonStringRepr(c.options[j]);
                t += "}";
                break;
            }
            case Constraint::Kind::None:
                t = "None";
                break;
            case Constraint::Kind::Boolean:
                t = "bool";
                break;
            case Constraint::Kind::String:
                t = "str";
                break;
            case Constraint::Kind::Tuple:
                t = "tuple";
                break;
            case Constraint::Kind::List:
                t = "list";
                break;
            case Constraint::Kind::Dict:
                t = "dict";
                break;
            case Constraint::Kind::ArrayLike:
                t = "array-like";
                break;
            case Constraint::Kind::NdArray:
                t = "array";
                break;
            case Constraint::Kind::RandomState:
                t = "int or None (random_state)";
                break;
            case Constraint::Kind::Estimator:
                t = "estimator";
                break;
            case Constraint::Kind::Nan:
                t = "np.nan";
                break;
            case Constraint::Kind::Real:
                t = "float";
                break;
            case Constraint::Kind::Integral:
                t = "int";
                break;
            case Constraint::Kind::PandasNa:
                t = "pd.NA";
                break;
            case Constraint::Kind::Verbose:
                t = "int >= 0 or bool";
                break;
        }
        if (c.hidden) continue;
        out += (out.empty() ? "" : " or ") + t;
    }
    return out;
}

}  // namespace tessera::ml
