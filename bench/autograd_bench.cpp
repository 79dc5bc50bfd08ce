// Eager autograd overhead, side by side with torch (bench/autograd_torch.py run from here, in the
// same run): a chain of 2*N ops x = x * a + b on 32x32 float32 tensors that require grad, then
// x.sum().backward(); time per op for forward + backward, best of 5 rounds, profiler compiled in and
// off; timed by the calling thread's CPU clock, so time spent descheduled on a busy machine is left
// out on both sides (torch runs with one intra-op thread, as Tessera here). Both sides print a checksum (sum of a.grad)
// so the work is the same and is not optimised away.
//
//   autograd_bench [iters=50] [reps=200] [threads=1]
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <string>

#include <vector>
#include "core/kernels/parallel.h"
#include "core/ops/add.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"

using namespace tessera;

int main(int argc, char** argv) {
    const int iters = argc > 1 ? std::atoi(argv[1]) : 50;
    const int reps = argc > 2 ? std::atoi(argv[2]) : 200;
    const int threads = argc > 3 ? std::atoi(argv[3]) : 1;
    kernels::setNumThreads(threads);
    // The same values on both sides (see autograd_torch.py), so the checksums must agree.
    auto pattern = [](int period, float scale, float offset) {
        std::vector<float> v(32 * 32);
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = offset + scale * static_cast<float>(i % period);
        return Tensor::fromVector<float>(v, {32, 32});
    };
    Tensor x0 = pattern(7, 0.01f, 0.0f);
    Tensor a = pattern(5, 0.01f, 0.95f);
    Tensor b = pattern(3, 0.001f, 0.0f);
    a.setRequiresGrad();
    b.setRequiresGrad();

    auto step = [&] {
        Tensor x = x0;
        for (int i = 0; i < iters; ++i) x = ops::add(ops::mul(x, a), b);
        ops::sum(x).backward();
    };
    for (int i = 0; i < 10; ++i) step();
    auto threadSeconds = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
    };
    double best = std::numeric_limits<double>::infinity();
    for (int round = 0; round < 5; ++round) {
        a.setGrad(Tensor());
        b.setGrad(Tensor());
        const double t0 = threadSeconds();
        for (int r = 0; r < reps; ++r) step();
        const double s = threadSeconds() - t0;
        best = std::min(best, s / reps);
    }
    a.setGrad(Tensor());
    b.setGrad(Tensor());
    step();
    double checksum = 0;
    for (float v : a.grad().toVector<float>()) checksum += v;
    const double usPerOp = best * 1e6 / (2 * iters + 1);
    std::printf("tessera us_per_op=%.4f checksum=%.6f\n", usPerOp, checksum);

    const std::string cmd = std::string("/usr/bin/python3 ") + TESSERA_BENCH_DIR + "/autograd_torch.py " +
                            std::to_string(iters) + " " + std::to_string(reps) + " " + std::to_string(threads);
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) {
        std::fprintf(stderr, "autograd_bench: cannot run %s\n", cmd.c_str());
        return 1;
    }
    char line[256];
    double torchUs = 0;
    while (std::fgets(line, sizeof line, pipe)) {
        std::fputs(line, stdout);
        std::sscanf(line, "torch us_per_op=%lf", &torchUs);
    }
    if (pclose(pipe) != 0 || torchUs <= 0) {
        std::fprintf(stderr, "autograd_bench: the torch reference failed\n");
        return 1;
    }
    std::printf("ratio torch/tessera = %.2fx (target: tessera <= 0.5 us per op)\n", torchUs / usPerOp);
    return 0;
}
