// LSTM and GRU side by side with torch 1.13: one layer, input and hidden size 64, batch 32, 50 steps,
// forward alone and forward + backward (parameter grads included). Runs rnn_bench_torch.py with the
// same thread count and timing rule (best of rounds), then prints both figures and the ratio
// torch / Tessera.
//
//   rnn_bench [--threads N] [--rounds R] [--reps K]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/kernels/parallel.h"
#include "core/nn/gru.h"
#include "core/nn/lstm.h"
#include "core/tensor/factory.h"

using namespace tessera;

namespace {

constexpr std::int64_t kSteps = 50, kBatch = 32, kFeatures = 64;

double bestOf(const std::function<void()>& fn, int rounds, int reps) {
    for (int i = 0; i < 2; ++i) fn();
    double best = 1e300;
    for (int r = 0; r < rounds; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < reps; ++i) fn();
        const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
        best = std::min(best, d.count() / reps);
    }
    return best * 1e6;
}

std::map<std::string, double> runTorch(int threads, int rounds, int reps) {
    std::map<std::string, double> out;
    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR + "/bench/rnn_bench_torch.py " +
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
    int threads = 1, rounds = 5, reps = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--threads")) threads = std::atoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "--rounds")) rounds = std::atoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "--reps")) reps = std::atoi(argv[i + 1]);
    }
    kernels::setNumThreads(threads);
    Generator gen(0);
    const nn::RnnBase::Options options{.inputSize = kFeatures, .hiddenSize = kFeatures};
    const std::map<std::string, std::shared_ptr<nn::Module>> layers{{"lstm", std::make_shared<nn::LSTM>(options, gen)},
                                                                    {"gru", std::make_shared<nn::GRU>(options, gen)}};
    const Tensor x = randn({kSteps, kBatch, kFeatures}, DType::Float32, &gen);
    const Tensor xg = x.detach();
    xg.setRequiresGrad(true);
    const Tensor g = randn({kSteps, kBatch, kFeatures}, DType::Float32, &gen);
    std::map<std::string, double> ours;
    for (const auto& [name, layer] : layers) {
        {
            autograd::NoGradGuard noGrad;
            ours[name + "_forward"] = bestOf([&] { (*layer)(x); }, rounds, reps);
        }
        ours[name + "_forward_backward"] = bestOf(
            [&] {
                autograd::backward({(*layer)(xg)}, {g});
                layer->zeroGrad();
                xg.setGrad(Tensor());
            },
            rounds, reps);
    }
    const auto torch = runTorch(threads, rounds, reps);
    std::printf("one-layer RNNs, input/hidden 64, batch 32, 50 steps, %d thread(s), best of %d rounds of %d calls\n",
                threads, rounds, reps);
    std::printf("%-28s %12s %12s %8s\n", "case", "tessera us", "torch us", "ratio");
    for (const auto& [name, us] : ours) {
        const auto it = torch.find(name);
        const double t = it == torch.end() ? 0.0 : it->second;
        std::printf("%-28s %12.1f %12.1f %7.2fx\n", name.c_str(), us, t, t > 0 ? t / us : 0.0);
    }
    return 0;
}
