// bmm: [B, M, K] · [B, K, N], one GEMM per batch, with its backward BmmBackward0.
#include "core/autograd/function.h"
#include "core/kernels/parallel.h"
#include "core/ops/gemm_operands.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

const OpInfo& kBmm = registerOp({"bmm", OpCategory::Linalg, linalg::productCost});

struct BmmBackward0 final : autograd::Node {
    autograd::SavedVariable self, mat2;
    std::string_view name() const override { return "BmmBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        if (!grads[0].defined()) return out;
        if (shouldComputeOutput(0)) out[0] = bmm(grads[0], transpose(mat2.unpack(this), 1, 2));
        if (shouldComputeOutput(1)) out[1] = bmm(transpose(self.unpack(this), 1, 2), grads[0]);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("mat2", mat2);
    }
};

// Batches whose products are this small are grouped into one task (each product stays on one thread
// below the GEMM's own gate, so parallelism comes from the batch).
constexpr std::int64_t kBatchTaskMacs = std::int64_t(1) << 18;

}  // namespace

Tensor bmm(const Tensor& a, const Tensor& b) {
    OpCall call(kBmm, a, b);
    if (a.dim() != 3) throw ShapeError("bmm: batch1 must be a 3D tensor, got shape " + shapeToString(a.sizes()));
    if (b.dim() != 3) throw ShapeError("bmm: batch2 must be a 3D tensor, got shape " + shapeToString(b.sizes()));
    linalg::checkSameFloating("bmm", a, b);
    const std::int64_t batch = a.size(0), M = a.size(1), K = a.size(2), N = b.size(2);
    if (b.size(0) != batch || b.size(1) != K)
        throw ShapeError("bmm: Expected size for first two dimensions of batch2 tensor to be: [" +
                         std::to_string(batch) + ", " + std::to_string(K) + "] but got: [" + std::to_string(b.size(0)) +
                         ", " + std::to_string(b.size(1)) + "] (batch1 " + shapeToString(a.sizes()) + ", batch2 " +
                         shapeToString(b.sizes()) + ")");
    Tensor out = Tensor::empty({batch, M, N}, a.dtype());
    visitFloating(a.dtype(), "bmm", [&]<class T>() {
        const std::int64_t macs = std::max<std::int64_t>(M * N * std::max<std::int64_t>(K, 1), 1);
        const std::int64_t grain = std::max<std::int64_t>(1, kBatchTaskMacs / macs);
        kernels::parallelFor(0, batch, grain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i)
                kernels::gemm(linalg::matrixOf<const T>(a, i * a.stride(0)),
                              linalg::matrixOf<const T>(b, i * b.stride(0)),
                              linalg::matrixOf<T>(out, i * out.stride(0)));
        });
    });
    if (auto node = autograd::makeNode<BmmBackward0>(a, b)) {
        if (node->shouldComputeOutput(1)) node->self = autograd::SavedVariable(a);
        if (node->shouldComputeOutput(0)) node->mat2 = autograd::SavedVariable(b);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
