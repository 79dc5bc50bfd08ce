// The "training" object of a project file, read into typed settings: optimiser and LR schedule
// (built by torch's class names through core/optim's registries), epochs, batch size, seed, early
// stopping, gradient clipping and thread count.
//
//   io::Project p = io::loadProject("moons.tessera");
//   train::TrainingConfig cfg = train::parseTrainingConfig(p.training, "moons.tessera");
//   cfg.epochs;                          // 100
//   cfg.optimizer.options;              // {"lr": 0.01} — torch's keyword names, ready for makeOptimizer
//
// The object (docs/project-format.md, "training"):
//   {"optimizer": {"type": "Adam", "lr": 0.01, "weightDecay": 0.0001, "betas": [0.9, 0.999]},
//    "scheduler": {"type": "StepLR", "stepSize": 10, "gamma": 0.5, "interval": "epoch"},
//    "epochs": 100, "batchSize": 64, "seed": 0, "shuffle": true, "dropLast": false,
//    "earlyStopping": {"monitor": "val_loss", "patience": 10, "minDelta": 0.0, "restoreBest": true},
//    "clipGradNorm": 1.0, "threads": 0, "initialWeights": "model.safetensors"}
// Option keys are written in camelCase (weightDecay, stepSize, maxLr, tMax) or with torch's own
// names (weight_decay, T_max); both mean torch's keyword. Every field is optional. An unknown
// field, a value of the wrong type or out of range is a ValueError "SOURCE:LINE:COLUMN: training.…:
// cause"; unknown optimiser or scheduler keywords are reported when the trainer builds them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/io/json.h"

namespace tessera::train {

struct OptimizerConfig {
    std::string type = "Adam";
    io::Json options = io::Json::object();  // torch's keyword names: {"lr": 0.001, "weight_decay": 0}
};

struct SchedulerConfig {
    enum class Interval { Epoch, Step };
    std::string type;  // "StepLR", "CosineAnnealingLR", "LinearLR", "OneCycleLR"
    io::Json options = io::Json::object();
    // When scheduler.step() runs: after every epoch (the default) or after every optimiser step
    // (the default for OneCycleLR, which torch documents as stepped per batch).
    Interval interval = Interval::Epoch;
};

struct EarlyStoppingConfig {
    // "val_loss", "val_acc", "val_r2", "train_loss", "train_acc" or "train_r2"; losses are
    // minimised, accuracies and R² maximised.
    std::string monitor = "val_loss";
    std::int64_t patience = 10;  // epochs without an improvement larger than minDelta
    double minDelta = 0.0;
    bool restoreBest = true;  // load the best epoch's weights when training ends
};

struct TrainingConfig {
    OptimizerConfig optimizer;
    std::optional<SchedulerConfig> scheduler;
    std::int64_t epochs = 10;
    std::int64_t batchSize = 32;
    std::uint64_t seed = 0;
    bool shuffle = true;
    bool dropLast = false;
    std::optional<EarlyStoppingConfig> earlyStopping;
    double clipGradNorm = 0.0;  // 0: no clipping
    int threads = 0;            // 0: leave the kernels' thread count as it is
    // A safetensors file (as written in the project, relative to it) the model starts from instead of
    // seed-drawn weights, e.g. an imported ONNX model's; empty: draw them from the seed.
    std::string initialWeights;
};

TrainingConfig parseTrainingConfig(const io::Json& training, std::string_view source);
// The object back as JSON (option keys in torch's names), so a run's settings can be stored with it.
io::Json trainingConfigToJson(const TrainingConfig& config);

// Whether a monitored metric improves when it grows ("val_acc", "val_r2") rather than shrinks.
bool monitorMaximises(std::string_view monitor);

}  // namespace tessera::train
