// The split criteria of sklearn 1.2.1's _criterion.pyx, with its incremental sums (left statistics
// updated from whichever end of the node is nearer), so every sum is formed in sklearn's order.
// Internal to core/ml/tree: the splitter is a template over these classes.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace tessera::ml::tree::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

inline double log2sk(double x) { return std::log(x) / std::log(2.0); }

// State shared by every criterion: the node [start, end), the split position and the weights.
struct CriterionBase {
    const double* y = nullptr;  // [rows, nOutputs]
    const double* sampleWeight = nullptr;
    const int64_t* samples = nullptr;
    int64_t nOutputs = 1;
    int64_t start = 0, pos = 0, end = 0;
    double weightedNSamples = 0.0;
    double weightedNNodeSamples = 0.0;
    double weightedNLeft = 0.0;
    double weightedNRight = 0.0;

    double weight(int64_t i) const { return sampleWeight ? sampleWeight[i] : 1.0; }

    double impurityImprovement(double impurityParent, double impurityLeft, double impurityRight) const {
        return (weightedNNodeSamples / weightedNSamples) *
               (impurityParent - (weightedNRight / weightedNNodeSamples * impurityRight) -
                (weightedNLeft / weightedNNodeSamples * impurityLeft));
    }
};

// Gini and entropy (log_loss) over class codes; sums are [nOutputs, maxNClasses].
template <bool kEntropy>
struct ClassificationCriterion : CriterionBase {
    std::vector<int64_t> nClasses;
    int64_t stride = 1;
    std::vector<double> sumTotal, sumLeft, sumRight;

    void setup(int64_t outputs, const std::vector<int64_t>& classes) {
        nOutputs = outputs;
        nClasses = classes;
        stride = *std::max_element(classes.begin(), classes.end());
        sumTotal.assign(nOutputs * stride, 0.0);
        sumLeft = sumTotal;
        sumRight = sumTotal;
    }

    void init(int64_t s, int64_t e) {
        start = s;
        end = e;
        weightedNNodeSamples = 0.0;
        std::fill(sumTotal.begin(), sumTotal.end(), 0.0);
        for (int64_t p = s; p < e; ++p) {
            const int64_t i = samples[p];
            const double w = weight(i);
            for (int64_t k = 0; k < nOutputs; ++k) {
                sumTotal[k * stride + static_cast<int64_t>(y[i * nOutputs + k])] += w;
            }
            weightedNNodeSamples += w;
        }
        reset();
    }

    void reset() {
        pos = start;
        weightedNLeft = 0.0;
        weightedNRight = weightedNNodeSamples;
        std::fill(sumLeft.begin(), sumLeft.end(), 0.0);
        sumRight = sumTotal;
    }

    void reverseReset() {
        pos = end;
        weightedNLeft = weightedNNodeSamples;
        weightedNRight = 0.0;
        std::fill(sumRight.begin(), sumRight.end(), 0.0);
        sumLeft = sumTotal;
    }

    // The split scan calls this once per position: the one-output forward step is small enough to
    // inline there, the rest is updateGeneral.
    [[gnu::always_inline]] void update(int64_t newPos) {
        if (nOutputs != 1 || newPos - pos > end - newPos) {
            updateGeneral(newPos);
            return;
        }
        double* left = sumLeft.data();
        double weighted = weightedNLeft;
        for (int64_t p = pos; p < newPos; ++p) {
            const int64_t i = samples[p];
            const double w = weight(i);
            left[static_cast<int64_t>(y[i])] += w;
            weighted += w;
        }
        weightedNLeft = weighted;
        weightedNRight = weightedNNodeSamples - weightedNLeft;
        for (int64_t c = 0; c < nClasses[0]; ++c) sumRight[c] = sumTotal[c] - left[c];
        pos = newPos;
    }

