#include "core/io/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/tensor/error.h"

namespace tessera::io {

namespace {

// Deeper documents are refused rather than risking the stack; no project file comes close.
constexpr int kMaxDepth = 256;

class Parser {
public:
    Parser(std::string_view text, std::string_view source) : m_text(text), m_source(source) {}

    Json parseDocument() {
        skipWhitespace();
        Json value = parseValue(0);
        skipWhitespace();
        if (m_pos != m_text.size()) fail("unexpected " + describeHere() + " after the end of the document");
        return value;
    }

private:
    [[noreturn]] void fail(const std::string& cause) const { failAt(m_line, column(), cause); }
    [[noreturn]] void failAt(int line, int col, const std::string& cause) const {
        throw IoError(std::string(m_source) + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " + cause);
    }
    int column() const { return static_cast<int>(m_pos - m_lineStart) + 1; }
    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return m_text[m_pos]; }

    std::string describeHere() const {
        if (atEnd()) return "end of input";
        const unsigned char c = static_cast<unsigned char>(peek());
        if (c < 0x20 || c >= 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "0x%02X", c);
            return std::string("byte ") + buf;
        }
        return std::string("character '") + static_cast<char>(c) + "'";
    }

    void advance() {
        if (peek() == '\n') {
            ++m_line;
            m_lineStart = m_pos + 1;
        }
        ++m_pos;
    }

    void skipWhitespace() {
        while (!atEnd()) {
            const char c = peek();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                advance();
            } else if (c == '/' && m_pos + 1 < m_text.size() &&
                       (m_text[m_pos + 1] == '/' || m_text[m_pos + 1] == '*')) {
                fail("comments are not allowed in JSON");
            } else {
                break;
            }
        }
    }

    void expect(char c, const char* what) {
        if (atEnd() || peek() != c) fail(std::string("expected ") + what + ", found " + describeHere());
        advance();
    }

    Json parseValue(int depth) {
        if (depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        if (atEnd()) fail("expected a value, found end of input");
        const int line = m_line, col = column();
        Json value;
        switch (peek()) {
            case '{':
                value = parseObject(depth);
                break;
            case '[':
                value = parseArray(depth);
                break;
            case '"':
                value = Json(parseString());
                break;
            case 't':
                value = Json(parseLiteral("true"));
                break;
            case 'f':
                value = Json(parseLiteral("false"));
                break;
            case 'n':
                parseLiteral("null");
                break;
            default:
                if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
                    value = Json(parseNumber());
                } else {
                    fail("expected a value, found " + describeHere());
                }
        }
        value.setLocation(line, col);
        return value;
    }

    bool parseLiteral(std::string_view word) {
        if (m_text.substr(m_pos, word.size()) != word) fail("expected a value, found " + describeHere());
        m_pos += word.size();
        return word == "true";
    }

