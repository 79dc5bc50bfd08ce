// The error of the expression language: a syntax error, an unknown name, function or keyword, a wrong
// argument, or an op's own error, prefixed with where in the script it happened.
//
//   try { script::runScript(text, "loss.py", interp); }
//   catch (const script::ScriptError& e) { e.what(); }   // "loss.py:3:9: mm: mat1 and mat2 shapes …"
#pragma once

#include <string>

#include "core/tensor/error.h"

namespace tessera::script {

class ScriptError : public Error {
public:
    ScriptError(const std::string& file, int line, int column, const std::string& cause)
        : Error(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + cause),
          m_line(line),
          m_column(column),
          m_cause(cause) {}

    int line() const noexcept { return m_line; }
    int column() const noexcept { return m_column; }
    // The message without the "file:line:column: " prefix.
    const std::string& cause() const noexcept { return m_cause; }

private:
    int m_line;
    int m_column;
    std::string m_cause;
};

}  // namespace tessera::script
