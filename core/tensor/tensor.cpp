#include "core/tensor/tensor.h"

#include <cstring>
#include <sstream>

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

Tensor Tensor::empty(Shape sizes, DType dtype) {
    for (auto s : sizes)
        if (s < 0) throw ShapeError("empty: negative dimension in size " + shapeToString(sizes));
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = StorageImpl::allocate(static_cast<std::size_t>(shapeNumel(sizes)) * itemSize(dtype));
    impl->strides = contiguousStrides(sizes);
    impl->sizes = std::move(sizes);
    impl->dtype = dtype;
    return Tensor(std::move(impl));
}

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
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = std::move(storage);
    impl->sizes = std::move(sizes);
    impl->strides = std::move(strides);
    impl->offset = offset;
    impl->dtype = dtype;
    return Tensor(std::move(impl));
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
std::int64_t Tensor::numel() const { return shapeNumel(sizes()); }

bool Tensor::isContiguous() const {
    // PyTorch's rule: dims of size 1 may have any stride; an empty tensor is contiguous.
    const auto& sz = sizes();
    const auto& st = strides();
    std::int64_t expected = 1;
    for (std::size_t i = sz.size(); i-- > 0;) {
        if (sz[i] == 0) return true;
        if (sz[i] == 1) continue;
        if (st[i] != expected) return false;
        expected *= sz[i];
    }
    return true;
}

void* Tensor::rawData() const {
    const auto& im = impl();
    return static_cast<char*>(im.storage->data()) + im.offset * static_cast<std::int64_t>(itemSize(im.dtype));
}

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
