// Reductions and normalisations: sum, mean, var, std, max, min, amax, amin, argmax, argmin, logsumexp,
// prod, softmax, log_softmax, layer_norm, batch_norm.
#include "core/ops/batch_norm.h"
#include "core/ops/layer_norm.h"
#include "core/ops/logsumexp.h"
#include "core/ops/maximum.h"
#include "core/ops/minmax.h"
#include "core/ops/prod.h"
#include "core/ops/softmax.h"
#include "core/ops/sum.h"
#include "core/ops/var.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

// sum/mean: dim=None reduces everything (a 0-d result unless keepdim).
template <class AllFn, class DimsFn>
Value reduceDims(const Args& a, AllFn all, DimsFn dims) {
    const Tensor x = a.tensor("input");
    const auto dtype = a.optDType("dtype");
    const bool keepdim = a.boolean("keepdim");
    if (a.isNone("dim") && !keepdim) return Value(all(x, dtype));
    return Value(dims(x, a.optInts("dim").value_or(Shape{}), keepdim, dtype));
}

// var/std: torch 1.13 accepts unbiased= (positional after dim) or the keyword-only correction=.
double correctionOf(const Args& a) {
    if (!a.isNone("correction")) {
        if (!a.isNone("unbiased")) throw ValueError(a.function() + "(): cannot specify both unbiased and correction");
        return static_cast<double>(a.integer("correction"));
    }
    return a.isNone("unbiased") || a.boolean("unbiased") ? 1.0 : 0.0;
}

// max/min: of everything, along a dim (values and indices), or element-wise against another tensor.
Value extreme(const Args& a, bool isMax) {
    const Tensor x = a.tensor("input");
    const Value& dim = a.get("dim");
    if (dim.isNone()) {
        if (a.boolean("keepdim")) throw ValueError(a.function() + "(): keepdim needs dim");
        return Value(isMax ? ops::max(x) : ops::min(x));
    }
    if (dim.isTensor()) return Value(isMax ? ops::maximum(x, dim.asTensor()) : ops::minimum(x, dim.asTensor()));
    const auto r = isMax ? ops::max(x, a.integer("dim"), a.boolean("keepdim"))
                         : ops::min(x, a.integer("dim"), a.boolean("keepdim"));
    return Value::tensors({r.values, r.indices});
}

template <class Fn>
Value softmaxLike(const Args& a, Fn fn) {
    if (a.isNone("dim")) throw ValueError(a.function() + "(): dim must be given (the implicit dim is not supported)");
    return Value(fn(a.tensor("input"), a.integer("dim"), a.optDType("dtype")));
}

