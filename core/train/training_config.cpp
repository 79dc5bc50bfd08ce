#include "core/train/training_config.h"

#include <cctype>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "core/tensor/error.h"
#include "core/train/limits.h"

namespace tessera::train {
namespace {

std::string oneLine(const io::Json& value) {
    std::string text = io::writeJson(value, 0);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

class Reader {
public:
    explicit Reader(std::string_view source) : m_source(source) {}

    [[noreturn]] void fail(const io::Json& at, const std::string& field, const std::string& cause) const {
        std::string where(m_source);
        if (at.line() > 0) where += ":" + std::to_string(at.line()) + ":" + std::to_string(at.column());
        throw ValueError(where + ": training." + field + ": " + cause);
    }

    void requireObject(const io::Json& value, const std::string& field) const {
        if (!value.isObject())
            fail(value, field, "must be an object, found " + std::string(io::typeName(value.type())));
    }

    void allowOnly(const io::Json& object, const std::string& prefix,
                   std::initializer_list<std::string_view> keys) const {
        for (const auto& [key, value] : object.asObject()) {
            bool known = false;
            for (std::string_view k : keys) known = known || k == key;
            if (!known) {
                std::string list;
                for (std::string_view k : keys) list += (list.empty() ? "" : ", ") + std::string(k);
                fail(value, prefix + key, "unknown field (expected one of " + list + ")");
            }
        }
    }

    std::int64_t integer(const io::Json& value, const std::string& field, std::int64_t min,
                         std::int64_t max = std::numeric_limits<std::int64_t>::max()) const {
        if (!value.isInteger()) fail(value, field, "must be an integer, found " + describe(value));
        if (value.asInteger() < min)
            fail(value, field, "must be at least " + std::to_string(min) + ", found " + describe(value));
        if (value.asInteger() > max)
            fail(value, field, "must be at most " + std::to_string(max) + ", found " + describe(value));
        return value.asInteger();
    }

    double number(const io::Json& value, const std::string& field, double min) const {
        if (!value.isNumber()) fail(value, field, "must be a number, found " + describe(value));
        if (!(value.asNumber() >= min))
            fail(value, field, "must be at least " + oneLine(io::Json(min)) + ", found " + describe(value));
        return value.asNumber();
    }

    bool boolean(const io::Json& value, const std::string& field) const {
        if (!value.isBool()) fail(value, field, "must be true or false, found " + describe(value));
        return value.asBool();
    }

    std::string string(const io::Json& value, const std::string& field) const {
        if (!value.isString() || value.asString().empty())
            fail(value, field, "must be a non-empty string, found " + describe(value));
        return value.asString();
    }

    static std::string describe(const io::Json& value) {
        if (value.isNumber() || value.isBool()) return oneLine(value);
        if (value.isString()) return "\"" + value.asString() + "\"";
        return std::string(io::typeName(value.type()));
    }

private:
    std::string_view m_source;
};

// weightDecay → weight_decay, tMax → T_max; names with an underscore are torch's already.
std::string torchKeyword(const std::string& key) {
    if (key == "tMax") return "T_max";
    if (key.find('_') != std::string::npos) return key;
    std::string out;
    for (char c : key) {
        if (std::isupper(static_cast<unsigned char>(c))) {
            out += '_';
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            out += c;
        }
    }
    return out;
}

// The "type" of an optimiser or scheduler object and its other members as torch keywords.
std::pair<std::string, io::Json> typedOptions(const Reader& r, const io::Json& object, const std::string& field,
                                              std::initializer_list<std::string_view> ownKeys) {
    r.requireObject(object, field);
    const io::Json* type = object.find("type");
    if (!type) r.fail(object, field + ".type", "missing (the class name, e.g. \"Adam\")");
    std::string name = r.string(*type, field + ".type");
    io::Json options = io::Json::object();
    for (const auto& [key, value] : object.asObject()) {
        bool own = key == "type";
        for (std::string_view k : ownKeys) own = own || k == key;
        if (own) continue;
        std::string keyword = torchKeyword(key);
        if (options.contains(keyword)) r.fail(value, field + "." + key, "given twice (as '" + keyword + "' too)");
        options.set(keyword, value);
    }
    return {name, options};
}

}  // namespace

bool monitorMaximises(std::string_view monitor) { return monitor.ends_with("_acc") || monitor.ends_with("_r2"); }

TrainingConfig parseTrainingConfig(const io::Json& training, std::string_view source) {
    Reader r(source);
    TrainingConfig cfg;
    if (training.isNull()) return cfg;
    if (!training.isObject()) r.fail(training, "", "must be an object");
    r.allowOnly(training, "",
                {"optimizer", "scheduler", "epochs", "batchSize", "seed", "shuffle", "dropLast", "earlyStopping",
                 "clipGradNorm", "threads", "initialWeights"});
    if (const io::Json* v = training.find("optimizer")) {
        auto [type, options] = typedOptions(r, *v, "optimizer", {});
        cfg.optimizer.type = type;
        cfg.optimizer.options = options;
    }
    if (const io::Json* v = training.find("scheduler")) {
        auto [type, options] = typedOptions(r, *v, "scheduler", {"interval"});
        SchedulerConfig s;
        s.type = type;
        s.options = options;
        s.interval = type == "OneCycleLR" ? SchedulerConfig::Interval::Step : SchedulerConfig::Interval::Epoch;
        if (const io::Json* interval = v->find("interval")) {
            std::string word = r.string(*interval, "scheduler.interval");
            if (word == "epoch")
                s.interval = SchedulerConfig::Interval::Epoch;
            else if (word == "step")
                s.interval = SchedulerConfig::Interval::Step;
            else
                r.fail(*interval, "scheduler.interval", "must be \"epoch\" or \"step\", found \"" + word + "\"");
        }
        cfg.scheduler = s;
    }
    if (const io::Json* v = training.find("epochs")) cfg.epochs = r.integer(*v, "epochs", 1, kMaxEpochs);
    if (const io::Json* v = training.find("batchSize")) cfg.batchSize = r.integer(*v, "batchSize", 1, kMaxBatchSize);
    if (const io::Json* v = training.find("seed")) cfg.seed = static_cast<std::uint64_t>(r.integer(*v, "seed", 0));
    if (const io::Json* v = training.find("shuffle")) cfg.shuffle = r.boolean(*v, "shuffle");
    if (const io::Json* v = training.find("dropLast")) cfg.dropLast = r.boolean(*v, "dropLast");
    if (const io::Json* v = training.find("clipGradNorm")) cfg.clipGradNorm = r.number(*v, "clipGradNorm", 0.0);
    if (const io::Json* v = training.find("threads"))
        cfg.threads = static_cast<int>(r.integer(*v, "threads", 0, kMaxThreads));
    if (const io::Json* v = training.find("initialWeights")) cfg.initialWeights = r.string(*v, "initialWeights");
    if (const io::Json* v = training.find("earlyStopping")) {
        r.requireObject(*v, "earlyStopping");
        r.allowOnly(*v, "earlyStopping.", {"monitor", "patience", "minDelta", "restoreBest"});
        EarlyStoppingConfig e;
        if (const io::Json* m = v->find("monitor")) {
            e.monitor = r.string(*m, "earlyStopping.monitor");
            bool known = false;
            for (const char* name : {"val_loss", "val_acc", "val_r2", "train_loss", "train_acc", "train_r2"})
                known = known || e.monitor == name;
            if (!known)
                r.fail(*m, "earlyStopping.monitor",
                       "unknown metric \"" + e.monitor +
                           "\" (expected val_loss, val_acc, val_r2, train_loss, train_acc or train_r2)");
        }
        if (const io::Json* p = v->find("patience"))
            e.patience = r.integer(*p, "earlyStopping.patience", 1, kMaxEpochs);
        if (const io::Json* d = v->find("minDelta")) e.minDelta = r.number(*d, "earlyStopping.minDelta", 0.0);
        if (const io::Json* b = v->find("restoreBest")) e.restoreBest = r.boolean(*b, "earlyStopping.restoreBest");
        cfg.earlyStopping = e;
    }
    return cfg;
}

io::Json trainingConfigToJson(const TrainingConfig& config) {
    io::Json out = io::Json::object();
    io::Json optimizer = io::Json::object();
    optimizer.set("type", config.optimizer.type);
    for (const auto& [key, value] : config.optimizer.options.asObject()) optimizer.set(key, value);
    out.set("optimizer", optimizer);
    if (config.scheduler) {
        io::Json scheduler = io::Json::object();
        scheduler.set("type", config.scheduler->type);
        for (const auto& [key, value] : config.scheduler->options.asObject()) scheduler.set(key, value);
        scheduler.set("interval", config.scheduler->interval == SchedulerConfig::Interval::Step ? "step" : "epoch");
        out.set("scheduler", scheduler);
    }
    out.set("epochs", config.epochs);
    out.set("batchSize", config.batchSize);
    out.set("seed", static_cast<std::int64_t>(config.seed));
    out.set("shuffle", config.shuffle);
    out.set("dropLast", config.dropLast);
    if (config.earlyStopping) {
        io::Json e = io::Json::object();
        e.set("monitor", config.earlyStopping->monitor);
        e.set("patience", config.earlyStopping->patience);
        e.set("minDelta", config.earlyStopping->minDelta);
        e.set("restoreBest", config.earlyStopping->restoreBest);
        out.set("earlyStopping", e);
    }
    out.set("clipGradNorm", config.clipGradNorm);
    out.set("threads", config.threads);
    if (!config.initialWeights.empty()) out.set("initialWeights", config.initialWeights);
    return out;
}

}  // namespace tessera::train
