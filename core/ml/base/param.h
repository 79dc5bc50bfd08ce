// Constructor keywords: their values (ParamValue, Python's None/bool/int/float/str/tuple/list/dict or
// an estimator), sklearn's constraints on them, and the schema entry the registry keeps per keyword.
//
//   ParamSpec alpha{"alpha", 1.0, {realInterval(0, std::nullopt, Closed::Left)}, "Regularization strength."};
//   alpha.check(ParamValue(-1.0), "Ridge");
//   // InvalidParameterError: The 'alpha' parameter of Ridge must be a float in the range [0, inf). Got -1.0 instead.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/io/json.h"

namespace tessera::ml {

class Estimator;

class ParamValue {
public:
    enum class Kind { None, Bool, Int, Float, String, Tuple, List, Dict, Estimator };
    using Member = std::pair<std::string, ParamValue>;

    ParamValue() = default;  // None
    ParamValue(std::nullptr_t) {}
    ParamValue(bool b) : m_kind(Kind::Bool), m_int(b) {}
    ParamValue(int i) : m_kind(Kind::Int), m_int(i) {}
    ParamValue(std::int64_t i) : m_kind(Kind::Int), m_int(i) {}
    ParamValue(double d) : m_kind(Kind::Float), m_double(d) {}
    ParamValue(const char* s) : m_kind(Kind::String), m_string(s) {}
    ParamValue(std::string s) : m_kind(Kind::String), m_string(std::move(s)) {}
    ParamValue(std::shared_ptr<Estimator> e);
    static ParamValue tuple(std::vector<ParamValue> items);
    static ParamValue list(std::vector<ParamValue> items);
    static ParamValue dict(std::vector<Member> members);

    Kind kind() const { return m_kind; }
    bool isNone() const { return m_kind == Kind::None; }
    bool isBool() const { return m_kind == Kind::Bool; }
    bool isInt() const { return m_kind == Kind::Int; }
    bool isNumber() const { return m_kind == Kind::Int || m_kind == Kind::Float || m_kind == Kind::Bool; }
    bool isString() const { return m_kind == Kind::String; }
    bool isSequence() const { return m_kind == Kind::Tuple || m_kind == Kind::List; }
    bool isEstimator() const { return m_kind == Kind::Estimator; }

    // Accessors throw TypeError naming the expected and the actual kind.
    bool asBool() const;
    std::int64_t asInt() const;
    double asDouble() const;  // an int, a float or a bool
    const std::string& asString() const;
    const std::vector<ParamValue>& items() const;  // a tuple or a list
    const std::vector<Member>& members() const;    // a dict
    const std::shared_ptr<Estimator>& asEstimator() const;

    // Python's repr: None, True, 3, 1.0, 1e-05, 'lbfgs', (0, 1), [1, 2], {'a': 1}, Ridge(alpha=2.0).
    std::string repr() const;
    // Python's type name: "NoneType", "bool", "int", "float", "str", "tuple", "list", "dict", or the class.
    std::string typeName() const;

    // A tagged JSON form that keeps int/float and tuple/list apart, and estimators with their params.
    io::Json toJson() const;
    static ParamValue fromJson(const io::Json& json, std::string_view source);

    // Python's ==, except that estimators compare by class and parameters and NaN equals NaN (sklearn's
    // clone and default checks compare such values by identity).
    friend bool operator==(const ParamValue& a, const ParamValue& b);

private:
    Kind m_kind = Kind::None;
    std::int64_t m_int = 0;
    double m_double = 0;
    std::string m_string;
    std::shared_ptr<const std::vector<ParamValue>> m_items;
    std::shared_ptr<const std::vector<Member>> m_members;
    std::shared_ptr<Estimator> m_estimator;
};

using ParamList = std::vector<std::pair<std::string, ParamValue>>;

// Python's float repr (shortest round trip; exponent form below 1e-4 and from 1e16).
std::string pythonFloatRepr(double d);

enum class Closed { Left, Right, Both, Neither };

// One of sklearn's parameter constraints; str() is sklearn's wording of it.
struct Constraint {
    enum class Kind {
        IntInterval,   // Interval(Integral, …)
        RealInterval,  // Interval(Real, …)
        StrOptions,    // StrOptions({…})
        None,          // None
        Boolean,       // "boolean"
        String,        // str
        Tuple,         // tuple
        List,          // list
        Dict,          // dict
        ArrayLike,     // "array-like"
        NdArray,       // np.ndarray (a list or tuple stands for one)
        RandomState,   // "random_state"
        Estimator,     // HasMethods([...]) / an estimator object
        Nan,           // np.nan
        Real,          // Real
        Integral,      // Integral
        PandasNa,      // pd.NA (never a Tessera value; listed because sklearn lists it)
        Verbose,       // "verbose": an int >= 0 or a bool (and the hidden option 'deprecated')
    };
    Kind kind = Kind::None;
    ParamValue left, right;  // interval bounds as written in sklearn (None: unbounded)
    Closed closed = Closed::Both;
    std::vector<std::string> options;  // StrOptions, or the methods of HasMethods
    bool hidden = false;               // sklearn's Hidden(...): accepted, but left out of messages and docs

    bool satisfiedBy(const ParamValue& v) const;
    std::string str() const;
};

Constraint intInterval(std::optional<std::int64_t> left, std::optional<std::int64_t> right, Closed closed);
Constraint realInterval(ParamValue left, ParamValue right, Closed closed);
Constraint strOptions(std::vector<std::string> options);
Constraint constraintOf(Constraint::Kind kind);
Constraint hasMethods(std::vector<std::string> methods);
// sklearn's Hidden(c).
Constraint hidden(Constraint c);

struct ParamSpec {
    std::string keyword;
    ParamValue defaultValue;
    std::vector<Constraint> constraints;  // empty: sklearn's "no_validation"
    std::string help;

    // InvalidParameterError in sklearn's words when no constraint holds.
    void check(const ParamValue& v, std::string_view estimator) const;
    // "float", "int or None", "{'auto', 'svd'}" — the type column of docs/estimators.md.
    std::string typeText() const;
};

}  // namespace tessera::ml
