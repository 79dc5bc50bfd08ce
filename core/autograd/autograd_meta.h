// The autograd state of a tensor besides its grad_fn and output number (those are in TensorImpl),
// allocated on first use: requires_grad of a leaf, .grad, the leaf's accumulator, hooks, retain_grad.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::autograd {

class Node;

struct AutogradMeta {
    bool requiresGrad = false;  // set on leaves by the user; non-leaves require grad through gradFn
    Tensor grad;
    std::weak_ptr<Node> gradAccumulator;  // the leaf's AccumulateGrad, alive while a graph uses it
    bool retainsGrad = false;
    // Hooks on a leaf's gradient, run by its AccumulateGrad before accumulation.
    std::vector<std::function<Tensor(const Tensor&)>> leafHooks;
    std::string name;  // optional display name ("fc1.weight") for graph snapshots
};

// The meta of `t`, created if absent.
AutogradMeta& autogradMeta(const Tensor& t);
// The meta of `t` or nullptr.
inline AutogradMeta* autogradMetaIfAny(const Tensor& t) { return t.defined() ? t.impl().autograd.get() : nullptr; }

}  // namespace tessera::autograd
