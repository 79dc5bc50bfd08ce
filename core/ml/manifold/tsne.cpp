// TSNE (sklearn/manifold/_t_sne.py, _utils.pyx and _barnes_hut_tsne.pyx, 1.2.1).
//
// Affinities: each row's conditional Gaussian is fitted to the perplexity by sklearn's binary search
// on beta (on float32 squared distances, 100 steps, entropy tolerance 1e-5), over every other row
// (exact) or over the 3·perplexity + 1 nearest neighbours (Barnes–Hut); P = (P + Pᵀ) / sum.
// Optimisation: sklearn's _gradient_descent twice — 250 exploration iterations with P × early_exaggeration
// and momentum 0.5, then momentum 0.8 up to n_iter — with its gains (+0.2 / ×0.8, at least 0.01), its
// checks every 50 iterations (no progress, gradient norm) and, as in sklearn, the embedding, update,
// gains and gradient held in float32. The gradient is the exact one or the Barnes–Hut one of a
// space-partitioning tree (space_tree.h) rebuilt every iteration.
//
// Every per-row loop runs on kernels::parallelFor and writes its own slots; sums over rows are taken in
// row order afterwards, so the embedding does not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <optional>

#include "core/kernels/parallel.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/manifold/space_tree.h"
#include "core/ml/neighbors/neighbors_search.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

constexpr double kMachineEpsilon = 2.220446049250313e-16;
constexpr double kFloat32Tiny = 1.1754943508222875e-38;
constexpr std::int64_t kExplorationIter = 250;
constexpr std::int64_t kIterCheck = 50;
constexpr std::int64_t kRowGrain = 16;

const std::vector<std::string> kValidMetrics{"braycurtis",  "canberra",   "chebyshev",     "cityblock",
                                             "correlation", "cosine",     "dice",          "euclidean",
                                             "hamming",     "haversine",  "jaccard",       "kulsinski",
                                             "l1",          "l2",         "mahalanobis",   "manhattan",
                                             "matching",    "minkowski",  "nan_euclidean", "rogerstanimoto",
                                             "russellrao",  "seuclidean", "sokalmichener", "sokalsneath",
                                             "sqeuclidean", "wminkowski", "yule",          "precomputed"};
const std::vector<std::string> kTesseraMetrics{"euclidean", "l2",        "sqeuclidean", "manhattan",  "cityblock",
                                               "l1",        "chebyshev", "cosine",      "precomputed"};

// One pairwise distance of sklearn's pairwise_distances for the metrics Tessera has.
class Distance {
public:
    Distance(const std::string& metric, const double* X, std::int64_t n, std::int64_t d) : m_x(X), m_n(n), m_d(d) {
        if (metric == "euclidean" || metric == "l2")
            m_kind = Kind::Euclidean;
        else if (metric == "sqeuclidean")
            m_kind = Kind::SqEuclidean;
        else if (metric == "manhattan" || metric == "cityblock" || metric == "l1")
            m_kind = Kind::Manhattan;
        else if (metric == "chebyshev")
            m_kind = Kind::Chebyshev;
        else if (metric == "cosine")
            m_kind = Kind::Cosine;
        else
            m_kind = Kind::Precomputed;
        if (m_kind == Kind::Cosine) {
            m_norms.resize(static_cast<std::size_t>(n));
            for (std::int64_t i = 0; i < n; ++i) {
                double s = 0;
                for (std::int64_t k = 0; k < d; ++k) s += X[i * d + k] * X[i * d + k];
                // sklearn's normalize leaves a zero row as it is.
                m_norms[static_cast<std::size_t>(i)] = s == 0 ? 1.0 : std::sqrt(s);
            }
        }
    }

