// conv2d side by side with torch 1.13: batch 64, 28×28, 1→8 and 8→16 channels, 3×3, padding 1 (the
// issue-3 target), forward alone and forward + backward. Runs conv_bench_torch.py with the same thread
// count and timing rule (best of rounds), then prints both figures and the ratio torch / Tessera.
//
//   conv_bench [--threads N] [--rounds R] [--reps K] [--cpu-time]
#include <cstdio>
#include <map>
#include <random>
#include <string>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/kernels/isa.h"
#include "core/kernels/parallel.h"
#include "core/ops/conv.h"
#include "side_by_side.h"

using namespace tessera;

namespace {

Tensor randn(const Shape& sizes, std::mt19937& gen) {
    std::normal_distribution<float> dist;
    std::vector<float> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& e : v) e = dist(gen);
    return Tensor::fromVector<float>(v, sizes);
}

}  // namespace

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.reps = 20});
    kernels::setNumThreads(s.threads);
    std::mt19937 gen(0);
    std::map<std::string, double> ours;
    for (auto [cin, cout] : {std::pair{1, 8}, std::pair{8, 16}}) {
        const std::string name = "conv2d_" + std::to_string(cin) + "to" + std::to_string(cout);
        Tensor x = randn({64, cin, 28, 28}, gen), w = randn({cout, cin, 3, 3}, gen), b = randn({cout}, gen);
        {
            autograd::NoGradGuard noGrad;
            ours[name + "_forward"] = bench::bestOfMicros([&] { ops::conv2d(x, w, b, {1}, {1}); }, s);
        }
        Tensor g = randn({64, cout, 28, 28}, gen);
        for (auto* t : {&x, &w, &b}) t->setRequiresGrad(true);
        ours[name + "_forward_backward"] = bench::bestOfMicros(
            [&] {
                Tensor y = ops::conv2d(x, w, b, {1}, {1});
                autograd::backward({y}, {g});
                for (auto* t : {&x, &w, &b}) t->setGrad(Tensor());
            },
            s);
    }
    const auto torch = bench::runReference("conv_bench_torch.py", s);
    std::printf("conv2d, batch 64, 28x28, 3x3, padding 1, %d thread(s), best of %d rounds of %d calls (%s), path %s\n",
                s.threads, s.rounds, s.reps, s.cpuTime ? "thread CPU time" : "wall time",
                kernels::isaName(kernels::activeIsa()));
    std::printf("%-32s %12s %12s %8s\n", "case", "tessera us", "torch us", "ratio");
    for (const auto& [name, us] : ours) {
        const double t = bench::valueOr0(torch, name);
        std::printf("%-32s %12.1f %12.1f %7.2fx\n", name.c_str(), us, t, t > 0 ? t / us : 0.0);
    }
    return 0;
}
