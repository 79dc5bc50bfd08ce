#include "core/nn/linear.h"

#include "core/nn/init.h"
#include "core/nn/layer_registry.h"
#include "core/ops/matmul.h"

namespace tessera::nn {

Linear::Linear(const LinearOptions& options, Generator& gen) : Module("Linear"), m_options(options) {
    const double bound = init::fanInBound(options.inFeatures);
    weight = registerParameter("weight", init::uniform({options.outFeatures, options.inFeatures}, bound, gen));
    if (options.bias) bias = registerParameter("bias", init::uniform({options.outFeatures}, bound, gen));
}

Tensor Linear::forward(const Tensor& input) { return ops::linear(input, weight, bias); }

std::string Linear::extraRepr() const {
    return "in_features=" + std::to_string(m_options.inFeatures) +
           ", out_features=" + std::to_string(m_options.outFeatures) + ", bias=" + (m_options.bias ? "True" : "False");
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "Linear",
    .category = "Linear",
    .help = "Applies an affine map y = x·Wᵀ + b to the last dimension.",
    .params = {{.name = "in_features",
                .type = ParamType::Int,
                .required = true,
                .min = 0,
                .help = "Size of each input sample (the last dimension)."},
               {.name = "out_features",
                .type = ParamType::Int,
                .required = true,
                .min = 0,
                .help = "Size of each output sample."},
               {.name = "bias", .type = ParamType::Bool, .defaultValue = true, .help = "Learn an additive bias."}},
    .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
        return std::make_shared<Linear>(LinearOptions{.inFeatures = o.at("in_features").asInteger(),
                                                      .outFeatures = o.at("out_features").asInteger(),
                                                      .bias = o.at("bias").asBool()},
                                        gen);
    }}};

}  // namespace

}  // namespace tessera::nn
