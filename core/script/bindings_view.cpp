// Views and copies of core/ops/view.h: view, reshape, transpose, t, permute, narrow, select, expand,
// squeeze, unsqueeze, flatten, contiguous, clone, and dtype conversions (to, float, double, long, bool).
#include "core/ops/view.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

Value convert(const Args& a, DType dtype) { return Value(ops::to(a.tensor("input"), dtype)); }

const BindingGroup kViews([](BindingTable& t) {
    t.add({"Tensor.view"}, {"input", rest("size")}, {"view"},
          [](const Args& a) { return Value(ops::view(a.tensor("input"), a.ints("size"))); });
    t.add({"torch.reshape"}, {"input", "shape"}, {"reshape"},
          [](const Args& a) { return Value(ops::reshape(a.tensor("input"), a.ints("shape"))); });
    t.add({"Tensor.reshape"}, {"input", rest("shape")}, {"reshape"},
          [](const Args& a) { return Value(ops::reshape(a.tensor("input"), a.ints("shape"))); });
    t.add({"torch.transpose", "Tensor.transpose", "torch.swapaxes", "Tensor.swapaxes"}, {"input", "dim0", "dim1"},
          {"transpose"},
          [](const Args& a) { return Value(ops::transpose(a.tensor("input"), a.integer("dim0"), a.integer("dim1"))); });
    t.add({"torch.t", "Tensor.t"}, {"input"}, {"t"}, [](const Args& a) { return Value(ops::t(a.tensor("input"))); });
    t.add({"torch.permute"}, {"input", "dims"}, {"permute"},
          [](const Args& a) { return Value(ops::permute(a.tensor("input"), a.ints("dims"))); });
    t.add({"Tensor.permute"}, {"input", rest("dims")}, {"permute"},
          [](const Args& a) { return Value(ops::permute(a.tensor("input"), a.ints("dims"))); });
    t.add({"torch.narrow", "Tensor.narrow"}, {"input", "dim", "start", "length"}, {"narrow"}, [](const Args& a) {
        return Value(ops::narrow(a.tensor("input"), a.integer("dim"), a.integer("start"), a.integer("length")));
    });
    t.add({"torch.select", "Tensor.select"}, {"input", "dim", "index"}, {"select"},
          [](const Args& a) { return Value(ops::select(a.tensor("input"), a.integer("dim"), a.integer("index"))); });
    t.add({"Tensor.expand"}, {"input", rest("size")}, {"expand"},
          [](const Args& a) { return Value(ops::expand(a.tensor("input"), a.ints("size"))); });
    t.add({"Tensor.expand_as"}, {"input", "other"}, {"expand"},
          [](const Args& a) { return Value(ops::expand(a.tensor("input"), a.tensor("other").sizes())); });
    t.add({"Tensor.view_as"}, {"input", "other"}, {"view"},
          [](const Args& a) { return Value(ops::view(a.tensor("input"), a.tensor("other").sizes())); });
    t.add({"Tensor.reshape_as"}, {"input", "other"}, {"reshape"},
          [](const Args& a) { return Value(ops::reshape(a.tensor("input"), a.tensor("other").sizes())); });
    t.add({"torch.squeeze", "Tensor.squeeze"}, {"input", Param("dim", Value())}, {"squeeze"}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return Value(a.isNone("dim") ? ops::squeeze(x) : ops::squeeze(x, a.integer("dim")));
    });
    t.add({"torch.unsqueeze", "Tensor.unsqueeze"}, {"input", "dim"}, {"unsqueeze"},
          [](const Args& a) { return Value(ops::unsqueeze(a.tensor("input"), a.integer("dim"))); });
    t.add({"torch.flatten", "Tensor.flatten"}, {"input", Param("start_dim", 0), Param("end_dim", -1)}, {"flatten"},
          [](const Args& a) {
              return Value(ops::flatten(a.tensor("input"), a.integer("start_dim"), a.integer("end_dim")));
          });
    t.add({"Tensor.contiguous"}, {"input"}, {"contiguous"},
          [](const Args& a) { return Value(ops::contiguous(a.tensor("input"))); });
    t.add({"torch.clone", "Tensor.clone"}, {"input"}, {"clone"},
          [](const Args& a) { return Value(ops::clone(a.tensor("input"))); });
    t.add({"Tensor.to", "Tensor.type"}, {"input", "dtype"}, {"to"},
          [](const Args& a) { return convert(a, a.dtype("dtype")); });
    t.add({"Tensor.float"}, {"input"}, {"to"}, [](const Args& a) { return convert(a, DType::Float32); });
    t.add({"Tensor.double"}, {"input"}, {"to"}, [](const Args& a) { return convert(a, DType::Float64); });
    t.add({"Tensor.long"}, {"input"}, {"to"}, [](const Args& a) { return convert(a, DType::Int64); });
    t.add({"Tensor.bool"}, {"input"}, {"to"}, [](const Args& a) { return convert(a, DType::Bool); });
    t.addProperty("T", {"permute"}, [](const Tensor& x) {
        Shape dims(static_cast<std::size_t>(x.dim()));
        for (std::int64_t i = 0; i < x.dim(); ++i) dims[i] = x.dim() - 1 - i;
        return Value(ops::permute(x, dims));
    });
});

}  // namespace

}  // namespace tessera::script
