// The optimizers by torch's class name, built from a JSON object of torch's keyword arguments, so a
// project file, the trainer and the torch conformance tests all name them the same way.
//
//   auto opt = optim::makeOptimizer("Adam", {{model.parameters()}},
//                                   io::parseJson(R"({"lr": 0.001, "betas": [0.9, 0.999]})", "opts"));
//   for (const auto& name : optim::optimizerNames()) …   // "Adam", "AdamW", "RMSprop", "SGD"
//
// JSON values: numbers, booleans for flags, and "betas" as a two-number array. An unknown name or
// keyword, or a value of the wrong type, is a ValueError naming it.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/io/json.h"
#include "core/optim/optimizer.h"

namespace tessera::optim {

using OptimizerFactory = std::function<std::unique_ptr<Optimizer>(std::vector<ParamGroup>, const Options&)>;

// Registers (or replaces) a factory; the built-in optimizers are registered on first use.
void registerOptimizer(const std::string& name, OptimizerFactory factory);
std::vector<std::string> optimizerNames();  // sorted
std::unique_ptr<Optimizer> makeOptimizer(const std::string& name, std::vector<ParamGroup> groups,
                                         const io::Json& options);

// torch's keyword arguments ↔ Options: booleans become 0/1, "betas": [b1, b2] becomes beta1/beta2.
Options optionsFromJson(const io::Json& options, const std::string& where);
io::Json optionsToJson(const Options& options);

}  // namespace tessera::optim
