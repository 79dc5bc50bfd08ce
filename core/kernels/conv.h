// Convolution kernels for contiguous NCHW tensors (conv1d runs as conv2d with H = 1): forward, and the
// gradients of input, weight and bias. Shapes are checked by the ops (core/ops/conv.h), not here.
//
//   ConvParams p{.strideH = 1, .strideW = 1, .padH = 1, .padW = 1};   // dilation 1, groups 1
//   Tensor out = Tensor::empty({n, cout, oh, ow}, DType::Float32);
//   kernels::convForward(out, x, w, bias, p);     // bias may be an undefined Tensor
//
// Note [Conv determinism]: every output element (forward, grad input) is computed by one thread with a
// fixed summation order; weight and bias gradients sum the batch in fixed chunks of images combined in
// index order. Results are bitwise identical whatever the thread count.
#pragma once

#include <cstdint>

#include "core/kernels/isa.h"
#include "core/tensor/tensor.h"

namespace tessera::kernels {

struct ConvParams {
    std::int64_t strideH = 1, strideW = 1;
    std::int64_t padH = 0, padW = 0;
    std::int64_t dilationH = 1, dilationW = 1;
    std::int64_t groups = 1;
};

// out [N, Cout, OH, OW] = conv(x [N, C, H, W], w [Cout, C / groups, KH, KW]) + bias [Cout]. All contiguous,
// one floating dtype; out is fully overwritten.
void convForward(const Tensor& out, const Tensor& x, const Tensor& w, const Tensor& bias, const ConvParams& p);

// gradInput [N, C, H, W] from gradOut [N, Cout, OH, OW] and w; gradInput is fully overwritten.
void convBackwardInput(const Tensor& gradInput, const Tensor& gradOut, const Tensor& w, const ConvParams& p);

// gradWeight [Cout, C / groups, KH, KW] from gradOut and x; gradWeight is fully overwritten.
void convBackwardWeight(const Tensor& gradWeight, const Tensor& gradOut, const Tensor& x, const ConvParams& p);

// gradBias [Cout] = gradOut summed over batch and space.
void convBackwardBias(const Tensor& gradBias, const Tensor& gradOut);

// The instruction set of the direct kernels: kernels::activeIsa()'s (core/kernels/isa.h, TESSERA_ISA) until
// tests select another (a request above what the CPU supports falls back to the best supported).
Isa convIsa();
void setConvIsa(Isa isa);

}  // namespace tessera::kernels
