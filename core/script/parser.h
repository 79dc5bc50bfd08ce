// The syntax tree of the expression language and its parser (Python's grammar and precedence for the
// subset: `import M [as N]`, `from M import A [as B], …`, assignments, tuple unpacking, dict literals, + - * / @ **,
// unary - and +, one comparison, calls with keyword arguments, attributes, subscripts with slices, literals, tuples and
// lists).
//
//   Program p = parse("h = x @ w.t()\ny = h.relu().sum(1, keepdim=True)\n", "model.py");
//   p.statements[1].targets;   // {"y"}
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::script {

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr {
    enum class Kind {
        Name,    // text
        Int,     // intValue
        Float,   // floatValue
        String,  // text
        Bool,    // boolValue
        None,
        Ellipsis,
        Tuple,      // children
        List,       // children
        Dict,       // children: key, value, key, value, …
        Attribute,  // children[0].text
        Call,       // children[0](children[1…]); the last keywords.size() children are keyword arguments
        Subscript,  // children[0][children[1]]
        Slice,      // children: start, stop, step (null when absent)
        Unary,      // text children[0]; text is "-" or "+"
        Binary,     // children[0] text children[1]; text is "+", "-", "*", "/", "@", "**"
        Compare,    // children[0] text children[1]; text is "<", "<=", ">", ">=", "==", "!="
    };
    Kind kind = Kind::None;
    int line = 0;
    int column = 0;
    std::string text;
    std::int64_t intValue = 0;
    double floatValue = 0;
    bool boolValue = false;
    std::vector<ExprPtr> children;
    std::vector<std::string> keywords;
};

struct ImportName {
    std::string name;    // "StandardScaler"; for `import a.b`, the module "a.b"
    std::string asName;  // the name it is bound to ("np"; Python's default when there is no `as`)
    int line = 0;
    int column = 0;
};

struct Statement {
    // An import statement when isImport; `importModule` is the module of `from M import …`.
    std::string importModule;  // "sklearn.preprocessing" for `from … import`; empty for `import …`
    bool isImport = false;
    std::vector<ImportName> imports;
    std::vector<std::string> targets;  // empty: an expression statement
    bool unpack = false;               // `a, b = …` (or `a, = …`): the value is a sequence to unpack
    ExprPtr value;                     // null for an import
    int line = 0;
    int column = 0;
};

struct Program {
    std::string file;  // names the script in error messages
    std::vector<Statement> statements;
};

// Throws ScriptError "FILE:LINE:COLUMN: SyntaxError: …".
Program parse(std::string_view text, std::string_view file);

}  // namespace tessera::script
