// Matrix products: matmul (and the @ operator), mm, bmm, F.linear.
#include "core/ops/matmul.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

const BindingGroup kLinalg([](BindingTable& t) {
    t.add({"torch.matmul", "Tensor.matmul", "Tensor.__matmul__"}, {"input", "other"}, {"matmul"},
          [](const Args& a) { return Value(ops::matmul(a.tensor("input"), a.tensor("other"))); });
    t.add({"torch.mm", "Tensor.mm"}, {"input", "mat2"}, {"mm"},
          [](const Args& a) { return Value(ops::mm(a.tensor("input"), a.tensor("mat2"))); });
    t.add({"torch.bmm", "Tensor.bmm"}, {"input", "mat2"}, {"bmm"},
          [](const Args& a) { return Value(ops::bmm(a.tensor("input"), a.tensor("mat2"))); });
    t.add({"F.linear"}, {"input", "weight", Param("bias", Value())}, {"linear"}, [](const Args& a) {
        return Value(ops::linear(a.tensor("input"), a.tensor("weight"), a.optTensor("bias").value_or(Tensor())));
    });
});

}  // namespace

}  // namespace tessera::script
