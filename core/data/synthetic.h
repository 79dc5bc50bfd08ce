// Seeded synthetic data sets. Each is a pure function of its parameters and seed (Philox streams, see
// core/tensor/generator.h): the same call gives the same bits on every machine and thread count.
// Moons, circles and blobs follow sklearn's make_moons / make_circles / make_blobs definitions (not
// their random streams); rows are shuffled. Regression targets are float32 [N, 1].
//
//   Dataset m = makeMoons(1000, 0.2, 0);                  // 2 features, classes "0", "1"
//   Dataset s = makeSineSequences(512, 32, 4, 0.1, 0);    // features [512, 32], sampleShape {32, 1}
//
// Throws ValueError naming the parameter ("moons: samples must be at least 2, got 1").
#pragma once

#include <cstdint>

#include "core/data/dataset.h"

namespace tessera::data {

// Two interleaving half circles (make_moons): n/2 on the outer moon (class 0), the rest on the inner
// one (class 1), plus Gaussian noise of standard deviation `noise` on both coordinates.
Dataset makeMoons(std::int64_t samples, double noise, std::uint64_t seed);

// Two concentric circles (make_circles): n/2 on the unit circle (class 0), the rest on a circle of
// radius `factor` in [0, 1) (class 1), plus Gaussian noise.
Dataset makeCircles(std::int64_t samples, double noise, double factor, std::uint64_t seed);

// Isotropic Gaussian blobs (make_blobs): `centers` centres drawn uniformly from [-10, 10]^features,
// samples split evenly (the first n % centers blobs get one more), standard deviation clusterStd.
Dataset makeBlobs(std::int64_t samples, std::int64_t centers, std::int64_t features, double clusterStd,
                  std::uint64_t seed);

// `classes` spiral arms around the origin, n/classes points each (the first n % classes arms get one
// more): along an arm the radius grows linearly from 0.1 to 1 while the angle turns `turns` full
// turns; arm j starts at angle 2πj/classes. The angle gets Gaussian jitter whose standard deviation
// is `noise` times the angle between neighbouring arms (2π/classes).
Dataset makeSpirals(std::int64_t samples, std::int64_t classes, double noise, double turns, std::uint64_t seed);

// Points uniform in [-1, 1]², class 1 when exactly one coordinate is positive, then Gaussian noise.
Dataset makeXor(std::int64_t samples, double noise, std::uint64_t seed);

// x ~ N(0, 1)^features, y = x·w + b + noise·N(0, 1) with w ~ U[-1, 1]^features and b ~ U[-1, 1].
Dataset makeLinearRegression(std::int64_t samples, std::int64_t features, double noise, std::uint64_t seed);

// x ~ U[-π, π], y = sin(x) + noise·N(0, 1); one feature.
Dataset makeSineRegression(std::int64_t samples, double noise, std::uint64_t seed);

// Sequence classification: sample i has class c (balanced, shuffled) and features
// x_t = sin(2π·(c + 1)·t / length + φ) + noise·N(0, 1), t = 0 … length-1, phase φ ~ U[0, 2π):
// class c completes c + 1 cycles over the sequence. sampleShape {length, 1}; classes "1 cycle", ….
Dataset makeSineSequences(std::int64_t samples, std::int64_t length, std::int64_t classes, double noise,
                          std::uint64_t seed);

// Sequence regression: x_t = sin(2π·f·t / length + φ) + noise·N(0, 1) for t = 0 … length-1 with
// f ~ U[1, 3] cycles per sequence and φ ~ U[0, 2π); the target is the next, noiseless value
// sin(2π·f·length / length + φ). sampleShape {length, 1}, targets [N, 1].
Dataset makeSineNextValue(std::int64_t samples, std::int64_t length, double noise, std::uint64_t seed);

}  // namespace tessera::data
