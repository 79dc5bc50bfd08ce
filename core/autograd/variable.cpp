// The autograd methods of Tensor.
#include "core/autograd/autograd_meta.h"
#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/tensor/object_pool.h"

namespace tessera {

namespace autograd {
AutogradMeta& autogradMeta(const Tensor& t) {
    auto& slot = t.impl().autograd;
    if (!slot) slot = std::allocate_shared<AutogradMeta>(PoolAllocator<AutogradMeta>{});
    return *slot;
}
}  // namespace autograd

using autograd::autogradMeta;
using autograd::autogradMetaIfAny;

bool Tensor::requiresGrad() const {
    if (!defined()) return false;
    const TensorImpl& im = impl();
    return im.gradFn || (im.autograd && im.autograd->requiresGrad);
}

const Tensor& Tensor::setRequiresGrad(bool requiresGrad) const {
    if (!isLeaf())
        throw AutogradError(
            "requires_grad_: you can only change requires_grad flags of leaf variables. If you want to use a computed "
            "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    if (requiresGrad && !isFloating(dtype()))
        throw AutogradError("requires_grad_: only Tensors of floating point dtype can require gradients, got " +
                            std::string(dtypeName(dtype())));
    autogradMeta(*this).requiresGrad = requiresGrad;
    return *this;
}

Tensor Tensor::grad() const {
    const auto* meta = autogradMetaIfAny(*this);
    return meta ? meta->grad : Tensor();
}

void Tensor::setGrad(const Tensor& grad) const {
    if (grad.defined() && grad.sizes() != sizes())
        throw ShapeError("grad: assigned grad has data of a different size " + shapeToString(grad.sizes()) +
                         " than the tensor " + shapeToString(sizes()));
    autogradMeta(*this).grad = grad;
}

std::shared_ptr<autograd::Node> Tensor::gradFn() const { return defined() ? impl().gradFn : nullptr; }

std::uint32_t Tensor::outputNr() const { return defined() ? impl().outputNr : 0; }

bool Tensor::isLeaf() const { return !defined() || impl().gradFn == nullptr; }

void Tensor::backward(const Tensor& gradient, bool retainGraph, bool createGraph) const {
    autograd::backward({*this}, {gradient}, retainGraph || createGraph, createGraph);
}

void Tensor::retainGrad() const {
    if (!requiresGrad()) throw AutogradError("retain_grad: can't retain_grad on Tensor that has requires_grad=False");
    auto& meta = autogradMeta(*this);
    if (isLeaf() || meta.retainsGrad) return;  // leaves keep .grad anyway
    meta.retainsGrad = true;
    std::weak_ptr<TensorImpl> weak = implPtr();
    const std::uint32_t nr = impl().outputNr;
    impl().gradFn->addPreHook([weak, nr](autograd::TensorList& grads) {
        auto impl = weak.lock();
        if (!impl || nr >= grads.size() || !grads[nr].defined()) return;
        Tensor self(impl);
        Tensor g = grads[nr].detach();
        Tensor old = self.grad();
        autograd::NoGradGuard noGrad;
        self.setGrad(old.defined() ? autograd::detail::accumulate(old, g) : autograd::detail::cloneGrad(g));
    });
}

bool Tensor::retainsGrad() const {
    const auto* meta = autogradMetaIfAny(*this);
    return meta && meta->retainsGrad;
}

void Tensor::registerHook(std::function<Tensor(const Tensor&)> hook) const {
    if (!requiresGrad())
        throw AutogradError("register_hook: cannot register a hook on a tensor that doesn't require gradient");
    auto& meta = autogradMeta(*this);
    if (isLeaf()) {
        meta.leafHooks.push_back(std::move(hook));
        return;
    }
    const std::uint32_t nr = impl().outputNr;
    impl().gradFn->addPreHook([hook = std::move(hook), nr](autograd::TensorList& grads) {
        if (nr >= grads.size() || !grads[nr].defined()) return;
        Tensor replaced = hook(grads[nr]);
        if (replaced.defined()) grads[nr] = replaced;
    });
}

}  // namespace tessera
