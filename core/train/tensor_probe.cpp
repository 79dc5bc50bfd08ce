#include "core/train/tensor_probe.h"

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/graph/node_type_registry.h"
#include "core/ops/view.h"

namespace tessera::train {

std::string tensorKindName(TensorKind kind) {
    switch (kind) {
        case TensorKind::Weight:
            return "weight";
        case TensorKind::Gradient:
            return "gradient";
        case TensorKind::Activation:
            return "activation";
    }
    return {};
}

namespace {

ProbedTensor copyOut(const std::string& layer, const std::string& name, TensorKind kind, const Tensor& t) {
    ProbedTensor p;
    p.layer = layer;
    p.name = name;
    p.kind = kind;
    p.shape = t.sizes();
    if (t.dtype() == DType::Float32) {
        p.values = t.toVector<float>();
    } else {
        for (double v : ops::to(t, DType::Float64).toVector<double>()) p.values.push_back(static_cast<float>(v));
    }
    for (float v : p.values)
        if (!std::isfinite(v)) ++p.nonFinite;
    return p;
}

}  // namespace

TensorProbe::TensorProbe(graph::GraphModule& model, Tensor features)
    : m_model(model), m_features(std::move(features)) {}

nn::NamedTensors TensorProbe::state() const {
    autograd::NoGradGuard noGrad;
    nn::NamedTensors out;
    for (const auto& [name, t] : m_model.stateDict())
        if (t.defined()) out.emplace_back(name, ops::clone(t.detach()));
    return out;
}

ProbeSample TensorProbe::sample(std::int64_t step) const {
    ProbeSample s;
    s.step = step;
    s.state = state();
    std::map<std::string, std::vector<Tensor>> outputs;
    if (m_features.defined()) {
        autograd::NoGradGuard noGrad;
        const bool wasTraining = m_model.isTraining();
        m_model.eval();
        try {
            outputs = m_model.evaluate(m_features);
        } catch (...) {
            m_model.train(wasTraining);
            throw;
        }
        m_model.train(wasTraining);
    }
    const auto& registry = graph::NodeTypeRegistry::instance();
    for (const graph::Node& node : m_model.graph().nodes()) {
        const graph::NodeType* type = registry.find(node.type);
        if (!type || type->role != graph::NodeRole::Layer) continue;
        std::vector<ProbedTensor> grads;
        if (auto module = m_model.nodeModule(node.id)) {
            for (const auto& [name, p] : module->namedParameters()) {
                if (!p.defined()) continue;
                s.tensors.push_back(copyOut(node.id, name, TensorKind::Weight, p.detach()));
                if (Tensor g = p.grad(); g.defined()) grads.push_back(copyOut(node.id, name, TensorKind::Gradient, g));
            }
        }
        for (auto& g : grads) s.tensors.push_back(std::move(g));
        auto it = outputs.find(node.id);
        if (it == outputs.end()) continue;
        for (std::size_t i = 0; i < it->second.size(); ++i) {
            if (!it->second[i].defined() || !isFloating(it->second[i].dtype())) continue;
            const std::string name = i == 0 ? std::string("output") : "output" + std::to_string(i);
            s.tensors.push_back(copyOut(node.id, name, TensorKind::Activation, it->second[i]));
        }
    }
    return s;
}

}  // namespace tessera::train
