// Tensor factories of core/tensor/factory.h: torch.zeros, ones, full, arange, linspace, eye and the
// *_like forms, with torch's dtype inference from Python numbers (an int gives int64, a float float32,
// a bool bool). The random factories are not bound: their numbers are Tessera's generator's, not torch's.
#include "core/script/binding.h"
#include "core/tensor/factory.h"

namespace tessera::script {

namespace {

// torch's default dtype for a Python number argument.
DType dtypeOfNumber(const Value& v) {
    if (v.kind() == Value::Kind::Bool) return DType::Bool;
    if (v.kind() == Value::Kind::Int) return DType::Int64;
    return DType::Float32;
}

const BindingGroup kFactories([](BindingTable& t) {
    t.add({"torch.zeros"}, {rest("size"), keywordOnly("dtype", Value())}, {"zeros"},
          [](const Args& a) { return Value(zeros(a.ints("size"), a.optDType("dtype").value_or(DType::Float32))); });
    t.add({"torch.ones"}, {rest("size"), keywordOnly("dtype", Value())}, {"ones"},
          [](const Args& a) { return Value(ones(a.ints("size"), a.optDType("dtype").value_or(DType::Float32))); });
    t.add({"torch.full"}, {"size", "fill_value", keywordOnly("dtype", Value())}, {"full"}, [](const Args& a) {
        const DType inferred = dtypeOfNumber(a.get("fill_value"));
        return Value(full(a.ints("size"), a.get("fill_value").asDouble(), a.optDType("dtype").value_or(inferred)));
    });
    t.add({"torch.zeros_like"}, {"input", keywordOnly("dtype", Value())}, {"zeros"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(zeros(x.sizes(), a.optDType("dtype").value_or(x.dtype())));
    });
    t.add({"torch.ones_like"}, {"input", keywordOnly("dtype", Value())}, {"ones"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(ones(x.sizes(), a.optDType("dtype").value_or(x.dtype())));
    });
    t.add({"torch.full_like"}, {"input", "fill_value", keywordOnly("dtype", Value())}, {"full"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(full(x.sizes(), a.get("fill_value").asDouble(), a.optDType("dtype").value_or(x.dtype())));
    });
    t.add({"torch.arange"}, {"start", Param("end", Value()), Param("step", 1), keywordOnly("dtype", Value())},
          {"arange"}, [](const Args& a) {
              // torch.arange(end) or torch.arange(start, end[, step]); any float argument makes float32.
              const bool endOnly = a.isNone("end");
              const Value& start = a.get("start");
              const Value& end = endOnly ? start : a.get("end");
              const Value& step = a.get("step");
              const bool anyFloat = start.kind() == Value::Kind::Float || end.kind() == Value::Kind::Float ||
                                    step.kind() == Value::Kind::Float;
              const DType dtype = a.optDType("dtype").value_or(anyFloat ? DType::Float32 : DType::Int64);
              return Value(arange(endOnly ? 0.0 : start.asDouble(), end.asDouble(), step.asDouble(), dtype));
          });
    t.add({"torch.linspace"}, {"start", "end", "steps", keywordOnly("dtype", Value())}, {"linspace"},
          [](const Args& a) {
              return Value(linspace(a.real("start"), a.real("end"), a.integer("steps"),
                                    a.optDType("dtype").value_or(DType::Float32)));
          });
    t.add({"torch.eye"}, {"n", Param("m", Value()), keywordOnly("dtype", Value())}, {"eye"}, [](const Args& a) {
        return Value(eye(a.integer("n"), a.optInteger("m").value_or(-1), a.optDType("dtype").value_or(DType::Float32)));
    });
});

}  // namespace

}  // namespace tessera::script
