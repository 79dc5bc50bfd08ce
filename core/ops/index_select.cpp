#include "core/ops/index_select.h"

#include <cstring>
#include <string>

#include "core/kernels/parallel.h"
#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"

namespace tessera::ops {

namespace {
const OpInfo& kIndexSelect = registerOp({"index_select", OpCategory::Shape, elementwiseCost});
}  // namespace

Tensor indexSelect(const Tensor& x, std::int64_t dim, const Tensor& index) {
    OpCall call(kIndexSelect, x, index);
    dim = Tensor::wrapDim(dim, x.dim(), "index_select");
    if (index.dim() > 1) throw IndexError("index_select(): Index is supposed to be a vector");
    if (index.dtype() != DType::Int64)
        throw TypeError("index_select(): Expected dtype int32 or int64 for index, got " +
                        std::string(dtypeName(index.dtype())));
    const Tensor idx = detail::materialize(index);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const std::int64_t k = idx.numel();
    // A 0-d x behaves as a vector of one element, and selects it once.
    const std::int64_t n = x.dim() == 0 ? 1 : x.size(dim);
    if (x.dim() == 0 && k != 1)
        throw IndexError("index_select(): Index to scalar can have only 1 value, got " + std::to_string(k) +
                         " value(s)");
    for (std::int64_t i = 0; i < k; ++i)
        if (ip[i] < 0 || ip[i] >= n)
            throw IndexError("index_select(): index out of range in self (index " + std::to_string(ip[i]) +
                             " for dimension " + std::to_string(dim) + " of size " + std::to_string(n) + ")");

    Shape outSizes = x.sizes();
    if (x.dim() > 0) outSizes[dim] = k;
    Tensor out = Tensor::empty(outSizes, x.dtype());
    if (out.numel() == 0) return call.finish(out);
    const Tensor src = detail::materialize(x);
    std::int64_t outer = 1, inner = 1;
    for (std::int64_t d = 0; d < dim; ++d) outer *= x.size(d);
    for (std::int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.size(d);
    const std::size_t rowBytes = static_cast<std::size_t>(inner) * itemSize(x.dtype());
    const auto* sp = static_cast<const char*>(src.rawData());
    auto* op = static_cast<char*>(out.rawData());
    // One row = `inner` contiguous elements; rows are copied whole.
    const std::int64_t grain = std::max<std::int64_t>(1, (1 << 16) / std::max<std::int64_t>(1, inner));
    kernels::parallelFor(0, outer * k, grain, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t r = lo; r < hi; ++r) {
            const std::int64_t o = r / k, j = r % k;
            std::memcpy(op + static_cast<std::size_t>(r) * rowBytes,
                        sp + static_cast<std::size_t>(o * n + ip[j]) * rowBytes, rowBytes);
        }
    });
    return call.finish(out);
}

}  // namespace tessera::ops