    void updateGeneral(int64_t newPos) {
        if (newPos - pos <= end - newPos) {
            for (int64_t p = pos; p < newPos; ++p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) {
                    sumLeft[k * stride + static_cast<int64_t>(y[i * nOutputs + k])] += w;
                }
                weightedNLeft += w;
            }
        } else {
            reverseReset();
            for (int64_t p = end - 1; p >= newPos; --p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) {
                    sumLeft[k * stride + static_cast<int64_t>(y[i * nOutputs + k])] -= w;
                }
                weightedNLeft -= w;
            }
        }
        weightedNRight = weightedNNodeSamples - weightedNLeft;
        for (int64_t k = 0; k < nOutputs; ++k) {
            for (int64_t c = 0; c < nClasses[k]; ++c) {
                sumRight[k * stride + c] = sumTotal[k * stride + c] - sumLeft[k * stride + c];
            }
        }
        pos = newPos;
    }

    double impurityOf(const std::vector<double>& sum, double weighted) const {
        double total = 0.0;
        for (int64_t k = 0; k < nOutputs; ++k) {
            if constexpr (kEntropy) {
                double entropy = 0.0;
                for (int64_t c = 0; c < nClasses[k]; ++c) {
                    double count = sum[k * stride + c];
                    if (count > 0.0) {
                        count /= weighted;
                        entropy -= count * log2sk(count);
                    }
                }
                total += entropy;
            } else {
                double sq = 0.0;
                for (int64_t c = 0; c < nClasses[k]; ++c) {
                    const double count = sum[k * stride + c];
                    sq += count * count;
                }
                total += 1.0 - sq / (weighted * weighted);
            }
        }
        return total;
    }

    double nodeImpurity() const { return impurityOf(sumTotal, weightedNNodeSamples) / nOutputs; }

    void childrenImpurity(double* left, double* right) const {
        *left = impurityOf(sumLeft, weightedNLeft) / nOutputs;
        *right = impurityOf(sumRight, weightedNRight) / nOutputs;
    }

    double proxyImpurityImprovement() const {
        double l, r;
        childrenImpurity(&l, &r);
        return -weightedNRight * r - weightedNLeft * l;
    }

    double improvement(double parent, double l, double r) const { return impurityImprovement(parent, l, r); }

    void nodeValue(double* dest) const { std::copy(sumTotal.begin(), sumTotal.end(), dest); }
};

// Regression criteria: kind 0 squared_error, 1 friedman_mse, 2 poisson.
template <int kKind>
struct RegressionCriterion : CriterionBase {
    std::vector<double> sumTotal, sumLeft, sumRight;
    double sqSumTotal = 0.0;

    void setup(int64_t outputs) {
        nOutputs = outputs;
        sumTotal.assign(nOutputs, 0.0);
        sumLeft = sumTotal;
        sumRight = sumTotal;
    }

    void init(int64_t s, int64_t e) {
        start = s;
        end = e;
        sqSumTotal = 0.0;
        weightedNNodeSamples = 0.0;
        std::fill(sumTotal.begin(), sumTotal.end(), 0.0);
        for (int64_t p = s; p < e; ++p) {
            const int64_t i = samples[p];
            const double w = weight(i);
            for (int64_t k = 0; k < nOutputs; ++k) {
                const double yik = y[i * nOutputs + k];
                const double wy = w * yik;
                sumTotal[k] += wy;
                sqSumTotal += wy * yik;
            }
            weightedNNodeSamples += w;
        }
        reset();
    }

    void reset() {
        std::fill(sumLeft.begin(), sumLeft.end(), 0.0);
        sumRight = sumTotal;
        weightedNLeft = 0.0;
        weightedNRight = weightedNNodeSamples;
        pos = start;
    }

    void reverseReset() {
        std::fill(sumRight.begin(), sumRight.end(), 0.0);
        sumLeft = sumTotal;
        weightedNRight = 0.0;
        weightedNLeft = weightedNNodeSamples;
        pos = end;
    }

    // The split scan calls this once per position: the one-output forward step (the sums of
    // updateGeneral in the same order, kept in registers) is small enough to inline there.
    [[gnu::always_inline]] void update(int64_t newPos) {
        if (nOutputs != 1 || newPos - pos > end - newPos) {
            updateGeneral(newPos);
            return;
        }
        double sum = sumLeft[0], weighted = weightedNLeft;
        if (sampleWeight) {
            for (int64_t p = pos; p < newPos; ++p) {
                const int64_t i = samples[p];
                const double w = sampleWeight[i];
                sum += w * y[i];
                weighted += w;
            }
        } else {
            for (int64_t p = pos; p < newPos; ++p) {
                sum += y[samples[p]];
                weighted += 1.0;
            }
        }
        sumLeft[0] = sum;
        weightedNLeft = weighted;
        weightedNRight = weightedNNodeSamples - weightedNLeft;
        sumRight[0] = sumTotal[0] - sum;
        pos = newPos;
    }

