#include "core/optim/optim_state.h"

#include <cmath>
#include <map>

#include "core/ops/view.h"
#include "core/tensor/error.h"

namespace tessera::optim {

namespace {

constexpr const char* kFormat = "tessera.optim";
constexpr int kVersion = 1;

io::Json numbers(const std::vector<double>& values) {
    io::Json out = io::Json::array();
    for (double v : values) out.asArray().push_back(v);
    return out;
}

[[noreturn]] void bad(const std::string& what) { throw IoError("optimizer state: " + what); }

const io::Json& field(const io::Json& object, const std::string& key, const std::string& where) {
    if (!object.isObject()) bad(where + " must be an object");
    const io::Json* v = object.find(key);
    if (!v) bad(where + " has no '" + key + "'");
    return *v;
}

std::int64_t integer(const io::Json& v, const std::string& where) {
    if (!v.isInteger()) bad(where + " must be an integer");
    return v.asInteger();
}

std::vector<double> numberList(const io::Json& v, const std::string& where) {
    if (!v.isArray()) bad(where + " must be an array of numbers");
    std::vector<double> out;
    for (const auto& x : v.asArray()) {
        if (!x.isNumber()) bad(where + " must be an array of numbers");
        out.push_back(x.asNumber());
    }
    return out;
}

}  // namespace

EncodedState encodeOptimState(const OptimizerState& optimizer, const SchedulerState* scheduler) {
    EncodedState out;
    io::Json groups = io::Json::array();
    for (std::size_t i = 0; i < optimizer.groups.size(); ++i) {
        io::Json options = io::Json::object();
        for (const auto& [key, value] : optimizer.groups[i]) {
            if (!std::isfinite(value)) bad("option '" + key + "' is not finite");
            options.set(key, value);
        }
        io::Json group = io::Json::object();
        group.set("params", optimizer.groupSizes.at(i));
        group.set("options", std::move(options));
        groups.asArray().push_back(std::move(group));
    }
    io::Json states = io::Json::object();
    for (const auto& [index, state] : optimizer.states) {
        io::Json buffers = io::Json::array();
        for (const auto& [name, tensor] : state.buffers) {
            buffers.asArray().push_back(name);
            out.tensors.emplace_back("state." + std::to_string(index) + "." + name, ops::clone(tensor));
        }
        io::Json entry = io::Json::object();
        entry.set("step", state.step);
        entry.set("buffers", std::move(buffers));
        states.set(std::to_string(index), std::move(entry));
    }
    io::Json opt = io::Json::object();
    opt.set("name", optimizer.optimizer);
    opt.set("param_groups", std::move(groups));
    opt.set("state", std::move(states));

    out.metadata = io::Json::object();
    out.metadata.set("format", kFormat);
    out.metadata.set("version", kVersion);
    out.metadata.set("optimizer", std::move(opt));
    if (scheduler) {
        io::Json s = io::Json::object();
        s.set("name", scheduler->scheduler);
        s.set("last_epoch", scheduler->lastEpoch);
        s.set("step_count", scheduler->stepCount);
        s.set("base_lrs", numbers(scheduler->baseLrs));
        s.set("last_lrs", numbers(scheduler->lastLrs));
        out.metadata.set("scheduler", std::move(s));
    }
    return out;
}

DecodedState decodeOptimState(const NamedTensorList& tensors, const io::Json& metadata) {
    const io::Json& format = field(metadata, "format", "the metadata");
    if (!format.isString() || format.asString() != kFormat) bad("'format' is not \"" + std::string(kFormat) + "\"");
    const std::int64_t version = integer(field(metadata, "version", "the metadata"), "'version'");
    if (version != kVersion)
        bad("version " + std::to_string(version) + " is not supported (this build reads version " +
            std::to_string(kVersion) + ")");
    std::map<std::string, const Tensor*> byName;
    for (const auto& [name, tensor] : tensors) byName[name] = &tensor;

    DecodedState out;
    const io::Json& opt = field(metadata, "optimizer", "the metadata");
    const io::Json& name = field(opt, "name", "'optimizer'");
    if (!name.isString()) bad("'optimizer.name' must be a string");
    out.optimizer.optimizer = name.asString();
    const io::Json& groups = field(opt, "param_groups", "'optimizer'");
    if (!groups.isArray()) bad("'optimizer.param_groups' must be an array");
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const std::string where = "'optimizer.param_groups[" + std::to_string(i) + "]'";
        const io::Json& group = groups.asArray()[i];
        out.optimizer.groupSizes.push_back(integer(field(group, "params", where), where + ".params"));
        const io::Json& options = field(group, "options", where);
        if (!options.isObject()) bad(where + ".options must be an object");
        Options parsed;
        for (const auto& [key, value] : options.asObject()) {
            if (!value.isNumber()) bad(where + ".options." + key + " must be a number");
            parsed[key] = value.asNumber();
        }
        out.optimizer.groups.push_back(std::move(parsed));
    }
    const io::Json& states = field(opt, "state", "'optimizer'");
    if (!states.isObject()) bad("'optimizer.state' must be an object");
    for (const auto& [key, entry] : states.asObject()) {
        const std::string where = "'optimizer.state." + key + "'";
        std::size_t used = 0;
        std::int64_t index = -1;
        try {
            index = std::stoll(key, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != key.size() || index < 0) bad(where + ": the key is not a parameter index");
        ParamState state;
        state.step = integer(field(entry, "step", where), where + ".step");
        const io::Json& buffers = field(entry, "buffers", where);
        if (!buffers.isArray()) bad(where + ".buffers must be an array");
        for (const auto& b : buffers.asArray()) {
            if (!b.isString()) bad(where + ".buffers must hold strings");
            const std::string tensorName = "state." + key + "." + b.asString();
            const auto it = byName.find(tensorName);
            if (it == byName.end()) bad("the tensor '" + tensorName + "' is missing");
            state.buffers.emplace(b.asString(), ops::clone(*it->second));
        }
        out.optimizer.states.emplace(index, std::move(state));
    }
    if (const io::Json* s = metadata.find("scheduler")) {
        SchedulerState sched;
        const io::Json& sname = field(*s, "name", "'scheduler'");
        if (!sname.isString()) bad("'scheduler.name' must be a string");
        sched.scheduler = sname.asString();
        sched.lastEpoch = integer(field(*s, "last_epoch", "'scheduler'"), "'scheduler.last_epoch'");
        sched.stepCount = integer(field(*s, "step_count", "'scheduler'"), "'scheduler.step_count'");
        sched.baseLrs = numberList(field(*s, "base_lrs", "'scheduler'"), "'scheduler.base_lrs'");
        sched.lastLrs = numberList(field(*s, "last_lrs", "'scheduler'"), "'scheduler.last_lrs'");
        out.scheduler = std::move(sched);
    }
    return out;
}

}  // namespace tessera::optim
