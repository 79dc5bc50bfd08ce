// The values of the expression language: what a Python expression evaluates to in the subset.
//
//   Value v = Value::tuple({Value(2), Value(3)});     // (2, 3)
//   v.kind() == Value::Kind::Tuple; v.items()[1].asInt() == 3;
//   Value(tensor).typeName() == "Tensor";
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::script {

class Value {
public:
    enum class Kind { None, Bool, Int, Float, String, DType, Tensor, Tuple, List, Slice, Ellipsis, Module };
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

    static Value none() { return {}; }
    static Value tuple(std::vector<Value> items);
    static Value list(std::vector<Value> items);
    static Value tensors(const std::vector<Tensor>& items);  // a tuple of tensors (split, max with indices)
    static Value shape(const Shape& sizes);                  // a tuple of ints (torch.Size)
    static Value slice(SliceParts parts);
    static Value ellipsis();
    static Value module(std::string path);  // "torch", "torch.nn.functional"

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

    // Python's type name: "int", "float", "bool", "str", "NoneType", "Tensor", "tuple", "list", "slice",
    // "torch.dtype", "ellipsis", "module".
    std::string typeName() const;
    // A short Python-like rendering for messages: 3, 2.5, True, (2, 3), Tensor[float32, [2, 3]].
    std::string repr() const;

private:
    Value(Kind kind, std::shared_ptr<const std::vector<Value>> items) : m_kind(kind), m_payload(std::move(items)) {}
    [[noreturn]] void wrongKind(const char* expected) const;

    Kind m_kind = Kind::None;
    std::variant<std::monostate, bool, std::int64_t, double, std::string, DType, Tensor,
                 std::shared_ptr<const std::vector<Value>>, SliceParts>
        m_payload;
};

}  // namespace tessera::script
