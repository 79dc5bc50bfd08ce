#include "core/autograd/function.h"

#include <atomic>
#include <cmath>

#include "core/autograd/autograd_meta.h"
#include "core/profile/phase.h"
#include "core/tensor/object_pool.h"

namespace tessera::autograd {

namespace {
thread_local bool t_gradEnabled = true;
thread_local std::uint64_t t_sequenceNr = 0;
thread_local ForwardObserver* t_forwardObserver = nullptr;
// The owner of the Node whose apply() the engine is running, and its gradient sinks.
thread_local const std::shared_ptr<Node>* t_evaluating = nullptr;
thread_local std::span<Tensor* const> t_sinks;
std::atomic<int> g_forwardObservers{0};  // installed on any thread
}  // namespace

std::atomic<bool> detail::g_anomaly{false};

bool GradMode::isEnabled() noexcept { return t_gradEnabled; }
void GradMode::setEnabled(bool enabled) noexcept { t_gradEnabled = enabled; }

std::uint64_t nextSequenceNr() noexcept { return t_sequenceNr++; }

Node::Node() : m_sequenceNr(nextSequenceNr()), m_scope(profile::currentScope()) {}

TensorList Node::operator()(TensorList&& grads) {
    profile::ScopeRestore scope(m_scope);
    // The ops apply() dispatches are the backward pass's work, whatever their names.
    profile::PhaseRestore phase(profile::Phase::Backward);
    if (!profile::enabled()) [[likely]]
        return apply(std::move(grads));
    // apply() takes the gradients and the ops it runs record their events first, so the shapes and
    // dtypes of the incoming gradients wait here (inline for up to 16 dims in all).
    SmallVector<std::int64_t, 16> dims;
    SmallVector<profile::Operand, 4> inputs;
    inputs.resize(grads.size());
    for (std::size_t i = 0; i < grads.size(); ++i)
        if (grads[i].defined())
            for (const std::int64_t d : grads[i].sizes()) dims.push_back(d);
    {
        const std::int64_t* at = dims.data();
        for (std::size_t i = 0; i < grads.size(); ++i)
            if (grads[i].defined()) {
                const std::size_t rank = grads[i].sizes().size();
                inputs[i] = profile::Operand({at, rank}, grads[i].dtype());
                at += rank;
            }
    }
    const std::int64_t start = profile::ticks();
    TensorList out = apply(std::move(grads));
    const std::int64_t end = profile::ticks();
    profile::recordEvent({.name = name(),
                          .phase = profile::Phase::Backward,
                          .startTicks = start,
                          .endTicks = end,
                          .cost = profile::elementwiseCost},
                         inputs, out);
    return out;
}

Tensor* Node::gradientSink(std::size_t i) const noexcept {
    return t_evaluating && t_evaluating->get() == this && i < t_sinks.size() ? t_sinks[i] : nullptr;
}

detail::EvaluatingNode::EvaluatingNode(const std::shared_ptr<Node>& owner, std::span<Tensor* const> sinks) noexcept
    : m_previousOwner(t_evaluating), m_previousSinks(t_sinks) {
    t_evaluating = &owner;
    t_sinks = sinks;
}

detail::EvaluatingNode::~EvaluatingNode() {
    t_evaluating = m_previousOwner;
    t_sinks = m_previousSinks;
}

std::shared_ptr<Node> detail::owningPointer(const Node* node) noexcept {
    return t_evaluating && t_evaluating->get() == node ? *t_evaluating : nullptr;
}

void Node::releaseVariables() {
    visitSaved([](std::string_view, SavedVariable& v) { v.reset(); });
}

std::vector<SavedTensorInfo> Node::savedTensors() {
    std::vector<SavedTensorInfo> out;
    visitSaved([&](std::string_view name, SavedVariable& v) { out.push_back({std::string(name), v.data()}); });
    return out;
}

AccumulateGrad::AccumulateGrad(Tensor variable) : m_variable(std::move(variable)) {
    setSequenceNr(std::numeric_limits<std::uint64_t>::max());
    addOutput(m_variable.sizes(), m_variable.dtype());
}

bool detail::anyRequiresGrad(std::span<const Tensor* const> inputs) {
    for (const Tensor* t : inputs)
        if (t->defined() && t->requiresGrad()) return true;
    return false;
}

bool anyRequiresGrad(std::initializer_list<const Tensor*> tensors) {
    if (!GradMode::isEnabled()) return false;
    for (const Tensor* t : tensors)
        if (t->defined() && t->requiresGrad()) return true;
    return false;
}

Edge gradientEdge(const Tensor& t) {
    if (!t.defined()) return {};
    const TensorImpl& impl = t.impl();
    if (impl.gradFn) return {impl.gradFn, impl.outputNr};
    AutogradMeta* meta = impl.autograd.get();
    if (!meta || !meta->requiresGrad) return {};
    auto acc = meta->gradAccumulator.lock();
    if (!acc) {
        acc = std::allocate_shared<AccumulateGrad>(PoolAllocator<AccumulateGrad>{}, t);
        meta->gradAccumulator = acc;
    }
    return {std::move(acc), 0};
}

void detail::wire(Node& node, std::span<const Tensor* const> inputs) {
    node.m_nextEdges.reserve(inputs.size());
    node.m_inputMeta.reserve(inputs.size());
    for (const Tensor* t : inputs) {
        if (t->defined()) {
            node.m_nextEdges.push_back(gradientEdge(*t));
            node.m_inputMeta.emplace_back(t->sizes(), t->dtype());
        } else {
            node.m_nextEdges.emplace_back();
            node.m_inputMeta.emplace_back();
        }
    }
}

void setHistory(const Tensor& out, const std::shared_ptr<Node>& node) {
    TensorImpl& impl = out.impl();
    impl.gradFn = node;
    impl.outputNr = node->addOutput(out.sizes(), out.dtype());
    if (impl.autograd) impl.autograd->requiresGrad = false;
    if (g_forwardObservers.load(std::memory_order_relaxed) != 0) [[unlikely]]
        if (t_forwardObserver) t_forwardObserver->outputRecorded(out, node, impl.outputNr);
}

void setHistory(const Tensor& out, std::shared_ptr<Node>&& node) {
    TensorImpl& impl = out.impl();
    impl.gradFn = std::move(node);
    impl.outputNr = impl.gradFn->addOutput(out.sizes(), out.dtype());
    if (impl.autograd) impl.autograd->requiresGrad = false;
    if (g_forwardObservers.load(std::memory_order_relaxed) != 0) [[unlikely]]
        if (t_forwardObserver) t_forwardObserver->outputRecorded(out, impl.gradFn, impl.outputNr);
}

ObserveForward::ObserveForward(ForwardObserver& observer) noexcept : m_previous(t_forwardObserver) {
    t_forwardObserver = &observer;
    g_forwardObservers.fetch_add(1, std::memory_order_relaxed);
}

ObserveForward::~ObserveForward() {
    t_forwardObserver = m_previous;
    g_forwardObservers.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace tessera::autograd
