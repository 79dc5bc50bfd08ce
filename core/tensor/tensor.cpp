#include "core/tensor/tensor.h"

#include "core/tensor/object_pool.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <vector>

namespace tessera {

Shape contiguousStrides(const Shape& sizes) {
    Shape strides(sizes.size());
    std::int64_t s = 1;
    for (std::size_t i = sizes.size(); i-- > 0;) {
        strides[i] = s;
        s *= std::max<std::int64_t>(sizes[i], 1);
    }
    return strides;
}

std::int64_t shapeNumel(const Shape& sizes) {
    std::int64_t n = 1;
    for (auto s : sizes) n *= s;
    return n;
}

std::string shapeToString(const Shape& sizes) {
    std::ostringstream os;
    os << '[';
    for (std::size_t i = 0; i < sizes.size(); ++i) os << (i ? ", " : "") << sizes[i];
    os << ']';
    return os.str();
}

namespace {
// Note [Shape buffer cache]: every tensor owns two shape vectors (sizes and strides), and eager
// autograd creates and drops tensors by the thousand (an op's output, its gradient, saved aliases).
// A TensorImpl that dies gives the buffers of its vectors to a per-thread list of spares, and new
// tensors take their vectors from there, so the geometry of a tensor costs no malloc in a steady
// state. Only small buffers are kept, at most kMaxSpareShapes of them; under AddressSanitizer the
// cache is bypassed (detail::kPooling).
constexpr std::size_t kMaxSpareShapes = 1024;
constexpr std::size_t kMaxSpareCapacity = 8;

class ShapeCache {
public:
    ShapeCache() { m_spare.reserve(kMaxSpareShapes); }
    ~ShapeCache() { s_destroyed = true; }
    Shape take() {
        if (m_spare.empty()) return {};
        Shape s = std::move(m_spare.back());
        m_spare.pop_back();
        return s;
    }
    void give(Shape& s) noexcept {
        if (s.capacity() == 0 || s.capacity() > kMaxSpareCapacity || m_spare.size() >= kMaxSpareShapes) return;
        s.clear();
        m_spare.push_back(std::move(s));  // no reallocation: the capacity was reserved
    }
    // Tensors freed while the thread's statics are torn down, after the cache, free their buffers.
    static thread_local bool s_destroyed;

private:
    std::vector<Shape> m_spare;
};
thread_local bool ShapeCache::s_destroyed = false;

ShapeCache& shapeCache() {
    thread_local ShapeCache cache;
    return cache;
}

// An empty Shape, with a spare buffer when the cache has one.
Shape takeShape() {
    if (detail::kPooling && !ShapeCache::s_destroyed) return shapeCache().take();
    return {};
}

void giveShape(Shape& s) noexcept {
    if (detail::kPooling && !ShapeCache::s_destroyed) shapeCache().give(s);
}

// `values` in a Shape taken from the cache.
Shape copyShape(const Shape& values) {
    Shape s = takeShape();
    s.assign(values.begin(), values.end());
    return s;
}

bool computeContiguous(const Shape& sz, const Shape& st) {
    std::int64_t expected = 1;
    for (std::size_t i = sz.size(); i-- > 0;) {
        if (sz[i] == 0) return true;
        if (sz[i] == 1) continue;
        if (st[i] != expected) return false;
        expected *= sz[i];
    }
    return true;
}

Tensor emptyWith(Shape&& sizes, DType dtype) {
    for (auto s : sizes)
        if (s < 0) throw ShapeError("empty: negative dimension in size " + shapeToString(sizes));
    auto impl = std::allocate_shared<TensorImpl>(PoolAllocator<TensorImpl>{});
    impl->numel = shapeNumel(sizes);
    impl->storage = StorageImpl::allocate(static_cast<std::size_t>(impl->numel) * itemSize(dtype));
    impl->strides = takeShape();
    impl->strides.resize(sizes.size());
    std::int64_t stride = 1;
    for (std::size_t i = sizes.size(); i-- > 0;) {
        impl->strides[i] = stride;
        stride *= std::max<std::int64_t>(sizes[i], 1);
    }
    impl->sizes = std::move(sizes);
    impl->dtype = dtype;
    impl->contiguous = true;
    return Tensor(std::move(impl));
}
}  // namespace

TensorImpl::~TensorImpl() {
    giveShape(sizes);
    giveShape(strides);
}

Tensor Tensor::empty(const Shape& sizes, DType dtype) { return emptyWith(copyShape(sizes), dtype); }

Tensor Tensor::empty(Shape&& sizes, DType dtype) { return emptyWith(std::move(sizes), dtype); }

Tensor Tensor::fromStorage(Storage storage, Shape sizes, Shape strides, std::int64_t offset, DType dtype) {
    if (sizes.size() != strides.size())
        throw ShapeError("as_strided: size " + shapeToString(sizes) + " and stride " + shapeToString(strides) +
                         " have different lengths");
    if (offset < 0) throw ShapeError("as_strided: negative storage offset " + std::to_string(offset));
    std::int64_t last = offset;
    bool empty = false;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] < 0) throw ShapeError("as_strided: negative size in " + shapeToString(sizes));
        if (strides[i] < 0) throw ShapeError("as_strided: negative stride in " + shapeToString(strides));
        if (sizes[i] == 0)
            empty = true;
        else
            last += (sizes[i] - 1) * strides[i];
    }
    const auto capacity = static_cast<std::int64_t>(storage->nbytes() / itemSize(dtype));
    if (!empty && last >= capacity)
        throw ShapeError("as_strided: size " + shapeToString(sizes) + " with stride " + shapeToString(strides) +
                         " and offset " + std::to_string(offset) + " is out of bounds for a storage of " +
                         std::to_string(capacity) + " elements");
    auto impl = std::allocate_shared<TensorImpl>(PoolAllocator<TensorImpl>{});
    impl->storage = std::move(storage);
    impl->numel = shapeNumel(sizes);
    impl->contiguous = computeContiguous(sizes, strides);
    impl->sizes = std::move(sizes);
    impl->strides = std::move(strides);
    impl->offset = offset;
    impl->dtype = dtype;
    return Tensor(std::move(impl));
}

