#include "core/io/npy.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

#include "core/io/atomic_file.h"
#include "core/kernels/copy.h"

namespace tessera::io {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

[[noreturn]] void fail(std::string_view source, const std::string& cause) {
    throw IoError(std::string(source) + ": " + cause);
}

// The header is a Python dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }.
// This reads exactly the literals numpy writes there: strings, True/False and tuples of integers.
class HeaderParser {
public:
    HeaderParser(std::string_view text, std::string_view source) : m_text(text), m_source(source) {}

    struct Header {
        std::string descr;
        bool fortran = false;
        Shape shape;
    };

    Header parse() {
        Header h;
        bool haveDescr = false, haveOrder = false, haveShape = false;
        expect('{');
        skipSpace();
        while (peek() != '}') {
            const std::string key = parseString();
            expect(':');
            if (key == "descr") {
                h.descr = parseString();
                haveDescr = true;
            } else if (key == "fortran_order") {
                h.fortran = parseBool();
                haveOrder = true;
            } else if (key == "shape") {
                h.shape = parseShape();
                haveShape = true;
            } else {
                fail(m_source, "malformed header: unknown key '" + key + "'");
            }
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                skipSpace();
            } else if (peek() != '}') {
                fail(m_source, "malformed header: expected ',' or '}' at offset " + std::to_string(m_pos));
            }
        }
        ++m_pos;
        skipSpace();
        if (m_pos != m_text.size()) fail(m_source, "malformed header: text after the dictionary");
        if (!haveDescr || !haveOrder || !haveShape)
            fail(m_source, "malformed header: it needs the keys 'descr', 'fortran_order' and 'shape'");
        return h;
    }

private:
    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    void skipSpace() {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\t'))
            ++m_pos;
    }
    void expect(char c) {
        skipSpace();
        if (peek() != c)
            fail(m_source, std::string("malformed header: expected '") + c + "' at offset " + std::to_string(m_pos));
        ++m_pos;
    }
    std::string parseString() {
        skipSpace();
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            fail(m_source, "malformed header: expected a string at offset " + std::to_string(m_pos));
        const auto end = m_text.find(quote, m_pos + 1);
        if (end == std::string_view::npos) fail(m_source, "malformed header: unterminated string");
        std::string s(m_text.substr(m_pos + 1, end - m_pos - 1));
        m_pos = end + 1;
        return s;
    }
    bool parseBool() {
        skipSpace();
        if (m_text.substr(m_pos, 4) == "True") {
            m_pos += 4;
            return true;
        }
        if (m_text.substr(m_pos, 5) == "False") {
            m_pos += 5;
            return false;
        }
        fail(m_source, "malformed header: 'fortran_order' must be True or False");
    }
    Shape parseShape() {
        expect('(');
        Shape shape;
        skipSpace();
        while (peek() != ')') {
            if (peek() < '0' || peek() > '9')
                fail(m_source, "bad shape: expected a non-negative integer at offset " + std::to_string(m_pos));
            std::int64_t v = 0;
            while (peek() >= '0' && peek() <= '9') {
                if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10)
                    fail(m_source, "bad shape: size too large");
                v = v * 10 + (peek() - '0');
                ++m_pos;
            }
            if (peek() == 'L') ++m_pos;  // Python 2 longs
            shape.push_back(v);
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                skipSpace();
            } else if (peek() != ')') {
                fail(m_source, "bad shape: expected ',' or ')' at offset " + std::to_string(m_pos));
            }
        }
        ++m_pos;
        return shape;
    }

    std::string_view m_text;
    std::string_view m_source;
    std::size_t m_pos = 0;
};

std::optional<DType> dtypeFromDescr(const std::string& d) {
    if (d == "<f4") return DType::Float32;
    if (d == "<f8") return DType::Float64;
    if (d == "<i8") return DType::Int64;
    if (d == "|b1") return DType::Bool;
    return std::nullopt;
}

std::string_view descrOf(DType t) {
    switch (t) {
        case DType::Float32:
            return "<f4";
        case DType::Float64:
            return "<f8";
        case DType::Int64:
            return "<i8";
        case DType::Bool:
            return "|b1";
    }
    return "";
}

std::uint32_t readLittle(std::string_view bytes, std::size_t pos, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < n; ++i)
        v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[pos + i])) << (8 * i);
    return v;
}

}  // namespace

