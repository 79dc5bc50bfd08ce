#include "core/nn/batch_norm1d.h"

#include "core/nn/layer_registry.h"
#include "core/tensor/error.h"

namespace tessera::nn {

void BatchNorm1d::checkInputDim(const Tensor& input) const {
    if (input.dim() != 2 && input.dim() != 3)
        throw ValueError("BatchNorm1d: expected 2D or 3D input (got " + std::to_string(input.dim()) + "D input)");
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "BatchNorm1d",
    .category = "Normalization",
    .help = "Normalises each channel of [N, C] or [N, C, L] inputs over the batch, with a learned scale and shift.",
    .params = batchNormParams(),
    .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
        return std::make_shared<BatchNorm1d>(
            BatchNormOptions{.numFeatures = o.at("num_features").asInteger(),
                             .eps = o.at("eps").asNumber(),
                             .momentum = optionalNumber(o.at("momentum")),
                             .affine = o.at("affine").asBool(),
                             .trackRunningStats = o.at("track_running_stats").asBool()});
    }}};

}  // namespace

}  // namespace tessera::nn
