// Train / validation / test splits of a data set: stratified by class for classification (every split
// keeps the class proportions, as sklearn's StratifiedShuffleSplit), a seeded shuffle for regression.
//
//   Split s = stratifiedSplit(iris, 0.1, 0.2, 0);     // 105 / 15 / 30 rows, 1/3 of each class in each
//   Split t = splitFromSpec(ds, project.data);         // reads valFraction, testFraction, seed, standardize
//
// Sizes: test = ceil(testFraction · N), validation = ceil(valFraction · N) (as sklearn's
// train_test_split rounds its test size), train = the rest. Per class the counts are apportioned by
// largest remainder, so the totals are exact. The rows of each split are in a seeded random order.
// The same data set, fractions and seed give the same splits on every run and machine.
#pragma once

#include <cstdint>
#include <vector>

#include "core/data/dataset.h"
#include "core/io/json.h"

namespace tessera::data {

struct Split {
    Dataset train, val, test;
    // Row numbers of each split in the original data set.
    std::vector<std::int64_t> trainRows, valRows, testRows;
};

// Fractions in [0, 1) with valFraction + testFraction < 1; throws ValueError otherwise, or when the
// training split would be empty.
Split stratifiedSplit(const Dataset& dataset, double valFraction, double testFraction, std::uint64_t seed);

// Per-feature mean and standard deviation (population, as sklearn's StandardScaler) of the training split
// applied to every split: x ← (x − mean) / std, a feature with std 0 only centred.
void standardize(Split& split);

// The split a project's "data" object asks for: keys valFraction (default 0.1), testFraction (default
// 0.2), seed (default 0) and standardize (default false; statistics from the training split only).
// Other keys are left to loadDataset. Throws ValueError "data.testFraction: …" for bad values.
Split splitFromSpec(const Dataset& dataset, const io::Json& dataSpec);

}  // namespace tessera::data
