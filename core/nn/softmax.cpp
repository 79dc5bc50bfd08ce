#include "core/nn/softmax.h"

#include "core/nn/layer_registry.h"
#include "core/ops/softmax.h"

namespace tessera::nn {

std::int64_t legacySoftmaxDim(std::int64_t ndim) { return ndim == 0 || ndim == 1 || ndim == 3 ? 0 : 1; }

Tensor Softmax::forward(const Tensor& input) {
    return ops::softmax(input, m_options.dim.value_or(legacySoftmaxDim(input.dim())));
}

std::string Softmax::extraRepr() const { return "dim=" + (m_options.dim ? std::to_string(*m_options.dim) : "None"); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "Softmax",
    .category = "Activation",
    .help = "Rescales a dim to probabilities: exp(xᵢ) / Σⱼ exp(xⱼ).",
    .params = {{.name = "dim",
                .type = ParamType::OptionalInt,
                .defaultValue = nullptr,
                .help = "Dim to normalise; null means torch's legacy choice (0 for 0/1/3-dim inputs, else 1)."}},
    .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
        return std::make_shared<Softmax>(SoftmaxOptions{.dim = optionalInteger(o.at("dim"))});
    }}};

}  // namespace

}  // namespace tessera::nn