const BindingGroup kReductions([](BindingTable& t) {
    const std::vector<Param> sumParams = {"input", Param("dim", Value()), Param("keepdim", false),
                                          keywordOnly("dtype", Value())};
    t.add({"torch.sum", "Tensor.sum"}, sumParams, {"sum"}, [](const Args& a) {
        return reduceDims(
            a, [](const Tensor& x, std::optional<DType> d) { return ops::sum(x, d); },
            [](const Tensor& x, const Shape& dims, bool k, std::optional<DType> d) { return ops::sum(x, dims, k, d); });
    });
    t.add({"torch.mean", "Tensor.mean"}, sumParams, {"mean"}, [](const Args& a) {
        return reduceDims(
            a, [](const Tensor& x, std::optional<DType> d) { return ops::mean(x, d); },
            [](const Tensor& x, const Shape& dims, bool k, std::optional<DType> d) {
                return ops::mean(x, dims, k, d);
            });
    });
    const std::vector<Param> varParams = {"input", Param("dim", Value()), Param("unbiased", Value()),
                                          Param("keepdim", false), keywordOnly("correction", Value())};
    t.add({"torch.var", "Tensor.var"}, varParams, {"var"}, [](const Args& a) {
        return Value(
            ops::var(a.tensor("input"), a.optInts("dim").value_or(Shape{}), correctionOf(a), a.boolean("keepdim")));
    });
    t.add({"torch.std", "Tensor.std"}, varParams, {"std"}, [](const Args& a) {
        return Value(
            ops::stdDev(a.tensor("input"), a.optInts("dim").value_or(Shape{}), correctionOf(a), a.boolean("keepdim")));
    });
    t.add({"torch.max", "Tensor.max"}, {"input", Param("dim", Value()), Param("keepdim", false)}, {"max"},
          [](const Args& a) { return extreme(a, true); });
    t.add({"torch.min", "Tensor.min"}, {"input", Param("dim", Value()), Param("keepdim", false)}, {"min"},
          [](const Args& a) { return extreme(a, false); });
    t.add({"torch.amax", "Tensor.amax"}, {"input", Param("dim", Value::tuple({})), Param("keepdim", false)}, {"amax"},
          [](const Args& a) { return Value(ops::amax(a.tensor("input"), a.ints("dim"), a.boolean("keepdim"))); });
    t.add({"torch.amin", "Tensor.amin"}, {"input", Param("dim", Value::tuple({})), Param("keepdim", false)}, {"amin"},
          [](const Args& a) { return Value(ops::amin(a.tensor("input"), a.ints("dim"), a.boolean("keepdim"))); });
    t.add(
        {"torch.argmax", "Tensor.argmax"}, {"input", Param("dim", Value()), Param("keepdim", false)}, {"argmax"},
        [](const Args& a) { return Value(ops::argmax(a.tensor("input"), a.optInteger("dim"), a.boolean("keepdim"))); });
    t.add(
        {"torch.argmin", "Tensor.argmin"}, {"input", Param("dim", Value()), Param("keepdim", false)}, {"argmin"},
        [](const Args& a) { return Value(ops::argmin(a.tensor("input"), a.optInteger("dim"), a.boolean("keepdim"))); });
    t.add({"torch.logsumexp", "Tensor.logsumexp"}, {"input", "dim", Param("keepdim", false)}, {"logsumexp"},
          [](const Args& a) { return Value(ops::logsumexp(a.tensor("input"), a.ints("dim"), a.boolean("keepdim"))); });
    t.add({"torch.prod", "Tensor.prod"},
          {"input", Param("dim", Value()), Param("keepdim", false), keywordOnly("dtype", Value())}, {"prod"},
          [](const Args& a) {
              const Tensor x = a.tensor("input");
              if (a.isNone("dim")) return Value(ops::prod(x, a.optDType("dtype")));
              return Value(ops::prod(x, a.integer("dim"), a.boolean("keepdim"), a.optDType("dtype")));
          });

    t.add({"torch.softmax", "Tensor.softmax"}, {"input", "dim", Param("dtype", Value())}, {"softmax"},
          [](const Args& a) { return softmaxLike(a, ops::softmax); });
    t.add({"F.softmax"}, {"input", Param("dim", Value()), Param("_stacklevel", 3), Param("dtype", Value())},
          {"softmax"}, [](const Args& a) { return softmaxLike(a, ops::softmax); });
    t.add({"torch.log_softmax", "Tensor.log_softmax"}, {"input", "dim", Param("dtype", Value())}, {"log_softmax"},
          [](const Args& a) { return softmaxLike(a, ops::logSoftmax); });
    t.add({"F.log_softmax"}, {"input", Param("dim", Value()), Param("_stacklevel", 3), Param("dtype", Value())},
          {"log_softmax"}, [](const Args& a) { return softmaxLike(a, ops::logSoftmax); });

    t.add({"F.layer_norm"},
          {"input", "normalized_shape", Param("weight", Value()), Param("bias", Value()), Param("eps", 1e-5)},
          {"layer_norm"}, [](const Args& a) {
              return Value(ops::layerNorm(a.tensor("input"), a.ints("normalized_shape"),
                                          a.optTensor("weight").value_or(Tensor()),
                                          a.optTensor("bias").value_or(Tensor()), a.real("eps")));
          });
    t.add({"F.batch_norm"},
          {"input", "running_mean", "running_var", Param("weight", Value()), Param("bias", Value()),
           Param("training", false), Param("momentum", 0.1), Param("eps", 1e-5)},
          {"batch_norm"}, [](const Args& a) {
              return Value(ops::batchNorm(
                  a.tensor("input"), a.optTensor("running_mean").value_or(Tensor()),
                  a.optTensor("running_var").value_or(Tensor()), a.optTensor("weight").value_or(Tensor()),
                  a.optTensor("bias").value_or(Tensor()), a.boolean("training"), a.real("momentum"), a.real("eps")));
          });
});

}  // namespace

}  // namespace tessera::script