Tensor Tensor::alias() const {
    const auto& from = impl();
    auto to = std::allocate_shared<TensorImpl>(PoolAllocator<TensorImpl>{});
    to->storage = from.storage;
    to->sizes = copyShape(from.sizes);
    to->strides = copyShape(from.strides);
    to->offset = from.offset;
    to->numel = from.numel;
    to->dtype = from.dtype;
    to->contiguous = from.contiguous;
    return Tensor(std::move(to));
}

template <class T>
Tensor Tensor::fromVector(const std::vector<T>& values, const Shape& sizes) {
    if (static_cast<std::int64_t>(values.size()) != shapeNumel(sizes))
        throw ShapeError("tensor: " + std::to_string(values.size()) + " values do not fill shape " +
                         shapeToString(sizes));
    Tensor t = empty(sizes, dtypeOf<T>);
    T* out = static_cast<T*>(t.rawData());
    for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i];
    return t;
}

template Tensor Tensor::fromVector<float>(const std::vector<float>&, const Shape&);
template Tensor Tensor::fromVector<double>(const std::vector<double>&, const Shape&);
template Tensor Tensor::fromVector<std::int64_t>(const std::vector<std::int64_t>&, const Shape&);
template Tensor Tensor::fromVector<bool>(const std::vector<bool>&, const Shape&);

void Tensor::throwUndefined() { throw ValueError("Tensor: use of an undefined tensor"); }

std::int64_t Tensor::wrapDim(std::int64_t d, std::int64_t ndim, const char* op) {
    const std::int64_t lo = ndim == 0 ? -1 : -ndim;
    const std::int64_t hi = ndim == 0 ? 0 : ndim - 1;
    if (d < lo || d > hi)
        throw IndexError(std::string(op) + ": Dimension out of range (expected to be in range of [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "], but got " + std::to_string(d) + ")");
    return d < 0 ? d + std::max<std::int64_t>(ndim, 1) : d;
}

std::int64_t Tensor::size(std::int64_t d) const { return sizes()[wrapDim(d, dim(), "size")]; }
std::int64_t Tensor::stride(std::int64_t d) const { return strides()[wrapDim(d, dim(), "stride")]; }

void Tensor::checkDType(DType expected, const char* what) const {
    if (dtype() != expected)
        throw TypeError(std::string(what) + ": expected a " + std::string(dtypeName(expected)) + " tensor, got " +
                        std::string(dtypeName(dtype())));
}

namespace {
// Visits every element offset (in elements, relative to rawData) in row-major order.
template <class F>
void forEachOffset(const Shape& sizes, const Shape& strides, F&& f) {
    const std::int64_t n = shapeNumel(sizes);
    if (n == 0) return;
    const std::size_t nd = sizes.size();
    std::vector<std::int64_t> idx(nd, 0);
    std::int64_t off = 0;
    for (std::int64_t k = 0; k < n; ++k) {
        f(off);
        for (std::size_t d = nd; d-- > 0;) {
            if (++idx[d] < sizes[d]) {
                off += strides[d];
                break;
            }
            off -= (sizes[d] - 1) * strides[d];
            idx[d] = 0;
        }
    }
}
}  // namespace

template <class T>
std::vector<T> Tensor::toVector() const {
    std::vector<T> out;
    out.reserve(static_cast<std::size_t>(numel()));
    visitDType(dtype(), [&]<class S>() {
        const S* base = static_cast<const S*>(rawData());
        forEachOffset(sizes(), strides(), [&](std::int64_t off) { out.push_back(static_cast<T>(base[off])); });
    });
    return out;
}

template <class T>
T Tensor::item() const {
    if (numel() != 1)
        throw ValueError("item: a Tensor with " + std::to_string(numel()) + " elements cannot be converted to Scalar");
    return toVector<T>()[0];
}

template std::vector<float> Tensor::toVector<float>() const;
template std::vector<double> Tensor::toVector<double>() const;
template std::vector<std::int64_t> Tensor::toVector<std::int64_t>() const;
template std::vector<bool> Tensor::toVector<bool>() const;
template float Tensor::item<float>() const;
template double Tensor::item<double>() const;
template std::int64_t Tensor::item<std::int64_t>() const;
template bool Tensor::item<bool>() const;

}  // namespace tessera
