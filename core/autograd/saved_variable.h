// A tensor saved by a Node for its backward, with the version it had when saved (Note [Version
// counter]). Saving the Node's own output keeps only its data, not its grad_fn, so no reference cycle
// forms; unpack() gives it its grad_fn back when a graph of the backward is being built.
//
//   node->self = SavedVariable(x);                   // an input
//   node->result = SavedVariable(out, true);         // the op's own output
//   Tensor x = node->self.unpack(this);              // in apply(); throws if x was modified in place
#pragma once

#include <cstdint>

#include "core/tensor/tensor.h"

namespace tessera::autograd {

class Node;

class SavedVariable {
public:
    SavedVariable() = default;
    explicit SavedVariable(const Tensor& t, bool isOutput = false);

    // The saved tensor; `savedFor` is the Node that saved it (names it in errors, and is the grad_fn of
    // an unpacked output).
    Tensor unpack(const Node* savedFor) const;
    // Frees the tensor; unpack() afterwards raises PyTorch's "backward through the graph a second time".
    void reset();
    bool wasDefined() const noexcept { return m_wasDefined; }
    // The data as saved (undefined after reset), for snapshots.
    const Tensor& data() const noexcept { return m_data; }

private:
    Tensor m_data;
    std::uint64_t m_version = 0;
    std::uint32_t m_outputNr = 0;
    bool m_isOutput = false;
    bool m_wasDefined = false;
    bool m_released = false;
};

}  // namespace tessera::autograd
