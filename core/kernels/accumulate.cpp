#include "core/kernels/accumulate.h"

#include "core/kernels/elementwise.h"

namespace tessera::kernels {

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
        map<T, T, T>(
            dst, [](T x, T y) { return x + y; }, dst, src);
    });
    dst.bumpVersion();
}

}  // namespace tessera::kernels
