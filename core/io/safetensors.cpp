#include "core/io/safetensors.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <set>

#include "core/autograd/grad_mode.h"
#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"

namespace tessera::io {

static_assert(std::endian::native == std::endian::little, "safetensors stores little-endian data");

namespace {

// The safetensors library refuses headers above 100 MB; so does this reader, before allocating.
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

std::string_view dtypeCode(DType dtype) {
    switch (dtype) {
        case DType::Float32:
            return "F32";
        case DType::Float64:
            return "F64";
        case DType::Int64:
            return "I64";
        case DType::Bool:
            return "BOOL";
    }
    return "?";
}

// The library's Dtype enum order (BOOL < … < F32 < F64 < I64), by which it sorts descending.
int dtypeRank(DType dtype) {
    switch (dtype) {
        case DType::Bool:
            return 0;
        case DType::Float32:
            return 1;
        case DType::Float64:
            return 2;
        case DType::Int64:
            return 3;
    }
    return -1;
}

[[noreturn]] void fail(std::string_view source, const std::string& cause) {
    throw IoError(std::string(source) + ": " + cause);
}

}  // namespace

std::string encodeSafetensors(const NamedTensors& tensors, const std::map<std::string, std::string>& metadata) {
    std::vector<std::pair<std::string, Tensor>> sorted;
    std::set<std::string> names;
    for (const auto& [name, tensor] : tensors) {
        if (name == "__metadata__") throw ValueError("safetensors: '__metadata__' cannot name a tensor");
        if (!tensor.defined()) throw ValueError("safetensors: tensor '" + name + "' is undefined");
        if (!names.insert(name).second) throw ValueError("safetensors: tensor name '" + name + "' appears twice");
        sorted.emplace_back(name, tensor);
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        const int ra = dtypeRank(a.second.dtype()), rb = dtypeRank(b.second.dtype());
        return ra != rb ? ra > rb : a.first < b.first;
    });

    Json header = Json::object();
    if (!metadata.empty()) {
        Json meta = Json::object();
        for (const auto& [key, value] : metadata) meta.set(key, value);
        header.set("__metadata__", std::move(meta));
    }
    std::int64_t offset = 0;
    for (const auto& [name, tensor] : sorted) {
        Json::Array shape;
        for (const auto size : tensor.sizes()) shape.emplace_back(size);
        const auto bytes = static_cast<std::int64_t>(tensor.nbytes());
        Json info = Json::object();
        info.set("dtype", dtypeCode(tensor.dtype()));
        info.set("shape", Json(std::move(shape)));
        info.set("data_offsets", Json(Json::Array{Json(offset), Json(offset + bytes)}));
        header.set(name, std::move(info));
        offset += bytes;
    }
    std::string headerText = writeJson(header, 0);
    while (!headerText.empty() && headerText.back() == '\n') headerText.pop_back();
    // The library writes compact JSON (no spaces after ':' and ','); strip ours outside strings.
    std::string compact;
    bool inString = false;
    for (std::size_t i = 0; i < headerText.size(); ++i) {
        const char c = headerText[i];
        if (inString) {
            compact += c;
            if (c == '\\' && i + 1 < headerText.size())
                compact += headerText[++i];
            else if (c == '"')
                inString = false;
        } else if (c != ' ') {
            compact += c;
            if (c == '"') inString = true;
        }
    }
    compact.append((8 - compact.size() % 8) % 8, ' ');

    std::string out(8, '\0');
    const std::uint64_t length = compact.size();
    std::memcpy(out.data(), &length, 8);
    out += compact;
    out.reserve(out.size() + static_cast<std::size_t>(offset));
    autograd::NoGradGuard noGrad;
    for (const auto& [name, tensor] : sorted) {
        const Tensor dense = ops::contiguous(tensor.detach());
        if (dense.numel() > 0) out.append(static_cast<const char*>(dense.rawData()), dense.nbytes());
    }
    return out;
}

