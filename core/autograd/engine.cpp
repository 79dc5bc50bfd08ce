#include "core/autograd/engine.h"

#include <cmath>
#include <cstring>
#include <queue>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>

#include "core/autograd/autograd_meta.h"
#include "core/kernels/accumulate.h"
#include "core/ops/add.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/profile/phase.h"
#include "core/tensor/factory.h"

namespace tessera::autograd {

namespace {
thread_local BackwardObserver* t_observer = nullptr;

}  // namespace

namespace detail {
Tensor accumulate(const Tensor& a, const Tensor& b) { return ops::add(a, b); }
Tensor cloneGrad(const Tensor& g) { return GradMode::isEnabled() ? g : ops::clone(g); }
}  // namespace detail

namespace {
// meta == sizes, written out: the engine compares a shape per gradient, and std::equal on the inline
// copy calls memcmp.
bool sameSizes(const TensorMeta& meta, const Shape& sizes) noexcept {
    const std::size_t n = meta.sizes.size();
    if (n != sizes.size()) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (meta.sizes[i] != sizes[i]) return false;
    return true;
}

// Whether `t` may be overwritten with t + other: nothing else holds the tensor or its storage (so
// no one can see the write), it is a plain dense tensor of the same shape and dtype, and no graph
// is being recorded (PyTorch's InputBuffer::accumulate, can_accumulate_inplace).
bool canAccumulateInPlace(const Tensor& t, const Tensor& other) {
    return !GradMode::isEnabled() && t.implPtr().use_count() == 1 && t.storage().use_count() == 1 &&
           t.impl().autograd == nullptr && t.impl().gradFn == nullptr && sameShape(t.sizes(), other.sizes()) &&
           t.dtype() == other.dtype() && t.isContiguous();
}

// Note [In-place gradient accumulation]: where gradient paths meet, and in a leaf's .grad, the engine
// adds in place (dst += src) when no graph is recorded. The values are those of add_; without the
// profiler it runs the addition kernel directly (an op call costs as much as the addition of a small
// gradient); with the profiler or anomaly mode on it goes through add_, so profiles keep showing the
// accumulation as PyTorch's do and anomaly mode still checks its result.
void accumulateInto(const Tensor& dst, const Tensor& src) {
    if (!profile::enabled() && !AnomalyMode::isEnabled() && !dst.sharesStorageWith(src) &&
        kernels::accumulate(dst, src))
        return;
    ops::add_(dst, src);
}
}  // namespace

Tensor sumToSize(const Tensor& grad, const Shape& sizes) {
    if (sameShape(grad.sizes(), sizes)) return grad;
    const auto lead = grad.dim() - static_cast<std::int64_t>(sizes.size());
    if (lead < 0)
        throw ShapeError("sum_to_size: size " + shapeToString(sizes) + " is not expandable to size " +
                         shapeToString(grad.sizes()));
    Shape dims;
    for (std::int64_t d = 0; d < grad.dim(); ++d) {
        if (d < lead) {
            dims.push_back(d);
            continue;
        }
        const std::int64_t want = sizes[d - lead];
        if (want == 1 && grad.size(d) != 1)
            dims.push_back(d);
        else if (want != grad.size(d))
            throw ShapeError("sum_to_size: size " + shapeToString(sizes) + " is not expandable to size " +
                             shapeToString(grad.sizes()));
    }
    Tensor summed = dims.empty() ? grad : ops::sum(grad, dims, /*keepdim=*/true);
    return ops::view(summed, sizes);
}

namespace {

bool hasNonFinite(const Tensor& t) {
    if (!isFloating(t.dtype())) return false;
    bool bad = false;
    visitFloating(t.dtype(), "anomaly", [&]<class T>() {
        for (T v : t.toVector<T>())
            if (!std::isfinite(v)) bad = true;
    });
    return bad;
}

struct ReadyEntry {
    std::uint64_t sequenceNr;
    std::size_t task;  // index into the NodeTable
    bool operator<(const ReadyEntry& o) const { return sequenceNr < o.sequenceNr; }
};

// What the engine knows about one Node of the graph during one run.
struct NodeTask {
    explicit NodeTask(const std::shared_ptr<Node>& fn) : node(fn.get()), owner(&fn) {}
    Node* node;
    // The pointer through which the graph holds the Node (an edge of an earlier Node, or a root), for
    // detail::EvaluatingNode.
    const std::shared_ptr<Node>* owner;
    int dependencies = 0;  // gradients still to arrive
    bool queued = false;
    std::size_t firstEdge = 0;  // where the task indices of node's next edges start in edgeTargets
    TensorList buffer;          // the gradients received so far, one per output of the Node
};

// The Nodes of one run, by address: an open-addressing hash table over a flat vector of tasks, so that a
// backward allocates a few arrays rather than one hash-map entry per Node.
class NodeTable {
public:
    // The index of `n`'s task, created if absent; `second` is true when it was created.
    std::pair<std::size_t, bool> insert(const std::shared_ptr<Node>& fn) {
        Node* n = fn.get();
        if (!m_slots.empty())
            if (const std::size_t i = probe(n); m_slots[i] != kEmpty) return {m_slots[i], false};
        if (2 * (m_tasks.size() + 1) > m_slots.size()) rehash(std::max<std::size_t>(64, 2 * m_slots.size()));
        m_slots[probe(n)] = m_tasks.size();
        m_tasks.emplace_back(fn);
        return {m_tasks.size() - 1, true};
    }
    NodeTask& operator[](std::size_t i) { return m_tasks[i]; }

private:
    static constexpr std::size_t kEmpty = static_cast<std::size_t>(-1);
    // The slot holding `n`, or the empty slot where it would go.
    std::size_t probe(Node* n) const {
        std::size_t i = home(n);
        while (m_slots[i] != kEmpty && m_tasks[m_slots[i]].node != n) i = (i + 1) & (m_slots.size() - 1);
        return i;
    }
    std::size_t home(Node* n) const {
        // Fibonacci hashing of the address (its low bits are alignment zeros).
        return static_cast<std::size_t>((reinterpret_cast<std::uintptr_t>(n) * 0x9E3779B97F4A7C15ull) >> 20) &
               (m_slots.size() - 1);
    }
    void rehash(std::size_t slots) {
        m_slots.assign(slots, kEmpty);
        m_tasks.reserve(slots / 2);
        for (std::size_t k = 0; k < m_tasks.size(); ++k) {
            std::size_t i = home(m_tasks[k].node);
            while (m_slots[i] != kEmpty) i = (i + 1) & (slots - 1);
            m_slots[i] = k;
        }
    }
    std::vector<std::size_t> m_slots;
    std::vector<NodeTask> m_tasks;
};

bool isAccumulateGrad(const Node* node) { return typeid(*node) == typeid(AccumulateGrad); }

// One run of the engine over the graph reachable from `roots`. Every Node of it stays alive during the
// run without the engine holding it: the roots hold their Nodes and every Node holds the next ones
// through its edges, which never change after the forward.
class GraphTask {
public:
    GraphTask(bool keepGraph, bool createGraph) : m_keepGraph(keepGraph), m_createGraph(createGraph) {}

