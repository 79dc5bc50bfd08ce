// Training workloads side by side with torch 1.13 (issue 6's targets): an MLP epoch (4096×32 random
// data, Linear 32-64-32-8 with ReLU, batch 256, Adam, MSE) and a CNN step (batch 64×1×28×28,
// Conv2d(1,8,3,padding=1) → ReLU → MaxPool2d(2) → Flatten → Linear(1568,10), cross-entropy, AdamW).
// Runs train_torch.py with the same thread count and timing rule (best of rounds), then prints both
// times, the ratio torch / Tessera and each side's peak-memory growth.
//
//   train_bench [--threads N] [--rounds R] [--reps K] [--profile]
//
// --profile also prints where each Tessera workload's time goes (core/profile's per-op table over
// `reps` calls).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <string>

#include "core/kernels/parallel.h"
#include "core/ops/activation.h"
#include "core/ops/conv.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/matmul.h"
#include "core/ops/mse_loss.h"
#include "core/ops/pool.h"
#include "core/ops/view.h"
#include "core/optim/adam.h"
#include "core/optim/adamw.h"
#include "core/profile/aggregate.h"
#include "core/profile/profiler.h"
#include "core/tensor/factory.h"
#include "core/tensor/generator.h"
#include "side_by_side.h"

using namespace tessera;

namespace {

long statusKib(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    const std::string prefix = std::string(field) + ":";
    while (std::getline(in, line))
        if (line.rfind(prefix, 0) == 0) return std::stol(line.substr(prefix.size()));
    return 0;
}

// Resets the peak resident set (VmHWM) to the current one, so each case's peak is its own.
void resetPeak() { std::ofstream("/proc/self/clear_refs") << "5"; }

// torch.nn.Linear's initialisation: U(-1/sqrt(in), 1/sqrt(in)) for weight and bias.
Tensor uniformParam(const Shape& sizes, std::int64_t fanIn, Generator& gen) {
    Tensor t = Tensor::empty(sizes);
    const double bound = 1.0 / std::sqrt(static_cast<double>(fanIn));
    gen.fillUniform(t, -bound, bound);
    t.setRequiresGrad(true);
    return t;
}

std::function<void()> mlpEpoch(Generator& gen) {
    Tensor x = Tensor::empty({4096, 32}), y = Tensor::empty({4096, 8});
    gen.fillNormal(x);
    gen.fillNormal(y);
    std::vector<Tensor> params;
    for (auto [in, out] : {std::pair{32, 64}, std::pair{64, 32}, std::pair{32, 8}}) {
        params.push_back(uniformParam({out, in}, in, gen));
        params.push_back(uniformParam({out}, in, gen));
    }
    auto opt = std::make_shared<optim::Adam>(params, optim::Options{{"lr", 1e-3}});
    return [=] {
        for (std::int64_t i = 0; i < 4096; i += 256) {
            opt->zeroGrad(true);
            Tensor h = ops::narrow(x, 0, i, 256);
            h = ops::relu(ops::linear(h, params[0], params[1]));
            h = ops::relu(ops::linear(h, params[2], params[3]));
            Tensor loss = ops::mseLoss(ops::linear(h, params[4], params[5]), ops::narrow(y, 0, i, 256));
            loss.backward();
            opt->step();
        }
    };
}

std::function<void()> cnnStep(Generator& gen) {
    Tensor x = Tensor::empty({64, 1, 28, 28});
    gen.fillNormal(x);
    Tensor y = Tensor::empty({64}, DType::Int64);
    gen.fillRandint(y, 0, 10);
    std::vector<Tensor> params = {uniformParam({8, 1, 3, 3}, 9, gen), uniformParam({8}, 9, gen),
                                  uniformParam({10, 1568}, 1568, gen), uniformParam({10}, 1568, gen)};
    auto opt = std::make_shared<optim::AdamW>(params, optim::Options{{"lr", 1e-3}});
    return [=] {
        opt->zeroGrad(true);
        Tensor h = ops::relu(ops::conv2d(x, params[0], params[1], {1}, {1}));
        h = ops::flatten(ops::maxPool2d(h, {2}), 1);
        Tensor loss = ops::crossEntropy(ops::linear(h, params[2], params[3]), y);
        loss.backward();
        opt->step();
    };
}

}  // namespace

int main(int argc, char** argv) {
    bool profileOps = false;
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--profile")) profileOps = true;
    const bench::Settings s = bench::parseSettings(argc, argv, {.reps = 10});
    kernels::setNumThreads(s.threads);
    Generator gen(0);
    std::map<std::string, double> ours;
    for (const auto& [name, make] :
         {std::pair<std::string, std::function<std::function<void()>(Generator&)>>{"mlp_epoch", mlpEpoch},
          {"cnn_step", cnnStep}}) {
        resetPeak();
        const long before = statusKib("VmRSS");
        std::function<void()> fn = make(gen);
        ours[name] = bench::bestOfMicros(fn, s);
        ours[name + "_peak_kib"] = static_cast<double>(std::max(0L, statusKib("VmHWM") - before));
        if (profileOps) {
            profile::start();
            const std::int64_t start = profile::nowNs();
            for (int i = 0; i < s.reps; ++i) fn();
            const double wallNs = static_cast<double>(profile::nowNs() - start);
            std::printf("%s: %d calls, %.3f ms wall\n%-28s %-9s %7s %10s %7s\n", name.c_str(), s.reps, wallNs / 1e6,
                        "op", "phase", "calls", "total ms", "share");
            for (const auto& row : profile::aggregate(profile::stop()))
                std::printf("%-28s %-9s %7lld %10.3f %6.1f%%\n", row.name.c_str(),
                            std::string(profile::phaseName(row.phase)).c_str(), static_cast<long long>(row.calls),
                            row.totalNs / 1e6, 100.0 * row.totalNs / wallNs);
        }
    }
    const auto torch = bench::runReference("train_torch.py", s);
    std::printf("training workloads, %d thread(s), best of %d rounds of %d calls\n", s.threads, s.rounds, s.reps);
    std::printf("%-12s %12s %12s %8s %14s %14s\n", "case", "tessera us", "torch us", "ratio", "tessera KiB",
                "torch KiB");
    for (const char* name : {"mlp_epoch", "cnn_step"}) {
        const double us = ours[name], t = bench::valueOr0(torch, name);
        std::printf("%-12s %12.1f %12.1f %7.2fx %14.0f %14.0f\n", name, us, t, t > 0 ? t / us : 0.0,
                    ours[std::string(name) + "_peak_kib"], bench::valueOr0(torch, std::string(name) + "_peak_kib"));
    }
    return 0;
}