    double operator()(std::int64_t i, std::int64_t j) const {
        if (m_kind == Kind::Precomputed) return m_x[i * m_n + j];
        const double* a = m_x + i * m_d;
        const double* b = m_x + j * m_d;
        double s = 0;
        switch (m_kind) {
            case Kind::Euclidean:
            case Kind::SqEuclidean:
                for (std::int64_t k = 0; k < m_d; ++k) s += (a[k] - b[k]) * (a[k] - b[k]);
                return m_kind == Kind::Euclidean ? std::sqrt(s) : s;
            case Kind::Manhattan:
                for (std::int64_t k = 0; k < m_d; ++k) s += std::abs(a[k] - b[k]);
                return s;
            case Kind::Chebyshev:
                for (std::int64_t k = 0; k < m_d; ++k) s = std::max(s, std::abs(a[k] - b[k]));
                return s;
            case Kind::Cosine:
                for (std::int64_t k = 0; k < m_d; ++k) s += a[k] * b[k];
                if (i == j) return 0.0;
                return std::clamp(
                    1.0 - s / (m_norms[static_cast<std::size_t>(i)] * m_norms[static_cast<std::size_t>(j)]), 0.0, 2.0);
            case Kind::Precomputed:
                break;
        }
        return s;
    }

private:
    enum class Kind { Euclidean, SqEuclidean, Manhattan, Chebyshev, Cosine, Precomputed };
    Kind m_kind = Kind::Euclidean;
    const double* m_x;
    std::int64_t m_n, m_d;
    std::vector<double> m_norms;
};

// _utils._binary_search_perplexity: rows × cols float32 squared distances (cols == rows: every other
// row, the diagonal left out) to conditional probabilities in float64.
std::vector<double> binarySearchPerplexity(const std::vector<float>& sqd, std::int64_t rows, std::int64_t cols,
                                           double perplexity) {
    const bool usingNeighbors = cols < rows;
    const double desiredEntropy = std::log(perplexity);
    std::vector<double> P(static_cast<std::size_t>(rows * cols), 0.0);
    kernels::parallelFor(0, rows, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t i = lo; i < hi; ++i) {
            double betaMin = -std::numeric_limits<double>::infinity();
            double betaMax = std::numeric_limits<double>::infinity();
            double beta = 1.0;
            double* p = P.data() + i * cols;
            const float* d = sqd.data() + i * cols;
            for (int step = 0; step < 100; ++step) {
                double sumP = 0.0;
                for (std::int64_t j = 0; j < cols; ++j)
                    if (j != i || usingNeighbors) {
                        p[j] = std::exp(-static_cast<double>(d[j]) * beta);
                        sumP += p[j];
                    }
                if (sumP == 0.0) sumP = 1e-8;
                double sumDistP = 0.0;
                for (std::int64_t j = 0; j < cols; ++j) {
                    p[j] /= sumP;
                    sumDistP += static_cast<double>(d[j]) * p[j];
                }
                const double entropyDiff = std::log(sumP) + beta * sumDistP - desiredEntropy;
                if (std::abs(entropyDiff) <= 1e-5) break;
                if (entropyDiff > 0.0) {
                    betaMin = beta;
                    beta = betaMax == std::numeric_limits<double>::infinity() ? beta * 2.0 : (beta + betaMax) / 2.0;
                } else {
                    betaMax = beta;
                    beta = betaMin == -std::numeric_limits<double>::infinity() ? beta / 2.0 : (beta + betaMin) / 2.0;
                }
            }
        }
    });
    return P;
}

// The symmetric joint probabilities of the Barnes–Hut method, as a CSR matrix with sorted columns.
struct SparseP {
    std::vector<std::int64_t> indptr, indices;
    std::vector<double> values;
};

// The embedding's objective: the KL divergence (when asked) and its gradient, both for P scaled by
// `exaggeration`.
class Objective {
public:
    virtual ~Objective() = default;
    virtual double operator()(const std::vector<float>& y, bool computeError, std::vector<float>& grad) = 0;
    double exaggeration = 1.0;
};

// _kl_divergence: every pair, P dense n×n (the diagonal unused).
class ExactObjective : public Objective {
public:
    ExactObjective(std::vector<double> P, std::int64_t n, int k, int dof)
        : m_p(std::move(P)), m_n(n), m_k(k), m_dof(dof) {}

