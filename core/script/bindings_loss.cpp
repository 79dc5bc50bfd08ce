// The losses of torch.nn.functional: mse_loss, l1_loss, smooth_l1_loss, huber_loss, cross_entropy,
// nll_loss, binary_cross_entropy, binary_cross_entropy_with_logits. The deprecated size_average and
// reduce arguments are accepted only as None.
#include "core/ops/binary_cross_entropy.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/l1_loss.h"
#include "core/ops/loss_common.h"
#include "core/ops/mse_loss.h"
#include "core/ops/nll_loss.h"
#include "core/ops/smooth_l1_loss.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

Tensor optionalTensor(const Args& a, std::string_view name) { return a.optTensor(name).value_or(Tensor()); }

ops::Reduction reduction(const Args& a) {
    if (!a.isNone("size_average") || !a.isNone("reduce"))
        throw ValueError(a.function() + ": size_average and reduce are deprecated; use reduction='mean'|'sum'|'none'");
    return ops::parseReduction(a.string("reduction"));
}

std::vector<Param> pairParams(std::initializer_list<Param> extra) {
    std::vector<Param> p{"input", "target", Param("size_average", Value()), Param("reduce", Value()),
                         Param("reduction", "mean")};
    p.insert(p.end(), extra.begin(), extra.end());
    return p;
}

const BindingGroup kLosses([](BindingTable& t) {
    t.add({"F.mse_loss"}, pairParams({}), {"mse_loss"},
          [](const Args& a) { return Value(ops::mseLoss(a.tensor("input"), a.tensor("target"), reduction(a))); });
    t.add({"F.l1_loss"}, pairParams({}), {"l1_loss"},
          [](const Args& a) { return Value(ops::l1Loss(a.tensor("input"), a.tensor("target"), reduction(a))); });
    t.add({"F.smooth_l1_loss"}, pairParams({Param("beta", 1.0)}), {"smooth_l1_loss"}, [](const Args& a) {
        return Value(ops::smoothL1Loss(a.tensor("input"), a.tensor("target"), reduction(a), a.real("beta")));
    });
    t.add({"F.huber_loss"}, {"input", "target", Param("reduction", "mean"), Param("delta", 1.0)}, {"huber_loss"},
          [](const Args& a) {
              return Value(ops::huberLoss(a.tensor("input"), a.tensor("target"),
                                          ops::parseReduction(a.string("reduction")), a.real("delta")));
          });
    t.add({"F.cross_entropy"},
          {"input", "target", Param("weight", Value()), Param("size_average", Value()), Param("ignore_index", -100),
           Param("reduce", Value()), Param("reduction", "mean"), Param("label_smoothing", 0.0)},
          {"cross_entropy"}, [](const Args& a) {
              return Value(ops::crossEntropy(a.tensor("input"), a.tensor("target"), optionalTensor(a, "weight"),
                                             reduction(a), a.integer("ignore_index"), a.real("label_smoothing")));
          });
    t.add({"F.nll_loss"},
          {"input", "target", Param("weight", Value()), Param("size_average", Value()), Param("ignore_index", -100),
           Param("reduce", Value()), Param("reduction", "mean")},
          {"nll_loss"}, [](const Args& a) {
              return Value(ops::nllLoss(a.tensor("input"), a.tensor("target"), optionalTensor(a, "weight"),
                                        reduction(a), a.integer("ignore_index")));
          });
    t.add({"F.binary_cross_entropy"},
          {"input", "target", Param("weight", Value()), Param("size_average", Value()), Param("reduce", Value()),
           Param("reduction", "mean")},
          {"binary_cross_entropy"}, [](const Args& a) {
              return Value(ops::binaryCrossEntropy(a.tensor("input"), a.tensor("target"), optionalTensor(a, "weight"),
                                                   reduction(a)));
          });
    t.add({"F.binary_cross_entropy_with_logits"},
          {"input", "target", Param("weight", Value()), Param("size_average", Value()), Param("reduce", Value()),
           Param("reduction", "mean"), Param("pos_weight", Value())},
          {"binary_cross_entropy_with_logits"}, [](const Args& a) {
              return Value(ops::binaryCrossEntropyWithLogits(a.tensor("input"), a.tensor("target"),
                                                             optionalTensor(a, "weight"),
                                                             optionalTensor(a, "pos_weight"), reduction(a)));
          });
});

}  // namespace

}  // namespace tessera::script
