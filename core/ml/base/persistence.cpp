#include "core/ml/base/persistence.h"

#include <map>
#include <set>

#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/io/safetensors.h"
#include "core/ml/base/registry.h"

namespace tessera::ml {

namespace {

constexpr const char* kMetadataKey = "tessera.estimator";
constexpr int kFormatVersion = 1;

// Every estimator of the tree with its dotted place ("" for the root, "scaler", "union.pca").
void collect(const Estimator& est, const std::string& place,
             std::vector<std::pair<std::string, const Estimator*>>& out) {
    out.emplace_back(place, &est);
    for (const auto& [name, child] : est.children()) collect(*child, place.empty() ? name : place + "." + name, out);
}

std::string arrayName(const std::string& place, const std::string& attribute) {
    return place.empty() ? attribute : place + "." + attribute;
}

Estimator* findPlace(Estimator& root, const std::string& place) {
    if (place.empty()) return &root;
    Estimator* cur = &root;
    std::size_t start = 0;
    while (start <= place.size()) {
        // Step names may hold dots, so match the longest child name that is a prefix of the rest.
        const std::string rest = place.substr(start);
        Estimator* next = nullptr;
        std::size_t used = 0;
        for (const auto& [name, child] : cur->children())
            if ((rest == name || rest.rfind(name + ".", 0) == 0) && name.size() > used) {
                next = child.get();
                used = name.size();
            }
        if (!next) return nullptr;
        cur = next;
        start += used + 1;
        if (start > place.size()) break;
    }
    return cur;
}

}  // namespace

std::string encodeEstimator(const Estimator& estimator) {
    std::vector<std::pair<std::string, const Estimator*>> places;
    collect(estimator, "", places);
    io::NamedTensors tensors;
    io::Json::Object fitted;
    for (const auto& [place, est] : places) {
        if (!est->isFitted()) continue;
        io::Json::Array order;
        io::Json::Object strings;
        for (const auto& [name, value] : est->attributes()) {
            order.emplace_back(name);
            if (!value.defined()) {
                strings.emplace_back(name, io::Json());  // an attribute that is None, as sklearn's scale_
            } else if (value.isStrings()) {
                io::Json::Array s;
                for (const auto& text : value.strings()) s.emplace_back(text);
                strings.emplace_back(name, io::Json(std::move(s)));
            } else {
                tensors.emplace_back(arrayName(place, name), value.tensor(name));
            }
        }
        fitted.emplace_back(place, io::Json::object({{"attributes", io::Json(std::move(order))},
                                                     {"strings", io::Json::object(std::move(strings))}}));
    }
    io::Json meta = io::Json::object(
        {{"format", "tessera-estimator"},
         {"version", kFormatVersion},
         {"estimator", ParamValue(std::const_pointer_cast<Estimator>(estimator.shared_from_this())).toJson()},
         {"fitted", io::Json::object(std::move(fitted))}});
    return io::encodeSafetensors(tensors, {{kMetadataKey, io::writeJson(meta, 0)}});
}

std::shared_ptr<Estimator> decodeEstimator(std::string_view bytes, std::string_view source) {
    const std::string src(source);
    io::SafetensorsFile file = io::decodeSafetensors(bytes, source);
    auto it = file.metadata.find(kMetadataKey);
    if (it == file.metadata.end())
        throw IoError(src + ": not a Tessera estimator file (no '" + kMetadataKey + "' entry in the metadata)");
    const io::Json meta = io::parseJson(it->second, src + " (metadata)");
    try {
        if (!meta.isObject() || !meta.contains("format") || meta.at("format").asString() != "tessera-estimator")
            throw IoError(src + ": the metadata is not of the format 'tessera-estimator'");
        const std::int64_t version = meta.at("version").asInteger();
        if (version > kFormatVersion || version < 1)
            throw IoError(src + ": estimator format version " + std::to_string(version) +
                          " is not supported (this Tessera reads version " + std::to_string(kFormatVersion) + ")");
        ParamValue root = ParamValue::fromJson(meta.at("estimator"), src);
        if (!root.isEstimator()) throw IoError(src + ": the metadata's 'estimator' entry is not an estimator");
        std::map<std::string, Tensor> arrays;
        for (auto& [name, t] : file.tensors) arrays.emplace(name, t);
        std::set<std::string> used;
        for (const auto& [place, entry] : meta.at("fitted").asObject()) {
            Estimator* est = findPlace(*root.asEstimator(), place);
            if (!est) throw IoError(src + ": fitted state for '" + place + "', which the estimator does not have");
            const io::Json& strings = entry.at("strings");
            std::vector<std::pair<std::string, Array>> attrs;
            for (const auto& nameJson : entry.at("attributes").asArray()) {
                const std::string& name = nameJson.asString();
                if (const io::Json* s = strings.find(name)) {
                    if (s->isNull()) {
                        attrs.emplace_back(name, Array());
                        continue;
                    }
                    std::vector<std::string> values;
                    for (const auto& v : s->asArray()) values.push_back(v.asString());
                    attrs.emplace_back(name, Array(std::move(values)));
                    continue;
                }
                const std::string key = arrayName(place, name);
                auto a = arrays.find(key);
                if (a == arrays.end()) throw IoError(src + ": the array '" + key + "' is missing");
                used.insert(key);
                attrs.emplace_back(name, Array(a->second));
            }
            est->restoreAttributes(std::move(attrs));
        }
        for (const auto& [name, t] : arrays)
            if (!used.count(name)) throw IoError(src + ": the array '" + name + "' belongs to no fitted attribute");
        return root.asEstimator();
    } catch (const IoError&) {
        throw;
    } catch (const Error& e) {
        throw IoError(src + ": " + e.what());
    }
}

void saveEstimator(const std::filesystem::path& file, const Estimator& estimator) {
    io::writeFileAtomically(file, encodeEstimator(estimator));
}

std::shared_ptr<Estimator> loadEstimator(const std::filesystem::path& file) {
    return decodeEstimator(io::readFile(file), file.string());
}

}  // namespace tessera::ml