SafetensorsFile decodeSafetensors(std::string_view bytes, std::string_view source) {
    if (bytes.size() < 8)
        fail(source, "not a safetensors file: " + std::to_string(bytes.size()) +
                         " bytes are too short for a safetensors header length");
    std::uint64_t length = 0;
    std::memcpy(&length, bytes.data(), 8);
    // A length that cannot be right, or a header that does not open a JSON object, means the file is
    // something else (random bytes, a .npy, a text file): say so rather than quote the number read.
    if (length > kMaxHeaderBytes || length > bytes.size() - 8)
        fail(source, "not a safetensors file: its first 8 bytes do not give a header length that fits in its " +
                         std::to_string(bytes.size()) + " bytes");
    const std::string_view headerText = bytes.substr(8, length);
    if (headerText.empty() || headerText.front() != '{')
        fail(source, "not a safetensors file: its header is not a JSON object");
    Json header;
    try {
        header = parseJson(headerText, std::string(source) + " (header)");
    } catch (const IoError& e) {
        throw IoError(std::string(source) + ": bad JSON header: " + e.what());
    }
    if (!header.isObject()) fail(source, "header is not a JSON object");
    const std::string_view data = bytes.substr(8 + length);

    SafetensorsFile file;
    struct Entry {
        std::string name;
        DType dtype;
        Shape shape;
        std::uint64_t begin, end;
    };
    std::vector<Entry> entries;
    for (const auto& [name, info] : header.asObject()) {
        if (name == "__metadata__") {
            if (!info.isObject()) fail(source, "'__metadata__' must be an object of strings");
            for (const auto& [key, value] : info.asObject()) {
                if (!value.isString()) fail(source, "metadata '" + key + "' is not a string");
                file.metadata[key] = value.asString();
            }
            continue;
        }
        const std::string where = "tensor '" + name + "'";
        if (!info.isObject()) fail(source, where + ": entry is not an object");
        for (const auto& [key, value] : info.asObject())
            if (key != "dtype" && key != "shape" && key != "data_offsets")
                fail(source, where + ": unknown field '" + key + "'");
        const Json* dtype = info.find("dtype");
        const Json* shape = info.find("shape");
        const Json* offsets = info.find("data_offsets");
        if (dtype == nullptr || shape == nullptr || offsets == nullptr)
            fail(source, where + ": needs 'dtype', 'shape' and 'data_offsets'");
        Entry e{name, DType::Float32, {}, 0, 0};
        if (!dtype->isString()) fail(source, where + ": 'dtype' is not a string");
        const std::string& code = dtype->asString();
        if (code == "F32")
            e.dtype = DType::Float32;
        else if (code == "F64")
            e.dtype = DType::Float64;
        else if (code == "I64")
            e.dtype = DType::Int64;
        else if (code == "BOOL")
            e.dtype = DType::Bool;
        else
            fail(source, where + ": unsupported dtype '" + code + "' (F32, F64, I64 and BOOL are supported)");
        if (!shape->isArray()) fail(source, where + ": 'shape' is not an array");
        // Zeros count as ones in the overflow check: strides are products of the sizes that way, so a
        // zero-size dimension does not make [0, 2^62, 2^62] harmless.
        std::uint64_t numel = 1, span = 1;
        bool overflow = false;
        for (const auto& s : shape->asArray()) {
            if (!s.isInteger() || s.asNumber() < 0) fail(source, where + ": 'shape' must hold non-negative integers");
            const auto size = static_cast<std::uint64_t>(s.asInteger());
            if (size > 1 && span > (std::uint64_t(1) << 62) / size) overflow = true;
            if (!overflow) span *= std::max<std::uint64_t>(size, 1);
            numel *= size;
            e.shape.push_back(s.asInteger());
        }
        if (!offsets->isArray() || offsets->size() != 2 || !offsets->asArray()[0].isInteger() ||
            !offsets->asArray()[1].isInteger() || offsets->asArray()[0].asNumber() < 0 ||
            offsets->asArray()[1].asNumber() < 0)
            fail(source, where + ": 'data_offsets' must be two non-negative integers");
        e.begin = static_cast<std::uint64_t>(offsets->asArray()[0].asInteger());
        e.end = static_cast<std::uint64_t>(offsets->asArray()[1].asInteger());
        if (e.end < e.begin) fail(source, where + ": data_offsets end before they begin");
        if (e.end > data.size())
            fail(source, where + ": data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                             ") out of range (" + std::to_string(data.size()) + " data bytes)");
        if (overflow || numel * itemSize(e.dtype) != e.end - e.begin)
            fail(source, where + ": shape " + shapeToString(e.shape) + " × " + std::string(code) + " needs " +
                             (overflow ? std::string("too many") : std::to_string(numel * itemSize(e.dtype))) +
                             " bytes, data_offsets give " + std::to_string(e.end - e.begin));
        entries.push_back(std::move(e));
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });
    std::uint64_t expected = 0;
    for (const auto& e : entries) {
        if (e.begin < expected) fail(source, "tensor '" + e.name + "' overlaps the data of another tensor");
        if (e.begin > expected)
            fail(source, "bytes [" + std::to_string(expected) + ", " + std::to_string(e.begin) +
                             ") of the data belong to no tensor");
        expected = e.end;
    }
    if (expected != data.size())
        fail(source,
             "the tensors cover " + std::to_string(expected) + " of " + std::to_string(data.size()) + " data bytes");
    for (const auto& e : entries) {
        Tensor t = Tensor::empty(e.shape, e.dtype);
        if (e.end > e.begin) std::memcpy(t.rawData(), data.data() + e.begin, e.end - e.begin);
        if (e.dtype == DType::Bool) {
            const auto* p = static_cast<const unsigned char*>(t.rawData());
            for (std::int64_t i = 0; i < t.numel(); ++i)
                if (p[i] > 1) fail(source, "tensor '" + e.name + "': a BOOL byte is neither 0 nor 1");
        }
        file.tensors.emplace_back(e.name, std::move(t));
    }
    return file;
}

void saveSafetensors(const std::filesystem::path& file, const NamedTensors& tensors,
                     const std::map<std::string, std::string>& metadata) {
    writeFileAtomically(file, encodeSafetensors(tensors, metadata));
}

SafetensorsFile loadSafetensors(const std::filesystem::path& file) {
    return decodeSafetensors(readFile(file), file.string());
}

}  // namespace tessera::io
