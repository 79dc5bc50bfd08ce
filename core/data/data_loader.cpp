#include "core/data/data_loader.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "core/data/mix_seed.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"

namespace tessera::data {

DataLoader::DataLoader(const Dataset& dataset, DataLoaderOptions options) : m_dataset(dataset), m_options(options) {
    if (m_options.batchSize < 1)
        throw ValueError("DataLoader: batchSize must be at least 1, got " + std::to_string(m_options.batchSize));
    if (m_dataset.size() == 0) throw ValueError("DataLoader: data set '" + m_dataset.name + "' is empty");
}

std::int64_t DataLoader::batchesPerEpoch() const {
    const auto n = static_cast<std::int64_t>(m_dataset.size());
    return m_options.dropLast ? n / m_options.batchSize : (n + m_options.batchSize - 1) / m_options.batchSize;
}

std::vector<std::int64_t> DataLoader::order(std::int64_t epoch) const {
    const auto n = static_cast<std::int64_t>(m_dataset.size());
    if (!m_options.shuffle) {
        std::vector<std::int64_t> rows(static_cast<std::size_t>(n));
        std::iota(rows.begin(), rows.end(), std::int64_t{0});
        return rows;
    }
    Generator gen(mixSeed(m_options.seed, static_cast<std::uint64_t>(epoch)));
    return gen.randperm(n).toVector<std::int64_t>();
}

Batch DataLoader::batch(std::int64_t epoch, std::int64_t index) const { return batchOf(cachedOrder(epoch), index); }

const std::vector<std::int64_t>& DataLoader::cachedOrder(std::int64_t epoch) const {
    if (m_orderEpoch != epoch) {
        m_order = order(epoch);
        m_orderEpoch = epoch;
    }
    return m_order;
}

Batch DataLoader::batchOf(const std::vector<std::int64_t>& rows, std::int64_t index) const {
    if (index < 0 || index >= batchesPerEpoch())
        throw IndexError("DataLoader: batch " + std::to_string(index) + " is out of range for " +
                         std::to_string(batchesPerEpoch()) + " batches per epoch");
    const auto n = static_cast<std::int64_t>(rows.size());
    const std::int64_t begin = index * m_options.batchSize;
    const std::int64_t end = std::min(n, begin + m_options.batchSize);
    Batch out;
    out.rows.assign(rows.begin() + begin, rows.begin() + end);
    out.x = takeRows(m_dataset.features, out.rows);
    out.y = takeRows(m_dataset.targets, out.rows);
    return out;
}

void DataLoader::startEpoch(std::int64_t epoch) { setState({epoch, 0}); }

bool DataLoader::next(Batch& out) {
    if (m_state.position >= batchesPerEpoch()) return false;
    out = batchOf(cachedOrder(m_state.epoch), m_state.position);
    ++m_state.position;
    return true;
}

void DataLoader::setState(DataLoaderState state) {
    if (state.epoch < 0) throw ValueError("DataLoader: epoch must be non-negative, got " + std::to_string(state.epoch));
    if (state.position < 0 || state.position > batchesPerEpoch())
        throw ValueError("DataLoader: position " + std::to_string(state.position) + " is outside [0, " +
                         std::to_string(batchesPerEpoch()) + "] for epoch " + std::to_string(state.epoch));
    m_state = state;
}

}  // namespace tessera::data
