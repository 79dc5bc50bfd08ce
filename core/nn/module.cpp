#include "core/nn/module.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "core/autograd/grad_mode.h"
#include "core/kernels/copy.h"
#include "core/profile/profiler.h"

namespace tessera::nn {

Tensor Module::operator()(const Tensor& input) {
    profile::Scope scope(m_scopeName.empty() ? m_typeName : m_scopeName);
    return forward(input);
}

std::string Module::repr() const {
    std::ostringstream os;
    os << m_typeName << '(' << extraRepr();
    if (!m_children.empty()) {
        os << '\n';
        for (const auto& [name, child] : m_children) {
            std::string inner = child->repr();
            std::string indented;
            for (char c : inner) {
                indented += c;
                if (c == '\n') indented += "  ";
            }
            os << "  (" << name << "): " << indented << '\n';
        }
    }
    os << ')';
    return os.str();
}

Tensor Module::registerParameter(const std::string& name, Tensor value) {
    if (value.defined()) {
        value = value.detach();
        value.setRequiresGrad(true);
    }
    m_parameters.emplace_back(name, value);
    return value;
}

Tensor Module::registerBuffer(const std::string& name, Tensor value) {
    m_buffers.emplace_back(name, value);
    return value;
}

void Module::setParameter(const std::string& name, Tensor value) {
    for (auto& [n, t] : m_parameters)
        if (n == name) {
            t = value;
            return;
        }
    throw ValueError(m_typeName + ": no parameter named '" + name + "'");
}

void Module::setBuffer(const std::string& name, Tensor value) {
    for (auto& [n, t] : m_buffers)
        if (n == name) {
            t = value;
            return;
        }
    throw ValueError(m_typeName + ": no buffer named '" + name + "'");
}

void Module::addChild(const std::string& name, std::shared_ptr<Module> module) {
    if (!module) throw ValueError(m_typeName + ": child module '" + name + "' is null");
    module->m_scopeName = name;
    module->train(m_training);
    m_children.emplace_back(name, std::move(module));
}

void Module::collect(const std::string& prefix, bool recurse, bool params, NamedTensors& out) const {
    for (const auto& [name, t] : params ? m_parameters : m_buffers)
        if (t.defined()) out.emplace_back(prefix + name, t);
    if (!recurse) return;
    for (const auto& [name, child] : m_children) child->collect(prefix + name + ".", true, params, out);
}

NamedTensors Module::namedParameters(bool recurse) const {
    NamedTensors out;
    collect("", recurse, true, out);
    return out;
}

NamedTensors Module::namedBuffers(bool recurse) const {
    NamedTensors out;
    collect("", recurse, false, out);
    return out;
}

std::vector<Tensor> Module::parameters(bool recurse) const {
    std::vector<Tensor> out;
    for (auto& [name, t] : namedParameters(recurse)) out.push_back(t);
    return out;
}

NamedTensors Module::stateDict() const {
    // torch: this module's parameters, then its buffers, then each child's state_dict in order.
    NamedTensors out;
    std::function<void(const Module&, const std::string&)> walk = [&](const Module& m, const std::string& prefix) {
        for (const auto& [name, t] : m.m_parameters)
            if (t.defined()) out.emplace_back(prefix + name, t);
        for (const auto& [name, t] : m.m_buffers)
            if (t.defined()) out.emplace_back(prefix + name, t);
        for (const auto& [name, child] : m.m_children) walk(*child, prefix + name + ".");
    };
    walk(*this, "");
    return out;
}

void Module::loadStateDict(const NamedTensors& state, bool strict) {
    const NamedTensors own = stateDict();
    std::set<std::string> given;
    for (const auto& [name, t] : state) given.insert(name);
    std::vector<std::string> missing, unexpected;
    std::set<std::string> ownNames;
    for (const auto& [name, t] : own) {
        ownNames.insert(name);
        if (!given.count(name)) missing.push_back(name);
    }
    for (const auto& [name, t] : state)
        if (!ownNames.count(name)) unexpected.push_back(name);
    if (strict && (!missing.empty() || !unexpected.empty())) {
        std::ostringstream os;
        os << "Error(s) in loading state_dict for " << m_typeName << ":";
        auto list = [&](const char* what, const std::vector<std::string>& keys) {
            if (keys.empty()) return;
            os << ' ' << what << ": ";
            for (std::size_t i = 0; i < keys.size(); ++i) os << (i ? ", " : "") << '"' << keys[i] << '"';
            os << '.';
        };
        list("Missing key(s) in state_dict", missing);
        list("Unexpected key(s) in state_dict", unexpected);
        throw ValueError(os.str());
    }
    autograd::NoGradGuard noGrad;
    for (const auto& [name, target] : own) {
        // Named capture: clang 14 (the fuzz build) cannot capture a structured binding.
        auto it = std::find_if(state.begin(), state.end(), [&name = name](const auto& kv) { return kv.first == name; });
        if (it == state.end()) continue;
        if (it->second.sizes() != target.sizes())
            throw ShapeError("Error(s) in loading state_dict for " + m_typeName + ": size mismatch for " + name +
                             ": copying a param with shape " + shapeToString(it->second.sizes()) +
                             " from checkpoint, the shape in current model is " + shapeToString(target.sizes()) + ".");
        kernels::copy(target, it->second);
        target.bumpVersion();
    }
}

void Module::train(bool on) {
    m_training = on;
    for (auto& [name, child] : m_children) child->train(on);
    onTrainChanged();
}

void Module::zeroGrad() {
    for (auto& p : parameters()) p.setGrad(Tensor());
}

std::int64_t Module::parameterCount() const {
    std::int64_t n = 0;
    for (const auto& p : parameters()) n += p.numel();
    return n;
}

}  // namespace tessera::nn
