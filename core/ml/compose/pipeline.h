// Pipeline and make_pipeline (sklearn.pipeline): steps of transformers ending in any estimator,
// fitted in order; each step is reachable by index or name, and parameters nest as "step__keyword".
//
//   auto pipe = makePipeline({registry.create("StandardScaler"), registry.create("Ridge")});
//   pipe->fit(X, y);                                  // steps "standardscaler", "ridge"
//   pipe->setParams({{"ridge__alpha", 0.5}});
//   std::shared_ptr<Estimator> last = pipelineStep(*pipe, -1);
//   std::shared_ptr<Estimator> scaler = namedStep(*pipe, "standardscaler");
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

struct EstimatorInfo;

// _BaseComposition._validate_names, shared by Pipeline, FeatureUnion and ColumnTransformer: unique,
// not a constructor keyword of `info`'s class, no "__" (ValueError in sklearn's words).
void checkStepNames(const std::vector<std::string>& names, const EstimatorInfo& info);

// _BaseComposition._get_params' deep part: each (name, estimator or string) entry, then every
// estimator's own parameters as "name__keyword", appended to `out`.
void appendNamedParams(ParamList& out, const std::vector<std::pair<std::string, ParamValue>>& named);

// _BaseComposition._replace_estimator: `list` (of (name, estimator, …) tuples) with the estimator of the
// entry `name` replaced by `value`, or None (ParamValue()) when no entry has that name.
ParamValue withNamedEstimator(const ParamValue& list, std::string_view name, const ParamValue& value);

// sklearn's _name_estimators: lowercased class names, "name-1", "name-2", … on repeats.
std::vector<std::string> pipelineStepNames(const std::vector<std::shared_ptr<Estimator>>& steps);
// make_pipeline(*steps, memory=None, verbose=False).
std::shared_ptr<Estimator> makePipeline(const std::vector<std::shared_ptr<Estimator>>& steps,
                                        const ParamList& params = {});
// pipe[i] (negative from the end; IndexError out of range) and pipe.named_steps[name] (KeyError as
// ValueError naming the step). A "passthrough" step is returned as nullptr.
std::shared_ptr<Estimator> pipelineStep(const Estimator& pipeline, std::int64_t index);
std::shared_ptr<Estimator> namedStep(const Estimator& pipeline, std::string_view name);
// pipe[a:b] (Python slice bounds, step 1): a new Pipeline sharing the step objects.
std::shared_ptr<Estimator> pipelineSlice(const Estimator& pipeline, std::int64_t start, std::int64_t stop);

}  // namespace tessera::ml
