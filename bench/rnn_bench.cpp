// LSTM and GRU side by side with torch 1.13: one layer, input and hidden size 64, batch 32, 50 steps,
// forward alone and forward + backward (parameter grads included). Runs rnn_bench_torch.py with the
// same thread count and timing rule (best of rounds), then prints both figures and the ratio
// torch / Tessera.
//
//   rnn_bench [--threads N] [--rounds R] [--reps K] [--cpu-time]
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/kernels/isa.h"
#include "core/kernels/parallel.h"
#include "core/nn/gru.h"
#include "core/nn/lstm.h"
#include "core/tensor/factory.h"
#include "side_by_side.h"

using namespace tessera;

namespace {

constexpr std::int64_t kSteps = 50, kBatch = 32, kFeatures = 64;

}  // namespace

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.reps = 5, .warmup = 2});
    kernels::setNumThreads(s.threads);
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
            ours[name + "_forward"] = bench::bestOfMicros([&] { (*layer)(x); }, s);
        }
        ours[name + "_forward_backward"] = bench::bestOfMicros(
            [&] {
                autograd::backward({(*layer)(xg)}, {g});
                layer->zeroGrad();
                xg.setGrad(Tensor());
            },
            s);
    }
    const auto torch = bench::runReference("rnn_bench_torch.py", s);
    std::printf(
        "one-layer RNNs, input/hidden 64, batch 32, 50 steps, %d thread(s), best of %d rounds of %d calls (%s), path "
        "%s\n",
        s.threads, s.rounds, s.reps, s.cpuTime ? "thread CPU time" : "wall time",
        kernels::isaName(kernels::activeIsa()));
    std::printf("%-28s %12s %12s %8s\n", "case", "tessera us", "torch us", "ratio");
    for (const auto& [name, us] : ours) {
        const double t = bench::valueOr0(torch, name);
        std::printf("%-28s %12.1f %12.1f %7.2fx\n", name.c_str(), us, t, t > 0 ? t / us : 0.0);
    }
    return 0;
}
