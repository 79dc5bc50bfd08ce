// The ZIP subset numpy.savez writes: local headers, stored data, a central directory and the end record
// (no ZIP64: archives stay below 4 GiB, which a checkpoint of coefficients does).
#include "core/io/npz.h"

#include <array>
#include <cstdint>
#include <cstring>

#include "core/io/atomic_file.h"
#include "core/io/npy.h"
#include "core/tensor/error.h"

namespace tessera::io {
namespace {

std::uint32_t crc32(std::string_view bytes) {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : bytes) c = table[(c ^ b) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

void put16(std::string& out, std::uint32_t v) {
    out.push_back(static_cast<char>(v & 0xFF));
    out.push_back(static_cast<char>((v >> 8) & 0xFF));
}
void put32(std::string& out, std::uint32_t v) {
    put16(out, v & 0xFFFF);
    put16(out, v >> 16);
}

// A 0-d '<U' array in .npy format 1.0 (header padded so the data start on a 64-byte boundary).
std::string encodeText(const std::string& value, const std::string& name) {
    for (unsigned char c : value)
        if (c >= 0x80) throw IoError("npz entry '" + name + "': only ASCII text is written, got a byte above 0x7f");
    const std::size_t n = std::max<std::size_t>(value.size(), 1);
    std::string header = "{'descr': '<U" + std::to_string(n) + "', 'fortran_order': False, 'shape': (), }";
    const std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header.push_back('\n');
    std::string out = "\x93NUMPY";
    out.push_back(1);
    out.push_back(0);
    put16(out, static_cast<std::uint32_t>(header.size()));
    out += header;
    for (std::size_t i = 0; i < n; ++i) put32(out, i < value.size() ? static_cast<unsigned char>(value[i]) : 0);
    return out;
}

// Decodes a '<U' .npy of shape (); nullopt when the descr is another one.
std::optional<std::string> decodeText(std::string_view npy, const std::string& where) {
    if (npy.size() < 10 || npy.substr(0, 6) != "\x93NUMPY") return std::nullopt;
    const std::size_t len = static_cast<unsigned char>(npy[8]) | (static_cast<unsigned char>(npy[9]) << 8);
    if (npy[6] != 1 || 10 + len > npy.size()) return std::nullopt;
    const std::string_view header = npy.substr(10, len);
    const auto d = header.find("'descr': '<U");
    if (d == std::string_view::npos) return std::nullopt;
    if (header.find("'shape': ()") == std::string_view::npos) throw IoError(where + ": only 0-d text arrays are read");
    const std::size_t n = std::stoul(std::string(header.substr(d + 12)));
    const std::string_view data = npy.substr(10 + len);
    if (data.size() != 4 * n) throw IoError(where + ": text data are truncated");
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t cp = 0;
        for (int k = 3; k >= 0; --k) cp = (cp << 8) | static_cast<unsigned char>(data[4 * i + k]);
        if (cp == 0) break;
        if (cp >= 0x80) throw IoError(where + ": text is not ASCII");
        out.push_back(static_cast<char>(cp));
    }
    return out;
}

std::uint32_t get16(std::string_view b, std::size_t at) {
    return static_cast<unsigned char>(b[at]) | (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8);
}
std::uint32_t get32(std::string_view b, std::size_t at) { return get16(b, at) | (get16(b, at + 2) << 16); }

}  // namespace

std::string encodeNpz(const NpzEntries& entries) {
    std::string out, central;
    for (const NpzEntry& e : entries) {
        const std::string data = e.str ? encodeText(*e.str, e.name) : encodeNpy(e.tensor);
        const std::string name = e.name + ".npy";
        const std::uint32_t crc = crc32(data), size = static_cast<std::uint32_t>(data.size());
        const auto offset = static_cast<std::uint32_t>(out.size());
        put32(out, 0x04034b50);
        put16(out, 20);
        put16(out, 0);
        put16(out, 0);     // stored
        put16(out, 0);     // time 00:00
        put16(out, 0x21);  // date 1980-01-01
        put32(out, crc);
        put32(out, size);
        put32(out, size);
        put16(out, static_cast<std::uint32_t>(name.size()));
        put16(out, 0);
        out += name;
        out += data;
        put32(central, 0x02014b50);
        put16(central, 20);
        put16(central, 20);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0x21);
        put32(central, crc);
        put32(central, size);
        put32(central, size);
        put16(central, static_cast<std::uint32_t>(name.size()));
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put32(central, 0);
        put32(central, offset);
        central += name;
    }
    const auto cdOffset = static_cast<std::uint32_t>(out.size());
    out += central;
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<std::uint32_t>(entries.size()));
    put16(out, static_cast<std::uint32_t>(entries.size()));
    put32(out, static_cast<std::uint32_t>(central.size()));
    put32(out, cdOffset);
    put16(out, 0);
    return out;
}