    double parseNumber() {
        const std::size_t start = m_pos;
        const int col = column();
        auto digits = [&] {
            const std::size_t from = m_pos;
            while (!atEnd() && peek() >= '0' && peek() <= '9') ++m_pos;
            return m_pos - from;
        };
        if (peek() == '-') ++m_pos;
        if (atEnd() || !(peek() >= '0' && peek() <= '9')) fail("expected a digit, found " + describeHere());
        if (peek() == '0') {
            ++m_pos;
            if (!atEnd() && peek() >= '0' && peek() <= '9') failAt(m_line, col, "numbers must not have leading zeros");
        } else {
            digits();
        }
        if (!atEnd() && peek() == '.') {
            ++m_pos;
            if (digits() == 0) fail("expected a digit after the decimal point, found " + describeHere());
        }
        if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
            ++m_pos;
            if (!atEnd() && (peek() == '+' || peek() == '-')) ++m_pos;
            if (digits() == 0) fail("expected a digit in the exponent, found " + describeHere());
        }
        double value = 0;
        const auto [end, ec] = std::from_chars(m_text.data() + start, m_text.data() + m_pos, value);
        if (ec == std::errc::result_out_of_range || !std::isfinite(value)) {
            failAt(m_line, col, "number " + std::string(m_text.substr(start, m_pos - start)) + " is out of range");
        }
        if (ec != std::errc() || end != m_text.data() + m_pos) failAt(m_line, col, "malformed number");
        return value;
    }

    unsigned parseHex4() {
        unsigned code = 0;
        for (int i = 0; i < 4; ++i) {
            if (atEnd()) fail("expected four hex digits after \\u, found end of input");
            const char c = peek();
            code <<= 4;
            if (c >= '0' && c <= '9') {
                code |= static_cast<unsigned>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                code |= static_cast<unsigned>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                code |= static_cast<unsigned>(c - 'A' + 10);
            } else {
                fail("expected four hex digits after \\u, found " + describeHere());
            }
            ++m_pos;
        }
        return code;
    }

    static void appendUtf8(std::string& out, unsigned code) {
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (code >> 18));
            out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    std::string parseString() {
        const int line = m_line, col = column();
        ++m_pos;  // the opening quote
        std::string out;
        while (true) {
            if (atEnd()) failAt(line, col, "unterminated string");
            const char c = peek();
            if (c == '"') {
                ++m_pos;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in string (escape it)");
            if (c != '\\') {
                out += c;
                ++m_pos;
                continue;
            }
            ++m_pos;
            if (atEnd()) failAt(line, col, "unterminated string");
            const char e = peek();
            ++m_pos;
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    unsigned code = parseHex4();
                    if (code >= 0xD800 && code <= 0xDBFF) {
                        if (m_text.substr(m_pos, 2) != "\\u") fail("unpaired UTF-16 surrogate in \\u escape");
                        m_pos += 2;
                        const unsigned low = parseHex4();
                        if (low < 0xDC00 || low > 0xDFFF) fail("unpaired UTF-16 surrogate in \\u escape");
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    } else if (code >= 0xDC00 && code <= 0xDFFF) {
                        fail("unpaired UTF-16 surrogate in \\u escape");
                    }
                    appendUtf8(out, code);
                    break;
                }
                default:
                    --m_pos;
                    fail("invalid escape \\" + std::string(1, e) + " in string");
            }
        }
    }

    Json parseArray(int depth) {
        advance();  // '['
        Json::Array items;
        skipWhitespace();
        if (!atEnd() && peek() == ']') {
            advance();
            return Json(std::move(items));
        }
        while (true) {
            skipWhitespace();
            if (!atEnd() && peek() == ']') fail("trailing comma before ']'");
            items.push_back(parseValue(depth + 1));
            skipWhitespace();
            if (!atEnd() && peek() == ',') {
                advance();
                continue;
            }
            expect(']', "',' or ']' in array");
            return Json(std::move(items));
        }
    }

    Json parseObject(int depth) {
        advance();  // '{'
        Json::Object members;
        skipWhitespace();
        if (!atEnd() && peek() == '}') {
            advance();
            return Json::object(std::move(members));
        }
        while (true) {
            skipWhitespace();
            if (!atEnd() && peek() == '}') fail("trailing comma before '}'");
            if (atEnd() || peek() != '"') fail("expected a string key in object, found " + describeHere());
            const int keyLine = m_line, keyCol = column();
            std::string key = parseString();
            for (const auto& member : members) {
                if (member.first == key) failAt(keyLine, keyCol, "duplicate key \"" + key + "\"");
            }
            skipWhitespace();
            expect(':', "':' after object key");
            skipWhitespace();
            Json value = parseValue(depth + 1);
            members.emplace_back(std::move(key), std::move(value));
            skipWhitespace();
            if (!atEnd() && peek() == ',') {
                advance();
                continue;
            }
            expect('}', "',' or '}' in object");
            return Json::object(std::move(members));
        }
    }

    std::string_view m_text;
    std::string_view m_source;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    int m_line = 1;
};

void writeString(std::string& out, const std::string& s) {
    out += '"';
    for (const char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

void writeNumber(std::string& out, double n) {
    if (!std::isfinite(n)) throw ValueError("writeJson: " + std::to_string(n) + " cannot be written as JSON");
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    if (ec != std::errc()) throw ValueError("writeJson: number could not be formatted");
    out.append(buf, end);
}

void writeValue(std::string& out, const Json& v, int indent, int level) {
    auto newline = [&](int lvl) {
        if (indent <= 0) return;
        out += '\n';
        out.append(static_cast<std::size_t>(indent * lvl), ' ');
    };
    switch (v.type()) {
        case Json::Type::Null:
            out += "null";
            break;
        case Json::Type::Bool:
            out += v.asBool() ? "true" : "false";
            break;
        case Json::Type::Number:
            writeNumber(out, v.asNumber());
            break;
        case Json::Type::String:
            writeString(out, v.asString());
            break;
        case Json::Type::Array: {
            const auto& items = v.asArray();
            if (items.empty()) {
                out += "[]";
                break;
            }
            // Short arrays of scalars (positions, layer sizes) stay on one line: easier to read and diff.
            bool flat = items.size() <= 8;
            for (const auto& item : items) flat = flat && !item.isArray() && !item.isObject();
            out += '[';
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (i > 0) out += flat || indent <= 0 ? ", " : ",";
                if (!flat) newline(level + 1);
                writeValue(out, items[i], indent, level + 1);
            }
            if (!flat) newline(level);
            out += ']';
            break;
        }
        case Json::Type::Object: {
            const auto& members = v.asObject();
            if (members.empty()) {
                out += "{}";
                break;
            }
            out += '{';
            for (std::size_t i = 0; i < members.size(); ++i) {
                if (i > 0) out += indent <= 0 ? ", " : ",";
                newline(level + 1);
                writeString(out, members[i].first);
                out += ": ";
                writeValue(out, members[i].second, indent, level + 1);
            }
            newline(level);
            out += '}';
            break;
        }
    }
}

[[noreturn]] void wrongType(Json::Type expected, Json::Type found) {
    throw ValueError("json: expected " + std::string(typeName(expected)) + ", found " + std::string(typeName(found)));
}

}  // namespace

