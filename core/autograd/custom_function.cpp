#include "core/autograd/custom_function.h"

namespace tessera::autograd {

void FunctionCtx::saveForBackward(const TensorList& tensors) { m_toSave = tensors; }

TensorList FunctionCtx::savedTensors() const {
    TensorList out;
    for (const auto& v : m_saved) out.push_back(v.unpack(m_node));
    return out;
}

void FunctionCtx::markNonDifferentiable(const TensorList& outputs) {
    for (const auto& t : outputs) m_nonDifferentiable.push_back(t.implPtr().get());
}

void CustomFunctionNode::finishForward(const TensorList& outputs) {
    m_ctx.m_node = this;
    for (const auto& t : m_ctx.m_toSave) {
        bool isOutput = false;
        for (const auto& o : outputs) isOutput = isOutput || (t.defined() && t.implPtr() == o.implPtr());
        m_ctx.m_saved.emplace_back(t, isOutput);
    }
    m_ctx.m_toSave.clear();
}

void CustomFunctionNode::visitSaved(const SavedVisitor& visit) {
    for (std::size_t i = 0; i < m_ctx.m_saved.size(); ++i) visit("saved_" + std::to_string(i), m_ctx.m_saved[i]);
}

TensorList CustomFunctionNode::apply(TensorList&& grads) {
    TensorList out = m_backward(m_ctx, grads);
    if (out.size() != nextEdges().size())
        throw AutogradError("function " + m_name + " returned an incorrect number of gradients (expected " +
                            std::to_string(nextEdges().size()) + ", got " + std::to_string(out.size()) + ")");
    return out;
}

}  // namespace tessera::autograd
