#include "core/ops/maximum.h"

#include <cmath>

#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/mul.h"
#include "core/ops/where.h"

namespace tessera::ops {

namespace {
const OpInfo& kMaximum = registerOp({"maximum", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kMinimum = registerOp({"minimum", OpCategory::Elementwise, elementwiseCost});

using autograd::Node;
using autograd::SavedVariable;
using autograd::TensorList;

// The gradient goes to the larger (smaller) operand, split in half on ties, as in PyTorch.
template <bool kMax>
struct ExtremumBackward final : Node {
    SavedVariable self, other;
    std::string_view name() const override { return kMax ? "MaximumBackward0" : "MinimumBackward0"; }
    TensorList apply(TensorList&& grads) override {
        const Tensor& g = grads[0];
        const Tensor a = self.unpack(this), b = other.unpack(this);
        const Tensor half = mul(g, 0.5), tie = eq(a, b);
        TensorList out(2);
        if (shouldComputeOutput(0)) out[0] = where(tie, half, where(kMax ? lt(a, b) : gt(a, b), 0.0, g));
        if (shouldComputeOutput(1)) out[1] = where(tie, half, where(kMax ? gt(a, b) : lt(a, b), 0.0, g));
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("other", other);
    }
};

template <bool kMax>
Tensor extremum(const OpInfo& op, const Tensor& a, const Tensor& b) {
    OpCall call(op, a, b);
    Tensor out = detail::binaryOp(op.name, a, b, resultType(a, b), []<class T>() {
        return [](T x, T y) {
            if constexpr (std::is_floating_point_v<T>) {
                if (std::isnan(x)) return x;
                if (std::isnan(y)) return y;
            }
            if constexpr (kMax)
                return x < y ? y : x;
            else
                return y < x ? y : x;
        };
    });
    return call.finish(detail::withGrad<ExtremumBackward<kMax>>(
        out,
        [&](ExtremumBackward<kMax>& n) {
            n.self = SavedVariable(a);
            n.other = SavedVariable(b);
        },
        a, b));
}
}  // namespace

Tensor maximum(const Tensor& a, const Tensor& b) { return extremum<true>(kMaximum, a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return extremum<false>(kMinimum, a, b); }

}  // namespace tessera::ops
