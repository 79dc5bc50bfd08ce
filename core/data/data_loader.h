// Mini-batches over a data set, seeded and reproducible, as torch.utils.data.DataLoader with a seeded
// RandomSampler (batch_size, shuffle, drop_last).
//
//   DataLoader loader(split.train, {.batchSize = 32, .shuffle = true, .seed = 0});
//   for (std::int64_t epoch = 0; epoch < 10; ++epoch) {
//       loader.startEpoch(epoch);
//       Batch b;
//       while (loader.next(b)) train(b.x, b.y);   // x float32 [B, F], y int64 [B] or float32 [B, k]
//   }
//   DataLoaderState s = loader.state();             // save with a checkpoint; setState(s) resumes
//
// A loader is used by one thread at a time (it caches the current epoch's order).
//
// Note [Epoch-indexed shuffling]: the row order of epoch e is a pure function of (seed, e) — a
// permutation drawn from a Philox generator seeded with a mix of both — so the batches of an epoch do
// not depend on how many epochs ran before in this process. A run stopped after batch i of epoch e
// and resumed with setState({e, i}) sees exactly the batches it would have seen.
#pragma once

#include <cstdint>
#include <vector>

#include "core/data/dataset.h"

namespace tessera::data {

struct DataLoaderOptions {
    std::int64_t batchSize = 32;  // ≥ 1
    bool shuffle = true;          // false: rows in data set order every epoch
    bool dropLast = false;        // drop the last, smaller batch
    std::uint64_t seed = 0;
};

struct Batch {
    Tensor x;                        // float32 [B, F]: feature rows (the model's Input reshapes them)
    Tensor y;                        // the rows' targets: int64 [B] or float32 [B, k]
    std::vector<std::int64_t> rows;  // their row numbers in the data set
};

// Where a loader is: the current epoch and the number of batches of it already handed out.
struct DataLoaderState {
    std::int64_t epoch = 0;
    std::int64_t position = 0;

    friend bool operator==(const DataLoaderState&, const DataLoaderState&) = default;
};

class DataLoader {
public:
    // Keeps a copy of the data set handle (tensors are shared, not copied). Throws ValueError for a
    // batch size < 1 or an empty data set.
    DataLoader(const Dataset& dataset, DataLoaderOptions options);

    const Dataset& dataset() const { return m_dataset; }
    const DataLoaderOptions& options() const { return m_options; }
    // Batches per epoch: ceil(N / B), or floor(N / B) with dropLast.
    std::int64_t batchesPerEpoch() const;

    // The row order of epoch `epoch` (Note [Epoch-indexed shuffling]).
    std::vector<std::int64_t> order(std::int64_t epoch) const;
    // Batch `index` of epoch `epoch`, without touching the loader's state.
    Batch batch(std::int64_t epoch, std::int64_t index) const;

    // Starts `epoch` at its first batch.
    void startEpoch(std::int64_t epoch);
    // Fills `out` with the next batch of the current epoch and returns true, or returns false when
    // the epoch is exhausted (then startEpoch(epoch + 1)).
    bool next(Batch& out);

    DataLoaderState state() const { return m_state; }
    // Throws ValueError for a negative epoch or a position beyond batchesPerEpoch().
    void setState(DataLoaderState state);

private:
    Batch batchOf(const std::vector<std::int64_t>& order, std::int64_t index) const;
    // order(epoch), computed once per epoch: batch() is called once per step.
    const std::vector<std::int64_t>& cachedOrder(std::int64_t epoch) const;

    Dataset m_dataset;
    DataLoaderOptions m_options;
    DataLoaderState m_state;
    mutable std::vector<std::int64_t> m_order;  // order(m_orderEpoch)
    mutable std::int64_t m_orderEpoch = -1;
};

}  // namespace tessera::data
