// A small, strict JSON value with a parser and a pretty writer; what project files are read and
// written with (core links no Qt, so QJsonDocument is not an option here).
//
//   Json doc = parseJson(R"({"name": "moons", "layers": [2, 32, 1]})", "moons.tessera");
//   std::string name = doc.at("name").asString();        // "moons"
//   doc.set("version", 1);                                // objects keep insertion order
//   std::string text = writeJson(doc);                    // two-space indented, ends with '\n'
//
// Strict means RFC 8259 and nothing more: no comments, no trailing commas, no NaN/Infinity, no
// duplicate keys, no control characters in strings, nothing after the top-level value. A violation
// throws IoError("SOURCE:LINE:COLUMN: cause"), lines and columns counted from 1 (columns in bytes).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::io {

class Json {
public:
    enum class Type { Null, Bool, Number, String, Array, Object };
    using Array = std::vector<Json>;
    using Member = std::pair<std::string, Json>;
    using Object = std::vector<Member>;  // insertion order is the written order

    Json() = default;  // null
    Json(std::nullptr_t) {}
    Json(bool b) : m_type(Type::Bool), m_bool(b) {}
    Json(int n) : m_type(Type::Number), m_number(n) {}
    Json(std::int64_t n) : m_type(Type::Number), m_number(static_cast<double>(n)) {}
    Json(double n) : m_type(Type::Number), m_number(n) {}
    Json(const char* s) : m_type(Type::String), m_string(s) {}
    Json(std::string s) : m_type(Type::String), m_string(std::move(s)) {}
    Json(std::string_view s) : m_type(Type::String), m_string(s) {}
    Json(Array a) : m_type(Type::Array), m_array(std::move(a)) {}

    static Json array(Array items = {}) { return Json(std::move(items)); }
    static Json object(Object members = {});

    Type type() const { return m_type; }
    bool isNull() const { return m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isInteger() const;  // a number with no fractional part that fits an int64 exactly
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    // Accessors throw ValueError when the type does not match ("expected a string, found an array").
    bool asBool() const;
    double asNumber() const;
    std::int64_t asInteger() const;
    const std::string& asString() const;
    const Array& asArray() const;
    Array& asArray();
    const Object& asObject() const;
    Object& asObject();

    // Objects: lookup by key (nullptr / ValueError when absent), set replaces or appends.
    const Json* find(std::string_view key) const;
    const Json& at(std::string_view key) const;
    void set(std::string_view key, Json value);
    bool contains(std::string_view key) const { return find(key) != nullptr; }
    std::size_t size() const;  // elements of an array or members of an object, else 0

    // Where the parser found this value (0 when built in code); used to point at a field in errors.
    int line() const { return m_line; }
    int column() const { return m_column; }
    void setLocation(int line, int column) {
        m_line = line;
        m_column = column;
    }

    // Structural equality; locations are ignored.
    friend bool operator==(const Json& a, const Json& b);

private:
    Type m_type = Type::Null;
    bool m_bool = false;
    double m_number = 0;
    std::string m_string;
    Array m_array;
    Object m_object;
    int m_line = 0;
    int m_column = 0;
};

std::string_view typeName(Json::Type type);  // "null", "a boolean", "a number", …

// Parses one JSON document; `source` names the text in error messages (usually the file path).
Json parseJson(std::string_view text, std::string_view source);

// Pretty-prints with `indent` spaces per level (0 writes one line); integers are written without a
// fraction, other numbers with the shortest text that reads back to the same double.
std::string writeJson(const Json& value, int indent = 2);

}  // namespace tessera::io
