// sklearn 1.2.1's LinearModelLoss with HalfBinomialLoss / HalfMultinomialLoss (sklearn/linear_model/
// _linear_loss.py), the objective of LogisticRegression's lbfgs and newton-cg solvers:
//   Σ_i s_i · loss_i(X_i W + b) + ½ · l2 · ‖W‖²   (the intercept is not penalised)
// with the half binomial loss log(1 + e^raw) − y·raw (y in {0, 1}) or the multinomial
// logsumexp(raw) − raw_y (y a class index). Parameters are K rows of (p coefficients [, intercept]).
//
//   LogisticLoss loss(X, n, p, y, sw, /*classes=*/3, /*fitIntercept=*/true, 1.0 / C);
//   std::vector<double> w(loss.size()), g(loss.size());
//   double f = loss.valueGradient(w, g);
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/optimize/newton_cg.h"

namespace tessera::ml::detail {

class LogisticLoss {
public:
    // X row-major [n, p] (kept by pointer: it must outlive the loss); y: 0/1 labels (classes == 1, the
    // binomial loss) or class indices (classes >= 2, the multinomial loss); sw: n sample weights.
    LogisticLoss(const double* X, std::int64_t n, std::int64_t p, std::vector<double> y, std::vector<double> sw,
                 std::int64_t classes, bool fitIntercept, double l2);

    std::int64_t size() const { return m_k * m_dof; }
    double valueGradient(const std::vector<double>& w, std::vector<double>& grad) const;
    // The gradient at w and the exact Hessian-vector product there (the full multinomial Hessian).
    optimize::HessianProduct gradientHessian(const std::vector<double>& w, std::vector<double>& grad) const;

private:
    // raw [n, k] = X Wᵀ + b.
    std::vector<double> raw(const std::vector<double>& w) const;
    // grad = Gᵀ X + l2 W (and Σ G for the intercepts) from the per-row gradient G [n, k].
    void assemble(const std::vector<double>& G, const std::vector<double>& w, std::vector<double>& grad) const;

    const double* m_X;
    std::int64_t m_n, m_p, m_k, m_dof;
    std::vector<double> m_y, m_sw;
    bool m_fitIntercept;
    double m_l2;
};

}  // namespace tessera::ml::detail
