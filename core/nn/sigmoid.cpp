#include "core/nn/sigmoid.h"

#include "core/nn/layer_registry.h"
#include "core/ops/activation.h"

namespace tessera::nn {

Tensor Sigmoid::forward(const Tensor& input) { return ops::sigmoid(input); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "Sigmoid",
    .category = "Activation",
    .help = "Logistic sigmoid: 1 / (1 + e^(−x)).",
    .params = {},
    .build = [](const io::Json&, Generator&) -> std::shared_ptr<Module> { return std::make_shared<Sigmoid>(); }}};

}  // namespace

}  // namespace tessera::nn
