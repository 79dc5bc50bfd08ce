#include "core/nn/dropout.h"

#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/dropout.h"
#include "core/tensor/error.h"

namespace tessera::nn {

Dropout::Dropout(const DropoutOptions& options) : Module("Dropout"), m_options(options) {
    if (options.p < 0 || options.p > 1)
        throw ValueError("Dropout: dropout probability has to be between 0 and 1, but got " + pyFloat(options.p));
}

Tensor Dropout::forward(const Tensor& input) { return ops::dropout(input, m_options.p, isTraining()); }

std::string Dropout::extraRepr() const { return "p=" + pyFloat(m_options.p) + ", inplace=False"; }

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "Dropout",
              .category = "Regularization",
              .help = "Randomly zeroes elements with probability p during training (scaling the rest by 1/(1−p)).",
              .params = {{.name = "p",
                          .type = ParamType::Float,
                          .defaultValue = 0.5,
                          .min = 0.0,
                          .max = 1.0,
                          .help = "Probability of an element being zeroed."}},
              .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
                  return std::make_shared<Dropout>(DropoutOptions{.p = o.at("p").asNumber()});
              }}};

}  // namespace

}  // namespace tessera::nn
