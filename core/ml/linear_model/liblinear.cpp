#include "core/ml/linear_model/liblinear.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::ml::detail {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The problem's rows in a new order (liblinear keeps pointers to rows; the subproblem here copies them).
struct RowView {
    std::vector<const double*> x;
    std::vector<double> W;
    std::int64_t n = 0;
};

double dotRow(const double* x, const double* w, std::int64_t n) {
    double s = 0;
    for (std::int64_t j = 0; j < n; ++j) s += w[j] * x[j];
    return s;
}

int svcDual(const RowView& rv, const std::vector<signed char>& y, double* w, double Cp, double Cn,
            const LiblinearOptions& o, std::mt19937& rng) {
    const auto l = static_cast<int>(rv.x.size());
    const std::int64_t n = rv.n;
    std::vector<double> QD(l), alpha(l, 0.0), diag(l), upper(l);
    std::vector<int> index(l);
    for (int i = 0; i < l; ++i) {
        const double Ci = rv.W[i] * (y[i] > 0 ? Cp : Cn);
        diag[i] = o.l1Loss ? 0.0 : 0.5 / Ci;
        upper[i] = o.l1Loss ? Ci : kInf;
    }
    std::fill(w, w + n, 0.0);
    for (int i = 0; i < l; ++i) {
        QD[i] = diag[i];
        for (std::int64_t j = 0; j < n; ++j) QD[i] += rv.x[i][j] * rv.x[i][j];
        index[i] = i;
    }
    int iter = 0, activeSize = l;
    double PGmaxOld = kInf, PGminOld = -kInf;
    while (iter < o.maxIter) {
        double PGmaxNew = -kInf, PGminNew = kInf;
        for (int i = 0; i < activeSize; ++i) std::swap(index[i], index[i + boundedRandInt(rng, activeSize - i)]);
        for (int s = 0; s < activeSize; ++s) {
            const int i = index[s];
            const signed char yi = y[i];
            double G = dotRow(rv.x[i], w, n) * yi - 1;
            const double C = upper[i];
            G += alpha[i] * diag[i];
            double PG = 0;
            if (alpha[i] == 0) {
                if (G > PGmaxOld) {
                    --activeSize;
                    std::swap(index[s], index[activeSize]);
                    --s;
                    continue;
                }
                if (G < 0) PG = G;
            } else if (alpha[i] == C) {
                if (G < PGminOld) {
                    --activeSize;
                    std::swap(index[s], index[activeSize]);
                    --s;
                    continue;
                }
                if (G > 0) PG = G;
            } else {
                PG = G;
            }
            PGmaxNew = std::max(PGmaxNew, PG);
            PGminNew = std::min(PGminNew, PG);
            if (std::abs(PG) > 1.0e-12) {
                const double alphaOld = alpha[i];
                alpha[i] = std::min(std::max(alpha[i] - G / QD[i], 0.0), C);
                const double d = (alpha[i] - alphaOld) * yi;
                for (std::int64_t j = 0; j < n; ++j) w[j] += d * rv.x[i][j];
            }
        }
        ++iter;
        if (PGmaxNew - PGminNew <= o.eps) {
            if (activeSize == l) break;
            activeSize = l;
            PGmaxOld = kInf;
            PGminOld = -kInf;
            continue;
        }
        PGmaxOld = PGmaxNew;
        PGminOld = PGminNew;
        if (PGmaxOld <= 0) PGmaxOld = kInf;
        if (PGminOld >= 0) PGminOld = -kInf;
    }
    return iter;
}

RowView viewOf(const LiblinearProblem& prob, const std::vector<std::int64_t>& rows) {
    RowView rv;
    rv.n = prob.n;
    for (auto r : rows) {
        rv.x.push_back(prob.X + r * prob.n);
        rv.W.push_back(prob.W[r]);
    }
    return rv;
}

}  // namespace

int boundedRandInt(std::mt19937& rng, int origRange) {
    const auto range = static_cast<std::uint32_t>(origRange);
    std::uint32_t x = static_cast<std::uint32_t>(rng());
    std::uint64_t m = std::uint64_t(x) * std::uint64_t(range);
    auto l = static_cast<std::uint32_t>(m);
    if (l < range) {
        std::uint32_t t = -range;
        if (t >= range) {
            t -= range;
            if (t >= range) t %= range;
        }
        while (l < t) {
            x = static_cast<std::uint32_t>(rng());
            m = std::uint64_t(x) * std::uint64_t(range);
            l = static_cast<std::uint32_t>(m);
        }
    }
    return static_cast<int>(m >> 32);
}