NpzEntries decodeNpz(std::string_view b, std::string_view source) {
    const std::string src(source);
    if (b.size() < 22) throw IoError(src + ": not a .npz file (shorter than a ZIP end record)");
    std::size_t eocd = std::string_view::npos;
    for (std::size_t at = b.size() - 22 + 1; at-- > 0 && b.size() - at <= 22 + 65535;)
        if (get32(b, at) == 0x06054b50) {
            eocd = at;
            break;
        }
    if (eocd == std::string_view::npos) throw IoError(src + ": not a .npz file (no ZIP end record)");
    const std::uint32_t count = get16(b, eocd + 10), cdSize = get32(b, eocd + 12), cdOffset = get32(b, eocd + 16);
    if (static_cast<std::size_t>(cdOffset) + cdSize > eocd)
        throw IoError(src + ": the ZIP central directory is truncated");
    NpzEntries out;
    std::size_t at = cdOffset;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (at + 46 > eocd || get32(b, at) != 0x02014b50)
            throw IoError(src + ": ZIP central directory entry " + std::to_string(i) + " is damaged");
        const std::uint32_t method = get16(b, at + 10), crc = get32(b, at + 16), csize = get32(b, at + 20),
                            usize = get32(b, at + 24), nlen = get16(b, at + 28), xlen = get16(b, at + 30),
                            clen = get16(b, at + 32), local = get32(b, at + 42);
        if (at + 46 + nlen > eocd)
            throw IoError(src + ": ZIP central directory entry " + std::to_string(i) + " is damaged");
        std::string name(b.substr(at + 46, nlen));
        at += 46 + nlen + xlen + clen;
        if (name.size() > 4 && name.substr(name.size() - 4) == ".npy") name.resize(name.size() - 4);
        const std::string where = src + ": entry '" + name + "'";
        if (method != 0 || csize != usize)
            throw IoError(where + ": compressed entries (numpy.savez_compressed) are not read; use numpy.savez");
        if (static_cast<std::size_t>(local) + 30 > b.size() || get32(b, local) != 0x04034b50)
            throw IoError(where + ": the local ZIP header is damaged");
        const std::size_t start = local + 30 + get16(b, local + 26) + get16(b, local + 28);
        if (start + usize > b.size()) throw IoError(where + ": the data are truncated");
        const std::string_view data = b.substr(start, usize);
        if (crc32(data) != crc) throw IoError(where + ": CRC-32 mismatch (the data are damaged)");
        if (auto text = decodeText(data, where)) {
            out.push_back(NpzEntry::text(name, *text));
        } else {
            out.push_back({name, decodeNpy(data, where), std::nullopt});
        }
    }
    return out;
}

void writeNpz(const std::filesystem::path& file, const NpzEntries& entries) {
    writeFileAtomically(file, encodeNpz(entries));
}

NpzEntries readNpz(const std::filesystem::path& file) { return decodeNpz(readFile(file), file.string()); }

}  // namespace tessera::io
