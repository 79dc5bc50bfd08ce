// The binding table: which Python names (torch.*, F.*, Tensor methods, Python operators) call which
// ops, with a small declarative description of each signature. Every op family has its own file
// (bindings_view.cpp, bindings_elementwise.cpp, …) that registers its bindings at start-up:
//
//   const BindingGroup kViews([](BindingTable& t) {
//       t.add({"torch.transpose", "Tensor.transpose"}, {"input", "dim0", "dim1"}, {"transpose"},
//             [](const Args& a) { return Value(ops::transpose(a.tensor("input"), a.integer("dim0"),
//                                                            a.integer("dim1"))); });
//       t.add({"Tensor.view"}, {"input", rest("size")}, {"view"},
//             [](const Args& a) { return Value(ops::view(a.tensor("input"), a.ints("size"))); });
//   });
//
// Names: "torch.NAME", "F.NAME" (torch.nn.functional), "Tensor.NAME" (a method: self fills the first
// parameter), "Tensor.__add__" and friends for operators, "builtins.NAME" for Python's builtins.
// Arguments bind as in Python: positionals in order, then keywords by name, then defaults.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/script/value.h"

namespace tessera::script {

struct Param {
    Param(const char* n) : name(n) {}
    Param(const char* n, Value def) : name(n), defaultValue(std::move(def)) {}
    std::string name;
    std::optional<Value> defaultValue;  // none: the argument is required
    bool rest = false;                  // takes all remaining positionals as one tuple (x.view(3, 4))
    bool keywordOnly = false;
};
// A size-like parameter that accepts x.view(3, 4) as well as x.view((3, 4)).
Param rest(const char* name);
// A parameter after `*` in the Python signature.
Param keywordOnly(const char* name, Value def);

// The bound arguments of one call, by parameter name. Accessors convert and throw TypeError
// "NAME(): argument 'ARG' must be KIND, not TYPE" when the value does not fit.
class Args {
public:
    Args(std::string function, const std::vector<Param>& params, std::vector<Value> values);

    const std::string& function() const { return m_function; }
    const Value& get(std::string_view name) const;
    bool isNone(std::string_view name) const { return get(name).isNone(); }

    Tensor tensor(std::string_view name) const;
    std::optional<Tensor> optTensor(std::string_view name) const;  // None → nullopt
    std::vector<Tensor> tensors(std::string_view name) const;      // a tuple or list of tensors
    std::int64_t integer(std::string_view name) const;
    std::optional<std::int64_t> optInteger(std::string_view name) const;
    double real(std::string_view name) const;  // an int or a float
    std::optional<double> optReal(std::string_view name) const;
    bool boolean(std::string_view name) const;
    const std::string& string(std::string_view name) const;
    DType dtype(std::string_view name) const;
    std::optional<DType> optDType(std::string_view name) const;
    Shape ints(std::string_view name) const;  // an int or a tuple/list of ints
    std::optional<Shape> optInts(std::string_view name) const;
    // kernel_size=3 or kernel_size=(3, 2): an int repeated n times, or exactly n ints.
    Shape intsOfLength(std::string_view name, std::size_t n) const;

    [[noreturn]] void wrongType(std::string_view name, std::string_view expected) const;

private:
    std::string m_function;
    const std::vector<Param>* m_params;
    std::vector<Value> m_values;
};

using BindingFn = std::function<Value(const Args&)>;

struct Binding {
    std::string displayName;  // the Python name used in messages: "transpose", "relu"
    std::vector<Param> params;
    std::vector<std::string> ops;  // registry ops (ops::registeredOps names) it calls; see the coverage test
    BindingFn fn;

    // Binds positionals and keywords to the parameters as Python does; TypeError on a missing, unknown,
    // repeated or surplus argument.
    Args bind(std::vector<Value> positional, const std::vector<std::pair<std::string, Value>>& keywords) const;
};

// A read-only Tensor attribute (x.shape, x.T).
struct Property {
    std::vector<std::string> ops;
    std::function<Value(const Tensor&)> fn;
};

class BindingTable {
public:
    static BindingTable& instance();

    void add(std::initializer_list<std::string_view> names, std::vector<Param> params, std::vector<std::string> ops,
             BindingFn fn);
    void addProperty(std::string_view name, std::vector<std::string> ops, std::function<Value(const Tensor&)> fn);

    // By qualified name: "torch.transpose", "torch.nn.functional.relu", "Tensor.view", "builtins.len".
    const Binding* find(std::string_view qualified) const;
    const Property* findProperty(std::string_view name) const;
    std::vector<std::string> names() const;
    // Every op name some binding declares (the coverage test checks them against the registry).
    std::vector<std::string> declaredOps() const;

private:
    std::map<std::string, Binding, std::less<>> m_bindings;
    std::map<std::string, Property, std::less<>> m_properties;
};

// Registers one family's bindings during static initialisation.
struct BindingGroup {
    explicit BindingGroup(void (*fill)(BindingTable&)) { fill(BindingTable::instance()); }
};

}  // namespace tessera::script
