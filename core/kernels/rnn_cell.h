// The element-wise part of one LSTM or GRU step on raw rows, for a forward that records no graph: the
// gate arithmetic of nn::LSTM::step and nn::GRU::step fused into one pass, with no tensor allocated.
//
//   // hh = h·W_hhᵀ + b_hh [batch, 4H] (a GEMM), xg = x_t·W_ihᵀ + b_ih rows of the all-steps projection:
//   kernels::lstmCell<float>(hh, xg, c, hOut, batch, hidden);   // c updated in place, h' into hOut
//
// Note [Fused RNN cell]: the cell does the op-by-op step's arithmetic in the same order (gate = hh + xg,
// c' = f·c + i·g, h' = o·tanh(c'), separate multiplies and adds: the library is built with
// -ffp-contract=off). For double it also uses the same σ(v) = 1 / (1 + exp(−v)) and std::tanh, so it
// gives the op-by-op forward's bits. For float, σ and tanh are the four-lane ones of fast_exp.h (glibc's
// scalar tanhf made up two thirds of a step): results then differ from the op-by-op forward in the last
// bits (relative error of each σ and tanh below 3e-7), and are still the same for any thread count and
// instruction-set path (the cell runs on one thread, in code compiled once for baseline x86-64).
#pragma once

#include <cstdint>

namespace tessera::kernels {

// LSTM, gates i, f, g, o: c' = σ(f)·c + σ(i)·tanh(g); h' = σ(o)·tanh(c'), with each gate hh + xg.
template <class T>
void lstmCell(const T* hh, const T* xg, T* c, T* hOut, std::int64_t batch, std::int64_t hidden);

// GRU, gates r, z, n: r = σ(hh_r + xg_r), z = σ(hh_z + xg_z), n = tanh(xg_n + hh_n·r),
// h' = (h − n)·z + n. h and hOut may be the same rows.
template <class T>
void gruCell(const T* hh, const T* xg, const T* h, T* hOut, std::int64_t batch, std::int64_t hidden);

}  // namespace tessera::kernels
