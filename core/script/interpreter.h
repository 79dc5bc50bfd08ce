// Runs programs of the expression language: the same text runs in torch (`import torch;
// import torch.nn.functional as F`) or in Python with scikit-learn (`from sklearn.linear_model import
// Ridge`; estimators, metrics and splitters through core/ml) and here, on the same inputs.
//
//   Interpreter in;
//   in.setVariable("x", Value(io::readNpy("x.npy")));
//   in.run(parse("y = x.t()[1:, ::2].sum(0)\nn = y.shape[0]\n", "s.py"));
//   for (auto& [name, t] : in.outputs()) io::writeNpy(name + ".npy", t);   // "y", "n" (0-d int64)
//
// Errors of every kind (syntax, unknown name/function/keyword, wrong argument, an op's ShapeError …)
// come out as ScriptError "FILE:LINE:COLUMN: message".
#pragma once

#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/script/parser.h"
#include "core/script/value.h"

namespace tessera::script {

class Interpreter {
public:
    Interpreter();

    void setVariable(const std::string& name, Value value);
    const Value* variable(std::string_view name) const;

    void run(const Program& program);
    // Parses and runs `text`; `file` names it in error messages.
    void run(std::string_view text, std::string_view file);

    // Names the script assigned, in the order of their first assignment.
    const std::vector<std::string>& assignedNames() const { return m_assigned; }
    // Every assigned variable as tensors, the way the conformance runner saves them: a tensor as NAME;
    // a Python int, float or bool as a 0-d int64, float64 or bool tensor; a tuple or list as NAME.0,
    // NAME.1, … (recursively). None, strings, dtypes, dicts, string arrays and estimators are not outputs.
    std::vector<std::pair<std::string, Tensor>> outputs() const;
    // True when the program imports from sklearn, tessera or numpy (see isNumpyStyleModule).
    static bool importsNumpyStyle(const Program& program);
    // The registry ops (ops::registeredOps names) the runs so far called successfully.
    const std::set<std::string>& calledOps() const { return m_calledOps; }

private:
    Value eval(const Expr& e);
    Value evalCall(const Expr& e);
    std::pair<std::vector<Value>, std::vector<std::pair<std::string, Value>>> evalArguments(const Expr& e);
    // Runs f; an Error from it becomes a ScriptError at `at`.
    Value guarded(const Expr& at, const std::function<Value()>& f);
    void runImport(const Statement& s);
    Value evalAttribute(const Expr& e);
    Value evalSubscript(const Expr& e);
    Value evalBinary(const Expr& e, const std::string& op, const Value& lhs, const Value& rhs);
    Value evalUnary(const Expr& e, const Value& v);
    Value callBinding(const Expr& at, std::string_view qualified, std::vector<Value> positional,
                      const std::vector<std::pair<std::string, Value>>& keywords);
    Value indexTensor(const Tensor& x, const Value& index);
    void assign(const Statement& s, Value value);
    [[noreturn]] void fail(const Expr& at, const std::string& cause) const;

    std::vector<std::pair<std::string, Value>> m_variables;
    std::vector<std::string> m_assigned;
    std::set<std::string> m_calledOps;
    std::string m_file;
};

// Appends the tensors `value` is saved as under `name` (see Interpreter::outputs).
void flattenOutput(const std::string& name, const Value& value, std::vector<std::pair<std::string, Tensor>>& out);

}  // namespace tessera::script
