// Shape inference and validation of a ModelGraph: the shape on every edge (batch dimension "N"), each
// node's parameter count and multiply-accumulates per sample with model totals, and the problems —
// unknown types, bad parameter values, cycles, unconnected or doubly connected ports, shape
// mismatches, a missing Input/Output/Target/loss — each attached to the node (and port or parameter)
// that causes it, in words a person understands. It never throws on a bad graph; the designer reruns
// it on every edit.
//
//   GraphReport r = analyze(graph);
//   for (const auto& p : r.problems) std::cout << formatProblem(p) << "\n";
//       // "fc (Linear), input 0: Linear expects 1568 input features, gets [N, 8, 14, 14] — add Flatten"
//   if (auto t = r.edgeType(graph.edges()[0])) label = toString(t->shape);   // "[N, 8, 8, 8]"
//   std::int64_t params = r.totalParameters, macs = r.totalMacs;
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/model_graph.h"
#include "core/graph/tensor_type.h"
#include "core/io/json.h"

namespace tessera::graph {

enum class Severity { Error, Warning };

struct Problem {
    Severity severity = Severity::Error;
    std::string nodeId;  // "" for a problem of the whole graph (no Input node, …)
    int port = -1;       // input port at fault, -1 when none
    std::string param;   // parameter at fault, "" when none
    std::string message;
};

struct NodeReport {
    std::string id;
    std::string type;
    io::Json params;                                // resolved: the schema's defaults filled in
    std::vector<std::optional<TensorType>> inputs;  // per input port; nullopt when unknown/unconnected
    std::vector<TensorType> outputs;                // empty when inference failed
    std::int64_t parameters = 0;
    std::int64_t macs = 0;  // per sample
    bool ok = false;        // inference succeeded and no error is attached to the node
};

struct GraphReport {
    std::vector<NodeReport> nodes;  // in graph order
    std::vector<Problem> problems;
    std::vector<std::string> order;  // a topological order (nodes on a cycle are left out)
    std::int64_t totalParameters = 0;
    std::int64_t totalMacs = 0;
    // Ids of the special nodes ("" when absent).
    std::string inputId, outputId, targetId, lossId;

    bool hasErrors() const;
    const NodeReport* node(std::string_view id) const;
    // The type flowing along an edge; nullopt when its source could not be inferred.
    std::optional<TensorType> edgeType(const Edge& edge) const;
    std::vector<Problem> problemsOf(std::string_view nodeId) const;
};

// What is known of the data set the model will see; each field that is set is checked.
struct AnalyzeOptions {
    // Features per row ([N, F]): the Input's shape must hold exactly F.
    std::optional<std::int64_t> inputFeatures = std::nullopt;
    // Classification: the number of classes, which the Target must have.
    std::optional<std::int64_t> classes = std::nullopt;
    // Regression: values per sample, which the Target's shape must hold.
    std::optional<std::int64_t> targetWidth = std::nullopt;
};

GraphReport analyze(const ModelGraph& graph, const AnalyzeOptions& options = {});

// "fc (Linear), input 0: …", "conv1 (Conv2d), parameter 'stride': …", "model: …"
std::string formatProblem(const Problem& problem, const ModelGraph* graph = nullptr);

}  // namespace tessera::graph
