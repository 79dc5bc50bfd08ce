// The backward engine: runs the graph from roots to leaves in PyTorch's order (ready Nodes by
// descending sequence number), sums gradients where paths meet, and accumulates into leaves' .grad
// (backward) or returns the gradients of chosen inputs (grad).
//
//   Tensor loss = ops::mean(ops::mul(a, b));
//   autograd::backward({loss});                              // a.grad(), b.grad() now set
//   auto g = autograd::grad({y}, {x}, {}, true, true);       // dy/dx with a graph, for second order
#pragma once

#include <optional>

#include "core/autograd/function.h"

namespace tessera::autograd {

// tensors.backward(grad_tensors): a missing gradient is an implicit 1 for a one-element root and an
// error otherwise (PyTorch's "grad can be implicitly created only for scalar outputs").
void backward(const TensorList& tensors, const TensorList& gradTensors = {}, std::optional<bool> retainGraph = {},
              bool createGraph = false);

// torch.autograd.grad. retainGraph defaults to createGraph. An input not reached raises unless
// allowUnused, in which case its result is undefined.
TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& gradOutputs = {},
                std::optional<bool> retainGraph = {}, bool createGraph = false, bool allowUnused = false);

// Sums `grad` down to `sizes` over the dims that broadcasting expanded (at::sum_to).
Tensor sumToSize(const Tensor& grad, const Shape& sizes);

// Sees every Node the engine evaluates on this thread, in the engine's order, with the gradients it
// received (after hooks) and the ones it produced (after summing to the inputs' shapes).
class BackwardObserver {
public:
    virtual ~BackwardObserver() = default;
    virtual void nodeEvaluated(const Node& node, const TensorList& gradsIn, const TensorList& gradsOut) = 0;
};

// Installs `observer` for the backward passes run on this thread while it lives.
class ObserveBackward {
public:
    explicit ObserveBackward(BackwardObserver& observer) noexcept;
    ~ObserveBackward();
    ObserveBackward(const ObserveBackward&) = delete;
    ObserveBackward& operator=(const ObserveBackward&) = delete;

private:
    BackwardObserver* m_previous;
};

namespace detail {
// a + b where two gradient paths meet (recorded when building a graph of the backward).
Tensor accumulate(const Tensor& a, const Tensor& b);
// A gradient that is safe to keep as .grad (not aliasing a buffer the engine may reuse).
Tensor cloneGrad(const Tensor& g);
}  // namespace detail

}  // namespace tessera::autograd