Json Json::object(Object members) {
    Json j;
    j.m_type = Type::Object;
    j.m_object = std::move(members);
    return j;
}

bool Json::isInteger() const {
    return m_type == Type::Number && std::trunc(m_number) == m_number && std::fabs(m_number) <= 9007199254740992.0;
}

bool Json::asBool() const {
    if (m_type != Type::Bool) wrongType(Type::Bool, m_type);
    return m_bool;
}

double Json::asNumber() const {
    if (m_type != Type::Number) wrongType(Type::Number, m_type);
    return m_number;
}

std::int64_t Json::asInteger() const {
    if (!isInteger()) {
        if (m_type != Type::Number) wrongType(Type::Number, m_type);
        throw ValueError("json: expected an integer, found " + std::to_string(m_number));
    }
    return static_cast<std::int64_t>(m_number);
}

const std::string& Json::asString() const {
    if (m_type != Type::String) wrongType(Type::String, m_type);
    return m_string;
}

const Json::Array& Json::asArray() const {
    if (m_type != Type::Array) wrongType(Type::Array, m_type);
    return m_array;
}

Json::Array& Json::asArray() {
    if (m_type != Type::Array) wrongType(Type::Array, m_type);
    return m_array;
}

const Json::Object& Json::asObject() const {
    if (m_type != Type::Object) wrongType(Type::Object, m_type);
    return m_object;
}

Json::Object& Json::asObject() {
    if (m_type != Type::Object) wrongType(Type::Object, m_type);
    return m_object;
}

const Json* Json::find(std::string_view key) const {
    for (const auto& member : asObject()) {
        if (member.first == key) return &member.second;
    }
    return nullptr;
}

const Json& Json::at(std::string_view key) const {
    const Json* value = find(key);
    if (!value) throw ValueError("json: object has no key \"" + std::string(key) + "\"");
    return *value;
}

void Json::set(std::string_view key, Json value) {
    for (auto& member : asObject()) {
        if (member.first == key) {
            member.second = std::move(value);
            return;
        }
    }
    m_object.emplace_back(std::string(key), std::move(value));
}

std::size_t Json::size() const {
    if (m_type == Type::Array) return m_array.size();
    if (m_type == Type::Object) return m_object.size();
    return 0;
}

bool operator==(const Json& a, const Json& b) {
    if (a.m_type != b.m_type) return false;
    switch (a.m_type) {
        case Json::Type::Null:
            return true;
        case Json::Type::Bool:
            return a.m_bool == b.m_bool;
        case Json::Type::Number:
            return a.m_number == b.m_number;
        case Json::Type::String:
            return a.m_string == b.m_string;
        case Json::Type::Array:
            return a.m_array == b.m_array;
        case Json::Type::Object:
            return a.m_object == b.m_object;
    }
    return false;
}

std::string_view typeName(Json::Type type) {
    switch (type) {
        case Json::Type::Null:
            return "null";
        case Json::Type::Bool:
            return "a boolean";
        case Json::Type::Number:
            return "a number";
        case Json::Type::String:
            return "a string";
        case Json::Type::Array:
            return "an array";
        case Json::Type::Object:
            return "an object";
    }
    return "?";
}

Json parseJson(std::string_view text, std::string_view source) { return Parser(text, source).parseDocument(); }

std::string writeJson(const Json& value, int indent) {
    std::string out;
    writeValue(out, value, indent, 0);
    if (indent > 0) out += '\n';
    return out;
}

}  // namespace tessera::io