    double operator()(const std::vector<float>& y, bool computeError, std::vector<float>& grad) override {
        const std::int64_t n = m_n;
        const int k = m_k;
        const double dof = m_dof, power = (dof + 1.0) / -2.0;
        std::vector<double> w(static_cast<std::size_t>(n * n), 0.0), rowSum(static_cast<std::size_t>(n), 0.0);
        kernels::parallelFor(0, n, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i) {
                double s = 0;
                for (std::int64_t j = 0; j < n; ++j) {
                    if (j == i) continue;
                    double d2 = 0;
                    for (int c = 0; c < k; ++c) {
                        const double diff = static_cast<double>(y[i * k + c]) - static_cast<double>(y[j * k + c]);
                        d2 += diff * diff;
                    }
                    const double v = std::pow(d2 / dof + 1.0, power);
                    w[i * n + j] = v;
                    s += v;
                }
                rowSum[static_cast<std::size_t>(i)] = s;
            }
        });
        // Σ over i < j of w, doubled: the denominator 2·sum(dist) of sklearn's condensed form.
        const double total = std::accumulate(rowSum.begin(), rowSum.end(), 0.0);
        const double c = 2.0 * (dof + 1.0) / dof;
        std::vector<double> rowKl(static_cast<std::size_t>(n), 0.0);
        kernels::parallelFor(0, n, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
            std::vector<double> g(static_cast<std::size_t>(k));
            for (std::int64_t i = lo; i < hi; ++i) {
                std::fill(g.begin(), g.end(), 0.0);
                double kl = 0;
                for (std::int64_t j = 0; j < n; ++j) {
                    if (j == i) continue;
                    const double wij = w[i * n + j];
                    const double q = std::max(wij / total, kMachineEpsilon);
                    const double p = m_p[i * n + j] * exaggeration;
                    if (computeError) kl += p * std::log(std::max(p, kMachineEpsilon) / q);
                    const double pq = (p - q) * wij;
                    for (int cc = 0; cc < k; ++cc)
                        g[cc] += pq * (static_cast<double>(y[i * k + cc]) - static_cast<double>(y[j * k + cc]));
                }
                for (int cc = 0; cc < k; ++cc) grad[i * k + cc] = static_cast<float>(static_cast<float>(g[cc]) * c);
                rowKl[static_cast<std::size_t>(i)] = kl;
            }
        });
        return computeError ? std::accumulate(rowKl.begin(), rowKl.end(), 0.0)
                            : std::numeric_limits<double>::quiet_NaN();
    }

private:
    std::vector<double> m_p;
    std::int64_t m_n;
    int m_k, m_dof;
};

// _kl_divergence_bh: attraction over P's neighbours, repulsion summarised by the space tree.
class BarnesHutObjective : public Objective {
public:
    BarnesHutObjective(SparseP P, std::int64_t n, int k, int dof, double angle)
        : m_p(std::move(P)), m_n(n), m_k(k), m_dof(dof), m_theta2(angle * angle) {}

    double operator()(const std::vector<float>& y, bool computeError, std::vector<float>& grad) override {
        const std::int64_t n = m_n;
        const int k = m_k;
        m_tree.build(y.data(), n, k);
        std::vector<double> neg(static_cast<std::size_t>(n * k), 0.0), rowQ(static_cast<std::size_t>(n), 0.0);
        kernels::parallelFor(0, n, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i)
                rowQ[static_cast<std::size_t>(i)] = m_tree.repulsion(&y[i * k], m_theta2, m_dof, &neg[i * k]);
        });
        const double sumQ = std::accumulate(rowQ.begin(), rowQ.end(), 0.0);
        const double dof = m_dof, exponent = (dof + 1.0) / 2.0, c = 2.0 * (dof + 1.0) / dof;
        std::vector<double> rowKl(static_cast<std::size_t>(n), 0.0);
        kernels::parallelFor(0, n, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
            double pos[3], buff[3];
            for (std::int64_t i = lo; i < hi; ++i) {
                std::fill(pos, pos + 3, 0.0);
                double kl = 0;
                for (std::int64_t e = m_p.indptr[i]; e < m_p.indptr[i + 1]; ++e) {
                    const std::int64_t j = m_p.indices[e];
                    // sklearn hands the exaggerated P to the gradient as float32.
                    const double pij = static_cast<float>(m_p.values[e] * exaggeration);
                    double d2 = 0;
                    for (int cc = 0; cc < k; ++cc) {
                        buff[cc] = static_cast<double>(y[i * k + cc]) - static_cast<double>(y[j * k + cc]);
                        d2 += buff[cc] * buff[cc];
                    }
                    double q = dof / (dof + d2);
                    if (m_dof != 1) q = std::pow(q, exponent);
                    const double dij = pij * q;
                    if (computeError) {
                        const double qn = q / sumQ;
                        kl += pij * std::log(std::max(pij, kFloat32Tiny) / std::max(qn, kFloat32Tiny));
                    }
                    for (int cc = 0; cc < k; ++cc) pos[cc] += dij * buff[cc];
                }
                for (int cc = 0; cc < k; ++cc)
                    grad[i * k + cc] = static_cast<float>(static_cast<float>(pos[cc] - neg[i * k + cc] / sumQ) * c);
                rowKl[static_cast<std::size_t>(i)] = kl;
            }
        });
        return computeError ? std::accumulate(rowKl.begin(), rowKl.end(), 0.0) : 0.0;
    }

