// The learning-rate schedulers by torch's class name, built from a JSON object of torch's keyword
// arguments (the trainer and the torch conformance tests name them this way).
//
//   auto sched = optim::makeScheduler("OneCycleLR", opt,
//                                     io::parseJson(R"({"max_lr": 0.1, "total_steps": 100})", "opts"));
//   for (const auto& name : optim::schedulerNames()) …  // "CosineAnnealingLR", "LinearLR", …
//
// Keywords: StepLR step_size, gamma; CosineAnnealingLR T_max, eta_min; LinearLR start_factor,
// end_factor, total_iters; OneCycleLR max_lr (number or array), total_steps (or epochs and
// steps_per_epoch), pct_start, anneal_strategy ("cos" | "linear"), cycle_momentum, base_momentum,
// max_momentum, div_factor, final_div_factor, three_phase. Unknown names, unknown keywords and
// values of the wrong type are ValueErrors naming them.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/io/json.h"
#include "core/optim/lr_scheduler.h"

namespace tessera::optim {

using SchedulerFactory = std::function<std::unique_ptr<LRScheduler>(Optimizer&, const io::Json&)>;

void registerScheduler(const std::string& name, SchedulerFactory factory);
std::vector<std::string> schedulerNames();  // sorted
std::unique_ptr<LRScheduler> makeScheduler(const std::string& name, Optimizer& optimizer, const io::Json& options);

}  // namespace tessera::optim
