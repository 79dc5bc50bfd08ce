// GRU: torch.nn.GRU (1.13) — multi-layer, optionally bidirectional, batch first or time first, with
// inter-layer dropout, an optional initial state and unbatched [T, F] input. Gates in torch's order
// r, z, n in weight_ih_l{k} / weight_hh_l{k} (3·hidden_size rows); parameter names and initialisation
// as torch (see rnn_base.h).
//
//   Generator gen(1);
//   nn::GRU gru({.inputSize = 8, .hiddenSize = 16, .bidirectional = true}, gen);
//   Tensor y = gru(x);                     // x [T, N, 8] → output [T, N, 32]
//   auto [out, h] = gru.forward(x, h0);    // h0 [2, N, 16], or undefined for zeros
#pragma once

#include "core/nn/rnn_base.h"

namespace tessera::nn {

class GRU : public RnnBase {
public:
    struct Output {
        Tensor output;  // [T, N, D·H] ([N, T, D·H] batch first, [T, D·H] unbatched)
        Tensor h;       // h_n: [num_layers·D, N, H] ([num_layers·D, H] unbatched)
    };

    GRU(const Options& options, Generator& gen);

    // torch's forward(input, h_0); an undefined h0 means zeros.
    Output forward(const Tensor& input, const Tensor& h0);
    // The output sequence for a zero initial state.
    Tensor forward(const Tensor& input) override;

protected:
    std::vector<Tensor> step(const Tensor& projectedInput, const std::vector<Tensor>& states,
                             const Weights& weights) override;
    FusedCell fusedCell() const override { return FusedCell::Gru; }
};

}  // namespace tessera::nn
