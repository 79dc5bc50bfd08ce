// Node: one step of the backward graph, as torch::autograd::Node. A Node is created by a forward op
// when an input requires grad; it saves what its backward needs and knows, through next_edges, where
// each input's gradient goes. Its public call operator is non-virtual: it runs the Node through the
// profiler as a backward event under the layer scope that created it, then calls apply().
//
// The pattern of an op file (see core/ops/view.cpp and Note [Writing a backward]):
//
//   struct MulBackward0 final : autograd::Node {
//       autograd::SavedVariable self, other;
//       std::string_view name() const override { return "MulBackward0"; }
//       TensorList apply(TensorList&& grads) override {
//           TensorList out(2);
//           if (shouldComputeOutput(0)) out[0] = mul(grads[0], other.unpack(this));
//           if (shouldComputeOutput(1)) out[1] = mul(grads[0], self.unpack(this));
//           return out;
//       }
//       void visitSaved(const SavedVisitor& visit) override { visit("self", self); visit("other", other); }
//   };
//
//   Tensor mul(const Tensor& a, const Tensor& b) {
//       OpCall call(kMul, a, b);
//       Tensor out = …forward…;
//       if (auto node = autograd::makeNode<MulBackward0>(a, b)) {
//           node->self = autograd::SavedVariable(a);
//           node->other = autograd::SavedVariable(b);
//           autograd::setHistory(out, node);
//       }
//       return call.finish(out);
//   }
//
// Note [Writing a backward]:
// - apply() gets one gradient per forward output (an undefined Tensor for an output that got no
//   gradient; treat it as zeros) and returns one gradient per forward input, in makeNode's order; an
//   undefined Tensor means "no gradient" (zero).
// - Gradients may have the broadcast shape: the engine sums each one back to its input's shape and casts
//   it to the input's dtype (as PyTorch's validate_outputs does), so an op need not.
// - Write formulas with ops, never with kernels: then backward is itself recorded when create_graph is
//   on, and higher-order gradients work.
// - Save inputs with SavedVariable(x) and the op's own output with SavedVariable(out, /*isOutput=*/true)
//   (saving an output strongly would make a reference cycle). unpack(this) checks the version counter.
// - visitSaved() names every SavedVariable member: backward frees them through it (unless retain_graph)
//   and graph snapshots show them.
//
// Note [Gradient sinks]: where gradient paths meet (a weight used by many ops, a leaf's AccumulateGrad)
// the engine sums the gradients that arrive, in place when nothing else can see the running sum (Note
// [In-place gradient accumulation] in engine.cpp). When no graph of the backward is recorded and
// neither the profiler, anomaly mode nor a backward observer is on, the engine tells apply(), through
// gradientSink(i), the running sum that its gradient i would be added to. A Node whose gradient is a
// product may then add the product into that tensor itself (kernels::accumulateProduct: the same
// values, without a temporary gradient and a second pass) and return an undefined Tensor for i.
// Ignoring the sink is always correct; MulBackward0 (core/ops/mul.cpp) is the model.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/autograd/edge.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/saved_variable.h"
#include "core/profile/profiler.h"
#include "core/tensor/object_pool.h"
#include "core/tensor/small_vector.h"
#include "core/tensor/tensor.h"

namespace tessera::autograd {

using TensorList = std::vector<Tensor>;

// Shape and dtype of a forward input (for the engine's checks and for summing broadcast gradients) or
// of a forward output (to stand in zeros for an output that received no gradient). The sizes are kept
// inline (no allocation per Node for shapes of up to 5 dims).
struct TensorMeta {
    TensorMeta() = default;
    TensorMeta(const Shape& shape, DType type) : sizes(shape.begin(), shape.end()), dtype(type) {}
    Shape shape() const { return sizes.toVector(); }

