// torch.nn.Softmax along one dim. Without a dim, torch's legacy choice applies: dim 0 for 0-, 1- and 3-dim
// inputs, dim 1 otherwise.
//
//   nn::Softmax sm({.dim = -1});
//   Tensor p = sm(logits);
#pragma once

#include <cstdint>
#include <optional>

#include "core/nn/module.h"

namespace tessera::nn {

struct SoftmaxOptions {
    std::optional<std::int64_t> dim{};
};

// torch's implicit dim for an input of `ndim` dims (also used by LogSoftmax).
std::int64_t legacySoftmaxDim(std::int64_t ndim);

class Softmax : public Module {
public:
    explicit Softmax(const SoftmaxOptions& options = {}) : Module("Softmax"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const SoftmaxOptions& options() const { return m_options; }

private:
    SoftmaxOptions m_options;
};

}  // namespace tessera::nn
