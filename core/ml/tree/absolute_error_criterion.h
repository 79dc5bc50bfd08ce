// criterion='absolute_error': sklearn 1.2.1's MAE criterion (_criterion.pyx) with the weighted
// medians of _utils.pyx's WeightedMedianCalculator — a sorted array per output and side, the index k
// and the running weight sum it keeps. The medians depend on the order of equal values of different
// weights in those arrays, so every push, pop and removal happens in sklearn's order.
// Internal to core/ml/tree, beside criterion.h.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/ml/tree/criterion.h"

namespace tessera::ml::tree::detail {

// WeightedPQueue + WeightedMedianCalculator: values kept in increasing order (a new value goes after
// the equal ones), k the smallest count whose weight sum sumW0k reaches half of the total.
class WeightedMedian {
public:
    int64_t size() const { return static_cast<int64_t>(m_items.size()); }

    void clear() {
        m_items.clear();
        m_k = 0;
        m_total = 0.0;
        m_sumW0k = 0.0;
    }

    void push(double value, double weight) {
        const double before = size() != 0 ? median() : 0.0;
        m_items.emplace_back(value, weight);
        for (size_t i = m_items.size() - 1; i != 0 && m_items[i].first < m_items[i - 1].first; --i)
            std::swap(m_items[i], m_items[i - 1]);
        if (size() == 1) {
            m_k = 1;
            m_total = weight;
            m_sumW0k = m_total;
            return;
        }
        m_total += weight;
        if (value < before) {
            ++m_k;
            m_sumW0k += weight;
            shrinkK();
        } else {
            growK();
        }
    }

    // Removes the first item equal to (value, weight); false when there is none.
    bool remove(double value, double weight) {
        if (m_items.empty()) return false;
        const double before = median();
        size_t at = 0;
        while (at < m_items.size() && !(m_items[at].first == value && m_items[at].second == weight)) ++at;
        if (at == m_items.size()) return false;
        m_items.erase(m_items.begin() + static_cast<std::ptrdiff_t>(at));
        afterRemove(value, weight, before);
        return true;
    }

    // The smallest value and its weight.
    std::pair<double, double> pop() {
        const double before = median();
        const std::pair<double, double> front = m_items.front();
        m_items.erase(m_items.begin());
        afterRemove(front.first, front.second, before);
        return front;
    }

    double median() const {
        if (m_sumW0k == m_total / 2.0) return (m_items[m_k].first + m_items[m_k - 1].first) / 2.0;
        return m_items[m_k - 1].first;
    }

private:
    void afterRemove(double value, double weight, double before) {
        if (m_items.empty()) {
            m_k = 0;
            m_total = 0.0;
            m_sumW0k = 0.0;
            return;
        }
        if (m_items.size() == 1) {
            m_k = 1;
            m_total -= weight;
            m_sumW0k = m_total;
            return;
        }
        m_total -= weight;
        if (value < before) {
            --m_k;
            m_sumW0k -= weight;
            growK();
        } else {
            shrinkK();
        }
    }

    // The smallest k with sumW0k >= total / 2, moving k down ...
    void shrinkK() {
        while (m_k > 1 && m_sumW0k - m_items[m_k - 1].second >= m_total / 2.0) {
            --m_k;
            m_sumW0k -= m_items[m_k].second;
        }
    }
    // ... or up.
    void growK() {
        while (m_k < size() && m_sumW0k < m_total / 2.0) {
            ++m_k;
            m_sumW0k += m_items[m_k - 1].second;
        }
    }

    std::vector<std::pair<double, double>> m_items;
    int64_t m_k = 0;
    double m_total = 0.0;
    double m_sumW0k = 0.0;
};

struct AbsoluteErrorCriterion : CriterionBase {
    std::vector<WeightedMedian> left, right;
    std::vector<double> nodeMedians;

