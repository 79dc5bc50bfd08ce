// conv2d side by side with torch 1.13: batch 64, 28×28, 1→8 and 8→16 channels, 3×3, padding 1 (the
// issue-3 target), forward alone and forward + backward. Runs conv_bench_torch.py with the same thread
// count and timing rule (best of rounds), then prints both figures and the ratio torch / Tessera.
//
//   conv_bench [--threads N] [--rounds R] [--reps K]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/kernels/parallel.h"
#include "core/ops/conv.h"

using namespace tessera;

namespace {

double bestOf(const std::function<void()>& fn, int rounds, int reps) {
    for (int i = 0; i < 3; ++i) fn();
    double best = 1e300;
    for (int r = 0; r < rounds; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < reps; ++i) fn();
        const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
        best = std::min(best, d.count() / reps);
    }
    return best * 1e6;
}

Tensor randn(const Shape& sizes, std::mt19937& gen) {
    std::normal_distribution<float> dist;
    std::vector<float> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& e : v) e = dist(gen);
    return Tensor::fromVector<float>(v, sizes);
}

std::map<std::string, double> runTorch(int threads, int rounds, int reps) {
    std::map<std::string, double> out;
    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR + "/bench/conv_bench_torch.py " +
                            std::to_string(threads) + " " + std::to_string(rounds) + " " + std::to_string(reps);
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return out;
    char name[128];
    double us = 0;
    while (std::fscanf(pipe, "%127s %lf", name, &us) == 2) out[name] = us;
    pclose(pipe);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    int threads = 1, rounds = 5, reps = 20;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--threads")) threads = std::atoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "--rounds")) rounds = std::atoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "--reps")) reps = std::atoi(argv[i + 1]);
    }
    kernels::setNumThreads(threads);
    std::mt19937 gen(0);
    std::map<std::string, double> ours;
    for (auto [cin, cout] : {std::pair{1, 8}, std::pair{8, 16}}) {
        const std::string name = "conv2d_" + std::to_string(cin) + "to" + std::to_string(cout);
        Tensor x = randn({64, cin, 28, 28}, gen), w = randn({cout, cin, 3, 3}, gen), b = randn({cout}, gen);
        {
            autograd::NoGradGuard noGrad;
            ours[name + "_forward"] = bestOf([&] { ops::conv2d(x, w, b, {1}, {1}); }, rounds, reps);
        }
        Tensor g = randn({64, cout, 28, 28}, gen);
        for (auto* t : {&x, &w, &b}) t->setRequiresGrad(true);
        ours[name + "_forward_backward"] = bestOf(
            [&] {
                Tensor y = ops::conv2d(x, w, b, {1}, {1});
                autograd::backward({y}, {g});
                for (auto* t : {&x, &w, &b}) t->setGrad(Tensor());
            },
            rounds, reps);
    }
    const auto torch = runTorch(threads, rounds, reps);
    std::printf("conv2d, batch 64, 28x28, 3x3, padding 1, %d thread(s), best of %d rounds of %d calls\n", threads,
                rounds, reps);
    std::printf("%-32s %12s %12s %8s\n", "case", "tessera us", "torch us", "ratio");
    for (const auto& [name, us] : ours) {
        const auto it = torch.find(name);
        const double t = it == torch.end() ? 0.0 : it->second;
        std::printf("%-32s %12.1f %12.1f %7.2fx\n", name.c_str(), us, t, t > 0 ? t / us : 0.0);
    }
    return 0;
}