private:
    SparseP m_p;
    std::int64_t m_n;
    int m_k, m_dof;
    double m_theta2;
    manifold::SpaceTree m_tree;
};

struct DescentOptions {
    std::int64_t it = 0, nIter = 0, nIterWithoutProgress = 300;
    double momentum = 0.8, learningRate = 200.0, minGradNorm = 1e-7;
};

struct DescentResult {
    double error;
    std::int64_t lastIter;
};

// _gradient_descent: fresh update (zeros) and gains (ones) per call, float32 as sklearn's arrays are.
DescentResult gradientDescent(Objective& objective, std::vector<float>& p, const DescentOptions& o) {
    const std::size_t size = p.size();
    std::vector<float> update(size, 0.0f), gains(size, 1.0f), grad(size, 0.0f);
    const auto momentum = static_cast<float>(o.momentum), rate = static_cast<float>(o.learningRate);
    double error = std::numeric_limits<double>::max(), bestError = std::numeric_limits<double>::max();
    std::int64_t bestIter = o.it, last = o.it;
    for (std::int64_t i = o.it; i < o.nIter; ++i) {
        last = i;
        const bool check = (i + 1) % kIterCheck == 0;
        error = objective(p, check || i == o.nIter - 1, grad);
        double norm2 = 0;
        for (std::size_t e = 0; e < size; ++e) {
            if (update[e] * grad[e] < 0.0f) {
                gains[e] += 0.2f;
            } else {
                gains[e] *= 0.8f;
            }
            gains[e] = std::max(gains[e], 0.01f);
            grad[e] *= gains[e];
            update[e] = momentum * update[e] - rate * grad[e];
            p[e] += update[e];
            norm2 += static_cast<double>(grad[e]) * static_cast<double>(grad[e]);
        }
        if (check) {
            if (error < bestError) {
                bestError = error;
                bestIter = i;
            } else if (i - bestIter > o.nIterWithoutProgress) {
                break;
            }
            if (static_cast<float>(std::sqrt(norm2)) <= o.minGradNorm) break;
        }
    }
    return {error, last};
}

