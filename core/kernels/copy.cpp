#include "core/kernels/copy.h"

#include <cstring>

#include "core/kernels/parallel.h"

namespace tessera::kernels {

namespace {

template <class D, class S>
void stridedCopy(D* dst, const Shape& dstStrides, const S* src, const Shape& srcStrides, const Shape& sizes) {
    const std::size_t nd = sizes.size();
    const std::int64_t n = shapeNumel(sizes);
    if (n == 0) return;
    if (nd == 0) {
        *dst = static_cast<D>(*src);
        return;
    }
    const std::int64_t inner = sizes[nd - 1];
    const std::int64_t ds = dstStrides[nd - 1], ss = srcStrides[nd - 1];
    std::vector<std::int64_t> idx(nd, 0);
    std::int64_t doff = 0, soff = 0;
    for (std::int64_t row = 0; row < n / inner; ++row) {
        for (std::int64_t i = 0; i < inner; ++i) dst[doff + i * ds] = static_cast<D>(src[soff + i * ss]);
        for (std::size_t d = nd - 1; d-- > 0;) {
            if (++idx[d] < sizes[d]) {
                doff += dstStrides[d];
                soff += srcStrides[d];
                break;
            }
            doff -= (sizes[d] - 1) * dstStrides[d];
            soff -= (sizes[d] - 1) * srcStrides[d];
            idx[d] = 0;
        }
    }
}

}  // namespace

void copy(const Tensor& dst, const Tensor& src) {
    if (dst.sizes() != src.sizes())
        throw ShapeError("copy_: destination size " + shapeToString(dst.sizes()) + " does not match source size " +
                         shapeToString(src.sizes()));
    if (dst.dtype() == src.dtype() && dst.isContiguous() && src.isContiguous()) {
        char* d = static_cast<char*>(dst.rawData());
        const char* s = static_cast<const char*>(src.rawData());
        const auto bytes = static_cast<std::int64_t>(dst.nbytes());
        constexpr std::int64_t kChunk = 1 << 20;
        parallelFor(0, bytes, kChunk, [&](std::int64_t lo, std::int64_t hi) {
            std::memcpy(d + lo, s + lo, static_cast<std::size_t>(hi - lo));
        });
        return;
    }
    visitDType(dst.dtype(), [&]<class D>() {
        visitDType(src.dtype(), [&]<class S>() {
            stridedCopy(static_cast<D*>(dst.rawData()), dst.strides(), static_cast<const S*>(src.rawData()),
                        src.strides(), dst.sizes());
        });
    });
}

}  // namespace tessera::kernels
