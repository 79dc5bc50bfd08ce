#include "core/nn/flatten.h"

#include "core/nn/layer_registry.h"
#include "core/ops/view.h"

namespace tessera::nn {

Tensor Flatten::forward(const Tensor& input) { return ops::flatten(input, m_options.startDim, m_options.endDim); }

std::string Flatten::extraRepr() const {
    return "start_dim=" + std::to_string(m_options.startDim) + ", end_dim=" + std::to_string(m_options.endDim);
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "Flatten",
    .category = "Reshape",
    .help = "Flattens the dims start_dim … end_dim into one.",
    .params = {{.name = "start_dim", .type = ParamType::Int, .defaultValue = 1, .help = "First dim to flatten."},
               {.name = "end_dim",
                .type = ParamType::Int,
                .defaultValue = -1,
                .help = "Last dim to flatten (negative counts from the end)."}},
    .build = [](const io::Json& o, Generator&) -> std::shared_ptr<Module> {
        return std::make_shared<Flatten>(
            FlattenOptions{.startDim = o.at("start_dim").asInteger(), .endDim = o.at("end_dim").asInteger()});
    }}};

}  // namespace

}  // namespace tessera::nn
