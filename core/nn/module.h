// Module: the base of every layer, as torch.nn.Module. A Module owns named parameters (leaf tensors
// that require grad), buffers (running statistics and the like) and child modules; names compose
// with dots exactly as in torch's state_dict ("0.weight", "conv1.bias", "bn.running_mean").
//
//   class Affine : public nn::Module {
//   public:
//       Affine() : Module("Affine") {
//           weight = registerParameter("weight", ops::ones({3}));
//           bias = registerParameter("bias", ops::zeros({3}));
//       }
//       Tensor forward(const Tensor& x) override { return ops::add(ops::mul(x, weight), bias); }
//       Tensor weight, bias;
//   };
//   Affine m;
//   Tensor y = m(x);                    // runs forward inside the profiler scope "Affine"
//   auto names = m.namedParameters();   // {"weight", …}, {"bias", …}
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::nn {

using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

class Module {
public:
    explicit Module(std::string typeName) : m_typeName(std::move(typeName)) {}
    virtual ~Module() = default;
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;

    // The computation of a single-input module. Modules with several inputs or outputs (attention,
    // recurrent layers) add their own methods and implement this for the common case.
    virtual Tensor forward(const Tensor& input) = 0;
    // forward() inside a profiler scope named after this module (its name in the parent, or its type).
    Tensor operator()(const Tensor& input);

    // torch's class name: "Linear", "Conv2d".
    const std::string& typeName() const noexcept { return m_typeName; }
    // What torch's repr shows between the parentheses: "in_features=4, out_features=3, bias=True".
    virtual std::string extraRepr() const { return {}; }
    // torch's repr of the module tree.
    std::string repr() const;

    NamedTensors namedParameters(bool recurse = true) const;
    NamedTensors namedBuffers(bool recurse = true) const;
    std::vector<Tensor> parameters(bool recurse = true) const;
    std::vector<std::pair<std::string, std::shared_ptr<Module>>> namedChildren() const { return m_children; }
    // Parameters then buffers, each module's own before its children's, as torch orders state_dict.
    NamedTensors stateDict() const;
    // Copies values into the existing tensors (shapes must match). strict: every key of the module must
    // be present and no key may be unexpected; the error lists the missing and unexpected keys.
    void loadStateDict(const NamedTensors& state, bool strict = true);

    void train(bool on = true);
    void eval() { train(false); }
    bool isTraining() const noexcept { return m_training; }
    // Resets .grad of every parameter (to undefined, like torch's set_to_none=True).
    void zeroGrad();

    // Number of parameter elements.
    std::int64_t parameterCount() const;

protected:
    // The tensor becomes a leaf that requires grad. Returns it for the caller's member.
    Tensor registerParameter(const std::string& name, Tensor value);
    // A buffer may be undefined (torch's None, e.g. BatchNorm without running stats).
    Tensor registerBuffer(const std::string& name, Tensor value);
    template <class M>
    std::shared_ptr<M> registerModule(const std::string& name, std::shared_ptr<M> module) {
        addChild(name, module);
        return module;
    }
    // For modules that replace a registered tensor (e.g. after loading): keeps the name → tensor map current.
    void setParameter(const std::string& name, Tensor value);
    void setBuffer(const std::string& name, Tensor value);
    virtual void onTrainChanged() {}

private:
    void addChild(const std::string& name, std::shared_ptr<Module> module);
    void collect(const std::string& prefix, bool recurse, bool params, NamedTensors& out) const;

    std::string m_typeName;
    std::string m_scopeName;  // set by the parent when registered
    bool m_training = true;
    NamedTensors m_parameters;
    NamedTensors m_buffers;
    std::vector<std::pair<std::string, std::shared_ptr<Module>>> m_children;
};

}  // namespace tessera::nn
