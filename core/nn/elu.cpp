#include "core/nn/elu.h"

#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/activation.h"

namespace tessera::nn {

Tensor ELU::forward(const Tensor& input) { return ops::elu(input, m_options.alpha); }

std::string ELU::extraRepr() const { return "alpha=" + pyFloat(m_options.alpha); }

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "ELU",
              .category = "Activation",
              .help = "Exponential linear unit: x for x > 0, alpha·(eˣ − 1) otherwise.",
              .params = {{.name = "alpha",
                          .type = ParamType::Float,
                          .defaultValue = 1.0,
                          .help = "Value the output approaches for very negative inputs (as −alpha)."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<ELU>(ELUOptions{.alpha = o.at("alpha").asNumber()});
              }}};

}  // namespace

}  // namespace tessera::nn
