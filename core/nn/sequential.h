// torch.nn.Sequential: runs its children in order, each on the previous one's output. Children are
// named "0", "1", … so state_dict keys read "0.weight", "2.bias" as in torch.
//
//   auto net = std::make_shared<nn::Sequential>();
//   net->append(std::make_shared<nn::Linear>(nn::LinearOptions{.inFeatures = 2, .outFeatures = 8}, gen));
//   net->append(std::make_shared<nn::ReLU>());
//   Tensor y = (*net)(x);
#pragma once

#include <memory>
#include <vector>

#include "core/nn/module.h"

namespace tessera::nn {

class Sequential : public Module {
public:
    Sequential() : Module("Sequential") {}
    explicit Sequential(std::vector<std::shared_ptr<Module>> modules);
    void append(std::shared_ptr<Module> module);
    Tensor forward(const Tensor& input) override;

    std::size_t size() const { return m_modules.size(); }
    const std::shared_ptr<Module>& at(std::size_t index) const { return m_modules.at(index); }

private:
    std::vector<std::shared_ptr<Module>> m_modules;
};

}  // namespace tessera::nn
