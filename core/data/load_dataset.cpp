#include "core/data/load_dataset.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "core/data/builtin.h"
#include "core/data/csv.h"
#include "core/data/synthetic.h"
#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/tensor/error.h"

namespace tessera::data {

namespace {

// Keys every spec may hold: the source, the split (core/data/split.h) and feature scaling.
const std::vector<std::string> kCommonKeys = {"dataset", "testFraction", "valFraction", "seed", "standardize", "scale"};
const std::vector<std::string> kCsvKeys = {"csv",         "testFraction", "valFraction", "seed",      "standardize",
                                           "scale",       "target",       "task",        "delimiter", "header",
                                           "categorical", "ignore",       "missing",     "numeric",   "malformed"};

// What a generated data set may ask for: a damaged or hostile project must not make a load allocate
// gigabytes or run for hours (docs/RELIABILITY.md). 2^26 values are 256 MiB of float32.
constexpr std::int64_t kMaxSamples = 1'000'000;
constexpr std::int64_t kMaxWidth = 4096;  // features, classes, centers, sequence length
constexpr std::int64_t kMaxValues = std::int64_t{1} << 26;

// Typed reads of one spec's keys, each error naming the project file, the line and column of the
// value and "data.KEY".
class Spec {
public:
    Spec(const io::Json& json, std::string source) : m_json(json), m_source(std::move(source)) {}

