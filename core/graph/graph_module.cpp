#include "core/graph/graph_module.h"

#include <algorithm>
#include <map>

#include "core/autograd/grad_mode.h"
#include "core/graph/graph_layers.h"
#include "core/profile/profiler.h"

namespace tessera::graph {

std::shared_ptr<GraphModule> GraphModule::build(const ModelGraph& graph, Generator& gen) {
    GraphReport report = analyze(graph);
    if (report.hasErrors()) {
        std::string message = "cannot build the model:";
        for (const auto& p : report.problems) {
            if (p.severity == Severity::Error) message += "\n  " + formatProblem(p, &graph);
        }
        throw ValueError(message);
    }
    std::shared_ptr<GraphModule> m(new GraphModule);
    m->m_graph = graph;
    const auto& registry = NodeTypeRegistry::instance();
    std::map<std::string, std::size_t, std::less<>> stepOf;
    for (const auto& id : report.order) {
        const Node& node = graph.node(id);
        const NodeType& type = registry.get(node.type);
        const NodeReport& nr = *report.node(id);
        Step step;
        step.id = id;
        step.role = type.role;
        std::vector<TensorType> inputs;
        std::map<int, Edge> byPort;
        for (const auto& e : graph.inputEdges(id)) byPort.emplace(e.toPort, e);
        for (const auto& [port, e] : byPort) {
            step.inputs.emplace_back(stepOf.at(e.from), e.fromPort);
            inputs.push_back(*nr.inputs[static_cast<std::size_t>(port)]);
        }
        const NodeContext ctx{node, nr.params, inputs};
        step.built = type.build(ctx, gen);
        if (step.built.module) m->registerModule(id, step.built.module);
        if (type.role == NodeRole::Output) {
            m->m_output = m->m_steps.size();
            m->m_outputType = inputs.at(0);
        }
        if (type.role == NodeRole::Loss) {
            m->m_loss = m->m_steps.size();
            m->m_lossType = type.name;
        }
        if (type.role == NodeRole::Target) m->m_classes = nr.outputs.at(0).classes;
        if (std::dynamic_pointer_cast<Normalize>(step.built.module)) m->m_normalizers.push_back(m->m_steps.size());
        stepOf.emplace(id, m->m_steps.size());
        m->m_steps.push_back(std::move(step));
    }
    m->m_forwardPlan = m->plan({m->m_output});
    if (m->m_loss) m->m_lossPlan = m->plan({m->m_output, *m->m_loss});
    m->m_report = std::move(report);
    return m;
}

std::vector<std::size_t> GraphModule::plan(const std::vector<std::size_t>& targets) const {
    std::vector<bool> needed(m_steps.size(), false);
    std::vector<std::size_t> stack = targets;
    while (!stack.empty()) {
        const std::size_t s = stack.back();
        stack.pop_back();
        if (needed[s]) continue;
        needed[s] = true;
        for (const auto& [producer, port] : m_steps[s].inputs) stack.push_back(producer);
    }
    std::vector<std::size_t> out;
    for (std::size_t s = 0; s < m_steps.size(); ++s) {
        if (needed[s]) out.push_back(s);
    }
    return out;
}

std::vector<std::vector<Tensor>> GraphModule::run(const std::vector<std::size_t>& steps, const Tensor& features,
                                                  const Tensor* targets) const {
    std::vector<std::vector<Tensor>> values(m_steps.size());
    for (auto s : steps) {
        const Step& step = m_steps[s];
        std::vector<Tensor> inputs;
        if (step.role == NodeRole::Input) {
            inputs.push_back(features);
        } else if (step.role == NodeRole::Target) {
            if (!targets) throw ValueError("GraphModule: the loss needs targets");
            inputs.push_back(*targets);
        }
        for (const auto& [producer, port] : step.inputs)
            inputs.push_back(values[producer].at(static_cast<std::size_t>(port)));
        profile::Scope scope(step.id);
        values[s] = step.built.forward(inputs);
    }
    return values;
}

Tensor GraphModule::forward(const Tensor& features) { return run(m_forwardPlan, features, nullptr)[m_output].at(0); }

GraphModule::Result GraphModule::forwardWithLoss(const Tensor& features, const Tensor& targets) {
    if (!m_loss) throw ValueError("the model has no loss node, so it cannot be trained; add a loss and a Target");
    auto values = run(m_lossPlan, features, &targets);
    return {values[m_output].at(0), values[*m_loss].at(0)};
}

std::map<std::string, std::vector<Tensor>> GraphModule::evaluate(const Tensor& features, const Tensor* targets) {
    std::vector<std::size_t> steps;
    std::vector<bool> needsTarget(m_steps.size(), false);
    for (std::size_t s = 0; s < m_steps.size(); ++s) {
        needsTarget[s] = m_steps[s].role == NodeRole::Target;
        for (const auto& [producer, port] : m_steps[s].inputs) needsTarget[s] = needsTarget[s] || needsTarget[producer];
        if (targets || !needsTarget[s]) steps.push_back(s);
    }
    auto values = run(steps, features, targets);
    std::map<std::string, std::vector<Tensor>> out;
    for (auto s : steps) out.emplace(m_steps[s].id, std::move(values[s]));
    return out;
}

std::shared_ptr<nn::Module> GraphModule::nodeModule(std::string_view id) const {
    for (const auto& step : m_steps) {
        if (step.id == id) return step.built.module;
    }
    return nullptr;
}

bool GraphModule::hasNormalization() const { return !m_normalizers.empty(); }

void GraphModule::fitNormalization(const Tensor& trainFeatures) {
    if (m_normalizers.empty()) return;
    autograd::NoGradGuard noGrad;
    const bool wasTraining = isTraining();
    eval();
    try {
        for (auto s : m_normalizers) {
            const auto& [producer, port] = m_steps[s].inputs.at(0);
            auto values = run(plan({producer}), trainFeatures, nullptr);
            std::static_pointer_cast<Normalize>(m_steps[s].built.module)
                ->fit(values[producer].at(static_cast<std::size_t>(port)));
        }
    } catch (...) {
        train(wasTraining);
        throw;
    }
    train(wasTraining);
}

std::vector<std::int64_t> GraphModule::inputShape() const {
    const NodeReport* input = m_report.node(m_report.inputId);
    std::vector<std::int64_t> shape;
    for (std::size_t d = 1; d < input->outputs.at(0).shape.size(); ++d)
        shape.push_back(input->outputs[0].shape[d].size);
    return shape;
}

}  // namespace tessera::graph
