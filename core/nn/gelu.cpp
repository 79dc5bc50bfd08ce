#include "core/nn/gelu.h"

#include "core/nn/layer_registry.h"

namespace tessera::nn {

Tensor GELU::forward(const Tensor& input) { return ops::gelu(input, m_options.approximate); }

std::string GELU::extraRepr() const {
    return std::string("approximate='") + (m_options.approximate == ops::GeluApproximate::Tanh ? "tanh" : "none") + "'";
}

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "GELU",
              .category = "Activation",
              .help = "Gaussian error linear unit: x·Φ(x), Φ the standard normal CDF.",
              .params = {{.name = "approximate",
                          .type = ParamType::Choice,
                          .defaultValue = "none",
                          .choices = {"none", "tanh"},
                          .help = "'tanh' uses the tanh approximation of Φ."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<GELU>(
                      GELUOptions{.approximate = ops::parseGeluApproximate(o.at("approximate").asString())});
              }}};

}  // namespace

}  // namespace tessera::nn
