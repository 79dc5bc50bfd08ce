#include "core/export/python_text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

namespace tessera::exporter::detail {

std::string pyNumber(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    // Python writes floats with a decimal point or an exponent: 1.0, 1e-05, 0.25.
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
}

std::string pyString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

std::string pyLiteral(const io::Json& v) {
    switch (v.type()) {
        case io::Json::Type::Null:
            return "None";
        case io::Json::Type::Bool:
            return v.asBool() ? "True" : "False";
        case io::Json::Type::Number:
            return v.isInteger() ? std::to_string(v.asInteger()) : pyNumber(v.asNumber());
        case io::Json::Type::String:
            return pyString(v.asString());
        case io::Json::Type::Array: {
            std::string out = "(";
            const auto& items = v.asArray();
            for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + pyLiteral(items[i]);
            return out + (items.size() == 1 ? ",)" : ")");
        }
        case io::Json::Type::Object: {
            std::string out = "{";
            bool first = true;
            for (const auto& [k, item] : v.asObject()) {
                out += (first ? "" : ", ") + pyString(k) + ": " + pyLiteral(item);
                first = false;
            }
            return out + "}";
        }
    }
    return "None";
}

std::string pyTuple(const std::vector<std::int64_t>& values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
    return out + (values.size() == 1 ? ",)" : ")");
}

bool isIdentifier(const std::string& s) {
    static const std::set<std::string> keywords = {
        "False",    "None",   "True",  "and",  "as",     "assert",   "async",   "await", "break", "class",
        "continue", "def",    "del",   "elif", "else",   "except",   "finally", "for",   "from",  "global",
        "if",       "import", "in",    "is",   "lambda", "nonlocal", "not",     "or",    "pass",  "raise",
        "return",   "try",    "while", "with", "yield",  "x",        "self",    "torch", "nn",    "math"};
    if (s.empty() || keywords.count(s) || (std::isdigit(static_cast<unsigned char>(s[0])) != 0)) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; });
}

}  // namespace tessera::exporter::detail
