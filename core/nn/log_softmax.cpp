#include "core/nn/log_softmax.h"

#include "core/nn/layer_registry.h"
#include "core/nn/softmax.h"
#include "core/ops/softmax.h"

namespace tessera::nn {

Tensor LogSoftmax::forward(const Tensor& input) {
    return ops::logSoftmax(input, m_options.dim.value_or(legacySoftmaxDim(input.dim())));
}

std::string LogSoftmax::extraRepr() const { return "dim=" + (m_options.dim ? std::to_string(*m_options.dim) : "None"); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "LogSoftmax",
    .category = "Activation",
    .help = "Log of softmax along a dim, computed stably: xᵢ − log Σⱼ exp(xⱼ).",
    .params = {{.name = "dim",
                .type = ParamType::OptionalInt,
                .defaultValue = nullptr,
                .help = "Dim to normalise; null means torch's legacy choice (0 for 0/1/3-dim inputs, else 1)."}},
    .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
        return std::make_shared<LogSoftmax>(LogSoftmaxOptions{.dim = optionalInteger(o.at("dim"))});
    }}};

}  // namespace

}  // namespace tessera::nn