    // Captures (for grad()): the gradient flowing into edge.function's input edge.inputNr.
    void capture(const Edge& edge, std::size_t slot) {
        m_captures[edge.function.get()].push_back({edge.inputNr, slot});
    }

    TensorList run(const std::vector<Edge>& roots, const TensorList& rootGrads, std::size_t numCaptures,
                   bool accumulateIntoLeaves) {
        m_results.assign(numCaptures, Tensor());
        m_accumulate = accumulateIntoLeaves;
        computeDependencies(roots);
        if (!m_captures.empty()) computeNeeded(roots);
        for (std::size_t i = 0; i < roots.size(); ++i)
            addToBuffer(m_nodes.insert(roots[i].function).first, roots[i], Tensor(rootGrads[i]));
        std::vector<ReadyEntry> queue;
        queue.reserve(16);
        std::priority_queue<ReadyEntry> ready(std::less<ReadyEntry>(), std::move(queue));
        for (const auto& root : roots) {
            const std::size_t k = m_nodes.insert(root.function).first;
            NodeTask& task = m_nodes[k];
            if (task.dependencies == 0 && !task.queued) {
                task.queued = true;
                ready.push({task.node->sequenceNr(), k});
            }
        }
        AutoGradMode mode(m_createGraph);
        while (!ready.empty()) {
            const std::size_t k = ready.top().task;
            ready.pop();
            Node* node = m_nodes[k].node;
            TensorList outputs = evaluate(node, m_nodes[k]);
            const auto& edges = node->nextEdges();
            const std::size_t firstEdge = m_nodes[k].firstEdge;
            for (std::size_t i = 0; i < edges.size(); ++i) {
                const Edge& e = edges[i];
                if (!e.isValid()) continue;
                const std::size_t nextK = m_edgeTargets[firstEdge + i];
                addToBuffer(nextK, e, i < outputs.size() ? std::move(outputs[i]) : Tensor());
                NodeTask& next = m_nodes[nextK];
                if (--next.dependencies == 0 && !next.queued) {
                    next.queued = true;
                    ready.push({e.function->sequenceNr(), nextK});
                }
            }
            recycle(outputs);
        }
        return std::move(m_results);
    }

private:
    struct CaptureSlot {
        std::uint32_t inputNr;
        std::size_t slot;
    };

