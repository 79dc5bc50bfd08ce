// TensorProbe: copies out what a graph model's layers hold at one moment of training — each layer's
// weights and their gradients, and each node's output (activation) on a small fixed batch — as plain
// numbers the UI thread can keep, plus a clone of the whole state dict (to try the model on other
// inputs without touching the one being trained). Called between batches on the thread that trains.
//
//   train::TensorProbe probe(*model, split.val.features.narrow(0, 0, 64));
//   trainer.callbacks().onStep = [&](const train::StepRecord& r) {
//       if (r.step % 10 == 0) publish(probe.sample(r.step));    // ProbeSample: plain data, any thread
//   };
//
// Sampling leaves the run unchanged: activations are computed in eval mode without autograd (no
// dropout draws, no batch-norm statistics updated), so a probed run gives the same weights as an
// unprobed one (Note [Training reproducibility]).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/graph/graph_module.h"
#include "core/nn/module.h"
#include "core/tensor/tensor.h"

namespace tessera::train {

enum class TensorKind { Weight, Gradient, Activation };

// "weight", "gradient", "activation".
std::string tensorKindName(TensorKind kind);

// One tensor copied out: float values in row-major order.
struct ProbedTensor {
    std::string layer;  // the graph node id ("conv1"), which is also its profiler scope
    std::string name;   // "weight", "bias" (weights and gradients), "output" or "output1" (activations)
    TensorKind kind = TensorKind::Weight;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
    std::int64_t nonFinite = 0;  // NaN and ±Inf values among `values`
};

struct ProbeSample {
    std::int64_t step = 0;              // optimiser steps taken when the sample was taken
    std::vector<ProbedTensor> tensors;  // in the graph's node order: weights, gradients, activations
    nn::NamedTensors state;             // detached clone of the model's state dict
};

class TensorProbe {
public:
    // `features`: the rows whose activations are recorded each time ([N, F] or [N, *inputShape]);
    // the model must outlive the probe.
    TensorProbe(graph::GraphModule& model, Tensor features);

    // Everything at this moment. Gradients are those of the last backward (absent before the first).
    ProbeSample sample(std::int64_t step) const;
    // Only the detached state dict (cheap enough to call whenever the run pauses).
    nn::NamedTensors state() const;

private:
    graph::GraphModule& m_model;
    Tensor m_features;
};

}  // namespace tessera::train
