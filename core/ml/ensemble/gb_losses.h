// The loss functions of GradientBoostingClassifier / GradientBoostingRegressor as sklearn 1.2.1's
// _gb_losses.py computes them: the loss value (train_score_, oob_improvement_, early stopping), the
// negative gradient the next tree is fitted to, and the leaf values each loss puts in that tree
// (update_terminal_regions) — with NumPy's summation order, so the trees and scores are sklearn's.
//
//   ensemble::GbLoss loss(ensemble::GbLoss::Kind::Binomial, /*nClasses=*/2);
//   std::vector<double> r = loss.negativeGradient(y, raw, 0, sw);   // fit a regression tree to r
//   loss.updateTerminalRegions(tree, leaves, y, r, raw, sw, mask, 0.1, 0);
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/tree/tree.h"

namespace tessera::ml::ensemble {

class GbLoss {
public:
    enum class Kind { SquaredError, AbsoluteError, Huber, Quantile, Binomial, Multinomial, Exponential };

    // nClasses for the classification losses; alpha for huber and quantile.
    GbLoss(Kind kind, int64_t nClasses = 1, double alpha = 0.9);

    Kind kind() const { return m_kind; }
    // Trees per boosting stage (sklearn's loss.K): the class count for multinomial, else 1.
    int64_t K() const { return m_K; }
    bool multiClass() const { return m_kind == Kind::Multinomial; }

    // The loss of raw [rows, K] against y (targets or class codes) over `subset` (every row when null),
    // weights sw — sklearn's LossFunction.__call__ on y[subset], raw[subset], sw[subset].
    double value(const std::vector<double>& y, const std::vector<double>& raw, const std::vector<double>& sw,
                 const std::vector<int64_t>* subset = nullptr) const;

    // The residual of tree k: y is the target (the one-vs-rest indicator of class k for multinomial).
    std::vector<double> negativeGradient(const std::vector<double>& y, const std::vector<double>& raw, int64_t k,
                                         const std::vector<double>& sw);

    // Sets the leaf values of `tree` as the loss's line search does (every loss but squared_error) from the
    // in-bag rows of each leaf, then adds learningRate · leaf value to column k of raw for every row.
    // leaves: each row's leaf (tree.apply); inBag: empty or a 0/1 mask.
    void updateTerminalRegions(tree::Tree& tree, const std::vector<int64_t>& leaves, const std::vector<double>& y,
                               const std::vector<double>& residual, std::vector<double>& raw,
                               const std::vector<double>& sw, const std::vector<char>& inBag, double learningRate,
                               int64_t k) const;

private:
    double leafValue(const std::vector<int64_t>& region, const std::vector<double>& y,
                     const std::vector<double>& residual, const std::vector<double>& raw, const std::vector<double>& sw,
                     int64_t k) const;

    Kind m_kind;
    int64_t m_K = 1;
    double m_alpha = 0.9;
    double m_gamma = 0.0;  // huber: the alpha-quantile of |residual| of the last gradient
    bool m_hasGamma = false;
};

// sklearn.utils.stats._weighted_percentile of a 1-D array: the first sorted value whose weight cdf
// reaches percentile/100 of the total.
double weightedPercentile(const std::vector<double>& a, const std::vector<double>& w, double percentile);

// numpy.percentile (method 'linear', numpy's two-sided lerp).
double numpyPercentile(std::vector<double> a, double q);

// scipy.special.logsumexp of one row of K values.
double logSumExp(const double* a, int64_t K);

}  // namespace tessera::ml::ensemble
