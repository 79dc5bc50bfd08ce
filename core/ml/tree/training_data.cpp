// TrainingData: X as float32 columns, as sklearn's trees see it, with each column's sort order, ranks and
// distinct values computed once for every tree grown on it (builder.h).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "core/ml/tree/builder.h"
#include "core/tensor/error.h"

namespace tessera::ml::tree {

namespace {

template <class T>
std::vector<float> toColumns(const T* X, int64_t rows, int64_t cols) {
    std::vector<float> v(rows * cols);
    for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
            const float x = static_cast<float>(X[i * cols + j]);
            if (!std::isfinite(x)) {
                throw ValueError(
                    std::string(std::isnan(x)
                                    ? "Input X contains NaN."
                                    : "Input X contains infinity or a value too large for dtype('float32').") +
                    " (row " + std::to_string(i) + ", column " + std::to_string(j) + ")");
            }
            v[j * rows + i] = x;
        }
    }
    return v;
}

}  // namespace

TrainingData TrainingData::fromRowMajor(const double* X, int64_t rows, int64_t cols) {
    TrainingData d;
    d.m_rows = rows;
    d.m_cols = cols;
    d.m_values = toColumns(X, rows, cols);
    d.rank();
    return d;
}

TrainingData TrainingData::fromRowMajor(const float* X, int64_t rows, int64_t cols) {
    TrainingData d;
    d.m_rows = rows;
    d.m_cols = cols;
    d.m_values = toColumns(X, rows, cols);
    d.rank();
    return d;
}

void TrainingData::rank() {
    // The splitter packs a sample index into 31 bits (Note [Introsort with the ties only]).
    if (m_rows >= (int64_t{1} << 31)) {
        throw ValueError("TrainingData: X has " + std::to_string(m_rows) +
                         " rows; trees are grown on at most 2147483647 rows");
    }
    m_ranks.resize(m_rows * m_cols);
    m_order.resize(m_rows * m_cols);
    m_distinctStart.assign(1, 0);
    std::vector<std::pair<float, uint32_t>> order(m_rows);
    for (int64_t j = 0; j < m_cols; ++j) {
        const float* col = column(j);
        for (int64_t i = 0; i < m_rows; ++i) order[i] = {col[i], static_cast<uint32_t>(i)};
        std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        uint32_t r = 0;
        for (int64_t i = 0; i < m_rows; ++i) {
            if (i == 0 || order[i].first != order[i - 1].first) {
                if (i > 0) ++r;
                m_distinct.push_back(order[i].first);
            }
            m_ranks[j * m_rows + order[i].second] = r;
            m_order[j * m_rows + i] = order[i].second;
        }
        m_distinctStart.push_back(static_cast<int64_t>(m_distinct.size()));
    }
}

}  // namespace tessera::ml::tree
