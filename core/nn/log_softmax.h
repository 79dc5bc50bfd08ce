// torch.nn.LogSoftmax along one dim. Without a dim, torch's legacy choice applies: dim 0 for 0-, 1- and 3-dim
// inputs, dim 1 otherwise.
//
//   nn::LogSoftmax sm({.dim = -1});
//   Tensor p = sm(logits);
#pragma once

#include <cstdint>
#include <optional>

#include "core/nn/module.h"

namespace tessera::nn {

struct LogSoftmaxOptions {
    std::optional<std::int64_t> dim{};
};

class LogSoftmax : public Module {
public:
    explicit LogSoftmax(const LogSoftmaxOptions& options = {}) : Module("LogSoftmax"), m_options(options) {}
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;
    const LogSoftmaxOptions& options() const { return m_options; }

private:
    LogSoftmaxOptions m_options;
};

}  // namespace tessera::nn
