// Parallel loops over index ranges, backed by oneTBB (which stays inside core/kernels .cpp files).
//
// Note [Deterministic chunking]: parallelFor splits [begin, end) into chunks of exactly `grain`
// elements (the last may be shorter) whatever the number of threads, so a kernel that reduces per
// chunk and combines chunk results in index order gives bitwise identical results on 1, 2 or N threads.
//
//   kernels::parallelFor(0, n, 1 << 16, [&](int64_t lo, int64_t hi) { for (i = lo; i < hi; ++i) … });
#pragma once

#include <cstdint>
#include <functional>

namespace tessera::kernels {

// Runs fn(lo, hi) over chunks of `grain` elements; serial when the range fits in one chunk or only one
// thread is allowed.
void parallelFor(std::int64_t begin, std::int64_t end, std::int64_t grain,
                 const std::function<void(std::int64_t, std::int64_t)>& fn);

// Maximum number of threads kernels may use (default: all cores). Process-wide.
void setNumThreads(int n);
int numThreads();

}  // namespace tessera::kernels
