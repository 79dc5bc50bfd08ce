// Weights for the moons-mlp example under which every forward output is finite but a gradient is not,
// for the suites that check how a bad gradient is reported (core trainer, GUI controller, CLI).
//
//   session.model().loadStateDict(overflowingGradientWeights(session.model()));
//   // with anomaly detection on, step 1 stops in fc2's backward Node
#pragma once

#include <algorithm>
#include <vector>

#include "core/graph/graph_module.h"
#include "core/tensor/factory.h"

// relu1 puts out 1e-30 everywhere and fc2's weights are 3e38 (near float's largest), so fc2's output is
// ~1e10, the logits ~3e14 and the loss finite; fc3 predicts class 0 for every row, so the rows of class 1
// send back a gradient of ~30 per unit, and the one fc2 passes to relu1 is ~30 · 32 · 3e38 = inf.
inline tessera::nn::NamedTensors overflowingGradientWeights(const tessera::graph::GraphModule& model) {
    using namespace tessera;
    nn::NamedTensors state;
    for (const auto& [name, t] : model.stateDict()) {
        if (name == "fc3.weight") {
            std::vector<float> w(64, 1e3f);
            std::fill(w.begin() + 32, w.end(), -1e3f);
            state.emplace_back(name, Tensor::fromVector(w, {2, 32}));
        } else {
            const double value = name == "fc1.bias" ? 1e-30 : name == "fc2.weight" ? 3e38 : 0.0;
            state.emplace_back(name, full(t.sizes(), value, t.dtype()));
        }
    }
    return state;
}
