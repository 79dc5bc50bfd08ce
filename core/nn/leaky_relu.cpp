#include "core/nn/leaky_relu.h"

#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/activation.h"

namespace tessera::nn {

Tensor LeakyReLU::forward(const Tensor& input) { return ops::leakyRelu(input, m_options.negativeSlope); }

std::string LeakyReLU::extraRepr() const { return "negative_slope=" + pyFloat(m_options.negativeSlope); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "LeakyReLU",
    .category = "Activation",
    .help = "Leaky rectified linear unit: x for x ≥ 0, negative_slope·x otherwise.",
    .params = {{.name = "negative_slope",
                .type = ParamType::Float,
                .defaultValue = 0.01,
                .help = "Slope for negative inputs."}},
    .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
        return std::make_shared<LeakyReLU>(LeakyReLUOptions{.negativeSlope = o.at("negative_slope").asNumber()});
    }}};

}  // namespace

}  // namespace tessera::nn
