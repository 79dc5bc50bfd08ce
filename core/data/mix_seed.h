// Derives independent generator seeds from one user seed (SplitMix64 finaliser), so that the split,
// each epoch's shuffle and each generator draw from unrelated Philox streams of the same seed.
//
//   Generator epochGen(mixSeed(seed, epoch));
#pragma once

#include <cstdint>

namespace tessera::data {

constexpr std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t salt) {
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (salt + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace tessera::data
