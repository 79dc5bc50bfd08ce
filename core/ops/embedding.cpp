#include "core/ops/embedding.h"

#include <cstring>
#include <string>

#include "core/kernels/parallel.h"
#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"

namespace tessera::ops {

namespace {
const OpInfo& kEmbedding = registerOp({"embedding", OpCategory::Nn, elementwiseCost});
}  // namespace

Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<std::int64_t> paddingIdx) {
    OpCall call(kEmbedding, indices, weight);
    if (weight.dim() != 2)
        throw ShapeError("embedding: 'weight' must be 2-D, got weight of shape " + shapeToString(weight.sizes()));
    if (indices.dtype() != DType::Int64)
        throw TypeError("embedding: Expected tensor for argument #1 'indices' to have scalar type int64, but got " +
                        std::string(dtypeName(indices.dtype())));
    const std::int64_t rows = weight.size(0), cols = weight.size(1);
    if (paddingIdx && (*paddingIdx >= rows || *paddingIdx < -rows))
        throw ValueError("embedding: Padding_idx must be within num_embeddings (padding_idx " +
                         std::to_string(*paddingIdx) + ", num_embeddings " + std::to_string(rows) + ")");
    const Tensor idx = detail::materialize(indices);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const std::int64_t k = idx.numel();
    for (std::int64_t i = 0; i < k; ++i)
        if (ip[i] < 0 || ip[i] >= rows)
            throw IndexError("embedding: index out of range in self (index " + std::to_string(ip[i]) +
                             ", num_embeddings " + std::to_string(rows) + ")");
    Shape outSizes = indices.sizes();
    outSizes.push_back(cols);
    Tensor out = Tensor::empty(outSizes, weight.dtype());
    if (out.numel() == 0) return call.finish(out);
    const Tensor w = detail::materialize(weight);
    const std::size_t rowBytes = static_cast<std::size_t>(cols) * itemSize(weight.dtype());
    const auto* wp = static_cast<const char*>(w.rawData());
    auto* op = static_cast<char*>(out.rawData());
    const std::int64_t grain = std::max<std::int64_t>(1, (1 << 16) / cols);
    kernels::parallelFor(0, k, grain, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t i = lo; i < hi; ++i)
            std::memcpy(op + static_cast<std::size_t>(i) * rowBytes, wp + static_cast<std::size_t>(ip[i]) * rowBytes,
                        rowBytes);
    });
    return call.finish(out);
}

}  // namespace tessera::ops
