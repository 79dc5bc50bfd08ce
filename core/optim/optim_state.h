// Optimizer and scheduler state as named tensors plus JSON metadata: the layout checkpoints store
// in a safetensors file (tensors by name, the metadata as one string in "__metadata__").
//
//   optim::EncodedState saved = optim::encodeOptimState(opt.state(), &sched.state());
//   … write saved.tensors and io::writeJson(saved.metadata) …
//   optim::DecodedState back = optim::decodeOptimState(saved.tensors, saved.metadata);
//   // Rebuild the optimizer and scheduler with the same arguments, then:
//   opt.loadState(back.optimizer);
//   sched.loadState(*back.scheduler);
//
// Restore in that order (optimizer, then scheduler, both already constructed), as with torch's
// load_state_dict: building a scheduler steps it once, and the optimizer's saved group options
// (lr, initial_lr, momentum, …) then overwrite what that step set.
//
// Format (version 1). Tensors: "state.<i>.<buffer>" for parameter i counted over all groups in
// order, <buffer> one of the optimizer's state names (exp_avg, momentum_buffer, …), in the
// parameter's dtype and shape. Metadata:
//   {"format": "tessera.optim", "version": 1,
//    "optimizer": {"name": "Adam", "param_groups": [{"params": 2, "options": {"lr": 0.001, …}}],
//                  "state": {"0": {"step": 10, "buffers": ["exp_avg", "exp_avg_sq"]}, …}},
//    "scheduler": {"name": "StepLR", "last_epoch": 10, "step_count": 11, "base_lrs": [0.1],
//                  "last_lrs": [0.05]}}                            ("scheduler" only when given)
// Options keep Tessera's names (beta1/beta2, flags as 0/1); numbers are written so they read back
// to the same double, so a round trip is exact. A malformed document or a missing tensor throws
// IoError naming the field.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/io/json.h"
#include "core/optim/lr_scheduler.h"
#include "core/optim/optimizer.h"

namespace tessera::optim {

using NamedTensorList = std::vector<std::pair<std::string, Tensor>>;

struct EncodedState {
    NamedTensorList tensors;
    io::Json metadata;
};

struct DecodedState {
    OptimizerState optimizer;
    std::optional<SchedulerState> scheduler;
};

EncodedState encodeOptimState(const OptimizerState& optimizer, const SchedulerState* scheduler = nullptr);
DecodedState decodeOptimState(const NamedTensorList& tensors, const io::Json& metadata);

}  // namespace tessera::optim