class TSNE : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sw) override {
        fitTransform(X, y, sw);
        return *this;
    }

    Tensor fitTransform(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        if (Xin.dim() >= 1 && paramDouble("perplexity") >= static_cast<double>(Xin.size(0)))
            throw ValueError("perplexity must be less than n_samples");
        const bool barnesHut = paramString("method") == "barnes_hut";
        const std::string& metric = paramString("metric");
        const ParamValue& init = param("init");
        const Tensor X = validateFitX(Xin, false, barnesHut ? 2 : 1);
        const std::int64_t n = X.size(0), d = X.size(1);
        const ParamValue& lr = param("learning_rate");
        const double learningRate = lr.isString()
                                        ? std::max(static_cast<double>(n) / paramDouble("early_exaggeration") / 4, 50.0)
                                        : lr.asDouble();
        setAttribute("learning_rate_", Array(lr.isInt() ? Tensor::scalar<std::int64_t>(lr.asInt())
                                                        : Tensor::scalar<double>(learningRate)));
        if (std::find(kTesseraMetrics.begin(), kTesseraMetrics.end(), metric) == kTesseraMetrics.end())
            throw ValueError("TSNE: metric='" + metric +
                             "' is not available in Tessera; euclidean, l2, sqeuclidean, manhattan, cityblock, l1, "
                             "chebyshev, cosine and precomputed are");
        if (!param("metric_params").isNone())
            throw ValueError("TSNE: metric_params is not available in Tessera (only None is)");
        const std::vector<double> x = X.toVector<double>();
        if (metric == "precomputed") {
            if (init.isString() && init.asString() == "pca")
                throw ValueError("The parameter init=\"pca\" cannot be used with metric=\"precomputed\".");
            if (n != d) throw ValueError("X should be a square distance matrix");
            if (std::any_of(x.begin(), x.end(), [](double v) { return v < 0; }))
                throw ValueError(
                    "Negative values in data passed to TSNE.fit(). With metric='precomputed', X should contain "
                    "positive distances.");
        }
        const std::int64_t k = paramInt("n_components");
        if (barnesHut && k > 3)
            throw ValueError(
                "'n_components' should be inferior to 4 for the barnes_hut algorithm as it relies on quad-tree or "
                "oct-tree.");
        const ParamValue& seed = param("random_state");
        RandomState rs = checkRandomState(seed.isNone() ? std::nullopt : std::optional<std::int64_t>(seed.asInt()));
        const int dof = static_cast<int>(std::max<std::int64_t>(k - 1, 1));
        const Distance dist(metric, x.data(), n, d);
        const double perplexity = paramDouble("perplexity");
        std::unique_ptr<Objective> objective;
        if (barnesHut) {
            objective = std::make_unique<BarnesHutObjective>(neighborP(X, dist, metric, n, perplexity), n,
                                                             static_cast<int>(k), dof, paramDouble("angle"));
        } else {
            objective =
                std::make_unique<ExactObjective>(exactP(x, metric, n, d, perplexity), n, static_cast<int>(k), dof);
        }
        std::vector<float> p = initialEmbedding(X, n, k, rs);

        DescentOptions o;
        o.it = 0;
        o.nIter = kExplorationIter;
        o.nIterWithoutProgress = kExplorationIter;
        o.momentum = 0.5;
        o.learningRate = learningRate;
        o.minGradNorm = paramDouble("min_grad_norm");
        objective->exaggeration = paramDouble("early_exaggeration");
        DescentResult r = gradientDescent(*objective, p, o);
        objective->exaggeration = 1.0;
        o.nIter = paramInt("n_iter");
        o.it = r.lastIter + 1;
        o.momentum = 0.8;
        o.nIterWithoutProgress = paramInt("n_iter_without_progress");
        r = gradientDescent(*objective, p, o);

        std::vector<double> embedding(p.begin(), p.end());
        Tensor out = Tensor::fromVector<double>(embedding, {n, k});
        setAttribute("embedding_", Array(out));
        setAttribute("kl_divergence_", Array(Tensor::scalar<double>(r.error)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(r.lastIter)));
        return out;
    }

