#include "core/ops/index_select.h"

#include <cstring>
#include <string>

#include "core/autograd/function.h"
#include "core/kernels/parallel.h"
#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"

namespace tessera::ops {

namespace {
const OpInfo& kIndexSelect = registerOp({"index_select", OpCategory::Shape, elementwiseCost});
const OpInfo& kIndexSelectBackward = registerOp({"index_select_backward", OpCategory::Backward, elementwiseCost});

struct IndexSelectBackward0 final : autograd::Node {
    Shape selfSizes;
    std::int64_t dim = 0;
    autograd::SavedVariable index;
    std::string_view name() const override { return "IndexSelectBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {indexSelectBackward(grads[0], selfSizes, dim, index.unpack(this))};
    }
    void visitSaved(const SavedVisitor& visit) override { visit("index", index); }
};

// The gradient of indexSelectBackward (torch's index_add_ into zeros) for its source: index_select.
struct IndexAddBackward0 final : autograd::Node {
    std::int64_t dim = 0;
    autograd::SavedVariable index;
    std::string_view name() const override { return "IndexAddBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        if (shouldComputeOutput(1)) out[1] = indexSelect(grads[0], dim, index.unpack(this));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override { visit("index", index); }
};

// x viewed as (outer, n, inner) around dim: a 0-d x is one element.
struct Blocks {
    std::int64_t outer = 1, n = 1, inner = 1;
};
Blocks blocksOf(const Shape& sizes, std::int64_t dim) {
    Blocks b;
    if (sizes.empty()) return b;
    for (std::int64_t d = 0; d < dim; ++d) b.outer *= sizes[d];
    b.n = sizes[dim];
    for (std::size_t d = dim + 1; d < sizes.size(); ++d) b.inner *= sizes[d];
    return b;
}
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
    const std::int64_t n = blocksOf(x.sizes(), dim).n;
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
    if (out.numel() > 0) {
        const Tensor src = detail::materialize(x);
        // Plain variables, not a structured binding: clang 14 (the fuzz build) cannot capture one.
        const Blocks blocks = blocksOf(x.sizes(), dim);
        const std::int64_t outer = blocks.outer, nx = blocks.n, inner = blocks.inner;
        const std::size_t rowBytes = static_cast<std::size_t>(inner) * itemSize(x.dtype());
        const auto* sp = static_cast<const char*>(src.rawData());
        auto* op = static_cast<char*>(out.rawData());
        // One row = `inner` contiguous elements; rows are copied whole.
        const std::int64_t grain = std::max<std::int64_t>(1, (1 << 16) / std::max<std::int64_t>(1, inner));
        kernels::parallelFor(0, outer * k, grain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t r = lo; r < hi; ++r) {
                const std::int64_t o = r / k, j = r % k;
                std::memcpy(op + static_cast<std::size_t>(r) * rowBytes,
                            sp + static_cast<std::size_t>(o * nx + ip[j]) * rowBytes, rowBytes);
            }
        });
    }
    if (isFloating(x.dtype()))
        if (auto node = autograd::makeNode<IndexSelectBackward0>(x)) {
            node->selfSizes = x.sizes();
            node->dim = dim;
            node->index = autograd::SavedVariable(index);
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

Tensor indexSelectBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, const Tensor& index) {
    OpCall call(kIndexSelectBackward, grad, index);
    Tensor out = tessera::zeros(inputSizes, grad.dtype());
    if (auto node = autograd::makeNode<IndexAddBackward0>(Tensor(), grad)) {
        node->dim = dim;
        node->index = autograd::SavedVariable(index);
        autograd::setHistory(out, node);
    }
    const Tensor idx = detail::materialize(index);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const std::int64_t k = idx.numel();
    if (out.numel() == 0 || k == 0) return call.finish(out);
    const Blocks blocks = blocksOf(inputSizes, dim);  // not a structured binding: see indexSelect
    const std::int64_t outer = blocks.outer, n = blocks.n, inner = blocks.inner;
    visitFloating(grad.dtype(), "index_select_backward", [&]<class T>() {
        const Tensor g = detail::materialize(grad);
        const T* gp = g.data<T>();
        T* op = out.data<T>();
        // Each outer block is written by one task; within it, index order (deterministic).
        kernels::parallelFor(0, outer, 1, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t o = lo; o < hi; ++o)
                for (std::int64_t j = 0; j < k; ++j) {
                    T* dst = op + (o * n + ip[j]) * inner;
                    const T* src = gp + (o * k + j) * inner;
                    for (std::int64_t e = 0; e < inner; ++e) dst[e] += src[e];
                }
        });
    });
    return call.finish(out);
}

}  // namespace tessera::ops
