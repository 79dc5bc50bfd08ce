// Reduction kernels: reduce a strided tensor over any set of dims into a contiguous output that holds
// one element per combination of the kept dims (in their order; keepdim is a reshape left to ops).
//
//   std::vector<bool> reduced = {true, false};            // reduce dim 0 of a [N, C] tensor
//   Tensor out = Tensor::empty({C}, DType::Float32);
//   kernels::sum(out, x, reduced);                       // out[c] = Σ_n x[n, c]
//
// Note [Deterministic reduction]: every output is computed from fixed chunks of its reduced elements
// (the chunking depends on the input's geometry only), each chunk summed pairwise and the chunk results
// combined pairwise in index order. Threads only decide who computes which chunk, so results are
// bitwise identical on 1, 2 or N threads (Note [Deterministic chunking] in parallel.h).
//
// Inputs with no reduced elements give the op's identity (0 for sum, 1 for prod, NaN for mean and var,
// -inf for logsumexp); max/min/arg* on them are refused by the ops before reaching a kernel.
#pragma once

#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::kernels {

// `reduced[d]` says whether dim d of `in` is reduced; `out` is contiguous with one element per kept index.

// Σ in; `out` may have another dtype than `in` (bool/int64 sums are int64; float sums accumulate in the
// output's type).
void sum(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced);
// Σ in / count (floating `out`).
void mean(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced);
// Π in, in the output's type.
void prod(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced);
// Σ (in - mean)² / max(0, count - correction), two passes accumulated in double; sqrt of it when
// `takeSqrt`. `meanOut` (optional, may be undefined) receives the means.
void var(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced, double correction, bool takeSqrt,
         const Tensor& meanOut = Tensor());
// Largest (or smallest) element; NaN wins, as in torch.
void amax(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced, bool isMax);
// Index (int64, row-major over the reduced dims in their logical order) of the first largest (smallest)
// element, NaN counting as largest; `values` (optional) receives the element itself.
void argmax(const Tensor& indices, const Tensor& values, const Tensor& in, const std::vector<bool>& reduced,
            bool isMax);
// log Σ exp(in), stable: max subtracted first; ±inf maxima handled as torch does.
void logsumexp(const Tensor& out, const Tensor& in, const std::vector<bool>& reduced);

}  // namespace tessera::kernels
