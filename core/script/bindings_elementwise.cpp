// Element-wise ops and the Python operators on tensors: add, sub, rsub, mul, div, pow, neg, abs, exp,
// log, sqrt, sin, cos, tanh, activations, clamp, where, comparisons, maximum/minimum and the in-place
// forms. A Python number operand is a Scalar, so `x * 2` keeps x's dtype as in PyTorch.
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/clamp.h"
#include "core/ops/compare.h"
#include "core/ops/div.h"
#include "core/ops/fill.h"
#include "core/ops/maximum.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/unary.h"
#include "core/ops/where.h"
#include "core/script/binding.h"
#include "core/tensor/scalar.h"

namespace tessera::script {

namespace {

Scalar scalarOf(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::Bool:
            return Scalar(v.asBool());
        case Value::Kind::Int:
            return Scalar(static_cast<long long>(v.asInt()));
        default:
            return Scalar(v.asDouble());
    }
}

// A number argument as a Scalar; TypeError naming the argument otherwise.
Scalar scalarArg(const Args& a, std::string_view name) {
    if (!a.get(name).isNumber()) a.wrongType(name, "Number");
    return scalarOf(a.get(name));
}

// Calls f(tensor) or f(scalar) for an argument that may be either (x + y, x + 2).
template <class F>
Value tensorOrScalar(const Args& a, std::string_view name, F&& f) {
    const Value& v = a.get(name);
    if (v.isTensor()) return Value(f(v.asTensor()));
    if (v.isNumber()) return Value(f(scalarOf(v)));
    a.wrongType(name, "Tensor or Number");
}

void refuseInplace(const Args& a) {
    if (a.boolean("inplace"))
        throw ValueError(a.function() + "(): inplace=True is not supported; use the result instead");
}

using Unary = Tensor (*)(const Tensor&);
void addUnary(BindingTable& t, std::initializer_list<std::string_view> names, const char* op, Unary fn) {
    t.add(names, {"input"}, {op}, [fn](const Args& a) { return Value(fn(a.tensor("input"))); });
}

using Compare = Tensor (*)(const Tensor&, const Tensor&);
using CompareScalar = Tensor (*)(const Tensor&, const Scalar&);
void addCompare(BindingTable& t, std::initializer_list<std::string_view> names, const char* op, Compare fn,
                CompareScalar fnScalar) {
    t.add(names, {"input", "other"}, {op}, [fn, fnScalar](const Args& a) {
        const Tensor x = a.tensor("input");
        return tensorOrScalar(a, "other", [&](const auto& o) {
            if constexpr (std::is_same_v<std::decay_t<decltype(o)>, Tensor>)
                return fn(x, o);
            else
                return fnScalar(x, o);
        });
    });
}

const BindingGroup kElementwise([](BindingTable& t) {
    // add/sub/mul/div and their operators. Reflected operators (2 - x) get self = x, other = 2.
    t.add({"torch.add", "Tensor.add", "Tensor.__add__", "Tensor.__radd__"}, {"input", "other", keywordOnly("alpha", 1)},
          {"add"}, [](const Args& a) {
              const Tensor x = a.tensor("input");
              const Scalar alpha = scalarArg(a, "alpha");
              return tensorOrScalar(a, "other", [&](const auto& o) { return ops::add(x, o, alpha); });
          });
    t.add({"torch.sub", "Tensor.sub", "Tensor.__sub__"}, {"input", "other", keywordOnly("alpha", 1)}, {"sub"},
          [](const Args& a) {
              const Tensor x = a.tensor("input");
              const Scalar alpha = scalarArg(a, "alpha");
              return tensorOrScalar(a, "other", [&](const auto& o) { return ops::sub(x, o, alpha); });
          });
    t.add({"torch.rsub", "Tensor.__rsub__"}, {"input", "other", keywordOnly("alpha", 1)}, {"rsub"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        const Scalar alpha = scalarArg(a, "alpha");
        return tensorOrScalar(a, "other", [&](const auto& o) { return ops::rsub(x, o, alpha); });
    });
    t.add({"torch.mul", "Tensor.mul", "Tensor.__mul__", "Tensor.__rmul__"}, {"input", "other"}, {"mul"},
          [](const Args& a) {
              const Tensor x = a.tensor("input");
              return tensorOrScalar(a, "other", [&](const auto& o) { return ops::mul(x, o); });
          });
    t.add({"torch.div", "Tensor.div", "Tensor.__truediv__"}, {"input", "other", keywordOnly("rounding_mode", Value())},
          {"div"}, [](const Args& a) {
              const Tensor x = a.tensor("input");
              const auto mode = a.isNone("rounding_mode") ? ops::RoundingMode::None
                                                          : ops::parseRoundingMode(a.string("rounding_mode"));
              return tensorOrScalar(a, "other", [&](const auto& o) { return ops::div(x, o, mode); });
          });
    // 2 / x is x.reciprocal() * 2 in torch (ReciprocalBackward0 then MulBackward0); the same here.
    t.add({"Tensor.__rtruediv__"}, {"input", "other"}, {"reciprocal", "mul"},
          [](const Args& a) { return Value(ops::mul(ops::reciprocal(a.tensor("input")), scalarArg(a, "other"))); });
    t.add({"torch.pow", "Tensor.pow", "Tensor.__pow__"}, {"input", "exponent"}, {"pow"}, [](const Args& a) {
        const Value& base = a.get("input");
        if (base.isNumber()) return Value(ops::pow(scalarOf(base), a.tensor("exponent")));
        const Tensor x = a.tensor("input");
        return tensorOrScalar(a, "exponent", [&](const auto& e) { return ops::pow(x, e); });
    });
    t.add({"Tensor.__rpow__"}, {"input", "other"}, {"pow"},
          [](const Args& a) { return Value(ops::pow(scalarArg(a, "other"), a.tensor("input"))); });

    addUnary(t, {"torch.neg", "Tensor.neg", "Tensor.__neg__", "torch.negative"}, "neg", ops::neg);
    addUnary(t, {"torch.abs", "Tensor.abs"}, "abs", ops::abs);
    addUnary(t, {"torch.exp", "Tensor.exp"}, "exp", ops::exp);
    addUnary(t, {"torch.reciprocal", "Tensor.reciprocal"}, "reciprocal", ops::reciprocal);
    addUnary(t, {"torch.log", "Tensor.log"}, "log", ops::log);
    addUnary(t, {"torch.sqrt", "Tensor.sqrt"}, "sqrt", ops::sqrt);
    addUnary(t, {"torch.sin", "Tensor.sin"}, "sin", ops::sin);
    addUnary(t, {"torch.cos", "Tensor.cos"}, "cos", ops::cos);
    addUnary(t, {"torch.tanh", "Tensor.tanh", "F.tanh"}, "tanh", ops::tanh);
    addUnary(t, {"torch.sigmoid", "Tensor.sigmoid", "F.sigmoid"}, "sigmoid", ops::sigmoid);
    addUnary(t, {"torch.relu", "Tensor.relu"}, "relu", ops::relu);

    t.add({"F.relu"}, {"input", Param("inplace", false)}, {"relu"}, [](const Args& a) {
        refuseInplace(a);
        return Value(ops::relu(a.tensor("input")));
    });
    t.add({"F.leaky_relu"}, {"input", Param("negative_slope", 0.01), Param("inplace", false)}, {"leaky_relu"},
          [](const Args& a) {
              refuseInplace(a);
              return Value(ops::leakyRelu(a.tensor("input"), scalarArg(a, "negative_slope")));
          });
    t.add({"F.elu"}, {"input", Param("alpha", 1.0), Param("inplace", false)}, {"elu"}, [](const Args& a) {
        refuseInplace(a);
        return Value(ops::elu(a.tensor("input"), scalarArg(a, "alpha")));
    });
    t.add({"F.gelu"}, {"input", keywordOnly("approximate", "none")}, {"gelu"}, [](const Args& a) {
        return Value(ops::gelu(a.tensor("input"), ops::parseGeluApproximate(a.string("approximate"))));
    });
    t.add({"F.silu"}, {"input", Param("inplace", false)}, {"silu"}, [](const Args& a) {
        refuseInplace(a);
        return Value(ops::silu(a.tensor("input")));
    });
    t.add({"F.softplus"}, {"input", Param("beta", 1), Param("threshold", 20)}, {"softplus"}, [](const Args& a) {
        return Value(ops::softplus(a.tensor("input"), scalarArg(a, "beta"), scalarArg(a, "threshold")));
    });

    t.add({"torch.clamp", "Tensor.clamp", "torch.clip", "Tensor.clip"},
          {"input", Param("min", Value()), Param("max", Value())}, {"clamp"}, [](const Args& a) {
              const Tensor x = a.tensor("input");
              const Value &lo = a.get("min"), &hi = a.get("max");
              if (lo.isTensor() || hi.isTensor()) {
                  std::optional<Tensor> tlo, thi;
                  if (!lo.isNone()) tlo = a.tensor("min");
                  if (!hi.isNone()) thi = a.tensor("max");
                  return Value(ops::clamp(x, tlo, thi));
              }
              std::optional<Scalar> slo, shi;
              if (!lo.isNone()) slo = scalarArg(a, "min");
              if (!hi.isNone()) shi = scalarArg(a, "max");
              return Value(ops::clamp(x, slo, shi));
          });
    auto where = [](const Args& a) {
        const Tensor cond = a.tensor("condition");
        const Value &x = a.get("input"), &y = a.get("other");
        if (!x.isTensor() && !x.isNumber()) a.wrongType("input", "Tensor or Number");
        if (!y.isTensor() && !y.isNumber()) a.wrongType("other", "Tensor or Number");
        if (x.isTensor() && y.isTensor()) return Value(ops::where(cond, x.asTensor(), y.asTensor()));
        if (x.isTensor()) return Value(ops::where(cond, x.asTensor(), scalarOf(y)));
        if (y.isTensor()) return Value(ops::where(cond, scalarOf(x), y.asTensor()));
        return Value(ops::where(cond, scalarOf(x), scalarOf(y)));
    };
    t.add({"torch.where"}, {"condition", "input", "other"}, {"where"}, where);
    // x.where(condition, y): self is the value where the condition holds.
    t.add({"Tensor.where"}, {"input", "condition", "other"}, {"where"}, where);
    t.add({"torch.maximum", "Tensor.maximum"}, {"input", "other"}, {"maximum"},
          [](const Args& a) { return Value(ops::maximum(a.tensor("input"), a.tensor("other"))); });
    t.add({"torch.minimum", "Tensor.minimum"}, {"input", "other"}, {"minimum"},
          [](const Args& a) { return Value(ops::minimum(a.tensor("input"), a.tensor("other"))); });

    addCompare(t, {"torch.gt", "Tensor.gt", "Tensor.__gt__", "torch.greater"}, "gt", ops::gt, ops::gt);
    addCompare(t, {"torch.ge", "Tensor.ge", "Tensor.__ge__", "torch.greater_equal"}, "ge", ops::ge, ops::ge);
    addCompare(t, {"torch.lt", "Tensor.lt", "Tensor.__lt__", "torch.less"}, "lt", ops::lt, ops::lt);
    addCompare(t, {"torch.le", "Tensor.le", "Tensor.__le__", "torch.less_equal"}, "le", ops::le, ops::le);
    addCompare(t, {"torch.eq", "Tensor.eq", "Tensor.__eq__"}, "eq", ops::eq, ops::eq);
    addCompare(t, {"torch.ne", "Tensor.ne", "Tensor.__ne__", "torch.not_equal"}, "ne", ops::ne, ops::ne);

    // In place: each returns self, as torch's methods do.
    t.add({"Tensor.add_"}, {"input", "other", keywordOnly("alpha", 1)}, {"add_"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        const Scalar alpha = scalarArg(a, "alpha");
        return tensorOrScalar(a, "other", [&](const auto& o) { return ops::add_(x, o, alpha); });
    });
    t.add({"Tensor.sub_"}, {"input", "other", keywordOnly("alpha", 1)}, {"sub_"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        const Scalar alpha = scalarArg(a, "alpha");
        return tensorOrScalar(a, "other", [&](const auto& o) { return ops::sub_(x, o, alpha); });
    });
    t.add({"Tensor.mul_"}, {"input", "other"}, {"mul_"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return tensorOrScalar(a, "other", [&](const auto& o) { return ops::mul_(x, o); });
    });
    t.add({"Tensor.div_"}, {"input", "other", keywordOnly("rounding_mode", Value())}, {"div_"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        const auto mode =
            a.isNone("rounding_mode") ? ops::RoundingMode::None : ops::parseRoundingMode(a.string("rounding_mode"));
        return tensorOrScalar(a, "other", [&](const auto& o) { return ops::div_(x, o, mode); });
    });
    t.add({"Tensor.zero_"}, {"input"}, {"zero_"}, [](const Args& a) { return Value(ops::zero_(a.tensor("input"))); });
    t.add({"Tensor.fill_"}, {"input", "value"}, {"fill_"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return tensorOrScalar(a, "value", [&](const auto& v) { return ops::fill_(x, v); });
    });
    t.add({"Tensor.copy_"}, {"input", "src"}, {"copy_"},
          [](const Args& a) { return Value(ops::copy_(a.tensor("input"), a.tensor("src"))); });
});

}  // namespace

}  // namespace tessera::script
