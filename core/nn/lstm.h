// LSTM: torch.nn.LSTM (1.13) — multi-layer, optionally bidirectional, batch first or time first, with
// inter-layer dropout, optional initial states, unbatched [T, F] input and proj_size (h projected by
// weight_hr_l{k}). Gates in torch's order i, f, g, o in weight_ih_l{k} / weight_hh_l{k}
// (4·hidden_size rows); parameter names and initialisation as torch (see rnn_base.h).
//
//   Generator gen(1);
//   nn::LSTM lstm({.inputSize = 8, .hiddenSize = 16, .numLayers = 2, .batchFirst = true}, gen);
//   Tensor y = lstm(x);                          // x [N, T, 8] → output [N, T, 16]
//   auto [out, h, c] = lstm.forward(x, h0, c0);  // h0, c0 [2, N, 16], or both undefined for zeros
#pragma once

#include "core/nn/rnn_base.h"

namespace tessera::nn {

class LSTM : public RnnBase {
public:
    struct Output {
        Tensor output;  // [T, N, D·P] ([N, T, D·P] batch first, [T, D·P] unbatched); P = proj_size or H
        Tensor h, c;    // h_n [num_layers·D, N, P] and c_n [num_layers·D, N, H] (no N unbatched)
    };

    LSTM(const Options& options, Generator& gen);

    // torch's forward(input, (h_0, c_0)); undefined h0 and c0 mean zeros.
    Output forward(const Tensor& input, const Tensor& h0, const Tensor& c0);
    // The output sequence for zero initial states.
    Tensor forward(const Tensor& input) override;

protected:
    std::vector<Tensor> step(const Tensor& projectedInput, const std::vector<Tensor>& states,
                             const Weights& weights) override;
    FusedCell fusedCell() const override { return options().projSize > 0 ? FusedCell::None : FusedCell::Lstm; }
};

}  // namespace tessera::nn
