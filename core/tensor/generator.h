// Seeded random numbers for tensors: a counter-based Philox 4x32-10 generator (Salmon et al., SC'11).
//
//   Generator gen(42);
//   Tensor w = Tensor::empty({64, 32});
//   gen.fillNormal(w, 0.0, 0.02);      // same numbers for seed 42 on every run and thread count
//   manualSeed(0);                      // seeds the process default generator (what rand() uses)
//
// Note [Counter-based generation]: element i of a fill (in row-major order) is a pure function of the
// seed and the counter (offset + i), where offset counts the elements drawn by earlier fills. Elements
// are therefore computed independently, in parallel chunks of any size, and every thread count gives
// the same bits. After a fill of n elements the offset advances by n.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>

#include "core/tensor/tensor.h"

namespace tessera {

class Generator {
public:
    // PyTorch's default seed, so that a fresh default generator is seeded with a documented number.
    static constexpr std::uint64_t kDefaultSeed = 67280421310721ULL;

    explicit Generator(std::uint64_t seed = kDefaultSeed) : m_seed(seed) {}
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;

    // Restarts the stream: the same seed gives the same numbers again.
    void manualSeed(std::uint64_t seed);
    std::uint64_t seed() const;
    // Number of elements drawn since the last seeding.
    std::uint64_t offset() const;

    // In-place fills of any strides. Uniform in [from, to) and normal for float32/float64 tensors;
    // bernoulli (1 with probability p) and randint in [low, high) for every dtype.
    void fillUniform(const Tensor& t, double from = 0.0, double to = 1.0);
    void fillNormal(const Tensor& t, double mean = 0.0, double std = 1.0);
    void fillBernoulli(const Tensor& t, double p);
    void fillRandint(const Tensor& t, std::int64_t low, std::int64_t high);
    // Like fillBernoulli, with a probability per element read from `probs` (same sizes).
    void fillBernoulli(const Tensor& t, const Tensor& probs);
    // A random permutation of 0 … n-1 (Fisher–Yates, one counter per position).
    Tensor randperm(std::int64_t n, DType dtype = DType::Int64);

    // The Philox 4x32-10 block function (exposed for its known-answer test).
    static std::array<std::uint32_t, 4> philox(std::array<std::uint32_t, 4> counter, std::array<std::uint32_t, 2> key);

private:
    struct Stream {
        std::uint64_t seed;
        std::uint64_t base;  // first counter of the reserved range
    };
    // Reserves n counters of the current seed; thread-safe.
    Stream reserve(std::uint64_t n);

    mutable std::mutex m_mutex;
    std::uint64_t m_seed;
    std::uint64_t m_offset = 0;
};

// The process-wide generator behind rand/randn/randint/randperm/bernoulli when none is given.
Generator& defaultGenerator();
// Seeds the default generator (torch.manual_seed).
void manualSeed(std::uint64_t seed);

}  // namespace tessera