    const io::Json* find(const char* key) const { return m_json.find(key); }
    // "FILE:LINE:COLUMN: " for a value read from a file, "FILE: " for one built in code.
    std::string where(const io::Json& value) const {
        if (value.line() <= 0) return m_source + ": ";
        return m_source + ":" + std::to_string(value.line()) + ":" + std::to_string(value.column()) + ": ";
    }
    [[noreturn]] void fail(const char* key, const std::string& why) const {
        const io::Json* v = find(key);
        throw ValueError(where(v ? *v : m_json) + "data." + key + ": " + why);
    }
    [[noreturn]] void failWhole(const std::string& why) const { throw ValueError(where(m_json) + "data: " + why); }
    std::string found(const io::Json& v) const {
        return v.isArray() || v.isObject() ? std::string(io::typeName(v.type())) : io::writeJson(v, 0);
    }
    std::int64_t integer(const char* key, std::int64_t fallback, std::int64_t least, std::int64_t most) const {
        const io::Json* v = find(key);
        if (!v) return fallback;
        if (!v->isInteger() || v->asInteger() < least || v->asInteger() > most)
            fail(key, "expected an integer from " + std::to_string(least) + " to " + std::to_string(most) + ", found " +
                          found(*v));
        return v->asInteger();
    }
    std::int64_t samples(std::int64_t fallback, std::int64_t least) const {
        return integer("samples", fallback, least, kMaxSamples);
    }
    std::int64_t width(const char* key, std::int64_t fallback, std::int64_t least) const {
        return integer(key, fallback, least, kMaxWidth);
    }
    // samples × values per sample must stay within kMaxValues.
    std::int64_t samplesOf(std::int64_t fallback, std::int64_t least, const char* widthKey, std::int64_t width) const {
        const std::int64_t n = samples(fallback, least);
        if (n * width > kMaxValues)
            fail("samples", std::to_string(n) + " samples of " + std::to_string(width) + " " + widthKey + " are " +
                                std::to_string(n * width) + " values, more than the " + std::to_string(kMaxValues) +
                                " a generated data set may hold");
        return n;
    }
    double number(const char* key, double fallback, double least, bool strictlyAbove = false) const {
        const io::Json* v = find(key);
        if (!v) return fallback;
        if (!v->isNumber() || v->asNumber() < least || (strictlyAbove && v->asNumber() == least))
            fail(key, std::string("expected a number ") + (strictlyAbove ? "> " : ">= ") + io::writeJson(least, 0) +
                          ", found " + found(*v));
        return v->asNumber();
    }
    std::uint64_t seed() const {
        return static_cast<std::uint64_t>(integer("seed", 0, 0, std::numeric_limits<std::int64_t>::max()));
    }
    std::vector<std::string> strings(const char* key) const {
        std::vector<std::string> out;
        const io::Json* v = find(key);
        if (!v) return out;
        if (!v->isArray()) fail(key, "expected an array of column names, found " + found(*v));
        for (const io::Json& item : v->asArray()) {
            if (!item.isString())
                fail(key, "expected an array of column names, found an element that is " + found(item));
            out.push_back(item.asString());
        }
        return out;
    }
    void checkKeys(const std::vector<std::string>& known, const std::string& what) const {
        for (const auto& [key, value] : m_json.asObject())
            if (std::find(known.begin(), known.end(), key) == known.end()) {
                std::string list;
                for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
                throw ValueError(where(value) + "data: unknown key '" + key + "' for " + what + " (known: " + list +
                                 ")");
            }
    }

private:
    const io::Json& m_json;
    std::string m_source;
};

struct GeneratorEntry {
    std::vector<std::string> keys;  // besides kCommonKeys
    std::function<Dataset(const Spec&)> make;
};

const std::map<std::string, GeneratorEntry>& generators() {
    static const std::map<std::string, GeneratorEntry> table = {
        {"moons",
         {{"samples", "noise"},
          [](const Spec& s) { return makeMoons(s.samples(1000, 2), s.number("noise", 0.1, 0), s.seed()); }}},
        {"circles",
         {{"samples", "noise", "factor"},
          [](const Spec& s) {
              return makeCircles(s.samples(1000, 2), s.number("noise", 0.05, 0), s.number("factor", 0.8, 0), s.seed());
          }}},
        {"blobs",
         {{"samples", "centers", "features", "clusterStd"},
          [](const Spec& s) {
              const std::int64_t features = s.width("features", 2, 1);
              return makeBlobs(s.samplesOf(1000, 1, "features", features), s.width("centers", 3, 1), features,
                               s.number("clusterStd", 1.0, 0), s.seed());
          }}},
        {"spirals",
         {{"samples", "classes", "noise", "turns"},
          [](const Spec& s) {
              return makeSpirals(s.samples(900, 2), s.width("classes", 3, 2), s.number("noise", 0.1, 0),
                                 s.number("turns", 1.0, 0), s.seed());
          }}},
        {"xor",
         {{"samples", "noise"},
          [](const Spec& s) { return makeXor(s.samples(1000, 1), s.number("noise", 0.1, 0), s.seed()); }}},
        {"linear",
         {{"samples", "features", "noise"},
          [](const Spec& s) {
              const std::int64_t features = s.width("features", 1, 1);
              return makeLinearRegression(s.samplesOf(1000, 1, "features", features), features,
                                          s.number("noise", 0.1, 0), s.seed());
          }}},
        {"sine_regression",
         {{"samples", "noise"},
          [](const Spec& s) { return makeSineRegression(s.samples(1000, 1), s.number("noise", 0.1, 0), s.seed()); }}},
        {"sine",
         {{"samples", "sequenceLength", "noise"},
          [](const Spec& s) {
              const std::int64_t length = s.width("sequenceLength", 32, 2);
              return makeSineNextValue(s.samplesOf(512, 1, "sequenceLength", length), length,
                                       s.number("noise", 0.05, 0), s.seed());
          }}},
        {"sine_frequency",
         {{"samples", "sequenceLength", "classes", "noise"},
          [](const Spec& s) {
              const std::int64_t length = s.width("sequenceLength", 32, 2);
              return makeSineSequences(s.samplesOf(512, 1, "sequenceLength", length), length, s.width("classes", 4, 2),
                                       s.number("noise", 0.1, 0), s.seed());
          }}},
    };
    return table;
}

CsvOptions csvOptions(const Spec& s) {
    CsvOptions o;
    if (const io::Json* v = s.find("target")) {
        if (v->isString())
            o.target = v->asString();
        else if (v->isInteger())
            o.targetIndex = v->asInteger();
        else
            s.fail("target", "expected a column name or an index from 0, found " + s.found(*v));
    }
    if (const io::Json* v = s.find("task")) {
        if (!v->isString() || (v->asString() != "classification" && v->asString() != "regression"))
            s.fail("task", "expected \"classification\" or \"regression\", found " + s.found(*v));
        o.task = v->asString() == "classification" ? Task::Classification : Task::Regression;
    }
    if (const io::Json* v = s.find("delimiter")) {
        const std::string d = v->isString() ? v->asString() : std::string();
        if (d == "," || d == ";" || d == "\t")
            o.delimiter = d[0];
        else if (d == "tab")
            o.delimiter = '\t';
        else
            s.fail("delimiter", "expected \",\", \";\", \"\\t\" or \"tab\", found " + s.found(*v));
    }
    if (const io::Json* v = s.find("header")) {
        if (!v->isBool()) s.fail("header", "expected a boolean, found " + s.found(*v));
        o.header = v->asBool();
    }
    if (const io::Json* v = s.find("missing")) {
        if (!v->isString() || (v->asString() != "error" && v->asString() != "impute"))
            s.fail("missing", "expected \"error\" or \"impute\", found " + s.found(*v));
        o.imputeMissing = v->asString() == "impute";
    }
    if (const io::Json* v = s.find("malformed")) {
        if (!v->isString() || (v->asString() != "error" && v->asString() != "skip"))
            s.fail("malformed", "expected \"error\" or \"skip\", found " + s.found(*v));
        o.skipMalformed = v->asString() == "skip";
    }
    o.categorical = s.strings("categorical");
    o.ignore = s.strings("ignore");
    o.numeric = s.strings("numeric");
    return o;
}

}  // namespace

std::vector<std::string> datasetNames() {
    std::vector<std::string> names = builtinNames();
    for (const auto& [name, generator] : generators()) names.push_back(name);
    return names;
}

Dataset loadDataset(const io::Json& dataSpec, const std::filesystem::path& projectFile) {
    const Spec spec(dataSpec, projectFile.string());
    if (!dataSpec.isObject()) spec.failWhole("expected an object, found " + std::string(io::typeName(dataSpec.type())));
    const io::Json* name = spec.find("dataset");
    const io::Json* csv = spec.find("csv");
    if (name && csv) spec.failWhole("give either \"dataset\" or \"csv\", not both");
    if (!name && !csv) spec.failWhole("missing \"dataset\" (a built-in or generated set) or \"csv\" (a file)");

    Dataset d;
    if (csv) {
        if (!csv->isString() || csv->asString().empty())
            spec.fail("csv", "expected a file path, found " + spec.found(*csv));
        spec.checkKeys(kCsvKeys, "a CSV file");
        const CsvOptions options = csvOptions(spec);
        const std::filesystem::path file = io::resolveProjectPath(projectFile, csv->asString());
        std::string text;
        try {
            text = io::readFile(file);
        } catch (const IoError& e) {
            throw IoError(spec.where(*csv) + "data.csv: " + e.what());
        }
        d = parseCsv(text, csv->asString(), options);
        d.name = file.stem().string();
    } else {
        if (!name->isString()) spec.fail("dataset", "expected a data set name, found " + spec.found(*name));
        const std::string& n = name->asString();
        const std::vector<std::string> builtins = builtinNames();
        if (std::find(builtins.begin(), builtins.end(), n) != builtins.end()) {
            spec.checkKeys(kCommonKeys, "data set '" + n + "'");
            d = loadBuiltin(n);
        } else if (auto it = generators().find(n); it != generators().end()) {
            std::vector<std::string> keys = kCommonKeys;
            keys.insert(keys.end(), it->second.keys.begin(), it->second.keys.end());
            spec.checkKeys(keys, "data set '" + n + "'");
            d = it->second.make(spec);
        } else {
            std::string known;
            for (const auto& k : datasetNames()) known += (known.empty() ? "" : ", ") + k;
            spec.fail("dataset", "unknown data set '" + n + "' (known: " + known + ")");
        }
    }
    if (spec.find("scale")) {
        const double scale = spec.number("scale", 1.0, 0, true);
        float* x = d.features.data<float>();
        for (std::int64_t i = 0, n = d.features.numel(); i < n; ++i) x[i] = static_cast<float>(x[i] * scale);
    }
    // The split keys are checked here too, so a bad spec fails when it is loaded.
    spec.number("testFraction", 0.2, 0);
    spec.number("valFraction", 0.1, 0);
    spec.seed();
    if (const io::Json* v = spec.find("standardize"); v && !v->isBool())
        spec.fail("standardize", "expected a boolean, found " + spec.found(*v));
    return d;
}

}  // namespace tessera::data
