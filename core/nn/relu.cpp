#include "core/nn/relu.h"

#include "core/nn/layer_registry.h"
#include "core/ops/activation.h"

namespace tessera::nn {

Tensor ReLU::forward(const Tensor& input) { return ops::relu(input); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "ReLU",
    .category = "Activation",
    .help = "Rectified linear unit: max(0, x).",
    .params = {},
    .build = [](const io::Json&, Generator&) -> std::shared_ptr<Module> { return std::make_shared<ReLU>(); }}};

}  // namespace

}  // namespace tessera::nn