    void setup(int64_t outputs) {
        nOutputs = outputs;
        left.assign(outputs, WeightedMedian());
        right.assign(outputs, WeightedMedian());
        nodeMedians.assign(outputs, 0.0);
    }

    void init(int64_t s, int64_t e) {
        start = s;
        end = e;
        weightedNNodeSamples = 0.0;
        for (int64_t k = 0; k < nOutputs; ++k) {
            left[k].clear();
            right[k].clear();
        }
        for (int64_t p = s; p < e; ++p) {
            const int64_t i = samples[p];
            const double w = weight(i);
            for (int64_t k = 0; k < nOutputs; ++k) right[k].push(y[i * nOutputs + k], w);
            weightedNNodeSamples += w;
        }
        for (int64_t k = 0; k < nOutputs; ++k) nodeMedians[k] = right[k].median();
        reset();
    }

    void reset() {
        weightedNLeft = 0.0;
        weightedNRight = weightedNNodeSamples;
        pos = start;
        for (int64_t k = 0; k < nOutputs; ++k) {
            for (int64_t n = left[k].size(); n > 0; --n) {
                const auto [v, w] = left[k].pop();
                right[k].push(v, w);
            }
        }
    }

    void reverseReset() {
        weightedNRight = 0.0;
        weightedNLeft = weightedNNodeSamples;
        pos = end;
        for (int64_t k = 0; k < nOutputs; ++k) {
            for (int64_t n = right[k].size(); n > 0; --n) {
                const auto [v, w] = right[k].pop();
                left[k].push(v, w);
            }
        }
    }

    void update(int64_t newPos) {
        if (newPos - pos <= end - newPos) {
            for (int64_t p = pos; p < newPos; ++p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) {
                    right[k].remove(y[i * nOutputs + k], w);
                    left[k].push(y[i * nOutputs + k], w);
                }
                weightedNLeft += w;
            }
        } else {
            reverseReset();
            for (int64_t p = end - 1; p >= newPos; --p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) {
                    left[k].remove(y[i * nOutputs + k], w);
                    right[k].push(y[i * nOutputs + k], w);
                }
                weightedNLeft -= w;
            }
        }
        weightedNRight = weightedNNodeSamples - weightedNLeft;
        pos = newPos;
    }

    double nodeImpurity() const {
        double impurity = 0.0;
        for (int64_t k = 0; k < nOutputs; ++k) {
            for (int64_t p = start; p < end; ++p) {
                const int64_t i = samples[p];
                impurity += std::fabs(y[i * nOutputs + k] - nodeMedians[k]) * weight(i);
            }
        }
        return impurity / (weightedNNodeSamples * static_cast<double>(nOutputs));
    }

    void childrenImpurity(double* impurityLeft, double* impurityRight) const {
        double l = 0.0, r = 0.0;
        for (int64_t k = 0; k < nOutputs; ++k) {
            const double median = left[k].median();
            for (int64_t p = start; p < pos; ++p) {
                const int64_t i = samples[p];
                l += std::fabs(y[i * nOutputs + k] - median) * weight(i);
            }
        }
        *impurityLeft = l / (weightedNLeft * static_cast<double>(nOutputs));
        for (int64_t k = 0; k < nOutputs; ++k) {
            const double median = right[k].median();
            for (int64_t p = pos; p < end; ++p) {
                const int64_t i = samples[p];
                r += std::fabs(y[i * nOutputs + k] - median) * weight(i);
            }
        }
        *impurityRight = r / (weightedNRight * static_cast<double>(nOutputs));
    }

    double proxyImpurityImprovement() const {
        double l, r;
        childrenImpurity(&l, &r);
        return -weightedNRight * r - weightedNLeft * l;
    }

    double improvement(double parent, double l, double r) const { return impurityImprovement(parent, l, r); }

    void nodeValue(double* dest) const {
        for (int64_t k = 0; k < nOutputs; ++k) dest[k] = nodeMedians[k];
    }
};

}  // namespace tessera::ml::tree::detail
