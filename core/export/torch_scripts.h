// Internal to core/export: the files of an exported net folder besides model.py — data.py, train.py,
// launch.sh, README.md and safetensors_lite.py — as text.
//
//   std::string train = torchTrainScript(project, config, model, /*classification=*/true);
#pragma once

#include <string>

#include "core/data/split.h"
#include "core/io/project.h"
#include "core/train/training_config.h"

namespace tessera::exporter::detail {

// What the model writer found that train.py needs: model.py's text, the loss and its target.
struct ModelCode {
    std::string text;
    std::string lossType;
    io::Json lossParams = io::Json::object();
    std::string targetTransform;  // Python expression of `y` giving the loss's target
    bool lossReadsOutput = true;  // the loss reads the tensor the Output returns
};

std::string torchDataScript(const io::Project& project, const data::Split& split);
std::string torchTrainScript(const io::Project& project, const train::TrainingConfig& config, const ModelCode& model,
                             bool classification);
std::string torchReadme(const io::Project& project, bool hasTrainedWeights);
extern const char* const kSafetensorsLiteScript;
extern const char* const kLaunchScript;

}  // namespace tessera::exporter::detail
