// sgemm: Tessera's kernels::gemm against OpenBLAS's cblas_sgemm, side by side in one process.
//
//   gemm_bench                 # square 512/1024/2048 at 1 and 2 threads, then the training shapes
//   gemm_bench --square 1      # only the square sizes at one thread
//   gemm_bench --training      # only the training shapes (one thread)
//   gemm_bench --cpu-time …    # time with the calling thread's CPU clock (one thread only): on a busy
//                              # machine this leaves out the time the benchmark was not running
//
// Both sides run on the same buffers, alternately, several times; the table shows the best time of each
// (the machine is shared, so the best is the least disturbed run) and the ratio OpenBLAS time / Tessera
// time (> 1: Tessera is faster). Results are checked against each other before timing.
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "core/kernels/gemm.h"
#include "core/kernels/parallel.h"

extern "C" {
void openblas_set_num_threads(int);
char* openblas_get_config(void);
char* openblas_get_corename(void);
}

using namespace tessera;

namespace {

bool g_cpuTime = false;

double nowSeconds() {
    if (g_cpuTime) {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Shape {
    const char* name;
    int m, n, k;
    bool transA, transB;
};

struct Result {
    double ours = 1e30, theirs = 1e30;  // best seconds per call
};

// Times both sides alternately until each has run for `budget` seconds (at least 3 samples); a sample
// repeats the call until it lasts ~2 ms so that tiny products are measurable.
Result measure(const Shape& s, int threads, double budget) {
    const int lda = s.transA ? s.m : s.k, ldb = s.transB ? s.k : s.n;
    std::vector<float> a(static_cast<std::size_t>(s.m) * s.k), b(static_cast<std::size_t>(s.k) * s.n);
    std::vector<float> c1(static_cast<std::size_t>(s.m) * s.n), c2(c1.size());
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> dist(-1, 1);
    for (auto& x : a) x = dist(rng);
    for (auto& x : b) x = dist(rng);

    kernels::setNumThreads(threads);
    openblas_set_num_threads(threads);
    const kernels::MatrixRef<const float> ra = s.transA
                                                   ? kernels::MatrixRef<const float>{a.data(), s.k, s.m, lda, 1}.t()
                                                   : kernels::MatrixRef<const float>{a.data(), s.m, s.k, lda, 1};
    const kernels::MatrixRef<const float> rb = s.transB
                                                   ? kernels::MatrixRef<const float>{b.data(), s.n, s.k, ldb, 1}.t()
                                                   : kernels::MatrixRef<const float>{b.data(), s.k, s.n, ldb, 1};
    const kernels::MatrixRef<float> rc{c1.data(), s.m, s.n, s.n, 1};
    auto ours = [&] { kernels::gemm(ra, rb, rc); };
    auto theirs = [&] {
        cblas_sgemm(CblasRowMajor, s.transA ? CblasTrans : CblasNoTrans, s.transB ? CblasTrans : CblasNoTrans, s.m, s.n,
                    s.k, 1.0f, a.data(), lda, b.data(), ldb, 0.0f, c2.data(), s.n);
    };

    ours();
    theirs();
    double maxErr = 0, maxRef = 0;
    for (std::size_t i = 0; i < c1.size(); ++i) {
        maxErr = std::max(maxErr, static_cast<double>(std::fabs(c1[i] - c2[i])));
        maxRef = std::max(maxRef, static_cast<double>(std::fabs(c2[i])));
    }
    if (maxErr > 1e-4 * std::max(1.0, maxRef) * std::sqrt(static_cast<double>(s.k))) {
        std::fprintf(stderr, "%s: results differ (max abs difference %g)\n", s.name, maxErr);
        std::exit(1);
    }

    auto sample = [](auto& fn) {
        int reps = 1;
        for (;;) {
            const double t0 = nowSeconds();
            for (int r = 0; r < reps; ++r) fn();
            const double t = nowSeconds() - t0;
            if (t >= 2e-3) return t / reps;
            reps *= 2;
        }
    };
    Result res;
    double spentOurs = 0, spentTheirs = 0;
    for (int i = 0; i < 3 || spentOurs < budget || spentTheirs < budget; ++i) {
        const double t1 = sample(ours), t2 = sample(theirs);
        res.ours = std::min(res.ours, t1);
        res.theirs = std::min(res.theirs, t2);
        spentOurs += std::max(t1, 2e-3);
        spentTheirs += std::max(t2, 2e-3);
    }
    return res;
}

void printRow(const Shape& s, int threads, const Result& r) {
    const double flops = 2.0 * s.m * s.n * s.k;
    std::printf("| %-22s | %4d | %4d | %4d | %-5s | %d | %9.1f | %9.1f | %6.2f |\n", s.name, s.m, s.n, s.k,
                s.transA ? (s.transB ? "TT" : "TN") : (s.transB ? "NT" : "NN"), threads, flops / r.ours * 1e-9,
                flops / r.theirs * 1e-9, r.theirs / r.ours);
    std::fflush(stdout);
}

void printHeader() {
    std::printf("| %-22s | %4s | %4s | %4s | %-5s | %s | %9s | %9s | %6s |\n", "case", "M", "N", "K", "op", "T",
                "Tessera", "OpenBLAS", "ratio");
    std::printf("|%s|------|------|------|-------|---|-----------|-----------|--------|\n",
                std::string(24, '-').c_str());
}

// Geometric mean of the ratios of a group.
double geomean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += std::log(x);
    return v.empty() ? 0 : std::exp(s / static_cast<double>(v.size()));
}

}  // namespace

int main(int argc, char** argv) {
    bool square = true, training = true;
    std::vector<int> threadCounts{1, 2};
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--square") && i + 1 < argc) {
            training = false;
            threadCounts = {std::atoi(argv[++i])};
        } else if (!std::strcmp(argv[i], "--training")) {
            square = false;
        } else if (!std::strcmp(argv[i], "--cpu-time")) {
            g_cpuTime = true;
        } else {
            std::fprintf(stderr, "usage: %s [--cpu-time] [--square THREADS | --training]\n", argv[0]);
            return 2;
        }
    }
    const char* coretype = std::getenv("OPENBLAS_CORETYPE");
    std::printf("Tessera micro-kernel: %s; OpenBLAS: %s (core %s, OPENBLAS_CORETYPE=%s)\n",
                kernels::gemmIsaName(kernels::gemmIsa()), openblas_get_config(), openblas_get_corename(),
                coretype ? coretype : "(unset)");
    if (g_cpuTime) threadCounts = {1};
    std::printf("GFLOP/s (%s), best of several alternating runs; ratio = OpenBLAS time / Tessera time\n\n",
                g_cpuTime ? "thread CPU time" : "wall time");
    printHeader();

    if (square) {
        const Shape shapes[] = {{"square 512", 512, 512, 512, false, false},
                                {"square 1024", 1024, 1024, 1024, false, false},
                                {"square 2048", 2048, 2048, 2048, false, false}};
        for (int t : threadCounts) {
            std::vector<double> ratios;
            for (const auto& s : shapes) {
                const Result r = measure(s, t, s.m >= 2048 ? 1.0 : 0.4);
                printRow(s, t, r);
                ratios.push_back(r.theirs / r.ours);
            }
            std::printf("| square, %d thread(s): geometric mean ratio %.2f |\n", t, geomean(ratios));
        }
    }
    if (training) {
        // A 32-64-32-8 MLP with batch 256 (forward X·Wᵀ, backward dY·W and dYᵀ·X per layer) and a wider
        // 256-256 layer with batch 512; torch's layouts (W is out × in, row-major).
        const Shape shapes[] = {
            {"mlp fc1 fwd X.W^T", 256, 64, 32, false, true},  {"mlp fc2 fwd X.W^T", 256, 32, 64, false, true},
            {"mlp fc3 fwd X.W^T", 256, 8, 32, false, true},   {"mlp fc3 bwd dY.W", 256, 32, 8, false, false},
            {"mlp fc2 bwd dY.W", 256, 64, 32, false, false},  {"mlp fc3 bwd dY^T.X", 8, 32, 256, true, false},
            {"mlp fc2 bwd dY^T.X", 32, 64, 256, true, false}, {"mlp fc1 bwd dY^T.X", 64, 32, 256, true, false},
            {"wide fwd X.W^T", 512, 256, 256, false, true},   {"wide bwd dY.W", 512, 256, 256, false, false},
            {"wide bwd dY^T.X", 256, 256, 512, true, false},  {"conv im2col 8->16", 16, 784, 72, false, false},
        };
        std::vector<double> ratios;
        for (const auto& s : shapes) {
            const Result r = measure(s, 1, 0.2);
            printRow(s, 1, r);
            ratios.push_back(r.theirs / r.ours);
        }
        std::printf("| training shapes, 1 thread: geometric mean ratio %.2f, min %.2f |\n", geomean(ratios),
                    *std::min_element(ratios.begin(), ratios.end()));
    }
    return 0;
}
