// User-defined autograd functions, as torch.autograd.Function: a static forward and backward with a
// context, wired into the graph by apply().
//
//   struct MyLinear : autograd::Function<MyLinear> {
//       static constexpr std::string_view kName = "MyLinear";        // the Node is "MyLinearBackward"
//       static Tensor forward(autograd::FunctionCtx& ctx, const Tensor& x, const Tensor& w) {
//           ctx.saveForBackward({x, w});
//           return ops::matmul(x, ops::t(w));
//       }
//       static autograd::TensorList backward(autograd::FunctionCtx& ctx, const autograd::TensorList& grads) {
//           auto saved = ctx.savedTensors();                         // {x, w}
//           return {ops::matmul(grads[0], saved[1]), ops::matmul(ops::t(grads[0]), saved[0])};
//       }
//   };
//   Tensor y = MyLinear::apply(x, w);   // y.gradFn()->name() == "MyLinearBackward"
#pragma once

#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "core/autograd/function.h"
#include "core/autograd/saved_variable.h"

namespace tessera::autograd {

class FunctionCtx {
public:
    // Tensors backward will need; outputs of forward may be saved too.
    void saveForBackward(const TensorList& tensors);
    // The saved tensors; raises if they were freed by an earlier backward or modified in place.
    TensorList savedTensors() const;
    // needs_input_grad[i] for the i-th tensor argument of forward.
    bool needsInputGrad(std::size_t i) const { return i < m_needsInputGrad.size() && m_needsInputGrad[i]; }
    // Outputs that get no gradient (e.g. indices).
    void markNonDifferentiable(const TensorList& outputs);

private:
    template <class F>
    friend class Function;
    friend class CustomFunctionNode;

    TensorList m_toSave;
    std::vector<SavedVariable> m_saved;
    std::vector<bool> m_needsInputGrad;
    std::vector<const TensorImpl*> m_nonDifferentiable;
    const Node* m_node = nullptr;
};

// The Node of a custom Function application.
class CustomFunctionNode final : public Node {
public:
    using BackwardFn = TensorList (*)(FunctionCtx&, const TensorList&);
    CustomFunctionNode(std::string name, BackwardFn backward) : m_name(std::move(name)), m_backward(backward) {}
    std::string_view name() const override { return m_name; }
    FunctionCtx& ctx() { return m_ctx; }
    void visitSaved(const SavedVisitor& visit) override;
    // Saves ctx's tensors, recognising forward outputs so that no reference cycle forms.
    void finishForward(const TensorList& outputs);

protected:
    TensorList apply(TensorList&& grads) override;

private:
    std::string m_name;
    BackwardFn m_backward;
    FunctionCtx m_ctx;
};

namespace detail {
inline void collectTensorArgs(TensorList&) {}
template <class A, class... Rest>
void collectTensorArgs(TensorList& out, const A& a, const Rest&... rest) {
    if constexpr (std::is_same_v<std::decay_t<A>, Tensor>) out.push_back(a);
    collectTensorArgs(out, rest...);
}
}  // namespace detail

template <class F>
class Function {
public:
    // Runs F::forward without recording, then records one CustomFunctionNode for the result(s) when
    // grad mode is on and a tensor argument requires grad. F::forward returns a Tensor or a TensorList.
    template <class... Args>
    static auto apply(const Args&... args) {
        TensorList inputs;
        detail::collectTensorArgs(inputs, args...);
        std::shared_ptr<CustomFunctionNode> node;
        bool track = false;
        if (GradMode::isEnabled())
            for (const auto& t : inputs) track = track || (t.defined() && t.requiresGrad());
        node = std::make_shared<CustomFunctionNode>(std::string(F::kName) + "Backward", &F::backward);
        FunctionCtx& ctx = node->ctx();
        for (const auto& t : inputs) ctx.m_needsInputGrad.push_back(track && t.defined() && t.requiresGrad());
        using Result = decltype(F::forward(ctx, args...));
        Result result = [&] {
            NoGradGuard noGrad;
            return F::forward(ctx, args...);
        }();
        TensorList outputs;
        if constexpr (std::is_same_v<Result, Tensor>)
            outputs = {result};
        else
            outputs = result;
        if (track) {
            std::vector<const Tensor*> ptrs;
            for (const auto& t : inputs) ptrs.push_back(&t);
            detail::wire(*node, ptrs);
            for (auto& out : outputs) {
                const bool nonDiff = std::find(ctx.m_nonDifferentiable.begin(), ctx.m_nonDifferentiable.end(),
                                               out.implPtr().get()) != ctx.m_nonDifferentiable.end();
                if (!nonDiff && isFloating(out.dtype()))
                    setHistory(out, node);
                else
                    node->addOutput(out.sizes(), out.dtype());
            }
            node->finishForward(outputs);
        }
        if constexpr (std::is_same_v<Result, Tensor>)
            return outputs[0];
        else
            return outputs;
    }
};

}  // namespace tessera::autograd
