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

bool accumulate(const Tensor& dst, const Tensor& src) {
    if (!canAccumulate(dst, src)) return false;
    visitFloating(dst.dtype(), "accumulate", [&]<class T>() {
        updateInPlace<T>(
            dst, [](T x, T y) { return x + y; }, src);
    });
    dst.bumpVersion();
    return true;
}

bool canAccumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b) {
    return canAccumulate(dst, a) && b.dtype() == dst.dtype() && sameShape(b.sizes(), dst.sizes());
}

bool accumulateProduct(const Tensor& dst, const Tensor& a, const Tensor& b) {
    if (!canAccumulateProduct(dst, a, b)) return false;
    // The product is a separate operation from the sum: the element-wise loops are compiled without
    // FMA (Note [Element-wise clones]), so d + x * y rounds x * y first, as mul then add_ would.
    visitFloating(dst.dtype(), "accumulateProduct", [&]<class T>() {
        updateInPlace<T>(
            dst, [](T d, T x, T y) { return d + x * y; }, a, b);
    });
    dst.bumpVersion();
    return true;
}

bool multiplyInPlace(const Tensor& dst, const Tensor& src) {
    if (!canAccumulate(dst, src)) return false;
    visitFloating(dst.dtype(), "multiplyInPlace", [&]<class T>() {
        updateInPlace<T>(
            dst, [](T x, T y) { return x * y; }, src);
    });
    dst.bumpVersion();
    return true;
}

}  // namespace tessera::kernels
