#include "core/ml/base/n_jobs.h"

#include <algorithm>
#include <thread>

#include "core/tensor/error.h"

namespace tessera::ml {

int threadsForJobs(const ParamValue& nJobs) {
    if (nJobs.isNone()) return 1;
    const std::int64_t k = nJobs.asInt();
    if (k == 0) throw ValueError("n_jobs == 0 in Parallel has no meaning");  // joblib's words
    const auto cores = static_cast<std::int64_t>(std::max(1u, std::thread::hardware_concurrency()));
    if (k > 0) return static_cast<int>(k);
    return static_cast<int>(std::max<std::int64_t>(1, cores + 1 + k));
}

}  // namespace tessera::ml