    SmallVector<std::int64_t, 5> sizes;
    DType dtype = DType::Float32;
};

// Note [Inline Node storage]: most Nodes have one or two inputs and one output; their edges and
// metadata live inside the Node, so creating a Node allocates nothing beyond the Node itself.
using EdgeList = SmallVector<Edge, 2>;
using InputMetaList = SmallVector<TensorMeta, 2>;
using OutputMetaList = SmallVector<TensorMeta, 1>;

// A saved tensor as the graph snapshot shows it.
struct SavedTensorInfo {
    std::string name;  // "self", "other", "result", …
    Tensor value;      // undefined once released
};

class Node;
namespace detail {
void wire(Node& node, std::span<const Tensor* const> inputs);
}  // namespace detail

// Nodes are owned through shared_ptr (the edges of later Nodes and the grad_fn of tensors hold them).
// Node is not enable_shared_from_this: that would cost three locked operations on the reference counts
// of every Node; the engine knows the owner of the Node it runs (detail::owningPointer).
class Node {
public:
    Node();
    virtual ~Node() = default;
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;

    // PyTorch's name of this Node: "MulBackward0", "AccumulateGrad".
    virtual std::string_view name() const = 0;

    // Runs apply() inside a backward profiler event named name(), under the scope that created the Node.
    TensorList operator()(TensorList&& grads);

    const EdgeList& nextEdges() const noexcept { return m_nextEdges; }
    const InputMetaList& inputMeta() const noexcept { return m_inputMeta; }
    // The forward outputs, i.e. the gradients apply() receives.
    const OutputMetaList& outputMeta() const noexcept { return m_outputMeta; }
    std::uint32_t numOutputs() const noexcept { return static_cast<std::uint32_t>(m_outputMeta.size()); }
    std::uint32_t addOutput(const Shape& sizes, DType dtype) {
        m_outputMeta.emplace_back(sizes, dtype);
        return numOutputs() - 1;
    }

    // Whether the gradient of forward input i is needed (its edge leads somewhere).
    bool shouldComputeOutput(std::size_t i) const noexcept {
        return i < m_nextEdges.size() && m_nextEdges[i].isValid();
    }
    // Inside apply(): the tensor that gradient i will be added to, which apply() may add it into
    // itself, or nullptr (Note [Gradient sinks]).
    Tensor* gradientSink(std::size_t i) const noexcept;

    // Order of creation on this thread; later Nodes run first in backward (PyTorch's sequence_nr).
    std::uint64_t sequenceNr() const noexcept { return m_sequenceNr; }
    profile::ScopeId scope() const noexcept { return m_scope; }

    // Calls visit(name, variable) for every tensor the Node saved ("self", "other", "result", …).
    using SavedVisitor = std::function<void(std::string_view, SavedVariable&)>;
    virtual void visitSaved(const SavedVisitor& /*visit*/) {}
    // Frees saved tensors (called after backward unless retain_graph).
    void releaseVariables();
    // The tensors this Node saved, for the graph snapshot.
    std::vector<SavedTensorInfo> savedTensors();

    // Hooks on the gradients this Node receives: pre-hooks see grads before apply() and may replace
    // them (tensor.register_hook on a non-leaf is a pre-hook on its grad_fn for its output number).
    using PreHook = std::function<void(TensorList& grads)>;
    void addPreHook(PreHook hook) { m_preHooks.push_back(std::move(hook)); }
    const std::vector<PreHook>& preHooks() const noexcept { return m_preHooks; }

    // Used by makeNode.
    void setSequenceNr(std::uint64_t nr) noexcept { m_sequenceNr = nr; }

protected:
    virtual TensorList apply(TensorList&& grads) = 0;

private:
    // Fills the edges and input metadata in place (makeNode).
    friend void detail::wire(Node& node, std::span<const Tensor* const> inputs);

