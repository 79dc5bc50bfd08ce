#include "core/optim/scheduler_registry.h"

#include <map>
#include <mutex>
#include <set>

#include "core/optim/cosine_annealing_lr.h"
#include "core/optim/linear_lr.h"
#include "core/optim/one_cycle_lr.h"
#include "core/optim/step_lr.h"
#include "core/tensor/error.h"

namespace tessera::optim {

namespace {

// Reads torch's keyword arguments of one scheduler, refusing keywords it does not know.
class Keywords {
public:
    Keywords(std::string scheduler, const io::Json& options, std::set<std::string> known)
        : m_scheduler(std::move(scheduler)), m_options(options) {
        if (options.isNull()) return;
        if (!options.isObject()) throw ValueError(m_scheduler + ": options must be a JSON object");
        for (const auto& [key, value] : options.asObject())
            if (!known.contains(key))
                throw ValueError(m_scheduler + ": __init__() got an unexpected keyword argument '" + key + "'");
    }
    const io::Json* find(const std::string& key) const { return m_options.isObject() ? m_options.find(key) : nullptr; }
    double number(const std::string& key, double fallback) const {
        const io::Json* v = find(key);
        if (!v) return fallback;
        if (!v->isNumber()) throw ValueError(m_scheduler + ": '" + key + "' must be a number");
        return v->asNumber();
    }
    std::int64_t integer(const std::string& key) const {
        const io::Json* v = find(key);
        if (!v) throw ValueError(m_scheduler + ": __init__() missing required argument '" + key + "'");
        if (!v->isInteger()) throw ValueError(m_scheduler + ": '" + key + "' must be an integer");
        return v->asInteger();
    }
    std::int64_t integer(const std::string& key, std::int64_t fallback) const {
        return find(key) ? integer(key) : fallback;
    }
    bool flag(const std::string& key, bool fallback) const {
        const io::Json* v = find(key);
        if (!v) return fallback;
        if (!v->isBool()) throw ValueError(m_scheduler + ": '" + key + "' must be a boolean");
        return v->asBool();
    }
    const std::string& scheduler() const { return m_scheduler; }

private:
    std::string m_scheduler;
    const io::Json& m_options;
};

std::unique_ptr<LRScheduler> makeStepLR(Optimizer& opt, const io::Json& json) {
    Keywords k("StepLR", json, {"step_size", "gamma"});
    return std::make_unique<StepLR>(opt, StepLR::Options{k.integer("step_size"), k.number("gamma", 0.1)});
}

std::unique_ptr<LRScheduler> makeCosine(Optimizer& opt, const io::Json& json) {
    Keywords k("CosineAnnealingLR", json, {"T_max", "eta_min"});
    return std::make_unique<CosineAnnealingLR>(opt,
                                               CosineAnnealingLR::Options{k.integer("T_max"), k.number("eta_min", 0)});
}

std::unique_ptr<LRScheduler> makeLinear(Optimizer& opt, const io::Json& json) {
    Keywords k("LinearLR", json, {"start_factor", "end_factor", "total_iters"});
    return std::make_unique<LinearLR>(opt, LinearLR::Options{k.number("start_factor", 1.0 / 3),
                                                             k.number("end_factor", 1.0), k.integer("total_iters", 5)});
}

std::unique_ptr<LRScheduler> makeOneCycle(Optimizer& opt, const io::Json& json) {
    Keywords k("OneCycleLR", json,
               {"max_lr", "total_steps", "epochs", "steps_per_epoch", "pct_start", "anneal_strategy", "cycle_momentum",
                "base_momentum", "max_momentum", "div_factor", "final_div_factor", "three_phase"});
    OneCycleLR::Options o;
    const io::Json* maxLr = k.find("max_lr");
    if (!maxLr) throw ValueError("OneCycleLR: __init__() missing required argument 'max_lr'");
    if (maxLr->isArray()) {
        for (const auto& v : maxLr->asArray()) {
            if (!v.isNumber()) throw ValueError("OneCycleLR: 'max_lr' must be a number or an array of numbers");
            o.maxLr.push_back(v.asNumber());
        }
    } else if (maxLr->isNumber()) {
        o.maxLr = {maxLr->asNumber()};
    } else {
        throw ValueError("OneCycleLR: 'max_lr' must be a number or an array of numbers");
    }
    if (k.find("total_steps"))
        o.totalSteps = k.integer("total_steps");
    else if (k.find("epochs") && k.find("steps_per_epoch"))
        o.totalSteps = k.integer("epochs") * k.integer("steps_per_epoch");
    else
        throw ValueError("You must define either total_steps OR (epochs AND steps_per_epoch)");
    o.pctStart = k.number("pct_start", o.pctStart);
    if (const io::Json* a = k.find("anneal_strategy")) {
        if (a->isString() && a->asString() == "cos")
            o.annealStrategy = OneCycleLR::Anneal::Cos;
        else if (a->isString() && a->asString() == "linear")
            o.annealStrategy = OneCycleLR::Anneal::Linear;
        else
            throw ValueError("anneal_strategy must by one of 'cos' or 'linear'");
    }
    o.cycleMomentum = k.flag("cycle_momentum", o.cycleMomentum);
    o.baseMomentum = k.number("base_momentum", o.baseMomentum);
    o.maxMomentum = k.number("max_momentum", o.maxMomentum);
    o.divFactor = k.number("div_factor", o.divFactor);
    o.finalDivFactor = k.number("final_div_factor", o.finalDivFactor);
    o.threePhase = k.flag("three_phase", o.threePhase);
    return std::make_unique<OneCycleLR>(opt, std::move(o));
}

struct Registry {
    std::mutex mutex;
    std::map<std::string, SchedulerFactory> factories{{"StepLR", makeStepLR},
                                                      {"CosineAnnealingLR", makeCosine},
                                                      {"LinearLR", makeLinear},
                                                      {"OneCycleLR", makeOneCycle}};
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

void registerScheduler(const std::string& name, SchedulerFactory factory) {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    r.factories[name] = std::move(factory);
}

std::vector<std::string> schedulerNames() {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<std::string> names;
    for (const auto& [name, factory] : r.factories) names.push_back(name);
    return names;
}

std::unique_ptr<LRScheduler> makeScheduler(const std::string& name, Optimizer& optimizer, const io::Json& options) {
    SchedulerFactory factory;
    {
        auto& r = registry();
        std::lock_guard lock(r.mutex);
        const auto it = r.factories.find(name);
        if (it == r.factories.end()) {
            std::string known;
            for (const auto& [n, f] : r.factories) known += (known.empty() ? "" : ", ") + n;
            throw ValueError("unknown scheduler '" + name + "' (expected one of " + known + ")");
        }
        factory = it->second;
    }
    return factory(optimizer, options);
}

}  // namespace tessera::optim