int solveSvrDual(const LiblinearProblem& prob, const double* yAll, double* w, double Cfull, const LiblinearOptions& o,
                 std::mt19937& rng) {
    // remove_zero_weight
    std::vector<std::int64_t> rows;
    for (std::int64_t i = 0; i < prob.l; ++i)
        if (prob.W[i] > 0) rows.push_back(i);
    const RowView rv = viewOf(prob, rows);
    const auto l = static_cast<int>(rows.size());
    const std::int64_t n = prob.n;
    std::vector<double> beta(l, 0.0), QD(l), lambda(l), upper(l), y(l);
    std::vector<int> index(l);
    for (int i = 0; i < l; ++i) {
        y[i] = yAll[rows[i]];
        const double Ci = rv.W[i] * Cfull;
        lambda[i] = o.l1Loss ? 0.0 : 0.5 / Ci;
        upper[i] = o.l1Loss ? Ci : kInf;
    }
    std::fill(w, w + n, 0.0);
    for (int i = 0; i < l; ++i) {
        QD[i] = 0;
        for (std::int64_t j = 0; j < n; ++j) QD[i] += rv.x[i][j] * rv.x[i][j];
        index[i] = i;
    }
    int iter = 0, activeSize = l;
    double GmaxOld = kInf, Gnorm1Init = -1.0;
    const double p = o.p;
    while (iter < o.maxIter) {
        double GmaxNew = 0, Gnorm1New = 0;
        for (int i = 0; i < activeSize; ++i) std::swap(index[i], index[i + boundedRandInt(rng, activeSize - i)]);
        for (int s = 0; s < activeSize; ++s) {
            const int i = index[s];
            double G = -y[i] + lambda[i] * beta[i];
            const double H = QD[i] + lambda[i];
            G += dotRow(rv.x[i], w, n);
            const double Gp = G + p, Gn = G - p;
            double violation = 0;
            auto shrink = [&] {
                --activeSize;
                std::swap(index[s], index[activeSize]);
                --s;
            };
            if (beta[i] == 0) {
                if (Gp < 0) {
                    violation = -Gp;
                } else if (Gn > 0) {
                    violation = Gn;
                } else if (Gp > GmaxOld && Gn < -GmaxOld) {
                    shrink();
                    continue;
                }
            } else if (beta[i] >= upper[i]) {
                if (Gp > 0) {
                    violation = Gp;
                } else if (Gp < -GmaxOld) {
                    shrink();
                    continue;
                }
            } else if (beta[i] <= -upper[i]) {
                if (Gn < 0) {
                    violation = -Gn;
                } else if (Gn > GmaxOld) {
                    shrink();
                    continue;
                }
            } else if (beta[i] > 0) {
                violation = std::abs(Gp);
            } else {
                violation = std::abs(Gn);
            }
            GmaxNew = std::max(GmaxNew, violation);
            Gnorm1New += violation;
            double d;
            if (Gp < H * beta[i])
                d = -Gp / H;
            else if (Gn > H * beta[i])
                d = -Gn / H;
            else
                d = -beta[i];
            if (std::abs(d) < 1.0e-12) continue;
            const double betaOld = beta[i];
            beta[i] = std::min(std::max(beta[i] + d, -upper[i]), upper[i]);
            d = beta[i] - betaOld;
            if (d != 0)
                for (std::int64_t j = 0; j < n; ++j) w[j] += d * rv.x[i][j];
        }
        if (iter == 0) Gnorm1Init = Gnorm1New;
        ++iter;
        if (Gnorm1New <= o.eps * Gnorm1Init) {
            if (activeSize == l) break;
            activeSize = l;
            GmaxOld = kInf;
            continue;
        }
        GmaxOld = GmaxNew;
    }
    return iter;
}

LiblinearModel liblinearTrainClassifier(const LiblinearProblem& prob, const std::vector<std::int64_t>& codes,
                                        std::int64_t K, const std::vector<double>& weightedC, double C,
                                        const LiblinearOptions& o, std::mt19937& rng) {
    // remove_zero_weight, then group_classes: rows of class 0 first (in their order), then class 1, …
    std::vector<std::int64_t> rows;
    for (std::int64_t k = 0; k < K; ++k)
        for (std::int64_t i = 0; i < prob.l; ++i)
            if (prob.W[i] > 0 && codes[i] == k) rows.push_back(i);
    const RowView rv = viewOf(prob, rows);
    std::vector<std::int64_t> cls(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) cls[k] = codes[rows[k]];
    LiblinearModel m;
    std::vector<signed char> y(rows.size());
    if (K == 2) {
        m.w.assign(static_cast<std::size_t>(prob.n), 0.0);
        for (std::size_t k = 0; k < rows.size(); ++k) y[k] = cls[k] == 1 ? 1 : -1;
        m.nIter.push_back(svcDual(rv, y, m.w.data(), weightedC[1], weightedC[0], o, rng));
        return m;
    }
    m.w.assign(static_cast<std::size_t>(K * prob.n), 0.0);
    for (std::int64_t c = 0; c < K; ++c) {
        for (std::size_t k = 0; k < rows.size(); ++k) y[k] = cls[k] == c ? 1 : -1;
        m.nIter.push_back(svcDual(rv, y, m.w.data() + c * prob.n, weightedC[c], C, o, rng));
    }
    return m;
}

}  // namespace tessera::ml::detail
