#include "core/script/lexer.h"

#include <cctype>

#include "core/script/script_error.h"

namespace tessera::script {

namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
    Lexer(std::string_view text, std::string_view file) : m_text(text), m_file(file) {}

    std::vector<Token> run() {
        bool lineStart = true;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\n') {
                if (m_depth == 0 && !m_tokens.empty() && m_tokens.back().kind != TokenKind::Newline)
                    push(TokenKind::Newline, "\\n", m_line, column());
                advanceLine();
                lineStart = true;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                ++m_pos;
                continue;
            }
            if (c == '#') {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n') ++m_pos;
                continue;
            }
            if (c == '\\' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\n') {
                m_pos += 1;
                advanceLine();
                lineStart = false;
                continue;
            }
            if (lineStart && m_depth == 0 && column() != 1) fail(m_line, column(), "unexpected indent");
            lineStart = false;
            if (isNameStart(c)) {
                lexName();
            } else if (isDigit(c) || (c == '.' && m_pos + 1 < m_text.size() && isDigit(m_text[m_pos + 1]))) {
                lexNumber();
            } else if (c == '\'' || c == '"') {
                lexString(c);
            } else {
                lexOp();
            }
        }
        if (m_depth > 0) fail(m_openLine, m_openColumn, "'" + m_openText + "' was never closed");
        if (!m_tokens.empty() && m_tokens.back().kind != TokenKind::Newline)
            push(TokenKind::Newline, "\\n", m_line, column());
        push(TokenKind::End, "end of file", m_line, column());
        return std::move(m_tokens);
    }

private:
    [[noreturn]] void fail(int line, int col, const std::string& cause) const {
        throw ScriptError(std::string(m_file), line, col, "SyntaxError: " + cause);
    }
    int column() const { return static_cast<int>(m_pos - m_lineStart) + 1; }
    void advanceLine() {
        ++m_pos;
        ++m_line;
        m_lineStart = m_pos;
    }
    void push(TokenKind kind, std::string text, int line, int col) {
        m_tokens.push_back({kind, std::move(text), line, col});
    }

    void lexName() {
        const int col = column();
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && isNameChar(m_text[m_pos])) ++m_pos;
        push(TokenKind::Name, std::string(m_text.substr(start, m_pos - start)), m_line, col);
    }

    void lexNumber() {
        const int col = column();
        const std::size_t start = m_pos;
        bool isFloat = false;
        auto digits = [&] {
            while (m_pos < m_text.size() && (isDigit(m_text[m_pos]) || m_text[m_pos] == '_')) ++m_pos;
        };
        digits();
        if (m_pos < m_text.size() && m_text[m_pos] == '.') {
            isFloat = true;
            ++m_pos;
            digits();
        }
        if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            std::size_t p = m_pos + 1;
            if (p < m_text.size() && (m_text[p] == '+' || m_text[p] == '-')) ++p;
            if (p < m_text.size() && isDigit(m_text[p])) {
                isFloat = true;
                m_pos = p;
                digits();
            }
        }
        if (m_pos < m_text.size() && isNameChar(m_text[m_pos])) fail(m_line, col, "invalid decimal literal");
        std::string spelling;
        for (char ch : m_text.substr(start, m_pos - start))
            if (ch != '_') spelling.push_back(ch);
        push(isFloat ? TokenKind::Float : TokenKind::Int, spelling, m_line, col);
    }

    void lexString(char quote) {
        const int col = column();
        ++m_pos;
        std::string value;
        while (true) {
            if (m_pos >= m_text.size() || m_text[m_pos] == '\n') fail(m_line, col, "unterminated string literal");
            const char c = m_text[m_pos++];
            if (c == quote) break;
            if (c == '\\' && m_pos < m_text.size()) {
                const char e = m_text[m_pos++];
                value.push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e);
            } else {
                value.push_back(c);
            }
        }
        push(TokenKind::String, value, m_line, col);
    }

    void lexOp() {
        static constexpr std::string_view kTwo[] = {"**", "//", "==", "!=", "<=", ">=", "->"};
        const int col = column();
        const std::string_view rest = m_text.substr(m_pos);
        for (auto op : kTwo)
            if (rest.starts_with(op)) {
                m_pos += 2;
                push(TokenKind::Op, std::string(op), m_line, col);
                return;
            }
        const char c = m_text[m_pos];
        static constexpr std::string_view kOne = "+-*/@%<>=()[]{},:.~&|^";
        if (kOne.find(c) == std::string_view::npos) fail(m_line, col, std::string("invalid character '") + c + "'");
        ++m_pos;
        if (c == '(' || c == '[' || c == '{') {
            if (m_depth++ == 0) {
                m_openLine = m_line;
                m_openColumn = col;
                m_openText = std::string(1, c);
            }
        } else if (c == ')' || c == ']' || c == '}') {
            if (m_depth == 0) fail(m_line, col, std::string("unmatched '") + c + "'");
            --m_depth;
        }
        push(TokenKind::Op, std::string(1, c), m_line, col);
    }

    std::string_view m_text;
    std::string_view m_file;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    int m_line = 1;
    int m_depth = 0;
    int m_openLine = 0, m_openColumn = 0;
    std::string m_openText;
    std::vector<Token> m_tokens;
};

}  // namespace

std::vector<Token> tokenize(std::string_view text, std::string_view file) { return Lexer(text, file).run(); }

}  // namespace tessera::script
