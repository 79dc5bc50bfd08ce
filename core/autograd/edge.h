// An Edge points at one input of a Node: the gradient a Node computes for its i-th forward input flows
// along next_edges[i] into `function` as that function's input number `inputNr`.
//
//   Edge e = gradientEdge(x);   // (x.gradFn(), outputNr) for a non-leaf, (AccumulateGrad, 0) for a leaf
#pragma once

#include <cstdint>
#include <memory>

namespace tessera::autograd {

class Node;

struct Edge {
    Edge() = default;
    Edge(std::shared_ptr<Node> fn, std::uint32_t nr) : function(std::move(fn)), inputNr(nr) {}
    bool isValid() const noexcept { return function != nullptr; }

    std::shared_ptr<Node> function;
    std::uint32_t inputNr = 0;
};

}  // namespace tessera::autograd
