#include "core/nn/layer_norm.h"

#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/layer_norm.h"
#include "core/tensor/factory.h"

namespace tessera::nn {

LayerNorm::LayerNorm(const LayerNormOptions& options) : Module("LayerNorm"), m_options(options) {
    if (options.elementwiseAffine) {
        weight = registerParameter("weight", ones(options.normalizedShape));
        bias = registerParameter("bias", zeros(options.normalizedShape));
    }
}

Tensor LayerNorm::forward(const Tensor& input) {
    return ops::layerNorm(input, m_options.normalizedShape, weight, bias, m_options.eps);
}

std::string LayerNorm::extraRepr() const {
    return pyTuple(m_options.normalizedShape) + ", eps=" + pyFloat(m_options.eps) +
           ", elementwise_affine=" + pyBool(m_options.elementwiseAffine);
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "LayerNorm",
    .category = "Normalization",
    .help = "Normalises the trailing dims of each sample to mean 0, variance 1, with a learned scale and shift.",
    .params = {{.name = "normalized_shape",
                .type = ParamType::IntOrTuple,
                .required = true,
                .min = 0,
                .help = "Sizes of the trailing dims to normalise over (one size or a list)."},
               {.name = "eps",
                .type = ParamType::Float,
                .defaultValue = 1e-5,
                .min = 0.0,
                .help = "Added to the variance for numerical stability."},
               {.name = "elementwise_affine",
                .type = ParamType::Bool,
                .defaultValue = true,
                .help = "Learn a per-element weight (init 1) and bias (init 0)."}},
    .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
        return std::make_shared<LayerNorm>(LayerNormOptions{.normalizedShape = intList(o.at("normalized_shape"), 1),
                                                            .eps = o.at("eps").asNumber(),
                                                            .elementwiseAffine = o.at("elementwise_affine").asBool()});
    }}};

}  // namespace

}  // namespace tessera::nn
