// Autograd from scripts: requires_grad_, detach, backward, .grad, .requires_grad, .is_leaf and
// torch.autograd.grad (higher-order gradients with create_graph=True).
#include "core/autograd/engine.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

Value gradOrNone(const Tensor& t) {
    const Tensor g = t.grad();
    return g.defined() ? Value(g) : Value::none();
}

// A tensor or a sequence of tensors as a list (torch.autograd.grad accepts both).
std::vector<Tensor> tensorOrTensors(const Args& a, std::string_view name) {
    if (a.get(name).isTensor()) return {a.tensor(name)};
    return a.tensors(name);
}

const BindingGroup kAutograd([](BindingTable& t) {
    t.add({"Tensor.requires_grad_"}, {"input", Param("requires_grad", true)}, {},
          [](const Args& a) { return Value(a.tensor("input").setRequiresGrad(a.boolean("requires_grad"))); });
    t.add({"Tensor.detach", "torch.detach"}, {"input"}, {},
          [](const Args& a) { return Value(a.tensor("input").detach()); });
    t.add({"Tensor.backward"},
          {"input", Param("gradient", Value()), Param("retain_graph", Value()), Param("create_graph", false)}, {},
          [](const Args& a) {
              const Tensor gradient = a.optTensor("gradient").value_or(Tensor());
              const bool create = a.boolean("create_graph");
              const bool retain = a.isNone("retain_graph") ? create : a.boolean("retain_graph");
              a.tensor("input").backward(gradient, retain, create);
              return Value::none();
          });
    t.add({"torch.autograd.grad"},
          {"outputs", "inputs", Param("grad_outputs", Value()), Param("retain_graph", Value()),
           Param("create_graph", false), Param("allow_unused", false)},
          {}, [](const Args& a) {
              std::vector<Tensor> gradOutputs;
              if (!a.isNone("grad_outputs")) gradOutputs = tensorOrTensors(a, "grad_outputs");
              std::optional<bool> retain;
              if (!a.isNone("retain_graph")) retain = a.boolean("retain_graph");
              const auto grads =
                  autograd::grad(tensorOrTensors(a, "outputs"), tensorOrTensors(a, "inputs"), gradOutputs, retain,
                                 a.boolean("create_graph"), a.boolean("allow_unused"));
              std::vector<Value> out;
              for (const auto& g : grads) out.push_back(g.defined() ? Value(g) : Value::none());
              return Value::tuple(std::move(out));
          });
    t.addProperty("grad", {}, gradOrNone);
    t.addProperty("requires_grad", {}, [](const Tensor& x) { return Value(x.requiresGrad()); });
    t.addProperty("is_leaf", {}, [](const Tensor& x) { return Value(x.isLeaf()); });
});

}  // namespace

}  // namespace tessera::script
