#include "core/ops/maximum.h"

#include <cmath>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
const OpInfo& kMaximum = registerOp({"maximum", OpCategory::Elementwise, elementwiseCost});
const OpInfo& kMinimum = registerOp({"minimum", OpCategory::Elementwise, elementwiseCost});

template <bool kMax>
Tensor extremum(const OpInfo& op, const Tensor& a, const Tensor& b) {
    OpCall call(op, a, b);
    return call.finish(detail::binaryOp(op.name, a, b, resultType(a, b), []<class T>() {
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
    }));
}
}  // namespace

Tensor maximum(const Tensor& a, const Tensor& b) { return extremum<true>(kMaximum, a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return extremum<false>(kMinimum, a, b); }

}  // namespace tessera::ops
