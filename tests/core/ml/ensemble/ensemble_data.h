// Seeded data for the ensemble suites: `rows` × `cols` standard-normal X and a target from its first two
// columns — three ordered classes (Int64 labels 0, 1, 2) or the continuous score itself.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/random_state.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::testing {

struct Data {
    Tensor X;
    Array y;
};

inline Data makeData(int64_t rows, int64_t cols, bool classes, uint32_t seed) {
    RandomState rng(seed);
    std::vector<double> x = rng.standardNormal(rows * cols), y(rows);
    for (int64_t r = 0; r < rows; ++r) {
        const double s = x[r * cols] - 0.5 * x[r * cols + 1] + 0.3 * rng.standardNormal();
        y[r] = classes ? static_cast<double>((s > 0.4) + (s > -0.4)) : s;
    }
    Data d{Tensor::fromVector<double>(x, {rows, cols}), Array()};
    if (classes) {
        std::vector<int64_t> yi(y.begin(), y.end());
        d.y = Array(Tensor::fromVector<int64_t>(yi, {rows}));
    } else {
        d.y = Array(Tensor::fromVector<double>(y, {rows}));
    }
    return d;
}

}  // namespace tessera::ml::testing