    // Counts the gradients each Node waits for, and records the task index behind every next edge
    // (m_edgeTargets), so the run does not look Nodes up again.
    void computeDependencies(const std::vector<Edge>& roots) {
        std::vector<std::size_t> stack;
        for (const auto& r : roots)
            if (auto [k, inserted] = m_nodes.insert(r.function); inserted) stack.push_back(k);
        while (!stack.empty()) {
            const std::size_t k = stack.back();
            stack.pop_back();
            Node* n = m_nodes[k].node;
            m_nodes[k].firstEdge = m_edgeTargets.size();
            for (const auto& e : n->nextEdges()) {
                if (!e.isValid()) {
                    m_edgeTargets.push_back(kNoTask);
                    continue;
                }
                auto [t, inserted] = m_nodes.insert(e.function);
                ++m_nodes[t].dependencies;
                m_edgeTargets.push_back(t);
                if (inserted) stack.push_back(t);
            }
        }
    }

    // With captures, only Nodes from which a capture is reachable run (PyTorch's exec_info).
    void computeNeeded(const std::vector<Edge>& roots) {
        std::unordered_map<Node*, bool> memo;
        std::function<bool(Node*)> needed = [&](Node* n) -> bool {
            if (auto it = memo.find(n); it != memo.end()) return it->second;
            memo[n] = false;
            bool result = m_captures.count(n) > 0;
            for (const auto& e : n->nextEdges())
                if (e.isValid() && needed(e.function.get())) result = true;
            memo[n] = result;
            return result;
        };
        for (const auto& r : roots) needed(r.function.get());
        for (auto& [node, isNeeded] : memo)
            if (isNeeded) m_needed.insert(node);
    }

    // Adds `grad` to the buffer of the Node `e` leads to, task k (where gradient paths meet).
    void addToBuffer(std::size_t k, const Edge& e, Tensor&& grad) {
        if (!grad.defined()) return;
        auto& buffer = m_nodes[k].buffer;
        if (buffer.empty()) {
            // Note [Reusing the gradient buffer]: the buffer has room for two tensors, so a Node of a
            // two-input op (MulBackward0, AddBackward0) can move its incoming gradient out and return
            // this same vector, resized to two, instead of allocating a new one; and the vectors that
            // Nodes return are taken again as buffers (recycle), so a run allocates a few, not one
            // per Node.
            if (buffer.capacity() == 0 && !m_spareBuffers.empty()) {
                buffer = std::move(m_spareBuffers.back());
                m_spareBuffers.pop_back();
            }
            buffer.reserve(std::max<std::size_t>(2, e.function->numOutputs()));
            buffer.resize(e.function->numOutputs());
        }
        Tensor& slot = buffer[e.inputNr];
        if (!slot.defined())
            slot = std::move(grad);
        else if (canAccumulateInPlace(slot, grad))
            accumulateInto(slot, grad);
        else if (canAccumulateInPlace(grad, slot)) {
            accumulateInto(grad, slot);
            slot = std::move(grad);
        } else
            slot = detail::accumulate(slot, grad);
    }

    // Keeps the vector `outputs` (its gradients handed on) for a later buffer.
    void recycle(TensorList& outputs) {
        if (outputs.capacity() == 0 || m_spareBuffers.size() >= kMaxSpareBuffers) return;
        outputs.clear();
        m_spareBuffers.push_back(std::move(outputs));
    }

