#include "core/optim/optimizer_registry.h"

#include <map>
#include <mutex>

#include "core/optim/adam.h"
#include "core/optim/adamw.h"
#include "core/optim/rmsprop.h"
#include "core/optim/sgd.h"
#include "core/tensor/error.h"

namespace tessera::optim {

namespace {

template <class O>
OptimizerFactory factoryOf() {
    return [](std::vector<ParamGroup> groups, const Options& options) -> std::unique_ptr<Optimizer> {
        return std::make_unique<O>(std::move(groups), options);
    };
}

struct Registry {
    std::mutex mutex;
    std::map<std::string, OptimizerFactory> factories{{"SGD", factoryOf<SGD>()},
                                                      {"Adam", factoryOf<Adam>()},
                                                      {"AdamW", factoryOf<AdamW>()},
                                                      {"RMSprop", factoryOf<RMSprop>()}};
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

void registerOptimizer(const std::string& name, OptimizerFactory factory) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    r.factories[name] = std::move(factory);
}

std::vector<std::string> optimizerNames() {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<std::string> names;
    for (const auto& [name, factory] : r.factories) names.push_back(name);
    return names;
}

std::unique_ptr<Optimizer> makeOptimizer(const std::string& name, std::vector<ParamGroup> groups,
                                         const io::Json& options) {
    OptimizerFactory factory;
    {
        auto& r = registry();
        std::lock_guard lock(r.mutex);
        const auto it = r.factories.find(name);
        if (it == r.factories.end()) {
            std::string known;
            for (const auto& [n, f] : r.factories) known += (known.empty() ? "" : ", ") + n;
            throw ValueError("unknown optimizer '" + name + "' (expected one of " + known + ")");
        }
        factory = it->second;
    }
    return factory(std::move(groups), optionsFromJson(options, name));
}

Options optionsFromJson(const io::Json& options, const std::string& where) {
    Options out;
    if (options.isNull()) return out;
    if (!options.isObject()) throw ValueError(where + ": options must be a JSON object");
    for (const auto& [key, value] : options.asObject()) {
        if (key == "betas") {
            if (!value.isArray() || value.size() != 2 || !value.asArray()[0].isNumber() ||
                !value.asArray()[1].isNumber())
                throw ValueError(where + ": 'betas' must be an array of two numbers");
            out["beta1"] = value.asArray()[0].asNumber();
            out["beta2"] = value.asArray()[1].asNumber();
        } else if (value.isBool()) {
            out[key] = value.asBool() ? 1.0 : 0.0;
        } else if (value.isNumber()) {
            out[key] = value.asNumber();
        } else {
            throw ValueError(where + ": option '" + key + "' must be a number or a boolean, found " +
                             std::string(io::typeName(value.type())));
        }
    }
    return out;
}

io::Json optionsToJson(const Options& options) {
    io::Json out = io::Json::object();
    for (const auto& [key, value] : options) {
        if (key == "beta1" || key == "beta2") continue;
        out.set(key, value);
    }
    if (options.contains("beta1") && options.contains("beta2"))
        out.set("betas", io::Json::array({options.at("beta1"), options.at("beta2")}));
    return out;
}

}  // namespace tessera::optim