private:
    // _joint_probabilities: the binary search over every other row, then max((P + Pᵀ) / sum, eps).
    // Euclidean distances come squared from pairwise_distances(squared=True); other metrics are squared.
    static std::vector<double> exactP(const std::vector<double>& x, const std::string& metric, std::int64_t n,
                                      std::int64_t d, double perplexity) {
        std::vector<float> sqd(static_cast<std::size_t>(n * n), 0.0f);
        const bool squared = metric == "euclidean";
        const Distance dist(squared ? "sqeuclidean" : metric, x.data(), n, d);
        kernels::parallelFor(0, n, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i)
                for (std::int64_t j = 0; j < n; ++j) {
                    if (i == j && metric != "precomputed") continue;
                    const double v = dist(i, j);
                    sqd[i * n + j] = static_cast<float>(squared ? v : v * v);
                }
        });
        for (float v : sqd)
            if (v < 0) throw ValueError("All distances should be positive, the metric given is not correct");
        const std::vector<double> cond = binarySearchPerplexity(sqd, n, n, perplexity);
        std::vector<double> P(static_cast<std::size_t>(n * n), 0.0);
        double sum = 0;
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < n; ++j) {
                P[i * n + j] = cond[i * n + j] + cond[j * n + i];
                sum += P[i * n + j];
            }
        sum = std::max(sum, kMachineEpsilon);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < n; ++j)
                if (i != j) P[i * n + j] = std::max(P[i * n + j] / sum, kMachineEpsilon);
        return P;
    }

    // _joint_probabilities_nn on kneighbors_graph(mode='distance') of the min(n - 1, 3·perplexity + 1)
    // nearest neighbours, distances squared and columns sorted as CSR's sort_indices leaves them.
    static SparseP neighborP(const Tensor& X, const Distance& dist, const std::string& metric, std::int64_t n,
                             double perplexity) {
        const std::int64_t kn = std::min<std::int64_t>(n - 1, static_cast<std::int64_t>(3.0 * perplexity + 1));
        std::vector<std::int64_t> idx(static_cast<std::size_t>(n * kn));
        std::vector<double> dd(static_cast<std::size_t>(n * kn));
        std::vector<std::int64_t> rawIdx;
        std::vector<double> rawDist;
        const std::int64_t q = kn + 1;
        if (metric == "euclidean" || metric == "l2" || metric == "manhattan" || metric == "cityblock" ||
            metric == "l1") {
            const bool euclid = metric == "euclidean" || metric == "l2";
            const neighbors::NeighborSearch search(
                X, euclid ? neighbors::Metric::Euclidean : neighbors::Metric::Manhattan, euclid);
            neighbors::KNeighbors nn = search.kneighbors(X, q);
            rawIdx = std::move(nn.indices);
            rawDist = std::move(nn.distances);
        } else {
            rawIdx.resize(static_cast<std::size_t>(n * q));
            rawDist.resize(static_cast<std::size_t>(n * q));
            kernels::parallelFor(0, n, kRowGrain, [&](std::int64_t lo, std::int64_t hi) {
                std::vector<std::pair<double, std::int64_t>> row(static_cast<std::size_t>(n));
                for (std::int64_t i = lo; i < hi; ++i) {
                    for (std::int64_t j = 0; j < n; ++j) row[static_cast<std::size_t>(j)] = {dist(i, j), j};
                    std::partial_sort(row.begin(), row.begin() + q, row.end());
                    for (std::int64_t c = 0; c < q; ++c) {
                        rawDist[i * q + c] = row[static_cast<std::size_t>(c)].first;
                        rawIdx[i * q + c] = row[static_cast<std::size_t>(c)].second;
                    }
                }
            });
        }
        // kneighbors(X=None): each row's own index is dropped (the last neighbour when it is absent).
        for (std::int64_t i = 0; i < n; ++i) {
            std::int64_t skip = kn;
            for (std::int64_t c = 0; c < q; ++c)
                if (rawIdx[i * q + c] == i) {
                    skip = c;
                    break;
                }
            std::vector<std::pair<std::int64_t, double>> row;
            for (std::int64_t c = 0; c < q; ++c)
                if (c != skip) row.emplace_back(rawIdx[i * q + c], rawDist[i * q + c]);
            std::sort(row.begin(), row.end());
            for (std::int64_t c = 0; c < kn; ++c) {
                idx[i * kn + c] = row[static_cast<std::size_t>(c)].first;
                dd[i * kn + c] = row[static_cast<std::size_t>(c)].second;
            }
        }
        std::vector<float> sqd(dd.size());
        for (std::size_t e = 0; e < dd.size(); ++e) sqd[e] = static_cast<float>(dd[e] * dd[e]);
        const std::vector<double> cond = binarySearchPerplexity(sqd, n, kn, perplexity);
        // P + Pᵀ in CSR: every (i, j) and (j, i) entry, merged per row in column order.
        std::vector<std::vector<std::pair<std::int64_t, double>>> rows(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t c = 0; c < kn; ++c) {
                const std::int64_t j = idx[i * kn + c];
                rows[static_cast<std::size_t>(i)].emplace_back(j, cond[i * kn + c]);
                rows[static_cast<std::size_t>(j)].emplace_back(i, cond[i * kn + c]);
            }
        SparseP P;
        P.indptr.push_back(0);
        double sum = 0;
        for (auto& row : rows) {
            std::stable_sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
            for (std::size_t e = 0; e < row.size(); ++e) {
                if (!P.indices.empty() && static_cast<std::int64_t>(P.indices.size()) > P.indptr.back() &&
                    P.indices.back() == row[e].first) {
                    P.values.back() += row[e].second;
                    continue;
                }
                P.indices.push_back(row[e].first);
                P.values.push_back(row[e].second);
            }
            P.indptr.push_back(static_cast<std::int64_t>(P.indices.size()));
        }
        for (double v : P.values) sum += v;
        sum = std::max(sum, kMachineEpsilon);
        for (double& v : P.values) v /= sum;
        return P;
    }

    // init: 'pca' (PCA(svd_solver='randomized') scaled to a first-column std of 1e-4), 'random'
    // (1e-4 · standard_normal) or the given array, in float32.
    std::vector<float> initialEmbedding(const Tensor& X, std::int64_t n, std::int64_t k, RandomState& rs) const {
        const ParamValue& init = param("init");
        std::vector<float> p(static_cast<std::size_t>(n * k));
        if (!init.isString()) {
            std::vector<double> flat;
            for (const auto& row : init.items()) {
                if (row.isSequence()) {
                    for (const auto& v : row.items()) flat.push_back(v.asDouble());
                } else {
                    flat.push_back(row.asDouble());
                }
            }
            if (static_cast<std::int64_t>(flat.size()) != n * k)
                throw ValueError("cannot reshape array of size " + std::to_string(flat.size()) + " into shape (" +
                                 std::to_string(n) + "," + std::to_string(k) + ")");
            for (std::size_t e = 0; e < flat.size(); ++e) p[e] = static_cast<float>(flat[e]);
            return p;
        }
        if (init.asString() == "random") {
            const std::vector<double> z = rs.standardNormal(n * k);
            for (std::size_t e = 0; e < z.size(); ++e) p[e] = static_cast<float>(z[e]) * 1e-4f;
            return p;
        }
        auto pca = EstimatorRegistry::instance().create(
            "PCA", {{"n_components", k}, {"svd_solver", "randomized"}, {"random_state", param("random_state")}});
        const std::vector<double> z = pca->fitTransform(X).toVector<double>();
        for (std::size_t e = 0; e < z.size(); ++e) p[e] = static_cast<float>(z[e]);
        double mean = 0, var = 0;
        for (std::int64_t i = 0; i < n; ++i) mean += p[static_cast<std::size_t>(i * k)];
        mean /= static_cast<double>(n);
        for (std::int64_t i = 0; i < n; ++i) {
            const double dv = p[static_cast<std::size_t>(i * k)] - mean;
            var += dv * dv;
        }
        const auto sd = static_cast<float>(std::sqrt(var / static_cast<double>(n)));
        for (float& v : p) v = (v / sd) * 1e-4f;
        return p;
    }
};

