// A picture of the autograd graph behind some tensors: its Nodes (PyTorch's names, creation order,
// layer scope, saved tensors), its edges, and — when recorded around a backward — each Node's place
// in the engine's order with the gradients it received and produced. This is what the CLI's --dot
// and the computation-graph view show.
//
//   autograd::GraphRecorder recorder({loss}, /*withValues=*/true);
//   {
//       autograd::ObserveBackward observe(recorder);
//       loss.backward();
//   }
//   const GraphSnapshot& g = recorder.snapshot();   // g.nodes[i].backwardOrder, .gradsIn, .gradsOut
//   std::string dot = toDot(g);
//
// To also keep what each op computed in the forward pass — outputs nobody holds any more, such as
// the a * 3 inside (a * 3).mean() — record the forward with a ForwardRecorder and hand it over:
//
//   autograd::ForwardRecorder forward(/*withValues=*/true);
//   Tensor c = ops::mean(ops::mul(a, three));
//   autograd::GraphRecorder recorder({c}, /*withValues=*/true, &forward);   // nodes[i].outputs
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/autograd/engine.h"

namespace tessera::autograd {

struct SnapshotTensor {
    std::string name;  // "self", "grad_in[0]", a leaf's display name, …
    bool defined = false;
    Shape sizes;
    Shape strides;
    DType dtype = DType::Float32;
    std::uintptr_t storageId = 0;  // equal for tensors sharing storage
    std::vector<double> values;    // row-major, only when values were requested
};

struct SnapshotNode {
    std::string name;  // "MulBackward0", "AccumulateGrad"
    std::string op;    // the forward op that created it ("mul", "conv2d"), when a ForwardRecorder saw it
    std::uint64_t sequenceNr = 0;
    std::string scope;  // layer path that created the Node ("" at top level)
    bool isLeafAccumulator = false;
    SnapshotTensor variable;  // for AccumulateGrad: the leaf (and, after backward, its .grad in `leafGrad`)
    SnapshotTensor leafGrad;
    std::vector<SnapshotTensor> saved;
    std::vector<SnapshotTensor> outputs;  // the forward outputs by output number, when a ForwardRecorder saw them
    int backwardOrder = -1;               // position in the engine's order, -1 if not run
    // As PyTorch's backward hooks name them: what the Node received is grad_output (the gradient of
    // its forward outputs), what it returned is grad_input (one per forward input).
    std::vector<SnapshotTensor> gradsIn;   // "grad_output[i]"
    std::vector<SnapshotTensor> gradsOut;  // "grad_input[i]"
};

// The gradient of `from`'s forward input `outputIndex` flows into `to`'s input `inputNr`.
struct SnapshotEdge {
    std::size_t from = 0;
    std::size_t to = 0;
    std::size_t outputIndex = 0;
    std::uint32_t inputNr = 0;
};

struct GraphSnapshot {
    std::vector<SnapshotNode> nodes;  // roots first, then in depth-first order
    std::vector<SnapshotEdge> edges;
    std::vector<std::size_t> roots;  // node index of each root tensor's grad_fn
    std::vector<SnapshotTensor> rootTensors;
};

// Describes one tensor (values only when asked).
SnapshotTensor describeTensor(const Tensor& t, std::string name, bool withValues);

// Keeps the output of every op given a grad_fn on this thread while it lives — its shape, strides and
// (when asked) its values at that moment, before any in-place op changes them.
class ForwardRecorder final : public ForwardObserver {
public:
    explicit ForwardRecorder(bool withValues = false);
    void outputRecorded(const Tensor& out, const std::shared_ptr<Node>& node, std::uint32_t outputNr) override;
    // `node`'s outputs by output number ("output", or "output[i]" for an op with several); empty when
    // the node was not created while recording.
    std::vector<SnapshotTensor> outputsOf(const Node& node) const;
    // The op that created `node` ("mul", "conv2d"); empty when the node was not created while recording.
    std::string opOf(const Node& node) const;

private:
    struct Entry {
        std::weak_ptr<Node> node;  // tells a live Node from a freed one at the same address
        std::vector<SnapshotTensor> outputs;
        std::string op;
    };
    std::unordered_map<const Node*, Entry> m_outputs;
    bool m_withValues;
    ObserveForward m_observe;  // last: installed once the members above exist
};

class GraphRecorder final : public BackwardObserver {
public:
    // Takes the structure of the graph behind `roots` now (before backward frees saved tensors), with
    // each Node's forward outputs when `forward` recorded them.
    explicit GraphRecorder(const TensorList& roots, bool withValues = false, const ForwardRecorder* forward = nullptr);
    void nodeEvaluated(const Node& node, const TensorList& gradsIn, const TensorList& gradsOut) override;
    const GraphSnapshot& snapshot() const noexcept { return m_snapshot; }

private:
    GraphSnapshot m_snapshot;
    std::unordered_map<const Node*, std::size_t> m_index;
    bool m_withValues;
    int m_nextOrder = 0;
};

// Graphviz DOT in torchviz's manner: grad_fn Nodes as boxes named like PyTorch's, leaves as blue
// boxes with their shape, root tensors green, saved tensors orange.
std::string toDot(const GraphSnapshot& snapshot);

}  // namespace tessera::autograd
