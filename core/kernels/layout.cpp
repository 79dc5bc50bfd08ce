#include "core/kernels/layout.h"

#include <algorithm>
#include <numeric>

#include "core/tensor/storage.h"

namespace tessera::kernels {

// Note [Output layout]: torch's element-wise ops (TensorIterator) do not always return contiguous
// results: (a.t() * 2) has a.t()'s strides, so (a.t() * 2).view(-1) fails and (a.t() * 2).t().view(-1)
// works, .contiguous() on such a result copies (CloneBackward0 in the graph) and .reshape() of it may
// be a view. The order of dims comes from the inputs, taken in operand order: for two dims, the first
// input whose strides tell them apart decides (smaller stride inner; a broadcast dim, stride 0, tells
// nothing; equal strides put the smaller size inner), by an insertion sort that starts from row-major
// order (TensorIteratorBase::reorder_dimensions). The result is dense in that order. When every input
// is contiguous the answer is row-major, taken without the sort (emptyElementwise in layout.h).

namespace {

Tensor emptyWithStrides(const Shape& sizes, const Shape& strides, DType dtype) {
    const std::int64_t n = shapeNumel(sizes);
    return Tensor::fromStorage(StorageImpl::allocate(static_cast<std::size_t>(n) * itemSize(dtype)), sizes, strides, 0,
                               dtype);
}

// Dense strides for `sizes` with perm[0] the innermost dim.
Shape denseStrides(const Shape& sizes, const std::vector<std::size_t>& perm) {
    Shape strides(sizes.size(), 0);
    std::int64_t next = 1;
    for (std::size_t d : perm) {
        strides[d] = next;
        next *= std::max<std::int64_t>(sizes[d], 1);
    }
    return strides;
}

bool isRowMajor(const std::vector<std::size_t>& perm) {
    for (std::size_t i = 0; i < perm.size(); ++i)
        if (perm[i] != perm.size() - 1 - i) return false;
    return true;
}

}  // namespace

Tensor detail::emptyOrdered(const Shape& sizes, DType dtype, std::initializer_list<const Tensor*> inputs) {
    const std::size_t nd = sizes.size();
    if (nd < 2 || shapeNumel(sizes) == 0) return Tensor::empty(sizes, dtype);

    // Each input's strides over the result's dims: 0 where it is broadcast (or has no such dim).
    std::vector<Shape> strides;
    for (const Tensor* t : inputs) {
        Shape s(nd, 0);
        const auto rank = static_cast<std::size_t>(t->dim());
        const std::size_t offset = nd - rank;
        for (std::size_t i = 0; i < rank; ++i)
            if (!(t->sizes()[i] == 1 && sizes[offset + i] != 1)) s[offset + i] = t->strides()[i];
        strides.push_back(std::move(s));
    }
    // 1: dim0 goes outside dim1; -1: inside; 0: no input tells.
    auto shouldSwap = [&](std::size_t dim0, std::size_t dim1) {
        for (const Shape& s : strides) {
            const std::int64_t s0 = s[dim0], s1 = s[dim1];
            if (s0 == 0 || s1 == 0) continue;
            if (s0 < s1) return -1;
            if (s0 > s1) return 1;
            if (sizes[dim0] > sizes[dim1]) return 1;
        }
        return 0;
    };
    std::vector<std::size_t> perm(nd);  // perm[0]: the innermost dim
    std::iota(perm.rbegin(), perm.rend(), std::size_t{0});
    for (std::size_t i = 1; i < nd; ++i) {
        std::size_t dim1 = i;
        for (std::size_t dim0 = i; dim0-- > 0;) {
            const int c = shouldSwap(perm[dim0], perm[dim1]);
            if (c > 0) {
                std::swap(perm[dim0], perm[dim1]);
                dim1 = dim0;
            } else if (c < 0) {
                break;
            }
        }
    }
    if (isRowMajor(perm)) return Tensor::empty(sizes, dtype);
    return emptyWithStrides(sizes, denseStrides(sizes, perm), dtype);
}

bool isNonOverlappingAndDense(const Tensor& t) {
    if (t.isContiguous()) return true;
    // As torch's TensorImpl::compute_non_overlapping_and_dense: dims by stride, innermost first, with
    // the dims of size 0 or 1 (whose strides do not matter) last.
    const Shape& sizes = t.sizes();
    const Shape& strides = t.strides();
    std::vector<std::size_t> perm(t.dim());
    std::iota(perm.begin(), perm.end(), std::size_t{0});
    std::sort(perm.begin(), perm.end(), [&](std::size_t a, std::size_t b) {
        if (sizes[a] < 2) return false;
        if (sizes[b] < 2) return true;
        return strides[a] < strides[b];
    });
    std::int64_t expected = 1;
    for (std::size_t d : perm) {
        if (sizes[d] < 2) return true;
        if (strides[d] != expected) return false;
        expected *= sizes[d];
    }
    return true;
}

Tensor emptyPreserving(const Tensor& x, DType dtype) {
    if (x.isContiguous() || !isNonOverlappingAndDense(x)) return Tensor::empty(x.sizes(), dtype);
    return emptyWithStrides(x.sizes(), x.strides(), dtype);
}

}  // namespace tessera::kernels
