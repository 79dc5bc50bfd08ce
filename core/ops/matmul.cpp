// matmul: PyTorch's dispatch over operand ranks, written with views, mm and bmm (as torch's own
// composite matmul), so its gradients come from theirs.
#include "core/ops/matmul.h"

#include "core/autograd/function.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/dispatch.h"
#include "core/ops/gemm_operands.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {

const OpInfo& kMatmul = registerOp({"matmul", OpCategory::Linalg, linalg::productCost});

std::int64_t product(const Shape& s) {
    std::int64_t n = 1;
    for (auto x : s) n *= x;
    return n;
}

// torch's matmul returns its folded or batched product through _unsafe_view, whose grad_fn is
// UnsafeViewBackward0 (a reshape would show ReshapeAliasBackward0).
struct UnsafeViewBackward0 final : autograd::Node {
    Shape selfSizes;
    std::string_view name() const override { return "UnsafeViewBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override { return {reshape(grads[0], selfSizes)}; }
};

// `x` is a fresh contiguous product, so the reshape is always a view.
Tensor unsafeView(const Tensor& x, const Shape& sizes) {
    Tensor out;
    {
        autograd::NoGradGuard noGrad;
        out = reshape(x, sizes);
    }
    if (auto node = autograd::makeNode<UnsafeViewBackward0>(x)) {
        node->selfSizes = x.sizes();
        autograd::setHistory(out, node);
    }
    return out;
}

// NumPy broadcasting of the batch dims, with torch's message.
Shape broadcastBatch(const Shape& a, const Shape& b) {
    const std::size_t n = std::max(a.size(), b.size());
    Shape out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t sa = i < n - a.size() ? 1 : a[i - (n - a.size())];
        const std::int64_t sb = i < n - b.size() ? 1 : b[i - (n - b.size())];
        if (sa != sb && sa != 1 && sb != 1)
            throw ShapeError("matmul: The size of tensor a (" + std::to_string(sa) +
                             ") must match the size of tensor b (" + std::to_string(sb) +
                             ") at non-singleton dimension " + std::to_string(i));
        out[i] = sa == 1 ? sb : sa;
    }
    return out;
}

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b) {
    OpCall call(kMatmul, a, b);
    const std::int64_t da = a.dim(), db = b.dim();
    if (da == 0 || db == 0)
        throw ShapeError("matmul: both arguments to matmul need to be at least 1D, but they are " + std::to_string(da) +
                         "D and " + std::to_string(db) + "D");
    linalg::checkSameFloating("matmul", a, b);
    const std::int64_t K = a.size(-1);
    const std::int64_t kb = db == 1 ? b.size(0) : b.size(-2);
    if (da == 1 && db == 1) {
        if (K != kb)
            throw ShapeError("matmul: inconsistent tensor size, expected tensor [" + std::to_string(K) + "] and src [" +
                             std::to_string(kb) + "] to have the same number of elements, but got " +
                             std::to_string(K) + " and " + std::to_string(kb) + " elements respectively");
        return call.finish(reshape(mm(unsqueeze(a, 0), unsqueeze(b, 1)), {}));
    }
    if (K != kb) {
        // Described as torch does: the operands as the matrices it multiplies.
        const std::int64_t rows =
            da == 1 ? 1 : (db <= 2 ? product(a.sizes()) / std::max<std::int64_t>(K, 1) : a.size(-2));
        const std::int64_t cols = db == 1 ? 1 : b.size(-1);
        throw ShapeError("matmul: mat1 and mat2 shapes cannot be multiplied (" + linalg::dims(rows, K) + " and " +
                         linalg::dims(kb, cols) + ") for operands of shapes " + shapeToString(a.sizes()) + " and " +
                         shapeToString(b.sizes()));
    }
    if (da <= 2 && db <= 2) {
        const Tensor a2 = da == 1 ? unsqueeze(a, 0) : a;
        const Tensor b2 = db == 1 ? unsqueeze(b, 1) : b;
        Tensor out = mm(a2, b2);
        if (db == 1) out = squeeze(out, 1);
        if (da == 1) out = squeeze(out, 0);
        return call.finish(out);
    }
    if (db <= 2) {
        // Fold a's batch dims into rows: one mm.
        Shape outSizes(a.sizes().begin(), a.sizes().end() - 1);
        const std::int64_t rows = product(outSizes);
        const Tensor b2 = db == 1 ? unsqueeze(b, 1) : b;
        if (db == 2) outSizes.push_back(b.size(1));
        return call.finish(unsafeView(mm(reshape(a, {rows, K}), b2), outSizes));
    }
    // Batched: broadcast the batch dims and run one bmm.
    const Tensor a3 = da == 1 ? unsqueeze(a, 0) : a;
    const Tensor b3 = db == 1 ? unsqueeze(b, 1) : b;
    const std::int64_t M = a3.size(-2), N = b3.size(-1);
    const Shape batch = broadcastBatch(Shape(a3.sizes().begin(), a3.sizes().end() - 2),
                                       Shape(b3.sizes().begin(), b3.sizes().end() - 2));
    const std::int64_t batchSize = product(batch);
    Shape aSizes = batch, bSizes = batch;
    aSizes.insert(aSizes.end(), {M, K});
    bSizes.insert(bSizes.end(), {K, N});
    Tensor out = bmm(reshape(expand(a3, aSizes), {batchSize, M, K}), reshape(expand(b3, bSizes), {batchSize, K, N}));
    Shape outSizes = batch;
    if (da > 1) outSizes.push_back(M);
    if (db > 1) outSizes.push_back(N);
    return call.finish(unsafeView(out, outSizes));
}

}  // namespace tessera::ops