    // The running sums that `node`'s gradients will be added to, where the engine would add them in
    // place with the kernel (Note [Gradient sinks]); nullptr elsewhere.
    void findSinks(const Node* node, const NodeTask& task, SmallVector<Tensor*, 4>& sinks) {
        const auto& edges = node->nextEdges();
        sinks.resize(edges.size());
        for (std::size_t i = 0; i < edges.size(); ++i) {
            if (!edges[i].isValid()) continue;
            NodeTask& next = m_nodes[m_edgeTargets[task.firstEdge + i]];
            if (next.buffer.empty()) continue;
            Tensor& slot = next.buffer[edges[i].inputNr];
            const TensorMeta& meta = node->inputMeta()[i];
            if (slot.defined() && canAccumulateInPlace(slot, slot) && slot.dtype() == meta.dtype &&
                sameSizes(meta, slot.sizes()))
                sinks[i] = &slot;
        }
    }

    TensorList evaluate(Node* node, NodeTask& task) {
        TensorList grads = std::move(task.buffer);
        grads.resize(node->numOutputs());
        for (const auto& hook : node->preHooks()) hook(grads);
        if (!m_captures.empty()) {
            if (auto it = m_captures.find(node); it != m_captures.end())
                for (const auto& c : it->second) m_results[c.slot] = grads[c.inputNr];
            if (!m_needed.count(node)) return {};
        }
        if (!m_accumulate && isAccumulateGrad(node)) return {};
        const TensorList received = t_observer ? grads : TensorList{};
        bool any = false;
        for (std::size_t i = 0; i < grads.size(); ++i) {
            if (grads[i].defined())
                any = true;
            else
                grads[i] = zeros(node->outputMeta()[i].shape(), node->outputMeta()[i].dtype);
        }
        if (!any) return {};
        SmallVector<Tensor*, 4> sinks;
        if (!m_createGraph && !t_observer && !profile::enabled() && !AnomalyMode::isEnabled() &&
            !isAccumulateGrad(node))
            findSinks(node, task, sinks);
        detail::EvaluatingNode evaluating(*task.owner, sinks);
        TensorList outputs = (*node)(std::move(grads));
        if (!m_keepGraph) node->releaseVariables();
        validateOutputs(node, outputs);
        if (t_observer) t_observer->nodeEvaluated(*node, received, outputs);
        return outputs;
    }

    void validateOutputs(Node* node, TensorList& outputs) {
        const auto& edges = node->nextEdges();
        if (outputs.size() < edges.size() && !isAccumulateGrad(node))
            throw AutogradError("function " + std::string(node->name()) +
                                " returned an incorrect number of gradients (expected " + std::to_string(edges.size()) +
                                ", got " + std::to_string(outputs.size()) + ")");
        for (std::size_t i = 0; i < outputs.size() && i < edges.size(); ++i) {
            Tensor& g = outputs[i];
            if (!g.defined() || !edges[i].isValid()) continue;
            const TensorMeta& meta = node->inputMeta()[i];
            if (!sameSizes(meta, g.sizes())) {
                try {
                    g = sumToSize(g, meta.shape());
                } catch (const ShapeError&) {
                    throw AutogradError("Function " + std::string(node->name()) +
                                        " returned an invalid gradient at index " + std::to_string(i) + " - got " +
                                        shapeToString(g.sizes()) + " but expected shape compatible with " +
                                        shapeToString(meta.shape()));
                }
            }
            if (g.dtype() != meta.dtype) g = ops::to(g, meta.dtype);
            if (AnomalyMode::isEnabled() && hasNonFinite(g))
                throw AutogradError("Function '" + std::string(node->name()) + "' returned nan values in its " +
                                    std::to_string(i) + "th output.");
        }
    }

