#include "core/kernels/elementwise.h"

#include <algorithm>
#include <string>

#include "core/kernels/copy.h"

namespace tessera::kernels {

namespace {

std::string opPrefix(std::string_view op) { return std::string(op) + ": "; }

// Lowest and one-past-highest element offsets a tensor touches; an empty tensor touches nothing.
std::pair<std::int64_t, std::int64_t> span(const Tensor& t) {
    std::int64_t lo = t.storageOffset(), hi = t.storageOffset();
    for (std::int64_t d = 0; d < t.dim(); ++d) {
        if (t.size(d) == 0) return {0, 0};
        hi += (t.size(d) - 1) * t.stride(d);
    }
    return {lo, hi + 1};
}

bool hasInternalOverlap(const Tensor& t) {
    for (std::int64_t d = 0; d < t.dim(); ++d)
        if (t.size(d) > 1 && t.stride(d) == 0) return true;
    return false;
}

// Non-overlapping and dense: its elements fill its span exactly (PyTorch can only prove partial
// overlap for such tensors, so only for them it raises instead of reading a copy).
bool isDense(const Tensor& t) {
    const auto [lo, hi] = span(t);
    return !hasInternalOverlap(t) && hi - lo == t.numel();
}

}  // namespace

Shape broadcastShapes(std::string_view op, const Shape& a, const Shape& b) {
    if (a == b) return a;
    const std::size_t n = std::max(a.size(), b.size());
    Shape out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t sa = i < n - a.size() ? 1 : a[i - (n - a.size())];
        const std::int64_t sb = i < n - b.size() ? 1 : b[i - (n - b.size())];
        if (sa != sb && sa != 1 && sb != 1)
            throw ShapeError(opPrefix(op) + "The size of tensor a (" + std::to_string(sa) +
                             ") must match the size of tensor b (" + std::to_string(sb) +
                             ") at non-singleton dimension " + std::to_string(i));
        out[i] = sa == 1 ? sb : sa;
    }
    return out;
}

Shape broadcastShapes(std::string_view op, const Shape& a, const Shape& b, const Shape& c) {
    return broadcastShapes(op, broadcastShapes(op, a, b), c);
}

Tensor cast(const Tensor& t, DType dtype) {
    if (t.dtype() == dtype) return t;
    Tensor out = Tensor::empty(t.sizes(), dtype);
    copy(out, t);
    return out;
}

void checkInPlace(std::string_view op, const Tensor& dst) {
    if (hasInternalOverlap(dst))
        throw ValueError(opPrefix(op) +
                         "unsupported operation: more than one element of the written-to tensor refers to a single "
                         "memory location. Please clone() the tensor before performing the operation.");
}

Tensor checkInPlace(std::string_view op, const Tensor& dst, const Tensor& src) {
    checkInPlace(op, dst);
    if (!dst.sharesStorageWith(src) || dst.numel() == 0 || src.numel() == 0) return src;
    if (src.storageOffset() == dst.storageOffset() && src.sizes() == dst.sizes() && src.strides() == dst.strides())
        return src;
    const auto [dlo, dhi] = span(dst);
    const auto [slo, shi] = span(src);
    if (shi <= dlo || dhi <= slo) return src;
    if (isDense(dst) && isDense(src))
        throw ValueError(opPrefix(op) +
                         "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
                         "a single memory location. Please clone() the tensor before performing the operation.");
    Tensor copyOfSrc = Tensor::empty(src.sizes(), src.dtype());
    copy(copyOfSrc, src);
    return copyOfSrc;
}

void checkOutputShape(std::string_view op, const Tensor& dst, const Shape& shape) {
    if (dst.sizes() != shape)
        throw ShapeError(opPrefix(op) + "output with shape " + shapeToString(dst.sizes()) +
                         " doesn't match the broadcast shape " + shapeToString(shape));
}

