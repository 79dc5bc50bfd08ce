#include "core/nn/lstm.h"

#include "core/nn/layer_registry.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/join.h"
#include "core/ops/matmul.h"
#include "core/ops/mul.h"
#include "core/ops/unary.h"

namespace tessera::nn {

LSTM::LSTM(const Options& options, Generator& gen) : RnnBase("LSTM", 4, options, gen) {}

LSTM::Output LSTM::forward(const Tensor& input, const Tensor& h0, const Tensor& c0) {
    Result r = run(input, {h0, c0}, {"hx", "cx"});
    return {r.output, r.states[0], r.states[1]};
}

Tensor LSTM::forward(const Tensor& input) { return forward(input, Tensor(), Tensor()).output; }

std::vector<Tensor> LSTM::step(const Tensor& projectedInput, const std::vector<Tensor>& states, const Weights& w) {
    // torch's LSTMCell: gates = h·W_hhᵀ + b_hh + (x·W_ihᵀ + b_ih); c' = f⊙c + i⊙g; h' = o⊙tanh(c'),
    // then h'·W_hrᵀ with proj_size.
    const Tensor gates = ops::add(ops::linear(states[0], w.hh, w.biasHh), projectedInput);
    const auto chunks = ops::chunk(gates, 4, 1);
    const Tensor in = ops::sigmoid(chunks[0]);
    const Tensor forget = ops::sigmoid(chunks[1]);
    const Tensor cell = ops::tanh(chunks[2]);
    const Tensor out = ops::sigmoid(chunks[3]);
    const Tensor c = ops::add(ops::mul(forget, states[1]), ops::mul(in, cell));
    const Tensor h = ops::mul(out, ops::tanh(c));
    return {w.hr.defined() ? ops::linear(h, w.hr) : h, c};
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "LSTM",
    .category = "Recurrent",
    .help = "Long short-term memory over a sequence (gates i, f, g, o); returns the output sequence.",
    .params =
        [] {
            auto params = RnnBase::registryParams();
            params.push_back({.name = "proj_size",
                              .type = ParamType::Int,
                              .defaultValue = 0,
                              .min = 0,
                              .help = "If > 0, h is projected to this size (weight_hr); must be below hidden_size."});
            return params;
        }(),
    .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
        return std::make_shared<LSTM>(RnnBase::optionsFrom(o), gen);
    }}};

}  // namespace

}  // namespace tessera::nn