    void updateGeneral(int64_t newPos) {
        if (newPos - pos <= end - newPos) {
            for (int64_t p = pos; p < newPos; ++p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) sumLeft[k] += w * y[i * nOutputs + k];
                weightedNLeft += w;
            }
        } else {
            reverseReset();
            for (int64_t p = end - 1; p >= newPos; --p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) sumLeft[k] -= w * y[i * nOutputs + k];
                weightedNLeft -= w;
            }
        }
        weightedNRight = weightedNNodeSamples - weightedNLeft;
        for (int64_t k = 0; k < nOutputs; ++k) sumRight[k] = sumTotal[k] - sumLeft[k];
        pos = newPos;
    }

    // Poisson half deviance of samples [s, e) around the mean ySum / weightSum (sklearn's poisson_loss).
    double poissonLoss(int64_t s, int64_t e, const std::vector<double>& ySum, double weightSum) const {
        double loss = 0.0;
        for (int64_t k = 0; k < nOutputs; ++k) {
            if (ySum[k] <= kEpsilon) return kInf;
            const double yMean = ySum[k] / weightSum;
            for (int64_t p = s; p < e; ++p) {
                const int64_t i = samples[p];
                const double yik = y[i * nOutputs + k];
                // scipy's xlogy(x, y): 0 when x == 0 (y not NaN), else x * log(y).
                const double xl = yik == 0.0 ? 0.0 : yik * std::log(yik / yMean);
                loss += weight(i) * xl;
            }
        }
        return loss / (weightSum * nOutputs);
    }

    double nodeImpurity() const {
        if constexpr (kKind == 2) {
            return poissonLoss(start, end, sumTotal, weightedNNodeSamples);
        } else {
            double impurity = sqSumTotal / weightedNNodeSamples;
            for (int64_t k = 0; k < nOutputs; ++k) {
                const double m = sumTotal[k] / weightedNNodeSamples;
                impurity -= m * m;
            }
            return impurity / nOutputs;
        }
    }

    void childrenImpurity(double* left, double* right) const {
        if constexpr (kKind == 2) {
            *left = poissonLoss(start, pos, sumLeft, weightedNLeft);
            *right = poissonLoss(pos, end, sumRight, weightedNRight);
        } else {
            double sqSumLeft = 0.0;
            for (int64_t p = start; p < pos; ++p) {
                const int64_t i = samples[p];
                const double w = weight(i);
                for (int64_t k = 0; k < nOutputs; ++k) {
                    const double yik = y[i * nOutputs + k];
                    sqSumLeft += w * yik * yik;
                }
            }
            const double sqSumRight = sqSumTotal - sqSumLeft;
            double l = sqSumLeft / weightedNLeft;
            double r = sqSumRight / weightedNRight;
            for (int64_t k = 0; k < nOutputs; ++k) {
                const double ml = sumLeft[k] / weightedNLeft;
                const double mr = sumRight[k] / weightedNRight;
                l -= ml * ml;
                r -= mr * mr;
            }
            *left = l / nOutputs;
            *right = r / nOutputs;
        }
    }

    double proxyImpurityImprovement() const {
        if constexpr (kKind == 0) {
            double l = 0.0, r = 0.0;
            for (int64_t k = 0; k < nOutputs; ++k) {
                l += sumLeft[k] * sumLeft[k];
                r += sumRight[k] * sumRight[k];
            }
            return l / weightedNLeft + r / weightedNRight;
        } else if constexpr (kKind == 1) {
            double totalLeft = 0.0, totalRight = 0.0;
            for (int64_t k = 0; k < nOutputs; ++k) {
                totalLeft += sumLeft[k];
                totalRight += sumRight[k];
            }
            const double diff = weightedNRight * totalLeft - weightedNLeft * totalRight;
            return diff * diff / (weightedNLeft * weightedNRight);
        } else {
            double l = 0.0, r = 0.0;
            for (int64_t k = 0; k < nOutputs; ++k) {
                // Poisson forbids non-positive predictions; the relaxed test absorbs sum_total - sum_left.
                if (sumLeft[k] <= kEpsilon || sumRight[k] <= kEpsilon) return -kInf;
                l -= sumLeft[k] * log2sk(sumLeft[k] / weightedNLeft);
                r -= sumRight[k] * log2sk(sumRight[k] / weightedNRight);
            }
            return -l - r;
        }
    }

    double improvement(double parent, double l, double r) const {
        if constexpr (kKind == 1) {
            double totalLeft = 0.0, totalRight = 0.0;
            for (int64_t k = 0; k < nOutputs; ++k) {
                totalLeft += sumLeft[k];
                totalRight += sumRight[k];
            }
            const double diff = (weightedNRight * totalLeft - weightedNLeft * totalRight) / nOutputs;
            return diff * diff / (weightedNLeft * weightedNRight * weightedNNodeSamples);
        } else {
            return impurityImprovement(parent, l, r);
        }
    }

    void nodeValue(double* dest) const {
        for (int64_t k = 0; k < nOutputs; ++k) dest[k] = sumTotal[k] / weightedNNodeSamples;
    }
};

}  // namespace tessera::ml::tree::detail
