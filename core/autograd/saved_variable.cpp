#include "core/autograd/saved_variable.h"

#include "core/autograd/autograd_meta.h"
#include "core/autograd/function.h"

namespace tessera::autograd {

namespace {
std::string describe(const Tensor& t) {
    const char* type = t.dtype() == DType::Float32   ? "torch.FloatTensor"
                       : t.dtype() == DType::Float64 ? "torch.DoubleTensor"
                       : t.dtype() == DType::Int64   ? "torch.LongTensor"
                                                     : "torch.BoolTensor";
    return std::string("[") + type + " " + shapeToString(t.sizes()) + "]";
}
}  // namespace

SavedVariable::SavedVariable(const Tensor& t, bool isOutput) : m_isOutput(isOutput), m_wasDefined(t.defined()) {
    if (!t.defined()) return;
    m_version = t.storage()->version();
    if (isOutput) {
        m_outputNr = t.outputNr();
        m_data = t.alias();
    } else {
        m_data = t;
    }
}

Tensor SavedVariable::unpack(const Node* savedFor) const {
    if (m_released)
        throw AutogradError(
            "Trying to backward through the graph a second time (or directly access saved tensors after they have "
            "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
            "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
            "you need to access saved tensors after calling backward.");
    if (!m_wasDefined) return Tensor();
    const std::uint64_t now = m_data.storage()->version();
    if (now != m_version) {
        const std::string op = savedFor ? std::string(savedFor->name()) : std::string("a backward node");
        throw AutogradError(
            "one of the variables needed for gradient computation has been modified by an inplace "
            "operation: " +
            describe(m_data) + ", which is saved by " + op + ", is at version " + std::to_string(now) +
            "; expected version " + std::to_string(m_version) + " instead.");
    }
    if (!m_isOutput || !savedFor || !GradMode::isEnabled()) return m_data;
    // Building a graph of the backward (create_graph): the output must lead back to its grad_fn, which
    // is the Node the engine is running. Outside the engine (a Node's apply() called by hand) there is
    // no owner to lead back to, and the value comes without history, as with grad mode off.
    std::shared_ptr<Node> owner = detail::owningPointer(savedFor);
    if (!owner) return m_data;
    Tensor out = m_data.alias();
    out.impl().gradFn = std::move(owner);
    out.impl().outputNr = m_outputNr;
    return out;
}

void SavedVariable::reset() {
    m_data = Tensor();
    m_released = true;
}

}  // namespace tessera::autograd
