// Splitters of sklearn.model_selection (1.2.1) as index producers, independent of estimators: the same
// random_state gives the same indices as scikit-learn, because every draw goes through ml::RandomState.
//
//   ml::model_selection::KFold kf(5, /*shuffle=*/true, /*randomState=*/0);
//   for (const auto& [train, test] : kf.split(X.size(0))) { … }
//   ml::model_selection::StratifiedKFold skf(4, true, 3);
//   auto folds = skf.split(y);                           // y: 1-D int64/float64 class labels
//   auto parts = ml::model_selection::trainTestSplit({X, y}, {.testSize = 0.25, .randomState = 0, .stratify = y});
//   // parts = {X_train, X_test, y_train, y_test}
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "core/data/table.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::model_selection {

struct TrainTest {
    std::vector<std::int64_t> train{};
    std::vector<std::int64_t> test{};
};

// test_size / train_size: None, an absolute count (int) or a proportion in (0, 1) (float).
using SplitSize = std::variant<std::monostate, std::int64_t, double>;
using Seed = std::optional<std::int64_t>;  // random_state: int or None

// sklearn's _validate_shuffle_split: (n_train, n_test), ValueError worded as sklearn's.
std::pair<std::int64_t, std::int64_t> validateShuffleSplit(std::int64_t nSamples, SplitSize testSize,
                                                           SplitSize trainSize, double defaultTestSize);

class KFold {
public:
    explicit KFold(std::int64_t nSplits = 5, bool shuffle = false, Seed randomState = std::nullopt);
    std::vector<TrainTest> split(std::int64_t nSamples) const;
    std::int64_t getNSplits() const { return m_nSplits; }

private:
    std::int64_t m_nSplits;
    bool m_shuffle;
    Seed m_randomState;
};

// Folds preserving class proportions, with sklearn 1.2.1's allocation (round robin over the sorted
// labels, classes numbered by first appearance, blocks of fold numbers shuffled when shuffle=true).
class StratifiedKFold {
public:
    explicit StratifiedKFold(std::int64_t nSplits = 5, bool shuffle = false, Seed randomState = std::nullopt);
    std::vector<TrainTest> split(const Tensor& y) const;
    std::int64_t getNSplits() const { return m_nSplits; }

private:
    std::int64_t m_nSplits;
    bool m_shuffle;
    Seed m_randomState;
};

// Non-overlapping groups, the largest group first into the lightest fold (ties ordered as NumPy's
// quicksort argsort orders them).
class GroupKFold {
public:
    explicit GroupKFold(std::int64_t nSplits = 5);
    std::vector<TrainTest> split(const Tensor& groups) const;
    std::int64_t getNSplits() const { return m_nSplits; }

private:
    std::int64_t m_nSplits;
};

class ShuffleSplit {
public:
    explicit ShuffleSplit(std::int64_t nSplits = 10, SplitSize testSize = {}, SplitSize trainSize = {},
                          Seed randomState = std::nullopt);
    std::vector<TrainTest> split(std::int64_t nSamples) const;
    std::int64_t getNSplits() const { return m_nSplits; }

private:
    std::int64_t m_nSplits;
    SplitSize m_testSize, m_trainSize;
    Seed m_randomState;
};

class StratifiedShuffleSplit {
public:
    explicit StratifiedShuffleSplit(std::int64_t nSplits = 10, SplitSize testSize = {}, SplitSize trainSize = {},
                                    Seed randomState = std::nullopt);
    std::vector<TrainTest> split(const Tensor& y) const;
    std::int64_t getNSplits() const { return m_nSplits; }

private:
    std::int64_t m_nSplits;
    SplitSize m_testSize, m_trainSize;
    Seed m_randomState;
};

struct TrainTestSplitOptions {
    SplitSize testSize{};
    SplitSize trainSize{};
    Seed randomState = std::nullopt;
    bool shuffle = true;
    Tensor stratify{};  // undefined: no stratification
};

// The indices train_test_split picks for n samples (default test_size 0.25).
TrainTest trainTestSplitIndices(std::int64_t nSamples, const TrainTestSplitOptions& options = {});
// train_test_split(*arrays): rows of every array at those indices, as {a_train, a_test, b_train, …}.
std::vector<Tensor> trainTestSplit(const std::vector<Tensor>& arrays, const TrainTestSplitOptions& options = {});
// train_test_split of a table (a DataFrame in sklearn): {X_train, X_test}, rows by Table::takeRows.
std::pair<data::Table, data::Table> trainTestSplit(const data::Table& X, const TrainTestSplitOptions& options = {});

}  // namespace tessera::ml::model_selection
