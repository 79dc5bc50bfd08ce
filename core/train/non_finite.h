// What a run that stopped on a NaN or an infinity reports: the step, whether the loss or a gradient
// went bad, the op (forward op or backward Node, named by autograd's anomaly mode) and the layer whose
// output first held the bad value.
//
//   TrainResult r = trainer.run();
//   if (r.reason == FinishReason::NonFinite) std::cerr << r.nonFinite->message() << "\n";
//   // "NaN in the loss at step 13: Anomaly detected: op 'log' produced nan values in its output of shape
//   //  [64, 3] (layer 'logits')"
#pragma once

#include <cstdint>
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
    bool nan = true;     // false: an infinity
    std::string op;      // "log", "LogBackward0"; "" when anomaly mode could not reproduce it
    std::string layer;   // graph node id whose output first held it; "" when none did
    std::string detail;  // anomaly mode's own message
    // "NaN in the loss at step 13: …" ("in the forward pass", "in a gradient"), the detail, and the
    // layer when known.
    std::string message() const;
};

// Of a model's nodes (in the graph's order of execution), the first whose output holds a NaN or an
// infinity on this batch with the current weights; "" when none does. Runs without autograd and
// leaves the weights and buffers as they were.
std::string firstNonFiniteNode(graph::GraphModule& model, const Tensor& features, const Tensor& targets);

// Fills op, nan, where and detail from the message of an AutogradError raised by anomaly mode; false
// (and nothing filled) for any other autograd error.
bool parseAnomaly(const std::string& what, NonFiniteReport& report);

}  // namespace tessera::train
