// GraphModule: a ModelGraph built into an nn::Module. Each node's layer is a child named after the
// node id, so state_dict keys read "conv1.weight", "norm.mean"; forward runs the nodes in topological
// order, each inside a profiler scope named after its node id, and returns the Output node's tensor.
// The trainer also gets the loss node's value, and fits the Normalize nodes' statistics first.
//
//   Generator gen(seed);
//   auto model = graph::GraphModule::build(graph, gen);   // ValueError listing the graph's problems
//   model->fitNormalization(train.features);              // [N, F] rows of the training split
//   auto [output, loss] = model->forwardWithLoss(batch.x, batch.y);
//   loss.backward();
//   Tensor prediction = (*model)(x);                       // [N, F] → the Output node's tensor
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/analysis.h"
#include "core/graph/model_graph.h"
#include "core/graph/node_type_registry.h"
#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::graph {

class GraphModule : public nn::Module {
public:
    // Builds every node in topological order, drawing initial weights from `gen` (same seed, same
    // weights). Throws ValueError "cannot build the model: …" with every error of analyze().
    static std::shared_ptr<GraphModule> build(const ModelGraph& graph, Generator& gen);

    // features: [N, F] rows (or [N, *inputShape]) → the Output node's tensor.
    Tensor forward(const Tensor& features) override;

    struct Result {
        Tensor output;  // the Output node's tensor
        Tensor loss;    // the loss node's 0-d value
    };
    // targets: int64 class indices [N] or float regression values [N] / [N, k], as the Target expects.
    // Throws ValueError when the graph has no loss.
    Result forwardWithLoss(const Tensor& features, const Tensor& targets);

    // Every node's outputs by node id, for inspecting activations and checking exporters node by node.
    // Without targets, the Target, the loss and what depends on them are left out; with targets the
    // loss node's entry holds its value.
    std::map<std::string, std::vector<Tensor>> evaluate(const Tensor& features, const Tensor* targets = nullptr);
    // The layer of node `id` (its weights live there); nullptr for nodes without one (Input, Add, losses…).
    std::shared_ptr<nn::Module> nodeModule(std::string_view id) const;

    // Fits every Normalize node from the training features (no gradient, eval mode for the layers
    // before it); a no-op when the graph has none.
    void fitNormalization(const Tensor& trainFeatures);
    bool hasNormalization() const;

    const ModelGraph& graph() const { return m_graph; }
    const GraphReport& report() const { return m_report; }
    // The Input's sample shape, the Output's type, the loss node's type ("CrossEntropyLoss"), and the
    // Target's class count (nullopt for regression).
    std::vector<std::int64_t> inputShape() const;
    const TensorType& outputType() const { return m_outputType; }
    const std::string& lossType() const { return m_lossType; }  // "" without a loss
    std::optional<std::int64_t> classes() const { return m_classes; }

private:
    struct Step {
        std::string id;
        NodeRole role = NodeRole::Layer;
        std::vector<std::pair<std::size_t, int>> inputs;  // (producing step, its output port) per input port
        BuiltNode built;
    };

    GraphModule() : Module("GraphModule") {}
    // Steps needed for the nodes in `targets` (and nothing else), in topological order.
    std::vector<std::size_t> plan(const std::vector<std::size_t>& targets) const;
    // Runs `steps`; returns the outputs of every step (empty for steps not run).
    std::vector<std::vector<Tensor>> run(const std::vector<std::size_t>& steps, const Tensor& features,
                                         const Tensor* targets) const;

    ModelGraph m_graph;
    GraphReport m_report;
    std::vector<Step> m_steps;  // topological order
    std::size_t m_output = 0;
    std::optional<std::size_t> m_loss;  // none: the model predicts but cannot train
    std::vector<std::size_t> m_forwardPlan, m_lossPlan;
    std::vector<std::size_t> m_normalizers;  // steps of Normalize nodes
    TensorType m_outputType;
    std::string m_lossType;
    std::optional<std::int64_t> m_classes;
};

}  // namespace tessera::graph
