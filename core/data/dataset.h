// A data set in memory: a feature matrix, its targets and what they mean. Built-in sets, generators
// and CSV files (core/data/load_dataset.h) all produce one; splits, loaders and the trainer take one.
//
//   Dataset iris = loadBuiltin("iris");          // features float32 [150, 4], targets int64 [150]
//   iris.classNames;                              // {"setosa", "versicolor", "virginica"}
//   Dataset firstTen = iris.subset({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
//
// Note [Dataset layout]: features are always a contiguous float32 [N, F] matrix, one sample per row;
// sampleShape says how a row is meant to be seen by a model (digits {1, 8, 8}, a sequence {T, 1},
// plain tabular data {F}; its product is F). Targets are int64 [N] class indices in [0, classes) for
// classification, and float32 [N, k] for regression (k = 1 for a single target, so predictions
// [N, 1] and targets line up without broadcasting).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::data {

enum class Task { Classification, Regression };

std::string_view taskName(Task task);  // "classification" / "regression"

struct Dataset {
    std::string name;  // "iris", "moons", or the CSV file's name
    Task task = Task::Classification;
    Tensor features;                        // float32 [N, F], contiguous
    Tensor targets;                         // int64 [N] (classification) or float32 [N, k] (regression)
    std::vector<std::string> featureNames;  // F names
    std::vector<std::string> classNames;    // one per class (classification), else empty
    Shape sampleShape;                      // how one row is shaped for a model; product == F

    std::size_t size() const;          // N
    std::int64_t numFeatures() const;  // F
    std::int64_t numClasses() const;   // classNames.size() (0 for regression)
    std::int64_t targetWidth() const;  // k for regression, 1 for classification
    // Samples per class, in class order (classification only).
    std::vector<std::int64_t> classCounts() const;

    // The rows `rows` (in that order; repeats allowed) as a new data set with copied tensors and the
    // same names and shape. Throws IndexError naming the row that is out of range.
    Dataset subset(const std::vector<std::int64_t>& rows) const;

    // Checks the invariants of Note [Dataset layout]; throws ValueError naming the data set and the
    // broken rule (used by every loader before it returns).
    void validate() const;
};

// The rows `rows` of a tensor whose first dimension is the sample, copied into a new contiguous
// tensor (what subset and the DataLoader use: a plain copy, outside autograd and the profiler).
// Rows are not range-checked here.
Tensor takeRows(const Tensor& tensor, const std::vector<std::int64_t>& rows);

}  // namespace tessera::data