Tensor decodeNpy(std::string_view bytes, std::string_view source) {
    if (bytes.size() < kMagicSize + 2 || bytes.substr(0, kMagicSize) != std::string_view(kMagic, kMagicSize))
        fail(source, "not a .npy file (bad magic string)");
    const int major = static_cast<unsigned char>(bytes[6]);
    const int minor = static_cast<unsigned char>(bytes[7]);
    if ((major != 1 && major != 2 && major != 3) || minor != 0)
        fail(source, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor));
    const std::size_t lenSize = major == 1 ? 2 : 4;
    if (bytes.size() < kMagicSize + 2 + lenSize) fail(source, "truncated header");
    const std::size_t headerLen = readLittle(bytes, kMagicSize + 2, lenSize);
    const std::size_t dataStart = kMagicSize + 2 + lenSize + headerLen;
    if (bytes.size() < dataStart)
        fail(source, "truncated header (expected " + std::to_string(headerLen) + " bytes, the file has " +
                         std::to_string(bytes.size() - (kMagicSize + 2 + lenSize)) + ")");
    const auto header = HeaderParser(bytes.substr(kMagicSize + 2 + lenSize, headerLen), source).parse();
    const auto dtype = dtypeFromDescr(header.descr);
    if (!dtype)
        fail(source, "unsupported dtype '" + header.descr +
                         "' (supported: '<f4' float32, '<f8' float64, '<i8' int64, '|b1' bool)");
    // The product of the sizes, zeros counted as ones, must fit: strides are computed that way, so a
    // zero-size dimension does not make [0, 2^62, 2^62] harmless.
    std::int64_t numel = 1, span = 1;
    for (auto s : header.shape) {
        if (s > 1 && span > std::numeric_limits<std::int64_t>::max() / 8 / s)
            fail(source, "bad shape " + shapeToString(header.shape) + ": too many elements");
        span *= std::max<std::int64_t>(s, 1);
        numel *= s;
    }
    const std::size_t dataBytes = static_cast<std::size_t>(numel) * itemSize(*dtype);
    const std::size_t have = bytes.size() - dataStart;
    if (have < dataBytes)
        fail(source, "truncated data (shape " + shapeToString(header.shape) + " needs " + std::to_string(dataBytes) +
                         " bytes, the file has " + std::to_string(have) + ")");
    if (have > dataBytes)
        fail(source, "unexpected " + std::to_string(have - dataBytes) + " bytes after the data of shape " +
                         shapeToString(header.shape));

    // Fortran order: the bytes are the transpose's C order; read them with reversed strides and copy.
    Tensor raw = Tensor::empty({numel}, *dtype);
    std::memcpy(raw.rawData(), bytes.data() + dataStart, dataBytes);
    if (*dtype == DType::Bool) {
        auto* b = static_cast<unsigned char*>(raw.rawData());
        for (std::int64_t i = 0; i < numel; ++i) b[i] = b[i] != 0;
    }
    if (!header.fortran || header.shape.size() < 2)
        return Tensor::fromStorage(raw.storage(), header.shape, contiguousStrides(header.shape), 0, *dtype);
    Shape reversed(header.shape.rbegin(), header.shape.rend());
    Shape strides = contiguousStrides(reversed);
    Shape fStrides(strides.rbegin(), strides.rend());
    Tensor f = Tensor::fromStorage(raw.storage(), header.shape, fStrides, 0, *dtype);
    Tensor out = Tensor::empty(header.shape, *dtype);
    kernels::copy(out, f);
    return out;
}

std::string encodeNpy(const Tensor& tensor) {
    std::ostringstream dict;
    dict << "{'descr': '" << descrOf(tensor.dtype()) << "', 'fortran_order': False, 'shape': (";
    for (std::size_t i = 0; i < tensor.sizes().size(); ++i) {
        dict << tensor.sizes()[i];
        if (tensor.sizes().size() == 1 || i + 1 < tensor.sizes().size()) dict << ", ";
    }
    dict << "), }";
    std::string header = dict.str();
    // numpy pads so that the data starts at a multiple of 64 bytes; the header ends with '\n'.
    std::size_t prefix = kMagicSize + 2 + 2;
    int major = 1;
    if ((prefix + header.size() + 1 + 63) / 64 * 64 - prefix > 65535) {
        major = 2;
        prefix = kMagicSize + 2 + 4;
    }
    const std::size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
    header.append(total - prefix - header.size() - 1, ' ');
    header.push_back('\n');

    std::string out(kMagic, kMagicSize);
    out.push_back(static_cast<char>(major));
    out.push_back(0);
    const std::size_t len = header.size();
    for (std::size_t i = 0; i < prefix - kMagicSize - 2; ++i) out.push_back(static_cast<char>((len >> (8 * i)) & 0xff));
    out += header;

    Tensor c = tensor;
    if (!tensor.isContiguous()) {
        c = Tensor::empty(tensor.sizes(), tensor.dtype());
        kernels::copy(c, tensor);
    }
    out.append(static_cast<const char*>(c.rawData()), c.nbytes());
    return out;
}

Tensor readNpy(const std::filesystem::path& file) { return decodeNpy(readFile(file), file.string()); }

void writeNpy(const std::filesystem::path& file, const Tensor& tensor) { writeFileAtomically(file, encodeNpy(tensor)); }

}  // namespace tessera::io
