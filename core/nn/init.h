// PyTorch's default initialisations (torch.nn.init), drawn from a seeded Generator.
//
//   Tensor w = nn::init::uniform({3, 4}, nn::init::fanInBound(4), gen);   // Linear(4, 3).weight
//   Tensor e = nn::init::normal({10, 8}, gen);                           // Embedding(10, 8).weight
#pragma once

#include <cstdint>

#include "core/tensor/generator.h"
#include "core/tensor/tensor.h"

namespace tessera::nn::init {

// U(-bound, bound) in float32.
Tensor uniform(const Shape& sizes, double bound, Generator& gen);
// N(0, 1) in float32.
Tensor normal(const Shape& sizes, Generator& gen);
// 1/√fanIn: both kaiming_uniform_(a=√5) (the weights of Linear and Conv) and the bias bound reduce
// to it; 0 for fanIn 0 (torch leaves such a bias at U(0, 0)).
double fanInBound(std::int64_t fanIn);

}  // namespace tessera::nn::init
