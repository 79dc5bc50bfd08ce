// The losses of HistGradientBoosting* (sklearn/_loss of 1.2.1): HalfSquaredError, AbsoluteError,
// PinballLoss, HalfPoissonLoss, HalfBinomialLoss and HalfMultinomialLoss — the intercept-only baseline,
// float32 gradients and hessians, the weighted mean loss, and the leaf re-fit of the losses whose
// hessian is an approximation (absolute error, quantile).
//
//   hgb::HgbLoss loss(hgb::HgbLoss::Kind::Binomial, 1);
//   std::vector<double> base = loss.baseline(y, sw);              // _baseline_prediction
//   loss.gradientHessian(y, raw, sw, g, h);                       // raw: [K][rows]
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::ml::hgb {

class HgbLoss {
public:
    enum class Kind { SquaredError, AbsoluteError, Quantile, Poisson, Binomial, Multinomial };

    HgbLoss(Kind kind, int64_t nTrees, double quantile = 0.5) : m_kind(kind), m_K(nTrees), m_quantile(quantile) {}

    Kind kind() const { return m_kind; }
    int64_t K() const { return m_K; }
    // Hessians are constant (one value, 1) when there are no sample weights and the loss has them.
    bool constantHessian(bool weighted) const;
    // AbsoluteError and PinballLoss re-fit each leaf on the residuals of its rows.
    bool needUpdateLeavesValues() const { return m_kind == Kind::AbsoluteError || m_kind == Kind::Quantile; }

    // fit_intercept_only: K values. `sw` empty: no weights.
    std::vector<double> baseline(const std::vector<double>& y, const std::vector<double>& sw) const;
    // One tree's gradients and hessians per k: g[k], h[k] of the rows (h[k] of size 1 when constant).
    void gradientHessian(const std::vector<double>& y, const std::vector<double>& raw, const std::vector<double>& sw,
                         std::vector<std::vector<float>>& g, std::vector<std::vector<float>>& h) const;
    // __call__: np.average of the per-row losses weighted by sw.
    double value(const std::vector<double>& y, const std::vector<double>& raw, const std::vector<double>& sw) const;
    // fit_intercept_only of y - raw over `rows` (the leaf's), for needUpdateLeavesValues.
    double leafValue(const std::vector<double>& y, const double* raw, const std::vector<double>& sw,
                     const uint32_t* rows, int64_t n) const;
    // link.inverse of a regressor's raw prediction (exp for poisson, identity otherwise).
    double inverseLink(double raw) const;

private:
    Kind m_kind;
    int64_t m_K;
    double m_quantile;
};

}  // namespace tessera::ml::hgb
