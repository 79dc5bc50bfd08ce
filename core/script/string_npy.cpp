#include "core/script/string_npy.h"

#include <charconv>
#include <fstream>
#include <iterator>

#include "core/tensor/error.h"

namespace tessera::script {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& cause) {
    throw IoError(file.string() + ": " + cause);
}

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// The text after `'key': ` in the header dict, up to the next ',' or '}' outside brackets.
std::string headerValue(const std::string& header, const std::string& key) {
    const auto at = header.find("'" + key + "'");
    if (at == std::string::npos) return {};
    std::size_t p = header.find(':', at);
    if (p == std::string::npos) return {};
    ++p;
    int depth = 0;
    std::string out;
    for (; p < header.size(); ++p) {
        const char c = header[p];
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if (depth == 0 && (c == ',' || c == '}')) break;
        out += c;
    }
    const auto b = out.find_first_not_of(" '"), e = out.find_last_not_of(" '");
    return b == std::string::npos ? std::string() : out.substr(b, e - b + 1);
}

}  // namespace

std::optional<std::vector<std::string>> readStringNpy(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;  // readNpy reports the missing file
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) return std::nullopt;
    const int major = static_cast<unsigned char>(bytes[6]);
    const std::size_t lenBytes = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lenBytes) return std::nullopt;
    std::size_t headerLen = 0;
    for (std::size_t i = 0; i < lenBytes; ++i)
        headerLen |= static_cast<std::size_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
    const std::size_t dataStart = 8 + lenBytes + headerLen;
    if (bytes.size() < dataStart) fail(file, "truncated header");
    const std::string header = bytes.substr(8 + lenBytes, headerLen);
    const std::string descr = headerValue(header, "descr");
    if (!descr.starts_with("<U")) return std::nullopt;
    std::size_t width = 0;
    if (std::from_chars(descr.data() + 2, descr.data() + descr.size(), width).ec != std::errc())
        fail(file, "bad dtype '" + descr + "'");
    // A 1-D array is laid out the same in C and Fortran order.
    const std::string shape = headerValue(header, "shape");
    std::size_t n = 0;
    const auto comma = shape.find(',');
    if (shape.size() < 3 || shape.front() != '(' || comma == std::string::npos ||
        shape.find_first_not_of(" )", comma + 1) != std::string::npos ||
        std::from_chars(shape.data() + 1, shape.data() + comma, n).ec != std::errc())
        fail(file, "a str array must be 1-D, got shape " + shape);
    if (bytes.size() < dataStart + n * width * 4) fail(file, "truncated data");
    std::vector<std::string> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t k = 0; k < width; ++k) {
            const std::size_t at = dataStart + (i * width + k) * 4;
            char32_t c = 0;
            for (int b = 0; b < 4; ++b)
                c |= static_cast<char32_t>(static_cast<unsigned char>(bytes[at + b])) << (8 * b);
            if (c == 0) break;
            appendUtf8(out[i], c);
        }
    }
    return out;
}

}  // namespace tessera::script
