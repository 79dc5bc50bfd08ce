// Factories: torch.zeros/ones/full (and _like), arange, linspace, eye, and the seeded random ones
// (rand, randn, randint, randperm, bernoulli — Tessera's generator, so their values differ from torch's).
#include "core/script/binding.h"
#include "core/tensor/factory.h"

namespace tessera::script {

namespace {

DType dtypeOr(const Args& a, DType fallback) { return a.optDType("dtype").value_or(fallback); }

// torch.full infers the dtype from the fill value: bool, int64 or the default float32.
DType dtypeOfNumber(const Value& v) {
    if (v.kind() == Value::Kind::Bool) return DType::Bool;
    return v.kind() == Value::Kind::Int ? DType::Int64 : DType::Float32;
}

double numberArg(const Args& a, std::string_view name) {
    if (!a.get(name).isNumber()) a.wrongType(name, "Number");
    return a.get(name).asDouble();
}

const BindingGroup kFactories([](BindingTable& t) {
    const Param dtype = keywordOnly("dtype", Value());
    t.add({"torch.zeros"}, {rest("size"), dtype}, {"zeros"},
          [](const Args& a) { return Value(zeros(a.ints("size"), dtypeOr(a, DType::Float32))); });
    t.add({"torch.ones"}, {rest("size"), dtype}, {"ones"},
          [](const Args& a) { return Value(ones(a.ints("size"), dtypeOr(a, DType::Float32))); });
    t.add({"torch.full"}, {"size", "fill_value", dtype}, {"full"}, [](const Args& a) {
        return Value(full(a.ints("size"), numberArg(a, "fill_value"), dtypeOr(a, dtypeOfNumber(a.get("fill_value")))));
    });
    t.add({"torch.zeros_like"}, {"input", dtype}, {"zeros"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(zerosLike(x, dtypeOr(a, x.dtype())));
    });
    t.add({"torch.ones_like"}, {"input", dtype}, {"ones"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(onesLike(x, dtypeOr(a, x.dtype())));
    });
    t.add({"torch.full_like"}, {"input", "fill_value", dtype}, {"full"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(fullLike(x, numberArg(a, "fill_value"), dtypeOr(a, x.dtype())));
    });
    t.add({"torch.arange"}, {"start", Param("end", Value()), Param("step", 1), dtype}, {"arange"}, [](const Args& a) {
        const bool oneArg = a.isNone("end");
        const Value& start = a.get("start");
        const Value& end = oneArg ? start : a.get("end");
        const Value& step = a.get("step");
        const bool anyFloat =
            start.kind() == Value::Kind::Float || end.kind() == Value::Kind::Float || step.kind() == Value::Kind::Float;
        const double lo = oneArg ? 0.0 : numberArg(a, "start");
        const double hi = numberArg(a, oneArg ? "start" : "end");
        return Value(arange(lo, hi, numberArg(a, "step"), dtypeOr(a, anyFloat ? DType::Float32 : DType::Int64)));
    });
    t.add({"torch.linspace"}, {"start", "end", "steps", dtype}, {"linspace"}, [](const Args& a) {
        return Value(
            linspace(numberArg(a, "start"), numberArg(a, "end"), a.integer("steps"), dtypeOr(a, DType::Float32)));
    });
    t.add({"torch.eye"}, {"n", Param("m", Value()), dtype}, {"eye"}, [](const Args& a) {
        return Value(eye(a.integer("n"), a.optInteger("m").value_or(-1), dtypeOr(a, DType::Float32)));
    });

    t.add({"torch.rand"}, {rest("size"), dtype}, {"rand"},
          [](const Args& a) { return Value(rand(a.ints("size"), dtypeOr(a, DType::Float32))); });
    t.add({"torch.randn"}, {rest("size"), dtype}, {"randn"},
          [](const Args& a) { return Value(randn(a.ints("size"), dtypeOr(a, DType::Float32))); });
    t.add({"torch.randint"}, {"low", "high", Param("size", Value()), dtype}, {"randint"}, [](const Args& a) {
        // torch.randint(high, size) or torch.randint(low, high, size).
        if (a.isNone("size")) return Value(randint(0, a.integer("low"), a.ints("high"), dtypeOr(a, DType::Int64)));
        return Value(randint(a.integer("low"), a.integer("high"), a.ints("size"), dtypeOr(a, DType::Int64)));
    });
    t.add({"torch.randperm"}, {"n", dtype}, {"randperm"},
          [](const Args& a) { return Value(randperm(a.integer("n"), dtypeOr(a, DType::Int64))); });
    t.add({"torch.bernoulli", "Tensor.bernoulli"}, {"input"}, {"bernoulli"},
          [](const Args& a) { return Value(bernoulli(a.tensor("input"))); });
});

}  // namespace

}  // namespace tessera::script
