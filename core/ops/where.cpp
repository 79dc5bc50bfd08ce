#include "core/ops/where.h"

#include <bit>
#include <cstdint>
#include <type_traits>

#include "core/kernels/layout.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
const OpInfo& kWhere = registerOp({"where", OpCategory::Elementwise, elementwiseCost});

// A number as a 0-d tensor of the compute dtype (it broadcasts with stride 0).
Tensor scalarTensor(const Scalar& s, DType dtype) {
    return visitDType(dtype, [&]<class T>() { return Tensor::scalar<T>(s.to<T>()); });
}

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

struct WhereBackward0 final : Node {
    SavedVariable condition;
    std::string_view name() const override { return "WhereBackward0"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor c = condition.unpack(this);
        TensorList out(2);
        if (shouldComputeOutput(0)) out[0] = where(c, grads[0], 0.0);
        if (shouldComputeOutput(1)) out[1] = where(c, 0.0, grads[0]);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override { visit("condition", condition); }
};

// Number operands are passed as undefined tensors: they get no edge.
Tensor whereHistory(const Tensor& out, const Tensor& cond, const Tensor& a, const Tensor& b) {
    return detail::withGrad<WhereBackward0>(
        out, [&](WhereBackward0& n) { n.condition = SavedVariable(cond); }, a, b);
}

Tensor whereImpl(const Tensor& cond, const Tensor& a, const Tensor& b, DType dtype) {
    if (cond.dtype() != DType::Bool)
        throw TypeError("where: where expected condition to be a boolean tensor, but got a tensor with dtype " +
                        std::string(detail::torchTypeName(cond.dtype())));
    Tensor out = kernels::emptyElementwise(kernels::broadcastShapes(kWhere.name, cond.sizes(), a.sizes(), b.sizes()),
                                           dtype, {&cond, &a, &b});
    const Tensor ca = kernels::cast(a, dtype), cb = kernels::cast(b, dtype);
    visitDType(dtype, [&]<class T>() {
        if constexpr (std::is_floating_point_v<T>) {
            // A bitwise select: masks are unpredictable (ReLU's backward runs where(y <= 0, 0, grad)), and a
            // branch per element costs ~40x the select.
            using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
            kernels::map<T, bool, T, T>(
                out,
                [](bool c, T x, T y) {
                    const Bits mask = Bits{0} - static_cast<Bits>(c);
                    return std::bit_cast<T>((std::bit_cast<Bits>(x) & mask) | (std::bit_cast<Bits>(y) & ~mask));
                },
                cond, ca, cb);
        } else {
            kernels::map<T, bool, T, T>(
                out, [](bool c, T x, T y) { return c ? x : y; }, cond, ca, cb);
        }
    });
    return out;
}
}  // namespace

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
    OpCall call(kWhere, cond, a, b);
    return call.finish(whereHistory(whereImpl(cond, a, b, resultType(a, b)), cond, a, b));
}

Tensor where(const Tensor& cond, const Tensor& a, const Scalar& b) {
    OpCall call(kWhere, cond, a);
    const DType dtype = resultType(a, b);
    return call.finish(whereHistory(whereImpl(cond, a, scalarTensor(b, dtype), dtype), cond, a, Tensor()));
}

Tensor where(const Tensor& cond, const Scalar& a, const Tensor& b) {
    OpCall call(kWhere, cond, b);
    const DType dtype = resultType(a, b);
    return call.finish(whereHistory(whereImpl(cond, scalarTensor(a, dtype), b, dtype), cond, Tensor(), b));
}

Tensor where(const Tensor& cond, const Scalar& a, const Scalar& b) {
    OpCall call(kWhere, cond);
    ResultType rt;
    rt.add(a);
    rt.add(b);
    const DType dtype = rt.dtype();
    return call.finish(whereImpl(cond, scalarTensor(a, dtype), scalarTensor(b, dtype), dtype));
}

}  // namespace tessera::ops
