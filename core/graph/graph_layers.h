// The modules of Tessera's own stateful graph nodes (the others are nn layers or plain ops).
//
//   graph::Normalize norm({4});              // buffers "mean" [4] = 0 and "std" [4] = 1
//   norm.fit(trainFeatures);                 // [N, 4]: per-feature mean and population std
//   Tensor y = norm(x);                      // (x - mean) / std
//
//   graph::PositionalEncoding pe(32, 64);    // buffer "pe" [64, 32], sinusoids as in "Attention is all you need"
//   Tensor z = pe(embedded);                 // [N, L, 32] + pe[:L]
#pragma once

#include <cstdint>
#include <vector>

#include "core/nn/module.h"

namespace tessera::graph {

// Standardises each element of a sample with statistics of the training split, stored as buffers so
// they travel with the weights. Like scikit-learn's StandardScaler: population std, and a feature
// whose std is 0 is divided by 1.
class Normalize : public nn::Module {
public:
    explicit Normalize(std::vector<std::int64_t> sampleShape);
    // Fits mean and std over dim 0 of `samples` ([N, *sampleShape]).
    void fit(const Tensor& samples);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;

    Tensor mean, std;
};

// Adds fixed sinusoidal positions to a batch-first sequence [N, L, d_model]:
// pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(p / 10000^(2i/d)), as in the PyTorch tutorial.
class PositionalEncoding : public nn::Module {
public:
    PositionalEncoding(std::int64_t dModel, std::int64_t maxLen);
    Tensor forward(const Tensor& input) override;
    std::string extraRepr() const override;

    Tensor pe;

private:
    std::int64_t m_dModel, m_maxLen;
};

}  // namespace tessera::graph
