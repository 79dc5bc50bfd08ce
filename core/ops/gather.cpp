#include "core/ops/gather.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/kernels/parallel.h"
#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"

namespace tessera::ops {

namespace {
const OpInfo& kGather = registerOp({"gather", OpCategory::Shape, elementwiseCost});

// torch treats a 0-d tensor as having one dim of size 1 in gather's shape rules.
std::int64_t nonemptyDim(const Tensor& t) { return std::max<std::int64_t>(t.dim(), 1); }
std::int64_t nonemptySize(const Tensor& t, std::int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
}  // namespace

Tensor gather(const Tensor& x, std::int64_t dim, const Tensor& index) {
    OpCall call(kGather, x, index);
    dim = Tensor::wrapDim(dim, x.dim(), "gather");
    if (index.dtype() != DType::Int64)
        throw TypeError("gather(): Expected dtype int64 for index, got " + std::string(dtypeName(index.dtype())));
    Tensor out = Tensor::empty(index.sizes(), x.dtype());
    if (index.numel() == 0) return call.finish(out);
    const std::int64_t nd = nonemptyDim(x);
    if (nd != nonemptyDim(index))
        throw ShapeError("gather(): Index tensor must have the same number of dimensions as input tensor (index " +
                         shapeToString(index.sizes()) + ", input " + shapeToString(x.sizes()) + ")");
    for (std::int64_t d = 0; d < nd; ++d)
        if (d != dim && nonemptySize(index, d) > nonemptySize(x, d))
            throw ShapeError("gather(): Size does not match at dimension " + std::to_string(d) + " expected index " +
                             shapeToString(index.sizes()) + " to be smaller than self " + shapeToString(x.sizes()) +
                             " apart from dimension " + std::to_string(dim));

    const Tensor idx = detail::materialize(index);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const std::int64_t n = nonemptySize(x, dim);
    const std::int64_t count = idx.numel();
    for (std::int64_t i = 0; i < count; ++i)
        if (ip[i] < 0 || ip[i] >= n)
            throw IndexError("gather(): index " + std::to_string(ip[i]) + " is out of bounds for dimension " +
                             std::to_string(dim) + " with size " + std::to_string(n));

    // Index sizes and x strides per dim (as if both had nd dims), to walk the index in row-major order.
    Shape sizes(nd), xStrides(nd);
    for (std::int64_t d = 0; d < nd; ++d) {
        sizes[d] = nonemptySize(index, d);
        xStrides[d] = x.dim() == 0 ? 0 : x.stride(d);
    }
    visitDType(x.dtype(), [&]<class T>() {
        const T* xp = static_cast<const T*>(x.rawData());
        T* op = out.data<T>();
        const std::int64_t grain = 1 << 15;
        kernels::parallelFor(0, count, grain, [&](std::int64_t lo, std::int64_t hi) {
            // Multi-index of element `lo`, then advanced like an odometer.
            std::vector<std::int64_t> pos(static_cast<std::size_t>(nd));
            std::int64_t rest = lo, base = 0;
            for (std::int64_t d = nd - 1; d >= 0; --d) {
                pos[d] = rest % sizes[d];
                rest /= sizes[d];
                if (d != dim) base += pos[d] * xStrides[d];
            }
            for (std::int64_t i = lo; i < hi; ++i) {
                op[i] = xp[base + ip[i] * xStrides[dim]];
                for (std::int64_t d = nd - 1; d >= 0; --d) {
                    const std::int64_t step = d == dim ? 0 : xStrides[d];
                    if (++pos[d] < sizes[d]) {
                        base += step;
                        break;
                    }
                    base -= (sizes[d] - 1) * step;
                    pos[d] = 0;
                }
            }
        });
    });
    return call.finish(out);
}

}  // namespace tessera::ops
