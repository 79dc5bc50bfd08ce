// A computation graph with the tensors a person named: the autograd snapshot of one run (a playground
// script, or a training step) plus each named tensor's value, gradient and the grad_fn that produced it.
// The graph model and view draw it; any GraphSnapshot can be wrapped with fromSnapshot().
//
//   CaptureInput a{.name = "a", .sizes = {3}, .values = {1, 2, 3}, .requiresGrad = true};
//   CapturedGraph g = captureScript("b = a * 3\nc = b.mean()\n", {a});   // backward of c recorded
//   g.snapshot.nodes[g.snapshot.roots[0]].name;                            // "MeanBackward0"
//   g.tensors;                                                              // a, b, c with values and grads
//   CapturedGraph step = captureStep(net, [&] { return ops::mseLoss(net(x), y); });   // a training step
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/autograd/graph_snapshot.h"

namespace tessera::nn {
class Module;
}

namespace tessera::widgets {

struct CaptureInput {
    std::string name;
    Shape sizes;
    std::vector<double> values;  // row-major; must have as many elements as `sizes`
    bool requiresGrad = true;
    DType dtype = DType::Float32;
};

struct CapturedTensor {
    std::string name;
    autograd::SnapshotTensor value;
    autograd::SnapshotTensor grad;        // .grad after the recorded backward (leaves and retained grads)
    autograd::SnapshotTensor gradBefore;  // .grad just before the recorded backward (accumulation)
    std::ptrdiff_t node = -1;             // snapshot index of its grad_fn (or of a leaf's AccumulateGrad)
    std::uint32_t outputNr = 0;
    bool isLeaf = true;
    bool requiresGrad = false;
    bool isInput = false;  // given from outside the script (a playground input)
};

struct CapturedGraph {
    autograd::GraphSnapshot snapshot;  // recorded with values, around the backward when there was one
    std::vector<CapturedTensor> tensors;
    std::string backwardTarget;  // the variable backward ran on ("" when none ran)
};

// Wraps a snapshot taken elsewhere: no named tensors beyond its leaves and roots.
CapturedGraph fromSnapshot(autograd::GraphSnapshot snapshot);

// The name every autograd view gives the root of a training step: the tensor backward runs on.
inline constexpr const char* kLossName = "loss";

// Wraps a trainer's snapshot of one step (backward ran on its first root, the loss): the root is named
// kLossName, as captureStep names it, so both training-step views call it the same.
CapturedGraph fromTrainingStep(autograd::GraphSnapshot snapshot);

// Runs `script` (the expression language) with `inputs`, then backward on `backwardTarget` — or, when
// it is empty, on the last assigned one-element tensor that has a grad_fn — recording the graph with
// values and the engine's order. Leaves the script created with requires_grad are named after their
// variables. Throws script::ScriptError for the script's errors and ValueError for a bad input or
// target.
CapturedGraph captureScript(const std::string& script, const std::vector<CaptureInput>& inputs,
                            const std::string& backwardTarget = {});

// One training step of `module`: names each parameter after its torch name ("0.weight") for the
// graph, calls `loss` (which runs the module, so its ops carry the layers' scopes) and records the
// backward of the loss it returns. Parameters' .grad are left as backward made them.
CapturedGraph captureStep(const nn::Module& module, const std::function<Tensor()>& loss);

}  // namespace tessera::widgets
