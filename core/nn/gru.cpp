#include "core/nn/gru.h"

#include "core/nn/layer_registry.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/join.h"
#include "core/ops/matmul.h"
#include "core/ops/mul.h"
#include "core/ops/unary.h"

namespace tessera::nn {

namespace {

const RnnBase::Options& checked(const RnnBase::Options& options) {
    if (options.projSize != 0) throw ValueError("GRU: proj_size argument is only supported for LSTM, not RNN or GRU");
    return options;
}

}  // namespace

GRU::GRU(const Options& options, Generator& gen) : RnnBase("GRU", 3, checked(options), gen) {}

GRU::Output GRU::forward(const Tensor& input, const Tensor& h0) {
    Result r = run(input, {h0}, {"hx"});
    return {r.output, r.states[0]};
}

Tensor GRU::forward(const Tensor& input) { return forward(input, Tensor()).output; }

std::vector<Tensor> GRU::step(const Tensor& projectedInput, const std::vector<Tensor>& states, const Weights& w) {
    // torch's GRUCell: r = σ(h_r + x_r), z = σ(h_z + x_z), n = tanh(x_n + r⊙h_n), h' = (h − n)⊙z + n,
    // where x_* include b_ih and h_* include b_hh.
    const auto x = ops::chunk(projectedInput, 3, 1);
    const auto h = ops::chunk(ops::linear(states[0], w.hh, w.biasHh), 3, 1);
    const Tensor reset = ops::sigmoid(ops::add(h[0], x[0]));
    const Tensor update = ops::sigmoid(ops::add(h[1], x[1]));
    const Tensor candidate = ops::tanh(ops::add(x[2], ops::mul(h[2], reset)));
    return {ops::add(ops::mul(ops::sub(states[0], candidate), update), candidate)};
}

namespace {

const LayerRegistration registration{
    LayerInfo{.type = "GRU",
              .category = "Recurrent",
              .help = "Gated recurrent unit over a sequence (gates r, z, n); returns the output sequence.",
              .params = RnnBase::registryParams(),
              .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
                  return std::make_shared<GRU>(RnnBase::optionsFrom(o), gen);
              }}};

}  // namespace

}  // namespace tessera::nn
