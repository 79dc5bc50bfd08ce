// Indexing with tensors: torch.masked_select and index_put / index_put_ (indices a tuple or list of
// int64 tensors and bool masks; Python's None entries are refused by torch there too).
#include "core/ops/index_put.h"
#include "core/ops/masked_select.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

const BindingGroup kIndex([](BindingTable& t) {
    t.add({"torch.masked_select", "Tensor.masked_select"}, {"input", "mask"}, {"masked_select"},
          [](const Args& a) { return Value(ops::maskedSelect(a.tensor("input"), a.tensor("mask"))); });
    t.add({"torch.index_put", "Tensor.index_put"}, {"input", "indices", "values", Param("accumulate", false)},
          {"index_put"}, [](const Args& a) {
              return Value(
                  ops::indexPut(a.tensor("input"), a.tensors("indices"), a.tensor("values"), a.boolean("accumulate")));
          });
    t.add({"Tensor.index_put_"}, {"input", "indices", "values", Param("accumulate", false)}, {"index_put_"},
          [](const Args& a) {
              return Value(
                  ops::indexPut_(a.tensor("input"), a.tensors("indices"), a.tensor("values"), a.boolean("accumulate")));
          });
});

}  // namespace

}  // namespace tessera::script