    bool m_keepGraph;
    bool m_createGraph;
    bool m_accumulate = true;
    static constexpr std::size_t kNoTask = static_cast<std::size_t>(-1);
    NodeTable m_nodes;
    std::vector<std::size_t> m_edgeTargets;  // task index per next edge, kNoTask for an invalid edge
    static constexpr std::size_t kMaxSpareBuffers = 16;
    std::vector<TensorList> m_spareBuffers;
    std::unordered_map<Node*, std::vector<CaptureSlot>> m_captures;
    std::unordered_set<Node*> m_needed;
    TensorList m_results;
};

void prepareRoots(const TensorList& tensors, const TensorList& gradTensors, std::vector<Edge>& edges, TensorList& grads,
                  const char* api) {
    if (!gradTensors.empty() && gradTensors.size() != tensors.size())
        throw AutogradError(std::string(api) + ": got " + std::to_string(gradTensors.size()) + " gradients for " +
                            std::to_string(tensors.size()) + " tensors");
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        if (!t.requiresGrad())
            throw AutogradError(std::string(api) + ": element " + std::to_string(i) +
                                " of tensors does not require grad and does not have a grad_fn");
        Tensor g = i < gradTensors.size() ? gradTensors[i] : Tensor();
        if (!g.defined()) {
            if (t.numel() != 1)
                throw AutogradError(std::string(api) +
                                    ": grad can be implicitly created only for scalar outputs (got " +
                                    shapeToString(t.sizes()) + ")");
            g = onesLike(t);
        } else if (g.sizes() != t.sizes()) {
            throw AutogradError(std::string(api) + ": Mismatch in shape: grad_output[" + std::to_string(i) +
                                "] has a shape of " + shapeToString(g.sizes()) + " and output[" + std::to_string(i) +
                                "] has a shape of " + shapeToString(t.sizes()) + ".");
        }
        edges.push_back(gradientEdge(t));
        grads.push_back(g);
    }
}

}  // namespace

TensorList AccumulateGrad::apply(TensorList&& grads) {
    Tensor g = std::move(grads[0]);
    auto* meta = autogradMetaIfAny(m_variable);
    if (meta)
        for (const auto& hook : meta->leafHooks) {
            Tensor replaced = hook(g);
            if (replaced.defined()) g = replaced;
        }
    const Tensor old = m_variable.grad();
    if (GradMode::isEnabled()) {
        m_variable.setGrad(old.defined() ? detail::accumulate(old, g) : g);
        return {};
    }
    // Without a graph, as PyTorch: the first gradient is kept as it is when nothing else can see it
    // (else cloned), and later ones are added into .grad in place.
    if (!old.defined())
        m_variable.setGrad(canAccumulateInPlace(g, g) ? std::move(g) : ops::clone(g.detach()));
    else if (old.dtype() == g.dtype() && old.isContiguous())
        accumulateInto(old, g);
    else
        m_variable.setGrad(ops::add(old, g.detach()));
    return {};
}

ObserveBackward::ObserveBackward(BackwardObserver& observer) noexcept : m_previous(t_observer) {
    t_observer = &observer;
}
ObserveBackward::~ObserveBackward() { t_observer = m_previous; }

void backward(const TensorList& tensors, const TensorList& gradTensors, std::optional<bool> retainGraph,
              bool createGraph) {
    // All a backward call dispatches is backward work: the ones it starts from, the sums where paths
    // meet, and (set again by each Node's call operator) the ops inside the Nodes.
    profile::PhaseRestore phase(profile::Phase::Backward);
    std::vector<Edge> roots;
    TensorList grads;
    prepareRoots(tensors, gradTensors, roots, grads, "backward");
    GraphTask task(retainGraph.value_or(createGraph), createGraph);
    task.run(roots, grads, 0, true);
}

TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& gradOutputs,
                std::optional<bool> retainGraph, bool createGraph, bool allowUnused) {
    profile::PhaseRestore phase(profile::Phase::Backward);
    std::vector<Edge> roots;
    TensorList grads;
    prepareRoots(outputs, gradOutputs, roots, grads, "grad");
    GraphTask task(retainGraph.value_or(createGraph), createGraph);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].requiresGrad())
            throw AutogradError("grad: One of the differentiated Tensors does not require grad");
        task.capture(gradientEdge(inputs[i]), i);
    }
    TensorList result = task.run(roots, grads, inputs.size(), false);
    for (std::size_t i = 0; i < result.size(); ++i) {
        if (!result[i].defined() && !allowUnused)
            throw AutogradError(
                "grad: One of the differentiated Tensors appears to not have been used in the graph. Set "
                "allow_unused=True if this is the desired behavior.");
        if (result[i].defined() && !createGraph) result[i] = result[i].detach();
    }
    return result;
}

}  // namespace tessera::autograd
