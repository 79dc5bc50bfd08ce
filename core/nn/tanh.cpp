#include "core/nn/tanh.h"

#include "core/nn/layer_registry.h"
#include "core/ops/unary.h"

namespace tessera::nn {

Tensor Tanh::forward(const Tensor& input) { return ops::tanh(input); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "Tanh",
    .category = "Activation",
    .help = "Hyperbolic tangent.",
    .params = {},
    .build = [](const io::Json&, Generator&) -> std::shared_ptr<Module> { return std::make_shared<Tanh>(); }}};

}  // namespace

}  // namespace tessera::nn
