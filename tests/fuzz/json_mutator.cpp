// The project fuzzer's structure-aware mutator: most byte-level mutations of a JSON project make it
// malformed JSON, which only exercises the parser. This one parses the input, changes one value in
// the tree the way a damaged or hostile project would (a boundary number, another node type or key,
// a dropped, duplicated or retyped element) and writes valid JSON back, so the graph analysis, the
// training settings and the build see the mutations. Inputs that do not parse go to libFuzzer's own
// byte mutator (which is how the JSON parser itself keeps being fuzzed).
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/graph/node_type_registry.h"
#include "core/io/json.h"
#include "core/tensor/error.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace {

using tessera::io::Json;

void collect(Json& v, std::vector<Json*>& all, std::vector<std::string>& keys) {
    all.push_back(&v);
    if (v.isArray()) {
        for (auto& e : v.asArray()) collect(e, all, keys);
    } else if (v.isObject()) {
        for (auto& [k, e] : v.asObject()) {
            keys.push_back(k);
            collect(e, all, keys);
        }
    }
}

const std::vector<std::string>& typeNames() {
    static const std::vector<std::string> names = tessera::graph::NodeTypeRegistry::instance().names();
    return names;
}

Json boundaryNumber(std::mt19937_64& rng, const Json& old) {
    static const double values[] = {0,
                                    1,
                                    -1,
                                    2,
                                    3,
                                    4,
                                    7,
                                    8,
                                    16,
                                    64,
                                    255,
                                    256,
                                    65535,
                                    65536,
                                    1e6,
                                    1e9,
                                    2147483647.0,
                                    2147483648.0,
                                    4294967296.0,
                                    9007199254740992.0,
                                    -2147483648.0,
                                    1e18,
                                    0.5,
                                    -0.5,
                                    1e-9,
                                    1e308,
                                    -1e308,
                                    5e-324};
    const std::size_t n = std::size(values);
    const std::size_t pick = rng() % (n + 2);
    if (pick < n) return Json(values[pick]);
    const double base = old.isNumber() ? old.asNumber() : 0;
    return Json(pick == n ? base + 1 : base - 1);
}

void mutateOne(Json& doc, std::mt19937_64& rng) {
    std::vector<Json*> all;
    std::vector<std::string> keys;
    collect(doc, all, keys);
    Json& v = *all[rng() % all.size()];
    const Json other = *all[rng() % all.size()];
    switch (rng() % 8) {
        case 0:
            v = boundaryNumber(rng, v);
            break;
        case 1:
            v = Json(typeNames()[rng() % typeNames().size()]);
            break;
        case 2:
            if (!keys.empty()) v = Json(keys[rng() % keys.size()]);
            break;
        case 3:
            if (v.isArray() && v.size() > 0) {
                auto& a = v.asArray();
                a.erase(a.begin() + static_cast<std::ptrdiff_t>(rng() % a.size()));
            } else if (v.isObject() && v.size() > 0) {
                auto& o = v.asObject();
                o.erase(o.begin() + static_cast<std::ptrdiff_t>(rng() % o.size()));
            }
            break;
        case 4:
            if (v.isArray()) {
                v.asArray().push_back(v.size() > 0 ? v.asArray()[rng() % v.size()] : other);
            } else if (v.isObject() && !keys.empty()) {
                v.set(keys[rng() % keys.size()], other);
            }
            break;
        case 5: {
            static const Json kinds[] = {Json(), Json(true), Json(false), Json::array(), Json::object(), Json("")};
            v = kinds[rng() % std::size(kinds)];
            break;
        }
        case 6:
            v = other;
            break;
        default:
            if (v.isString()) {
                std::string s = v.asString();
                if (!s.empty()) s.erase(rng() % s.size(), 1);
                if (rng() % 2) s += s;
                v = Json(s);
            } else if (v.isNumber()) {
                v = Json(std::ldexp(v.asNumber(), static_cast<int>(rng() % 9) - 4));
            }
            break;
    }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    std::mt19937_64 rng(seed);
    // One time in eight the bytes themselves change, so malformed JSON keeps reaching the parser.
    if (rng() % 8 == 0) return LLVMFuzzerMutate(data, size, maxSize);
    Json doc;
    try {
        doc = tessera::io::parseJson(std::string_view(reinterpret_cast<const char*>(data), size), "mutator");
    } catch (const tessera::Error&) {
        return LLVMFuzzerMutate(data, size, maxSize);
    }
    const int rounds = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < rounds; ++i) mutateOne(doc, rng);
    std::string text;
    try {
        text = tessera::io::writeJson(doc, rng() % 2 ? 2 : 0);
    } catch (const tessera::Error&) {
        return LLVMFuzzerMutate(data, size, maxSize);  // a mutation overflowed a number to ±inf
    }
    if (text.size() > maxSize) return LLVMFuzzerMutate(data, size, maxSize);
    std::memcpy(data, text.data(), text.size());
    return text.size();
}
