// joblib's reading of an n_jobs keyword, shared by every estimator and function that takes one:
// None → 1 thread, k > 0 → k, -1 → all cores, -2 → all but one, …; 0 is refused in joblib's words.
//
//   tbb::task_arena arena(threadsForJobs(param("n_jobs")));
#pragma once

#include "core/ml/base/param.h"

namespace tessera::ml {

int threadsForJobs(const ParamValue& nJobs);

}  // namespace tessera::ml
