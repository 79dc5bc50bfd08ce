#include "core/ml/linear_model/logistic_loss.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/kernels/gemm.h"

namespace tessera::ml::detail {
namespace {

// log(1 + e^x) without overflow, as sklearn's _loss.pyx log1pexp.
double log1pexp(double x) {
    if (x <= -37) return std::exp(x);
    if (x <= -2) return std::log1p(std::exp(x));
    if (x <= 18) return std::log(1.0 + std::exp(x));
    if (x <= 33.3) return x + std::exp(-x);
    return x;
}

double expit(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

LogisticLoss::LogisticLoss(const double* X, std::int64_t n, std::int64_t p, std::vector<double> y,
                           std::vector<double> sw, std::int64_t classes, bool fitIntercept, double l2)
    : m_X(X),
      m_n(n),
      m_p(p),
      m_k(classes),
      m_dof(p + (fitIntercept ? 1 : 0)),
      m_y(std::move(y)),
      m_sw(std::move(sw)),
      m_fitIntercept(fitIntercept),
      m_l2(l2) {}

std::vector<double> LogisticLoss::raw(const std::vector<double>& w) const {
    std::vector<double> out(static_cast<std::size_t>(m_n * m_k));
    std::vector<double> bias(static_cast<std::size_t>(m_k), 0.0);
    if (m_fitIntercept)
        for (std::int64_t k = 0; k < m_k; ++k) bias[k] = w[k * m_dof + m_p];
    const kernels::MatrixRef<const double> x{m_X, m_n, m_p, m_p, 1}, W{w.data(), m_k, m_p, m_dof, 1};
    kernels::gemm(x, W.t(), kernels::MatrixRef<double>{out.data(), m_n, m_k, m_k, 1},
                  {.bias = bias.data(), .biasKind = kernels::BiasKind::PerColumn});
    return out;
}

void LogisticLoss::assemble(const std::vector<double>& G, const std::vector<double>& w,
                            std::vector<double>& grad) const {
    grad.assign(static_cast<std::size_t>(size()), 0.0);
    const kernels::MatrixRef<const double> g{G.data(), m_n, m_k, m_k, 1}, x{m_X, m_n, m_p, m_p, 1};
    kernels::gemm(g.t(), x, kernels::MatrixRef<double>{grad.data(), m_k, m_p, m_dof, 1});
    for (std::int64_t k = 0; k < m_k; ++k)
        for (std::int64_t j = 0; j < m_p; ++j) grad[k * m_dof + j] += m_l2 * w[k * m_dof + j];
    if (m_fitIntercept) {
        std::vector<double> sums(static_cast<std::size_t>(m_k), 0.0);
        for (std::int64_t i = 0; i < m_n; ++i)
            for (std::int64_t k = 0; k < m_k; ++k) sums[k] += G[i * m_k + k];
        for (std::int64_t k = 0; k < m_k; ++k) grad[k * m_dof + m_p] = sums[k];
    }
}

double LogisticLoss::valueGradient(const std::vector<double>& w, std::vector<double>& grad) const {
    std::vector<double> G = raw(w);
    double loss = 0;
    if (m_k == 1) {
        for (std::int64_t i = 0; i < m_n; ++i) {
            const double r = G[i];
            loss += m_sw[i] * (log1pexp(r) - m_y[i] * r);
            G[i] = m_sw[i] * (expit(r) - m_y[i]);
        }
    } else {
        for (std::int64_t i = 0; i < m_n; ++i) {
            double* r = G.data() + i * m_k;
            const double mx = *std::max_element(r, r + m_k);
            const auto yi = static_cast<std::int64_t>(m_y[i]);
            const double ry = r[yi];
            double sum = 0;
            for (std::int64_t k = 0; k < m_k; ++k) sum += r[k] = std::exp(r[k] - mx);
            loss += m_sw[i] * (std::log(sum) + mx - ry);
            for (std::int64_t k = 0; k < m_k; ++k) r[k] = m_sw[i] * (r[k] / sum - (k == yi ? 1.0 : 0.0));
        }
    }
    double norm2 = 0;
    for (std::int64_t k = 0; k < m_k; ++k)
        for (std::int64_t j = 0; j < m_p; ++j) norm2 += w[k * m_dof + j] * w[k * m_dof + j];
    assemble(G, w, grad);
    return loss + 0.5 * m_l2 * norm2;
}

optimize::HessianProduct LogisticLoss::gradientHessian(const std::vector<double>& w, std::vector<double>& grad) const {
    std::vector<double> G = raw(w);
    // Binomial: h = s·p(1−p) per row; multinomial: the probabilities P [n, k].
    auto H = std::make_shared<std::vector<double>>(G.size());
    if (m_k == 1) {
        for (std::int64_t i = 0; i < m_n; ++i) {
            const double p = expit(G[i]);
            (*H)[i] = m_sw[i] * p * (1 - p);
            G[i] = m_sw[i] * (p - m_y[i]);
        }
    } else {
        for (std::int64_t i = 0; i < m_n; ++i) {
            double* r = G.data() + i * m_k;
            const double mx = *std::max_element(r, r + m_k);
            double sum = 0;
            for (std::int64_t k = 0; k < m_k; ++k) sum += r[k] = std::exp(r[k] - mx);
            const auto yi = static_cast<std::int64_t>(m_y[i]);
            for (std::int64_t k = 0; k < m_k; ++k) {
                const double p = r[k] / sum;
                (*H)[i * m_k + k] = p;
                r[k] = m_sw[i] * (p - (k == yi ? 1.0 : 0.0));
            }
        }
    }
    assemble(G, w, grad);
    return [this, H](const std::vector<double>& v, std::vector<double>& out) {
        std::vector<double> T = raw(v);
        if (m_k == 1) {
            for (std::int64_t i = 0; i < m_n; ++i) T[i] *= (*H)[i];
        } else {
            for (std::int64_t i = 0; i < m_n; ++i) {
                double* t = T.data() + i * m_k;
                const double* p = H->data() + i * m_k;
                double q = 0;
                for (std::int64_t k = 0; k < m_k; ++k) q += p[k] * t[k];
                for (std::int64_t k = 0; k < m_k; ++k) t[k] = m_sw[i] * p[k] * (t[k] - q);
            }
        }
        assemble(T, v, out);
    };
}

}  // namespace tessera::ml::detail
