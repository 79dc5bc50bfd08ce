#include "core/script/parser.h"

#include <charconv>
#include <cstdlib>

#include "core/script/lexer.h"
#include "core/script/script_error.h"

namespace tessera::script {

namespace {

// Note [Expression depth]: the parser and the interpreter are recursive, so an expression nested
// thousands of levels deep ("((((x))))…", "-----x", "x+x+…+x", "x.t().t()…") would overflow the stack
// (a fuzzer finds that first). m_depth bounds the depth of the tree being built: one level per nested
// factor (parentheses, brackets, call arguments, signs, the right side of **) and one per link of a
// chain of binary operators or of calls, attributes and subscripts.
constexpr int kMaxDepth = 500;

class Parser {
public:
    Parser(std::vector<Token> tokens, std::string_view file) : m_tokens(std::move(tokens)), m_file(file) {}

    Program run() {
        Program program;
        program.file = m_file;
        while (peek().kind != TokenKind::End) {
            m_depth = 0;
            program.statements.push_back(statement());
        }
        return program;
    }

private:
    const Token& peek(std::size_t ahead = 0) const { return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)]; }
    const Token& next() { return m_tokens[m_pos < m_tokens.size() - 1 ? m_pos++ : m_pos]; }
    bool isOp(std::string_view op, std::size_t ahead = 0) const {
        return peek(ahead).kind == TokenKind::Op && peek(ahead).text == op;
    }
    bool accept(std::string_view op) {
        if (!isOp(op)) return false;
        ++m_pos;
        return true;
    }
    [[noreturn]] void fail(const Token& at, const std::string& cause) const {
        throw ScriptError(m_file, at.line, at.column, "SyntaxError: " + cause);
    }
    void expect(std::string_view op) {
        if (!accept(op)) fail(peek(), "expected '" + std::string(op) + "', found " + describe(peek()));
    }
    static std::string describe(const Token& t) {
        switch (t.kind) {
            case TokenKind::Newline:
                return "end of line";
            case TokenKind::End:
                return "end of file";
            case TokenKind::String:
                return "a string";
            default:
                return "'" + t.text + "'";
        }
    }
    // Restores m_depth when the rule that went deeper returns.
    struct DepthScope {
        explicit DepthScope(int& depth) : m_saved(depth), m_depth(depth) {}
        ~DepthScope() { m_depth = m_saved; }
        DepthScope(const DepthScope&) = delete;
        DepthScope& operator=(const DepthScope&) = delete;
        int m_saved;
        int& m_depth;
    };
    void deeper(const Token& at) {
        if (++m_depth > kMaxDepth)
            fail(at, "expression nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
    }

    static std::shared_ptr<Expr> make(Expr::Kind kind, const Token& at) {
        auto e = std::make_shared<Expr>();
        e->kind = kind;
        e->line = at.line;
        e->column = at.column;
        return e;
    }

    // dotted_name: NAME ('.' NAME)*
    std::string dottedName() {
        const Token& first = next();
        if (first.kind != TokenKind::Name) fail(first, "expected a module name, found " + describe(first));
        std::string name = first.text;
        while (accept(".")) {
            const Token& part = next();
            if (part.kind != TokenKind::Name) fail(part, "expected a name after '.', found " + describe(part));
            name += "." + part.text;
        }
        return name;
    }

    // import_stmt: 'import' dotted_name ['as' NAME] (',' …)* | 'from' dotted_name 'import' NAME ['as' NAME] (',' …)*
    // (the names may be in parentheses)
    Statement importStatement() {
        Statement s;
        s.isImport = true;
        s.line = peek().line;
        s.column = peek().column;
        const bool from = next().text == "from";
        if (from) {
            s.importModule = dottedName();
            const Token& kw = next();
            if (kw.kind != TokenKind::Name || kw.text != "import") fail(kw, "expected 'import', found " + describe(kw));
        }
        const bool parenthesized = from && accept("(");
        do {
            if (parenthesized && isOp(")")) break;
            ImportName n;
            n.line = peek().line;
            n.column = peek().column;
            if (from) {
                if (isOp("*")) fail(peek(), "'from … import *' is not supported: name what the script uses");
                const Token& t = next();
                if (t.kind != TokenKind::Name) fail(t, "expected a name to import, found " + describe(t));
                n.name = t.text;
            } else {
                n.name = dottedName();
            }
            n.asName = from ? n.name : n.name.substr(0, n.name.find('.'));
            if (peek().kind == TokenKind::Name && peek().text == "as") {
                next();
                const Token& alias = next();
                if (alias.kind != TokenKind::Name) fail(alias, "expected a name after 'as', found " + describe(alias));
                n.asName = alias.text;
            }
            s.imports.push_back(std::move(n));
        } while (accept(","));
        if (parenthesized) expect(")");
        if (peek().kind != TokenKind::Newline) fail(peek(), "unexpected " + describe(peek()));
        next();
        return s;
    }

    // statement: import_stmt | [NAME (',' NAME)* [','] '='] tuple_expr NEWLINE
    Statement statement() {
        if (peek().kind == TokenKind::Name && (peek().text == "import" || peek().text == "from"))
            return importStatement();
        Statement s;
        s.line = peek().line;
        s.column = peek().column;
        std::size_t p = 0;
        std::vector<std::string> names;
        bool trailingComma = false;
        while (peek(p).kind == TokenKind::Name) {
            names.push_back(peek(p).text);
            ++p;
            trailingComma = isOp(",", p);
            if (!trailingComma) break;
            ++p;
        }
        if (!names.empty() && isOp("=", p)) {
            for (const auto& n : names)
                if (n == "True" || n == "False" || n == "None") fail(peek(), "cannot assign to " + n);
            s.targets = names;
            s.unpack = names.size() > 1 || trailingComma;
            m_pos += p + 1;
        }
        s.value = tupleExpr();
        if (isOp("=")) fail(peek(), "cannot assign to an expression (only names can be assigned)");
        if (peek().kind != TokenKind::Newline) fail(peek(), "unexpected " + describe(peek()));
        next();
        return s;
    }

    // a, b, c  → a tuple without brackets
    ExprPtr tupleExpr() {
        const Token& start = peek();
        ExprPtr first = expr();
        if (!isOp(",")) return first;
        auto t = make(Expr::Kind::Tuple, start);
        t->children.push_back(first);
        while (accept(",")) {
            if (!startsExpr()) break;
            t->children.push_back(expr());
        }
        return t;
    }

    bool startsExpr() const {
        const Token& t = peek();
        if (t.kind == TokenKind::Name || t.kind == TokenKind::Int || t.kind == TokenKind::Float ||
            t.kind == TokenKind::String)
            return true;
        return t.kind == TokenKind::Op && (t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" ||
                                           t.text == "+" || t.text == "." || t.text == "~");
    }

    ExprPtr expr() { return comparison(); }

    ExprPtr comparison() {
        ExprPtr lhs = arith();
        static constexpr std::string_view kOps[] = {"<", "<=", ">", ">=", "==", "!="};
        for (auto op : kOps)
            if (isOp(op)) {
                const Token& at = next();
                auto e = make(Expr::Kind::Compare, at);
                e->text = op;
                e->children = {lhs, arith()};
                for (auto op2 : kOps)
                    if (isOp(op2)) fail(peek(), "chained comparisons are not supported");
                return e;
            }
        return lhs;
    }

    ExprPtr arith() {
        const DepthScope scope(m_depth);
        ExprPtr lhs = term();
        while (isOp("+") || isOp("-")) {
            const Token& at = next();
            deeper(at);
            auto e = make(Expr::Kind::Binary, at);
            e->text = at.text;
            e->children = {lhs, term()};
            lhs = e;
        }
        return lhs;
    }

    ExprPtr term() {
        const DepthScope scope(m_depth);
        ExprPtr lhs = factor();
        while (isOp("*") || isOp("/") || isOp("@") || isOp("//") || isOp("%")) {
            if (isOp("//") || isOp("%")) fail(peek(), "operator '" + peek().text + "' is not supported");
            const Token& at = next();
            deeper(at);
            auto e = make(Expr::Kind::Binary, at);
            e->text = at.text;
            e->children = {lhs, factor()};
            lhs = e;
        }
        return lhs;
    }

    ExprPtr factor() {
        const DepthScope scope(m_depth);
        deeper(peek());
        if (isOp("-") || isOp("+")) {
            const Token& at = next();
            auto e = make(Expr::Kind::Unary, at);
            e->text = at.text;
            e->children = {factor()};
            return e;
        }
        if (isOp("~")) fail(peek(), "operator '~' is not supported");
        return power();
    }

    ExprPtr power() {
        ExprPtr base = primary();
        if (isOp("**")) {
            const Token& at = next();
            auto e = make(Expr::Kind::Binary, at);
            e->text = "**";
            e->children = {base, factor()};  // right-associative, binds tighter than unary minus on the left
            return e;
        }
        return base;
    }

    ExprPtr primary() {
        const DepthScope scope(m_depth);
        ExprPtr e = atom();
        while (true) {
            if (isOp("(") || isOp("[") || isOp(".")) deeper(peek());
            if (isOp("(")) {
                e = call(e);
            } else if (isOp("[")) {
                const Token& at = next();
                auto s = make(Expr::Kind::Subscript, at);
                s->children = {e, subscriptList()};
                expect("]");
                e = s;
            } else if (isOp(".")) {
                next();
                const Token& name = next();
                if (name.kind != TokenKind::Name) fail(name, "expected an attribute name after '.'");
                auto a = make(Expr::Kind::Attribute, name);
                a->text = name.text;
                a->children = {e};
                e = a;
            } else {
                return e;
            }
        }
    }

    ExprPtr call(ExprPtr callee) {
        const Token& open = next();
        auto c = make(Expr::Kind::Call, open);
        c->line = callee->line;
        c->column = callee->column;
        c->children.push_back(callee);
        std::vector<ExprPtr> keywordValues;
        while (!isOp(")")) {
            if (peek().kind == TokenKind::Name && isOp("=", 1)) {
                const Token& name = next();
                next();
                for (const auto& k : c->keywords)
                    if (k == name.text) fail(name, "keyword argument repeated: " + name.text);
                c->keywords.push_back(name.text);
                keywordValues.push_back(expr());
            } else {
                if (isOp("*") || isOp("**"))
                    fail(peek(), "argument unpacking with '" + peek().text + "' is not supported");
                if (!c->keywords.empty()) fail(peek(), "positional argument follows keyword argument");
                c->children.push_back(expr());
            }
            if (!accept(",")) break;
        }
        expect(")");
        c->children.insert(c->children.end(), keywordValues.begin(), keywordValues.end());
        return c;
    }

    // x[i], x[1:, ::2], x[..., None]: one item or a tuple of items.
    ExprPtr subscriptList() {
        const Token& start = peek();
        ExprPtr first = subscriptItem();
        if (!isOp(",")) return first;
        auto t = make(Expr::Kind::Tuple, start);
        t->children.push_back(first);
        while (accept(",")) {
            if (isOp("]")) break;
            t->children.push_back(subscriptItem());
        }
        return t;
    }

    ExprPtr subscriptItem() {
        const Token& start = peek();
        ExprPtr lo;
        if (!isOp(":")) {
            lo = expr();
            if (!isOp(":")) return lo;
        }
        auto s = make(Expr::Kind::Slice, start);
        next();
        ExprPtr hi, step;
        if (!isOp(":") && !isOp("]") && !isOp(",")) hi = expr();
        if (accept(":"))
            if (!isOp("]") && !isOp(",")) step = expr();
        s->children = {lo, hi, step};
        return s;
    }

    ExprPtr atom() {
        const Token& t = next();
        switch (t.kind) {
            case TokenKind::Name: {
                if (t.text == "True" || t.text == "False") {
                    auto e = make(Expr::Kind::Bool, t);
                    e->boolValue = t.text == "True";
                    return e;
                }
                if (t.text == "None") return make(Expr::Kind::None, t);
                static constexpr std::string_view kKeywords[] = {"and",    "or",     "not",    "if",     "else", "for",
                                                                 "while",  "def",    "return", "lambda", "in",   "is",
                                                                 "import", "from",   "class",  "with",   "del",  "pass",
                                                                 "yield",  "global", "assert", "raise",  "try"};
                for (auto k : kKeywords)
                    if (t.text == k) fail(t, "'" + t.text + "' is not supported");
                auto e = make(Expr::Kind::Name, t);
                e->text = t.text;
                return e;
            }
            case TokenKind::Int: {
                auto e = make(Expr::Kind::Int, t);
                const auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), e->intValue);
                if (r.ec != std::errc()) fail(t, "integer literal " + t.text + " is too large");
                return e;
            }
            case TokenKind::Float: {
                auto e = make(Expr::Kind::Float, t);
                e->floatValue = std::strtod(t.text.c_str(), nullptr);
                return e;
            }
            case TokenKind::String: {
                auto e = make(Expr::Kind::String, t);
                e->text = t.text;
                return e;
            }
            case TokenKind::Op:
                if (t.text == "(") {
                    if (accept(")")) return make(Expr::Kind::Tuple, t);
                    ExprPtr inner = tupleExpr();
                    expect(")");
                    if (inner->kind == Expr::Kind::Tuple) {
                        auto copy = std::make_shared<Expr>(*inner);
                        copy->line = t.line;
                        copy->column = t.column;
                        return copy;
                    }
                    return inner;
                }
                if (t.text == "[") {
                    auto e = make(Expr::Kind::List, t);
                    while (!isOp("]")) {
                        e->children.push_back(expr());
                        if (!accept(",")) break;
                    }
                    expect("]");
                    return e;
                }
                if (t.text == "{") {
                    auto e = make(Expr::Kind::Dict, t);
                    while (!isOp("}")) {
                        e->children.push_back(expr());
                        expect(":");
                        e->children.push_back(expr());
                        if (!accept(",")) break;
                    }
                    expect("}");
                    return e;
                }
                if (t.text == "." && isOp(".") && isOp(".", 1)) {
                    next();
                    next();
                    return make(Expr::Kind::Ellipsis, t);
                }
                break;
            default:
                break;
        }
        fail(t, "unexpected " + describe(t));
    }

    std::vector<Token> m_tokens;
    std::string m_file;
    std::size_t m_pos = 0;
    int m_depth = 0;  // Note [Expression depth]
};

}  // namespace

Program parse(std::string_view text, std::string_view file) { return Parser(tokenize(text, file), file).run(); }

}  // namespace tessera::script