ElementwiseIter::ElementwiseIter(const Tensor& out, std::initializer_list<const Tensor*> inputs) {
    const Shape& sizes = out.sizes();
    if (out.dim() > kMaxDims)
        throw ShapeError("elementwise: tensors with more than " + std::to_string(kMaxDims) +
                         " dimensions are not supported, got " + shapeToString(sizes));
    m_numel = shapeNumel(sizes);
    // The common case, operands of one shape all contiguous, is one flat dim: no reordering to do.
    bool flat = true;
    for (const Tensor* t : inputs) flat = flat && t->sizes() == sizes && t->isContiguous();
    if (flat && out.isContiguous()) {
        m_ndim = 1;
        m_shape[0] = m_numel;
        m_data[0] = static_cast<char*>(out.rawData());
        m_innerStrides[0] = m_strides[0][0] = static_cast<std::int64_t>(itemSize(out.dtype()));
        m_nops = 1;
        for (const Tensor* t : inputs) {
            m_data[m_nops] = static_cast<char*>(t->rawData());
            m_innerStrides[m_nops] = m_strides[m_nops][0] = static_cast<std::int64_t>(itemSize(t->dtype()));
            ++m_nops;
        }
        return;
    }
    m_ndim = static_cast<int>(sizes.size());
    for (int d = 0; d < m_ndim; ++d) m_shape[d] = sizes[m_ndim - 1 - d];
    m_nops = 0;
    addOperand(out, sizes, m_nops++);
    for (const Tensor* t : inputs) addOperand(*t, sizes, m_nops++);
    reorderAndCoalesce();
    for (int k = 0; k < m_nops; ++k) m_innerStrides[k] = m_ndim > 0 ? m_strides[k][0] : 0;
}

void ElementwiseIter::addOperand(const Tensor& t, const Shape& outSizes, int k) {
    const std::int64_t item = static_cast<std::int64_t>(itemSize(t.dtype()));
    const Shape& sizes = t.sizes();
    const Shape& strides = t.strides();
    const std::int64_t lead = m_ndim - static_cast<std::int64_t>(sizes.size());
    if (lead < 0)
        throw ShapeError("elementwise: input of shape " + shapeToString(t.sizes()) +
                         " has more dimensions than the output " + shapeToString(outSizes));
    m_data[k] = static_cast<char*>(t.rawData());
    for (int d = 0; d < m_ndim; ++d) {
        const std::int64_t j = d - lead;  // the input's dim for output dim d (row-major numbering)
        std::int64_t stride = 0;
        if (j >= 0) {
            if (sizes[j] == outSizes[d])
                stride = strides[j] * item;
            else if (sizes[j] != 1)
                throw ShapeError("elementwise: input of shape " + shapeToString(t.sizes()) +
                                 " does not broadcast to the output shape " + shapeToString(outSizes));
        }
        m_strides[k][m_ndim - 1 - d] = stride;
    }
}

void ElementwiseIter::reorderAndCoalesce() {
    // Order the dims innermost first by the output's strides (then the inputs'), as PyTorch's
    // reorder_dimensions does, so that a transposed destination is still walked in memory order.
    std::array<int, kMaxDims> perm{};
    for (int d = 0; d < m_ndim; ++d) perm[d] = d;
    auto shouldSwap = [&](int inner, int outer) {
        for (int k = 0; k < m_nops; ++k) {
            const std::int64_t a = m_strides[k][inner], b = m_strides[k][outer];
            if (a == 0 || b == 0) continue;
            if (a != b) return a > b;
        }
        return false;
    };
    for (int i = 1; i < m_ndim; ++i)
        for (int j = i; j > 0 && shouldSwap(perm[j - 1], perm[j]); --j) std::swap(perm[j - 1], perm[j]);
    auto applyPerm = [&](std::array<std::int64_t, kMaxDims>& v) {
        std::array<std::int64_t, kMaxDims> copyOfV = v;
        for (int d = 0; d < m_ndim; ++d) v[d] = copyOfV[perm[d]];
    };
    applyPerm(m_shape);
    for (int k = 0; k < m_nops; ++k) applyPerm(m_strides[k]);

    // Merge dim d+1 into dim d when every operand steps through both as through one dim.
    int out = 0;
    for (int d = 1; d < m_ndim; ++d) {
        bool merge = m_shape[out] == 1 || m_shape[d] == 1;
        if (!merge) {
            merge = true;
            for (int k = 0; k < m_nops; ++k)
                if (m_strides[k][d] != m_shape[out] * m_strides[k][out]) merge = false;
        }
        if (merge) {
            if (m_shape[out] == 1) {
                m_shape[out] = m_shape[d];
                for (int k = 0; k < m_nops; ++k) m_strides[k][out] = m_strides[k][d];
            } else if (m_shape[d] != 1) {
                m_shape[out] *= m_shape[d];
            }
        } else {
            ++out;
            m_shape[out] = m_shape[d];
            for (int k = 0; k < m_nops; ++k) m_strides[k][out] = m_strides[k][d];
        }
    }
    if (m_ndim > 0) m_ndim = out + 1;
}

namespace detail {
void throwDType(const Tensor& t, DType expected) {
    throw TypeError("elementwise: expected a " + std::string(dtypeName(expected)) + " operand, got " +
                    std::string(dtypeName(t.dtype())));
}
}  // namespace detail

}  // namespace tessera::kernels
