// Tokens of the expression language (a subset of Python's): names, numbers, strings, operators and
// brackets, NEWLINE at the end of each logical line. Comments and blank lines produce nothing; lines
// join inside brackets and after a backslash, as in Python.
//
//   std::vector<Token> tokens = tokenize("y = x[1:, ::2]  # rows 1…\n", "s.py");
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tessera::script {

enum class TokenKind { Name, Int, Float, String, Op, Newline, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;  // the name, the operator ("**", "<=", "("), the number's spelling, the string's value
    int line = 0;      // 1-based
    int column = 0;    // 1-based, in bytes
};

// Throws ScriptError "FILE:LINE:COLUMN: …" on characters that cannot start a token, unterminated
// strings, unbalanced brackets and indented statements.
std::vector<Token> tokenize(std::string_view text, std::string_view file);

}  // namespace tessera::script
