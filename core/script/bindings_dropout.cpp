// Dropout (core/ops/dropout.h): F.dropout and torch.dropout, drawing masks from the default generator
// (torch.manual_seed's counterpart is tessera::manualSeed).
#include "core/ops/dropout.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

const BindingGroup kDropout([](BindingTable& t) {
    t.add({"F.dropout"}, {"input", Param("p", 0.5), Param("training", true), Param("inplace", false)}, {"dropout"},
          [](const Args& a) {
              if (a.boolean("inplace")) throw ValueError("dropout(): inplace=True is not supported");
              return Value(ops::dropout(a.tensor("input"), a.real("p"), a.boolean("training")));
          });
    t.add({"torch.dropout"}, {"input", "p", "train"}, {"dropout"},
          [](const Args& a) { return Value(ops::dropout(a.tensor("input"), a.real("p"), a.boolean("train"))); });
});

}  // namespace

}  // namespace tessera::script