    EdgeList m_nextEdges;
    InputMetaList m_inputMeta;
    std::vector<PreHook> m_preHooks;
    std::uint64_t m_sequenceNr = 0;
    profile::ScopeId m_scope = 0;
    OutputMetaList m_outputMeta;
};

// The Node that accumulates gradients into a leaf's .grad. It has the highest sequence number, so
// accumulation happens as soon as a leaf's gradient is complete (as in PyTorch).
class AccumulateGrad final : public Node {
public:
    explicit AccumulateGrad(Tensor variable);
    std::string_view name() const override { return "AccumulateGrad"; }
    const Tensor& variable() const noexcept { return m_variable; }

protected:
    TensorList apply(TensorList&& grads) override;

private:
    Tensor m_variable;
};

// True when grad mode is on and any of the tensors requires grad.
bool anyRequiresGrad(std::initializer_list<const Tensor*> tensors);
// Where the gradient of `t` goes: its grad_fn, or its leaf accumulator, or nowhere.
Edge gradientEdge(const Tensor& t);
// Next thread-local sequence number.
std::uint64_t nextSequenceNr() noexcept;

namespace detail {
// Marks `node` (owned by `owner`) as the Node whose apply() the engine runs while it lives, and offers
// it `sinks` (one per next edge, nullptr where there is none; Note [Gradient sinks]). The engine's alone.
class EvaluatingNode {
public:
    EvaluatingNode(const std::shared_ptr<Node>& owner, std::span<Tensor* const> sinks) noexcept;
    ~EvaluatingNode();
    EvaluatingNode(const EvaluatingNode&) = delete;
    EvaluatingNode& operator=(const EvaluatingNode&) = delete;

private:
    const std::shared_ptr<Node>* m_previousOwner;
    std::span<Tensor* const> m_previousSinks;
};
// The owner of `node` if the engine is running its apply() on this thread, else nullptr.
std::shared_ptr<Node> owningPointer(const Node* node) noexcept;

inline void collect(std::vector<const Tensor*>& out, const Tensor& t) { out.push_back(&t); }
inline void collect(std::vector<const Tensor*>& out, const std::vector<Tensor>& ts) {
    for (const auto& t : ts) out.push_back(&t);
}
bool anyRequiresGrad(std::span<const Tensor* const> inputs);
}  // namespace detail

// Creates the backward Node of an op if grad mode is on and any input requires grad (else nullptr),
// with one next edge per input in the order given. Inputs are tensors or vectors of tensors; an
// undefined Tensor (an absent optional input such as a missing bias) gets an invalid edge.
template <class NodeT, class... Inputs>
std::shared_ptr<NodeT> makeNode(const Inputs&... inputs) {
    if (!GradMode::isEnabled()) return nullptr;
    auto make = [](std::span<const Tensor* const> list) -> std::shared_ptr<NodeT> {
        if (!detail::anyRequiresGrad(list)) return nullptr;
        auto node = std::allocate_shared<NodeT>(PoolAllocator<NodeT>{});
        detail::wire(*node, list);
        return node;
    };
    // Every op but cat/stack passes single tensors: their list lives on the stack (the hot path of
    // eager autograd allocates nothing for it).
    if constexpr ((std::is_same_v<Inputs, Tensor> && ...)) {
        const std::array<const Tensor*, sizeof...(Inputs)> list{&inputs...};
        return make(list);
    } else {
        std::vector<const Tensor*> list;
        (detail::collect(list, inputs), ...);
        return make(list);
    }
}

// Makes `node` the grad_fn of `out` (its next output number). Call in the order of the op's outputs;
// outputs that are not differentiable (indices, comparisons) are simply not given a history.
void setHistory(const Tensor& out, const std::shared_ptr<Node>& node);
// The same for a single-output op's Node, taking the caller's reference instead of adding one.
void setHistory(const Tensor& out, std::shared_ptr<Node>&& node);

// Sees each op output as setHistory makes `node` its grad_fn, on the thread that installed it: graph
// snapshots keep the forward values of outputs nobody holds this way (ForwardRecorder in
// graph_snapshot.h). When none is installed anywhere, setHistory pays one relaxed load.
class ForwardObserver {
public:
    virtual ~ForwardObserver() = default;
    virtual void outputRecorded(const Tensor& out, const std::shared_ptr<Node>& node, std::uint32_t outputNr) = 0;
};

// Installs `observer` for the ops run on this thread while it lives.
class ObserveForward {
public:
    explicit ObserveForward(ForwardObserver& observer) noexcept;
    ~ObserveForward();
    ObserveForward(const ObserveForward&) = delete;
    ObserveForward& operator=(const ObserveForward&) = delete;

private:
    ForwardObserver* m_previous;
};

}  // namespace tessera::autograd
