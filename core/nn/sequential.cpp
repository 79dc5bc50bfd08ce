#include "core/nn/sequential.h"

#include "core/nn/layer_registry.h"
#include "core/tensor/error.h"

namespace tessera::nn {

Sequential::Sequential(std::vector<std::shared_ptr<Module>> modules) : Module("Sequential") {
    for (auto& m : modules) append(std::move(m));
}

void Sequential::append(std::shared_ptr<Module> module) {
    if (!module) throw ValueError("Sequential: cannot append an empty module");
    registerModule(std::to_string(m_modules.size()), module);
    m_modules.push_back(std::move(module));
}

Tensor Sequential::forward(const Tensor& input) {
    Tensor x = input;
    for (const auto& m : m_modules) x = (*m)(x);
    return x;
}

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "Sequential",
              .category = "Container",
              .help = "Runs its layers in order, each on the previous one's output.",
              .params = {{.name = "layers",
                          .type = ParamType::Layers,
                          .defaultValue = io::Json::array(),
                          .help = "The children in order, each {\"type\": \"Linear\", \"options\": {…}}."}},
              .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
                  auto seq = std::make_shared<Sequential>();
                  for (const auto& child : o.at("layers").asArray()) {
                      const io::Json* options = child.find("options");
                      seq->append(buildLayer(child.at("type").asString(), options ? *options : io::Json(), gen));
                  }
                  return seq;
              }}};

}  // namespace

}  // namespace tessera::nn
