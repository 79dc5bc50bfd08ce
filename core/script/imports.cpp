#include "core/script/imports.h"

#include <cmath>
#include <limits>
#include <set>

#include "core/ml/base/registry.h"
#include "core/script/binding.h"
#include "core/script/ml_objects.h"

namespace tessera::script {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s == prefix || (s.starts_with(prefix) && s.size() > prefix.size() && s[prefix.size()] == '.');
}

// Modules whose names the script tables hold: sklearn, Tessera's own, and scipy.stats' distributions.
bool isTableModule(std::string_view m) {
    return startsWith(m, "sklearn") || startsWith(m, "tessera") || startsWith(m, "scipy");
}

// The sklearn, tessera and scipy modules scripts can use: every module of a registered estimator and of a
// bound function, and their parents.
const std::set<std::string, std::less<>>& knownModules() {
    static const std::set<std::string, std::less<>> modules = [] {
        std::set<std::string, std::less<>> out{"sklearn", "tessera", "sklearn.model_selection"};
        auto addWithParents = [&](std::string m) {
            while (!m.empty()) {
                out.insert(m);
                const auto dot = m.rfind('.');
                m = dot == std::string::npos ? std::string() : m.substr(0, dot);
            }
        };
        for (const auto* info : ml::EstimatorRegistry::instance().all()) addWithParents(info->module);
        for (const auto& name : BindingTable::instance().names())
            if (startsWith(name, "sklearn") || startsWith(name, "tessera"))
                addWithParents(name.substr(0, name.rfind('.')));
        return out;
    }();
    return modules;
}

bool isTorchModule(std::string_view m) {
    return m == "torch" || m == "torch.nn" || m == "torch.nn.functional" || m == "torch.autograd";
}

}  // namespace

bool isNumpyStyleModule(std::string_view module) { return isTableModule(module) || startsWith(module, "numpy"); }

Value importValue(std::string_view module, std::string_view name) {
    const std::string qualified = std::string(module) + "." + std::string(name);
    if (isTableModule(module)) {
        if (isClass(qualified) || BindingTable::instance().find(qualified)) return Value::callable(qualified);
        if (knownModules().count(qualified)) return Value::module(qualified);
        if (const ml::EstimatorInfo* info = ml::EstimatorRegistry::instance().find(name))
            throw ValueError("ImportError: cannot import name '" + std::string(name) + "' from '" +
                             std::string(module) + "' (" + info->name + " is in " + info->module + ")");
        throw ValueError("ImportError: " + qualified + " is not available in Tessera");
    }
    if (module == "numpy" || isTorchModule(module)) {
        if (auto v = moduleAttribute(module, name)) return *v;
        throw ValueError("ImportError: cannot import name '" + std::string(name) + "' from '" + std::string(module) +
                         "' (or it is not available in Tessera)");
    }
    throw ValueError("ModuleNotFoundError: No module named '" + std::string(module) +
                     "' (scripts import from sklearn, tessera, scipy.stats, numpy and torch)");
}

Value importModule(std::string_view module) {
    if (module == "numpy" || isTorchModule(module) || knownModules().count(module))
        return Value::module(std::string(module));
    throw ValueError("ModuleNotFoundError: No module named '" + std::string(module) +
                     "' (scripts import from sklearn, tessera, scipy.stats, numpy and torch)");
}

std::optional<Value> moduleAttribute(std::string_view module, std::string_view name) {
    const std::string path = std::string(module) + "." + std::string(name);
    if (module == "numpy") {
        if (name == "float64" || name == "double") return Value(DType::Float64);
        if (name == "float32") return Value(DType::Float32);
        if (name == "int64") return Value(DType::Int64);
        if (name == "bool_") return Value(DType::Bool);
        if (name == "nan" || name == "NaN") return Value(std::numeric_limits<double>::quiet_NaN());
        if (name == "inf") return Value(std::numeric_limits<double>::infinity());
        if (name == "pi") return Value(M_PI);
        return std::nullopt;
    }
    if (module == "torch") {
        static const std::pair<std::string_view, DType> kDTypes[] = {
            {"float32", DType::Float32}, {"float", DType::Float32}, {"float64", DType::Float64},
            {"double", DType::Float64},  {"int64", DType::Int64},   {"long", DType::Int64},
            {"bool", DType::Bool}};
        for (const auto& [n, dtype] : kDTypes)
            if (name == n) return Value(dtype);
    }
    if (isTorchModule(path)) return Value::module(path);
    if (isTableModule(module)) {
        if (knownModules().count(path)) return Value::module(path);
        if (isClass(path) || BindingTable::instance().find(path)) return Value::callable(path);
    }
    return std::nullopt;
}

}  // namespace tessera::script
