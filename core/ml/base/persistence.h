// Saving and loading fitted estimators (and composites): the numeric fitted attributes as safetensors
// arrays named after their place ("coef_", "scaler.mean_" for a pipeline step), the class, parameters
// and string attributes as JSON in the metadata under "tessera.estimator". Writes are atomic.
//
//   saveEstimator("model.safetensors", *pipeline);
//   std::shared_ptr<Estimator> back = loadEstimator("model.safetensors");   // bit-identical predictions
//
// A damaged file, one that is not an estimator file, a newer format version, an unknown class or a
// missing array throws IoError "FILE: cause".
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

void saveEstimator(const std::filesystem::path& file, const Estimator& estimator);
std::shared_ptr<Estimator> loadEstimator(const std::filesystem::path& file);

// The same on bytes in memory; `source` names the bytes in error messages.
std::string encodeEstimator(const Estimator& estimator);
std::shared_ptr<Estimator> decodeEstimator(std::string_view bytes, std::string_view source);

}  // namespace tessera::ml