const RegisterEstimator<TSNE> kTSNE({
    "TSNE",
    "sklearn.manifold",
    EstimatorKind::Transformer,
    "T-distributed Stochastic Neighbor Embedding.",
    {
        {"n_components", 2, {intInterval(1, std::nullopt, Closed::Left)}, "Dimension of the embedding."},
        {"perplexity",
         30.0,
         {realInterval(0.0, ParamValue(), Closed::Neither)},
         "Effective number of neighbours each row's Gaussian is fitted to."},
        {"early_exaggeration",
         12.0,
         {realInterval(1.0, ParamValue(), Closed::Left)},
         "Factor on P during the 250 exploration iterations."},
        {"learning_rate",
         "auto",
         {strOptions({"auto"}), realInterval(0.0, ParamValue(), Closed::Neither)},
         "Step size; 'auto' is max(n_samples / early_exaggeration / 4, 50)."},
        {"n_iter", 1000, {intInterval(250, std::nullopt, Closed::Left)}, "Maximum number of iterations."},
        {"n_iter_without_progress",
         300,
         {intInterval(-1, std::nullopt, Closed::Left)},
         "Iterations without a lower KL divergence (checked every 50) before stopping."},
        {"min_grad_norm",
         1e-7,
         {realInterval(0.0, ParamValue(), Closed::Left)},
         "Stop when the gradient norm falls to this."},
        {"metric",
         "euclidean",
         {strOptions(kValidMetrics)},
         "Distance: euclidean, l2, sqeuclidean, manhattan, cityblock, l1, chebyshev, cosine or precomputed in "
         "Tessera."},
        {"metric_params", ParamValue(), {constraintOf(Constraint::Kind::Dict), noneC()}, "Extra metric keywords."},
        {"init",
         "pca",
         {strOptions({"pca", "random"}), constraintOf(Constraint::Kind::NdArray)},
         "Initial embedding: PCA, random, or an n_samples × n_components array."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the initialisation."},
        {"method",
         "barnes_hut",
         {strOptions({"barnes_hut", "exact"})},
         "Gradient: Barnes–Hut (O(n log n), up to 3 components) or exact (O(n²))."},
        {"angle",
         0.5,
         {realInterval(0.0, 1.0, Closed::Both)},
         "Barnes–Hut accuracy: a cell summarises its points when width / distance is below it."},
        {"n_jobs",
         ParamValue(),
         {constraintOf(Constraint::Kind::Integral), noneC()},
         "Accepted for compatibility; Tessera's thread count (--threads) never changes results."},
        {"square_distances",
         "deprecated",
         {booleanC(), hidden(strOptions({"deprecated"}))},
         "Deprecated; has no effect."},
    },
    {"fit", "fit_transform"},
});

}  // namespace
}  // namespace tessera::ml
