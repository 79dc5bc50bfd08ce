// What a run that stopped on a NaN or an infinity reports: the step, whether the loss or a gradient
// went bad, the op (forward op or backward Node, named by autograd's anomaly mode) and the layer whose
// output first held the bad value — for a gradient, the layer whose forward created the backward Node.
//
//   TrainResult r = trainer.run();
//   if (r.reason == FinishReason::NonFinite) std::cerr << r.nonFinite->message() << "\n";
//   // "NaN in the loss at step 13: Anomaly detected: op 'log' produced nan values in its output of shape
//   //  [64, 3] (layer 'logits')"
//   // "Inf in a gradient at step 1: Anomaly detected: op 'mm' produced inf values in its output of shape
//   //  [64, 32] (AddmmBackward0, layer 'fc2')"
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/graph/graph_module.h"
#include "core/tensor/tensor.h"

namespace tessera::train {

struct NonFiniteReport {
    std::int64_t step = 0;  // the step that went bad (1-based, as StepRecord::step); it was not applied
    // Where it was caught: the loss (always checked), or with anomaly detection an op's output in the
    // forward pass or a backward Node's gradient.
    enum class Where { Loss, Forward, Backward };
    Where where = Where::Loss;
    bool nan = true;  // false: an infinity
    std::string op;   // "log", "LogBackward0"; "" when anomaly mode could not reproduce it
    // Graph node id whose output first held it, or for a gradient the layer that created the backward
    // Node; "" when none did.
    std::string layer;
    // For a gradient: the Node's whole layer scope when it lies inside the layer ("enc/self_attn");
    // "" when it is the layer itself.
    std::string scope;
    std::string detail;  // anomaly mode's own message
    // "NaN in the loss at step 13: …" ("in the forward pass", "in a gradient"), the detail, and the
    // layer (and scope) when known; a backward Node the detail does not name is named with them.
    std::string message() const;
};

// Of a model's nodes (in the graph's order of execution), the first whose output holds a NaN or an
// infinity on this batch with the current weights; "" when none does. Runs without autograd and
// leaves the weights and buffers as they were.
std::string firstNonFiniteNode(graph::GraphModule& model, const Tensor& features, const Tensor& targets);

// The backward Node anomaly mode stops on: of the Nodes a backward evaluates, in the engine's order, the
// first whose gradient for an input that needs one holds a NaN or an infinity.
struct BadGradient {
    std::string op;     // "AddmmBackward0"
    std::string scope;  // the profiler scope path the Node was created in: "fc2", "enc/self_attn"; "" at top
    bool nan = true;    // false: an infinity (anomaly mode's message says "nan" for both, as torch's)
    // The scope's first part: the graph node id for a GraphModule's Nodes.
    std::string layer() const;
};

// Runs `step` (a forward and backward, the bad step again) with anomaly mode off and returns the first
// bad gradient, or nullopt when none went bad. The model's state dict (batch norm's running statistics)
// is put back as it was; the gradients `step` accumulates are left for the caller to clear.
std::optional<BadGradient> firstNonFiniteGradient(nn::Module& model, const std::function<void()>& step);

// Makes `report` one of a gradient (Where::Backward) and, when `bad` was found, names its Node as the op,
// its layer and scope, and whether it held a NaN or an infinity. Anomaly mode's message stays the
// detail: it may name an op that ran inside the Node ("op 'mm' produced inf values …").
void describeBadGradient(NonFiniteReport& report, const std::optional<BadGradient>& bad);

// Fills op, nan, where and detail from the message of an AutogradError raised by anomaly mode; false
// (and nothing filled) for any other autograd error.
bool parseAnomaly(const std::string& what, NonFiniteReport& report);

}  // namespace tessera::train
