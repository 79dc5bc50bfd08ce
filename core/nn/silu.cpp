#include "core/nn/silu.h"

#include "core/nn/layer_registry.h"
#include "core/ops/activation.h"

namespace tessera::nn {

Tensor SiLU::forward(const Tensor& input) { return ops::silu(input); }

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "SiLU",
    .category = "Activation",
    .help = "Sigmoid linear unit (swish): x·σ(x).",
    .params = {},
    .build = [](const io::Json&, Generator&) -> std::shared_ptr<Module> { return std::make_shared<SiLU>(); }}};

}  // namespace

}  // namespace tessera::nn
