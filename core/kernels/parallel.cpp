#include "core/kernels/parallel.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <memory>
#include <mutex>

#include "core/tensor/error.h"

namespace tessera::kernels {

namespace {
std::mutex g_controlMutex;  // guards g_control
std::unique_ptr<tbb::global_control> g_control;
// Read by every GEMM and convolution to size its work: an atomic, not the mutex (a lock per op showed
// as 1 % of a training thread's time, with the TBB worker contending for it).
std::atomic<int> g_threads{0};
}  // namespace

void setNumThreads(int n) {
    if (n < 1) throw ValueError("setNumThreads: the number of threads must be at least 1, got " + std::to_string(n));
    std::lock_guard lock(g_controlMutex);
    g_control.reset();
    g_control = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                      static_cast<std::size_t>(n));
    g_threads.store(n, std::memory_order_relaxed);
}

int numThreads() {
    const int n = g_threads.load(std::memory_order_relaxed);
    if (n > 0) return n;
    static const int cores = tbb::info::default_concurrency();
    return cores;
}

void parallelFor(std::int64_t begin, std::int64_t end, std::int64_t grain,
                 const std::function<void(std::int64_t, std::int64_t)>& fn) {
    if (end <= begin) return;
    if (grain < 1) grain = 1;
    const std::int64_t chunks = (end - begin + grain - 1) / grain;
    if (chunks == 1) {
        fn(begin, end);
        return;
    }
    tbb::parallel_for(
        tbb::blocked_range<std::int64_t>(0, chunks, 1),
        [&](const tbb::blocked_range<std::int64_t>& r) {
            for (std::int64_t c = r.begin(); c < r.end(); ++c) {
                const std::int64_t lo = begin + c * grain;
                fn(lo, std::min(end, lo + grain));
            }
        },
        tbb::simple_partitioner());
}

}  // namespace tessera::kernels
