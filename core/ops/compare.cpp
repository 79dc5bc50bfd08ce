#include "core/ops/compare.h"

#include <functional>

#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"

namespace tessera::ops {

namespace {
constexpr auto kOpts = [](std::string_view name) {
    return OpInfo{name, OpCategory::Elementwise, elementwiseCost, false};
};
const OpInfo& kGt = registerOp(kOpts("gt"));
const OpInfo& kGe = registerOp(kOpts("ge"));
const OpInfo& kLt = registerOp(kOpts("lt"));
const OpInfo& kLe = registerOp(kOpts("le"));
const OpInfo& kEq = registerOp(kOpts("eq"));
const OpInfo& kNe = registerOp(kOpts("ne"));

// Cmp is a transparent comparison (std::greater<> …).
template <class Cmp>
Tensor compareTensors(const OpInfo& op, const Tensor& a, const Tensor& b) {
    OpCall call(op, a, b);
    return call.finish(detail::binaryOp<detail::Types::All, true>(
        op.name, a, b, resultType(a, b), []<class T>() { return [](T x, T y) { return Cmp{}(x, y); }; }));
}

template <class Cmp>
Tensor compareScalar(const OpInfo& op, const Tensor& a, const Scalar& b) {
    OpCall call(op, a);
    return call.finish(detail::unaryOp<detail::Types::All, true>(
        op.name, a, resultType(a, b), [&b]<class T>() { return [v = b.to<T>()](T x) { return Cmp{}(x, v); }; }));
}
}  // namespace

Tensor gt(const Tensor& a, const Tensor& b) { return compareTensors<std::greater<>>(kGt, a, b); }
Tensor gt(const Tensor& a, const Scalar& b) { return compareScalar<std::greater<>>(kGt, a, b); }
Tensor ge(const Tensor& a, const Tensor& b) { return compareTensors<std::greater_equal<>>(kGe, a, b); }
Tensor ge(const Tensor& a, const Scalar& b) { return compareScalar<std::greater_equal<>>(kGe, a, b); }
Tensor lt(const Tensor& a, const Tensor& b) { return compareTensors<std::less<>>(kLt, a, b); }
Tensor lt(const Tensor& a, const Scalar& b) { return compareScalar<std::less<>>(kLt, a, b); }
Tensor le(const Tensor& a, const Tensor& b) { return compareTensors<std::less_equal<>>(kLe, a, b); }
Tensor le(const Tensor& a, const Scalar& b) { return compareScalar<std::less_equal<>>(kLe, a, b); }
Tensor eq(const Tensor& a, const Tensor& b) { return compareTensors<std::equal_to<>>(kEq, a, b); }
Tensor eq(const Tensor& a, const Scalar& b) { return compareScalar<std::equal_to<>>(kEq, a, b); }
Tensor ne(const Tensor& a, const Tensor& b) { return compareTensors<std::not_equal_to<>>(kNe, a, b); }
Tensor ne(const Tensor& a, const Scalar& b) { return compareScalar<std::not_equal_to<>>(kNe, a, b); }

}  // namespace tessera::ops
