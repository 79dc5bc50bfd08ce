#include "core/kernels/accumulate.h"

#include "core/kernels/elementwise.h"

namespace tessera::kernels {

namespace {
// dst = f(dst, srcs...) where dst is contiguous and every source has dst's shape and element type
// (checked by the callers). When the sources are contiguous too and the tensor is one chunk, the
// dense loop runs directly: these kernels run once or twice per backward Node, and map's
// classification of the operands costs a good part of a small gradient's loop.
template <class T, class F, class... Srcs>
void updateInPlace(const Tensor& dst, F f, const Srcs&... srcs) {
    const std::int64_t n = dst.numel();
    if ((srcs.isContiguous() && ...) && n <= kGrain) {
        detail::contiguousLoop(static_cast<T*>(dst.rawData()), n, f,
                               detail::Contiguous<T>{static_cast<T*>(dst.rawData())},
                               detail::Contiguous<T>{static_cast<const T*>(srcs.rawData())}...);
        return;
    }
    map<T, T, decltype(sizeof(Srcs), T{})...>(dst, f, dst, srcs...);
}
}  // namespace

bool canAccumulate(const Tensor& dst, const Tensor& src) {
    return dst.dtype() == src.dtype() && isFloating(dst.dtype()) && sameShape(dst.sizes(), src.sizes()) &&
           dst.isContiguous();
}

void accumulate(const Tensor& dst, const Tensor& src) {
    if (!canAccumulate(dst, src))
        throw ShapeError("accumulate: cannot add a " + std::string(dtypeName(src.dtype())) + " tensor of shape " +
                         shapeToString(src.sizes()) + " into a " + std::string(dtypeName(dst.dtype())) +
                         " tensor of shape " + shapeToString(dst.sizes()) + " in place");
    visitFloating(dst.dtype(), "accumulate", [&]<class T>() {
        updateInPlace<T>(
            dst, [](T x, T y) { return x + y; }, src);
    });
    dst.bumpVersion();
}

bool canAccumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b) {
    return canAccumulate(dst, a) && b.dtype() == dst.dtype() && sameShape(b.sizes(), dst.sizes());
}

void accumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b) {
    if (!canAccumulateProduct(dst, a, b))
        throw ShapeError("accumulateProduct: cannot add the product of a " + std::string(dtypeName(a.dtype())) +
                         " tensor of shape " + shapeToString(a.sizes()) + " and a " +
                         std::string(dtypeName(b.dtype())) + " tensor of shape " + shapeToString(b.sizes()) +
                         " into a " + std::string(dtypeName(dst.dtype())) + " tensor of shape " +
                         shapeToString(dst.sizes()) + " in place");
    // The product is a separate operation from the sum: the element-wise loops are compiled without
    // FMA (Note [Element-wise AVX2 clones]), so d + x * y rounds x * y first, as mul then add_ would.
    visitFloating(dst.dtype(), "accumulateProduct", [&]<class T>() {
        updateInPlace<T>(
            dst, [](T d, T x, T y) { return d + x * y; }, a, b);
    });
    dst.bumpVersion();
}

void multiplyInPlace(const Tensor& dst, const Tensor& src) {
    if (!canAccumulate(dst, src))
        throw ShapeError("multiplyInPlace: cannot multiply a " + std::string(dtypeName(dst.dtype())) +
                         " tensor of shape " + shapeToString(dst.sizes()) + " by a " +
                         std::string(dtypeName(src.dtype())) + " tensor of shape " + shapeToString(src.sizes()) +
                         " in place");
    visitFloating(dst.dtype(), "multiplyInPlace", [&]<class T>() {
        updateInPlace<T>(
            dst, [](T x, T y) { return x * y; }, src);
    });
    dst.bumpVersion();
}

}  // namespace tessera::kernels
