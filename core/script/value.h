// The values of the expression language: what a Python expression evaluates to in the subset.
//
//   Value v = Value::tuple({Value(2), Value(3)});     // (2, 3)
//   v.kind() == Value::Kind::Tuple; v.items()[1].asInt() == 3;
//   Value(tensor).typeName() == "Tensor";
//   Value::dict({{Value("alpha"), Value(0.5)}}).lookup(Value("alpha"))->asDouble() == 0.5;
//   Value(estimator).typeName() == "Ridge";            // an ml::Estimator object
//
// Besides torch's values, scripts in scikit-learn's style (docs/cli.md) see dicts, string arrays
// (string class labels), estimators, splitters (KFold & co.) and callables imported from a module.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml {
class Estimator;
}

namespace tessera::script {

class Value;
struct DictData;
struct SplitterData;

class Value {
public:
    enum class Kind {
        None,
        Bool,
        Int,
        Float,
        String,
        DType,
        Tensor,
        Tuple,
        List,
        Slice,
        Ellipsis,
        Module,
        Dict,       // a Python dict (keys in insertion order)
        Strings,    // a NumPy array of str (string labels, get_feature_names_out())
        Estimator,  // an ml::Estimator
        Splitter,   // KFold, StratifiedKFold, … (sklearn.model_selection's splitter objects)
        Callable,   // a class or function imported by name: "sklearn.linear_model.Ridge"
    };
    struct SliceParts {
        std::optional<std::int64_t> start, stop, step;
    };

    Value() = default;  // None
    Value(bool b) : m_kind(Kind::Bool), m_payload(b) {}
    Value(int i) : m_kind(Kind::Int), m_payload(std::int64_t{i}) {}
    Value(std::int64_t i) : m_kind(Kind::Int), m_payload(i) {}
    Value(double d) : m_kind(Kind::Float), m_payload(d) {}
    Value(const char* s) : m_kind(Kind::String), m_payload(std::string(s)) {}
    Value(std::string s) : m_kind(Kind::String), m_payload(std::move(s)) {}
    Value(DType t) : m_kind(Kind::DType), m_payload(t) {}
    Value(Tensor t) : m_kind(Kind::Tensor), m_payload(std::move(t)) {}
    Value(std::shared_ptr<ml::Estimator> e) : m_kind(Kind::Estimator), m_payload(std::move(e)) {}

    static Value none() { return {}; }
    static Value tuple(std::vector<Value> items);
    static Value list(std::vector<Value> items);
    static Value tensors(const std::vector<Tensor>& items);  // a tuple of tensors (split, max with indices)
    static Value shape(const Shape& sizes);                  // a tuple of ints (torch.Size)
    static Value slice(SliceParts parts);
    static Value ellipsis();
    static Value module(std::string path);  // "torch", "torch.nn.functional"
    // `record`: the dict also answers attribute access (d.key), for sklearn's objects of arrays
    // (`tree_`) stored under NAME.KEY (core/ml/README.md, Note [Attributes that are dicts or objects]).
    static Value dict(std::vector<std::pair<Value, Value>> items, bool record = false);
    static Value strings(std::vector<std::string> items);
    static Value splitter(std::string className, std::vector<std::pair<std::string, Value>> params);
    static Value callable(std::string qualified);

    Kind kind() const noexcept { return m_kind; }
    bool isNone() const noexcept { return m_kind == Kind::None; }
    bool isTensor() const noexcept { return m_kind == Kind::Tensor; }
    bool isNumber() const noexcept { return m_kind == Kind::Int || m_kind == Kind::Float || m_kind == Kind::Bool; }
    bool isSequence() const noexcept { return m_kind == Kind::Tuple || m_kind == Kind::List; }

    // Accessors check the kind and throw TypeError naming both kinds on a mismatch.
    bool asBool() const;
    std::int64_t asInt() const;  // an int (a bool is not accepted)
    double asDouble() const;     // an int, a float or a bool
    const std::string& asString() const;
    DType asDType() const;
    const Tensor& asTensor() const;
    const std::vector<Value>& items() const;  // a tuple or a list
    const SliceParts& asSlice() const;
    const std::string& modulePath() const;
    const DictData& asDict() const;
    const std::vector<std::string>& asStrings() const;
    const std::shared_ptr<ml::Estimator>& asEstimator() const;
    const SplitterData& asSplitter() const;
    const std::string& callablePath() const;
    // The value under `key` of a dict (keys compare as Python's == does), nullptr when absent.
    const Value* lookup(const Value& key) const;

    // Python's type name: "int", "float", "bool", "str", "NoneType", "Tensor", "tuple", "list", "slice",
    // "torch.dtype", "ellipsis", "module", "dict", "numpy.ndarray" (strings), the estimator's or
    // splitter's class, "type" / "function" for callables.
    std::string typeName() const;
    // A short Python-like rendering for messages: 3, 2.5, True, (2, 3), Tensor[float32, [2, 3]].
    std::string repr() const;

private:
    Value(Kind kind, std::shared_ptr<const std::vector<Value>> items) : m_kind(kind), m_payload(std::move(items)) {}
    [[noreturn]] void wrongKind(const char* expected) const;

    Kind m_kind = Kind::None;
    std::variant<std::monostate, bool, std::int64_t, double, std::string, DType, Tensor,
                 std::shared_ptr<const std::vector<Value>>, SliceParts, std::shared_ptr<const DictData>,
                 std::shared_ptr<const std::vector<std::string>>, std::shared_ptr<ml::Estimator>,
                 std::shared_ptr<const SplitterData>>
        m_payload;
};

struct DictData {
    std::vector<std::pair<Value, Value>> items;
    bool record = false;
};

struct SplitterData {
    std::string className;                              // "StratifiedKFold"
    std::vector<std::pair<std::string, Value>> params;  // every keyword, in the signature's order
};

}  // namespace tessera::script
