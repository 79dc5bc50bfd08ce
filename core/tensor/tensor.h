// Tensor: a Storage plus sizes, strides (in elements) and a storage offset, as in PyTorch. Copying a
// Tensor copies a handle; views (core/ops/view.h) share the Storage; ops return new tensors.
//
//   Tensor a = Tensor::fromVector<float>({1, 2, 3, 4, 5, 6}, {2, 3});
//   Tensor b = ops::transpose(a, 0, 1);           // a view: same storage, strides (1, 3)
//   assert(!b.isContiguous() && b.sharesStorageWith(a));
//   Tensor c = ops::contiguous(b);                // a copy with strides (2, 1)
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor/dtype.h"
#include "core/tensor/storage.h"

namespace tessera {

using Shape = std::vector<std::int64_t>;

namespace autograd {
struct AutogradMeta;  // requires_grad, grad, grad_fn; see core/autograd
class Node;
}  // namespace autograd

// Note [Tensor geometry]: sizes, strides and offset are set once, by Tensor::empty and
// Tensor::fromStorage, and never change afterwards (views are new TensorImpls); numel and contiguous
// are computed there too, so the element-wise fast paths read them instead of walking the shape.
struct TensorImpl {
    TensorImpl() = default;
    TensorImpl(const TensorImpl&) = delete;
    TensorImpl& operator=(const TensorImpl&) = delete;
    // Hands the buffers of sizes and strides to the thread's shape cache (Note [Shape buffer cache]).
    ~TensorImpl();

    Storage storage;
    Shape sizes;
    Shape strides;
    std::int64_t offset = 0;
    std::int64_t numel = 0;
    DType dtype = DType::Float32;
    bool contiguous = true;
    // The Node that produced this tensor and its output number there (torch's grad_fn, output_nr).
    // Kept here rather than in AutogradMeta, so an op's output costs no AutogradMeta; a tensor with
    // a gradFn requires grad.
    std::uint32_t outputNr = 0;
    std::shared_ptr<autograd::Node> gradFn;
    // The rest of the autograd state (requires_grad of a leaf, .grad, hooks, …), created on first use.
    std::shared_ptr<autograd::AutogradMeta> autograd;
};

class Tensor {
public:
    Tensor() = default;  // undefined: defined() is false
    explicit Tensor(std::shared_ptr<TensorImpl> impl) : m_impl(std::move(impl)) {}

    // A new contiguous tensor with uninitialised elements.
    static Tensor empty(const Shape& sizes, DType dtype = DType::Float32);
    static Tensor empty(Shape&& sizes, DType dtype = DType::Float32);
    // A view of `storage` with the given geometry; checks that it stays inside the storage.
    static Tensor fromStorage(Storage storage, Shape sizes, Shape strides, std::int64_t offset, DType dtype);
    template <class T>
    static Tensor fromVector(const std::vector<T>& values, const Shape& sizes);
    template <class T>
    static Tensor scalar(T value) {
        return fromVector<T>({value}, {});
    }

    bool defined() const noexcept { return m_impl != nullptr; }
    DType dtype() const { return impl().dtype; }
    std::int64_t dim() const { return static_cast<std::int64_t>(impl().sizes.size()); }
    const Shape& sizes() const { return impl().sizes; }
    const Shape& strides() const { return impl().strides; }
    // Negative dims count from the end, as in PyTorch.
    std::int64_t size(std::int64_t d) const;
    std::int64_t stride(std::int64_t d) const;
    std::int64_t storageOffset() const { return impl().offset; }
    std::int64_t numel() const { return impl().numel; }
    std::size_t nbytes() const { return static_cast<std::size_t>(numel()) * itemSize(dtype()); }
    // PyTorch's rule: dims of size 1 may have any stride; an empty tensor is contiguous.
    bool isContiguous() const { return impl().contiguous; }

    const Storage& storage() const { return impl().storage; }
    bool sharesStorageWith(const Tensor& other) const { return storage().get() == other.storage().get(); }

    // Pointer to element [0, 0, …] (storage base + offset).
    void* rawData() const {
        const auto& im = impl();
        return static_cast<char*>(im.storage->data()) + im.offset * static_cast<std::int64_t>(itemSize(im.dtype));
    }
    template <class T>
    T* data() const {
        checkDType(dtypeOf<T>, "data");
        return static_cast<T*>(rawData());
    }
    // The single element of a one-element tensor, converted to T.
    template <class T>
    T item() const;
    // All elements in row-major order, converted to T (any strides).
    template <class T>
    std::vector<T> toVector() const;

    TensorImpl& impl() const {
        if (!m_impl) [[unlikely]]
            throwUndefined();
        return *m_impl;
    }
    const std::shared_ptr<TensorImpl>& implPtr() const noexcept { return m_impl; }

    // Autograd, as on torch.Tensor (defined in core/autograd/variable.cpp; see core/autograd/function.h).
    bool requiresGrad() const;
    // requires_grad_(): only on leaves; returns *this.
    const Tensor& setRequiresGrad(bool requiresGrad = true) const;
    Tensor grad() const;  // undefined until a backward reaches this tensor
    void setGrad(const Tensor& grad) const;
    std::shared_ptr<autograd::Node> gradFn() const;
    std::uint32_t outputNr() const;
    bool isLeaf() const;
    // loss.backward(): see autograd::backward.
    void backward(const Tensor& gradient = Tensor(), bool retainGraph = false, bool createGraph = false) const;
    void retainGrad() const;
    bool retainsGrad() const;
    // hook(grad) runs when this tensor's gradient is computed; a defined return value replaces the grad.
    void registerHook(std::function<Tensor(const Tensor&)> hook) const;
    // A tensor sharing storage with this one, without history.
    Tensor detach() const { return alias(); }
    // A new handle on the same storage and geometry, without autograd state (detach's work, also for
    // code below autograd).
    Tensor alias() const;

    // Marks the storage as written in place (see Note [Version counter]).
    void bumpVersion() const { storage()->bumpVersion(); }

    // Wraps a negative dim and checks its range; `op` names the caller in the error.
    static std::int64_t wrapDim(std::int64_t d, std::int64_t ndim, const char* op);

private:
    [[noreturn]] static void throwUndefined();
    void checkDType(DType expected, const char* what) const;
    std::shared_ptr<TensorImpl> m_impl;
};

// a == b, written out for the few dims of a tensor shape (the hot paths compare shapes on every op;
// operator== calls memcmp).
inline bool sameShape(const Shape& a, const Shape& b) noexcept {
    const std::size_t n = a.size();
    if (n != b.size()) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}

// Row-major strides of a contiguous tensor with these sizes.
Shape contiguousStrides(const Shape& sizes);
// Product of sizes (1 for a 0-d shape).
std::int64_t shapeNumel(const Shape& sizes);
// "[2, 3]" — the form used in every error message.
std::string shapeToString(const Shape& sizes);

}  // namespace tessera
