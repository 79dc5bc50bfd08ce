#include "core/ops/embedding.h"

#include <cstring>
#include <string>

#include "core/autograd/function.h"
#include "core/kernels/parallel.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/index_select.h"
#include "core/ops/loss_common.h"
#include "core/ops/view.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kEmbedding = registerOp({"embedding", OpCategory::Nn, elementwiseCost});
const OpInfo& kEmbeddingDenseBackward = registerOp({"embedding_dense_backward", OpCategory::Backward, elementwiseCost});

// The gradient of embeddingDenseBackward (a scatter-add of rows) is a gather of rows: torch's
// embedding_dense_double_backward, index_select then zero the padding rows.
struct EmbeddingDenseBackwardBackward0 final : autograd::Node {
    autograd::SavedVariable indices;
    std::int64_t paddingIdx = -1;
    std::string_view name() const override { return "EmbeddingDenseBackwardBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor idx = indices.unpack(this);
        const Tensor flat = reshape(idx, {-1});
        Tensor rows = indexSelect(grads[0], 0, flat);
        if (paddingIdx >= 0) rows = where(unsqueeze(eq(flat, paddingIdx), -1), 0.0, rows);
        Shape sizes = idx.sizes();
        sizes.push_back(-1);
        return {view(rows, sizes)};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("indices", indices); }
};

struct EmbeddingBackward0 final : autograd::Node {
    autograd::SavedVariable indices;
    std::int64_t numWeights = 0;
    std::int64_t paddingIdx = -1;
    std::string_view name() const override { return "EmbeddingBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {embeddingDenseBackward(grads[0], indices.unpack(this), numWeights, paddingIdx)};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("indices", indices); }
};
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
    if (out.numel() > 0) {
        const Tensor w = detail::materialize(weight);
        const std::size_t rowBytes = static_cast<std::size_t>(cols) * itemSize(weight.dtype());
        const auto* wp = static_cast<const char*>(w.rawData());
        auto* op = static_cast<char*>(out.rawData());
        const std::int64_t grain = std::max<std::int64_t>(1, (1 << 16) / cols);
        kernels::parallelFor(0, k, grain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i)
                std::memcpy(op + static_cast<std::size_t>(i) * rowBytes,
                            wp + static_cast<std::size_t>(ip[i]) * rowBytes, rowBytes);
        });
    }
    if (isFloating(weight.dtype()))
        if (auto node = autograd::makeNode<EmbeddingBackward0>(weight)) {
            node->indices = autograd::SavedVariable(indices);
            node->numWeights = rows;
            node->paddingIdx = paddingIdx ? (*paddingIdx < 0 ? *paddingIdx + rows : *paddingIdx) : -1;
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

Tensor embeddingDenseBackward(const Tensor& grad, const Tensor& indices, std::int64_t numWeights,
                              std::int64_t paddingIdx) {
    OpCall call(kEmbeddingDenseBackward, grad, indices);
    const std::int64_t cols = grad.dim() == 0 ? 1 : grad.size(-1);
    const Tensor idx = detail::materialize(indices);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const std::int64_t k = idx.numel();
    Tensor out = tessera::zeros({numWeights, cols}, grad.dtype());
    if (auto node = autograd::makeNode<EmbeddingDenseBackwardBackward0>(grad)) {
        node->indices = autograd::SavedVariable(indices);
        node->paddingIdx = paddingIdx;
        autograd::setHistory(out, node);
    }
    if (out.numel() == 0 || k == 0) return call.finish(out);
    visitFloating(grad.dtype(), "embedding_dense_backward", [&]<class T>() {
        const Tensor g = detail::materialize(grad);
        const T* gp = g.data<T>();
        T* op = out.data<T>();
        // Columns are independent: split them across threads, keep the index order within each.
        const std::int64_t grain = std::max<std::int64_t>(16, (1 << 16) / std::max<std::int64_t>(1, k));
        kernels::parallelFor(0, cols, grain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = 0; i < k; ++i) {
                if (ip[i] == paddingIdx) continue;
                T* dst = op + ip[i] * cols;
                const T* src = gp + i * cols;
                for (std::int64_t j = lo; j < hi; ++j) dst[j] += src[j];
            }
        });
    });
    return call.finish(out);
}

}  // namespace tessera::ops
