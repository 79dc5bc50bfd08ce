// mm: [M, K] · [K, N] on the GEMM kernel, with its backward MmBackward0.
#include "core/autograd/function.h"
#include "core/ops/gemm_operands.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

const OpInfo& kMm = registerOp({"mm", OpCategory::Linalg, linalg::productCost});

// d(a·b): grad·bᵀ for a, aᵀ·grad for b; each operand is saved only when the other one needs it.
struct MmBackward0 final : autograd::Node {
    autograd::SavedVariable self, mat2;
    std::string_view name() const override { return "MmBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        autograd::TensorList out(2);
        if (!grads[0].defined()) return out;
        if (shouldComputeOutput(0)) out[0] = mm(grads[0], t(mat2.unpack(this)));
        if (shouldComputeOutput(1)) out[1] = mm(t(self.unpack(this)), grads[0]);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("mat2", mat2);
    }
};

}  // namespace

Tensor mm(const Tensor& a, const Tensor& b) {
    OpCall call(kMm, a, b);
    if (a.dim() != 2 || b.dim() != 2)
        throw ShapeError("mm: expected two matrices, got tensors of shapes " + shapeToString(a.sizes()) + " and " +
                         shapeToString(b.sizes()));
    linalg::checkSameFloating("mm", a, b);
    if (a.size(1) != b.size(0))
        throw ShapeError("mm: mat1 and mat2 shapes cannot be multiplied (" + linalg::dims(a.size(0), a.size(1)) +
                         " and " + linalg::dims(b.size(0), b.size(1)) + ")");
    Tensor out = Tensor::empty({a.size(0), b.size(1)}, a.dtype());
    visitFloating(a.dtype(), "mm", [&]<class T>() {
        kernels::gemm(linalg::matrixOf<const T>(a), linalg::matrixOf<const T>(b), linalg::matrixOf<T>(out));
    });
    if (auto node = autograd::makeNode<MmBackward0>(a, b)) {
        if (node->shouldComputeOutput(1)) node->self = autograd::SavedVariable(a);
        if (node->shouldComputeOutput(0)) node->mat2 = autograd::SavedVariable(b);
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
