// Follows sklearn/metrics/cluster (1.2.1). Euclidean distances are computed as sklearn's
// euclidean_distances computes them (||x||² - 2 x·y + ||y||², clipped at 0, zero diagonal for X with
// itself) so that near-equal points give the same rounding.
#include "core/ml/metrics/cluster.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ml/metrics/labels.h"
#include "core/ml/metrics/metric_util.h"
#include "core/ml/random_state.h"
#include "core/tensor/error.h"

namespace tessera::ml::metrics {

namespace {

struct Data {
    std::int64_t n = 0, d = 0;
    std::vector<double> x;
    const double* row(std::int64_t i) const { return x.data() + i * d; }
};

Data checkX(const Tensor& X, const std::string& where) {
    if (!X.defined() || X.dim() != 2) throw ShapeError(where + ": X must be 2-D (n_samples, n_features)");
    Data data{X.size(0), X.size(1), X.toVector<double>()};
    for (double v : data.x)
        if (!std::isfinite(v)) throw ValueError(where + ": Input X contains NaN or infinity");
    return data;
}

std::vector<std::int64_t> clusterCodes(const Tensor& labels, std::int64_t n, const std::string& where,
                                       std::int64_t* nLabels) {
    const LabelValueCodes c = encodeLabelValues(labels, where, "labels");
    checkLengths(static_cast<std::size_t>(n), c.codes.size(), where);
    *nLabels = static_cast<std::int64_t>(c.classes.size());
    if (!(1 < *nLabels && *nLabels < n))
        throw ValueError(where + ": Number of labels is " + std::to_string(*nLabels) +
                         ". Valid values are 2 to n_samples - 1 (inclusive)");
    return c.codes;
}

double dot(const double* a, const double* b, std::int64_t d) {
    double s = 0;
    for (std::int64_t j = 0; j < d; ++j) s += a[j] * b[j];
    return s;
}

double euclid(const double* a, double aa, const double* b, double bb, std::int64_t d) {
    return std::sqrt(std::max(-2 * dot(a, b, d) + aa + bb, 0.0));
}

std::vector<double> rowNorms(const Data& x) {
    std::vector<double> out(static_cast<std::size_t>(x.n));
    for (std::int64_t i = 0; i < x.n; ++i) out[i] = dot(x.row(i), x.row(i), x.d);
    return out;
}

std::vector<double> columnMean(const Data& x, const std::vector<std::int64_t>& rows) {
    std::vector<double> m(static_cast<std::size_t>(x.d), 0.0);
    for (auto i : rows)
        for (std::int64_t j = 0; j < x.d; ++j) m[j] += x.row(i)[j];
    for (double& v : m) v /= static_cast<double>(rows.size());
    return m;
}

std::vector<std::vector<std::int64_t>> members(const std::vector<std::int64_t>& codes, std::int64_t k) {
    std::vector<std::vector<std::int64_t>> out(static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < codes.size(); ++i) out[codes[i]].push_back(static_cast<std::int64_t>(i));
    return out;
}

// Contingency counts of two labelings (classes × clusters).
struct Contingency {
    std::int64_t r = 0, c = 0, n = 0;
    std::vector<std::int64_t> counts;
};

Contingency contingency(const Tensor& a, const Tensor& b, const std::string& where) {
    const LabelValueCodes ca = encodeLabelValues(a, where, "labels_true");
    const LabelValueCodes cb = encodeLabelValues(b, where, "labels_pred");
    checkLengths(ca.codes.size(), cb.codes.size(), where);
    Contingency m;
    m.r = static_cast<std::int64_t>(ca.classes.size());
    m.c = static_cast<std::int64_t>(cb.classes.size());
    m.n = static_cast<std::int64_t>(ca.codes.size());
    m.counts.assign(static_cast<std::size_t>(m.r * m.c), 0);
    for (std::size_t i = 0; i < ca.codes.size(); ++i) ++m.counts[ca.codes[i] * m.c + cb.codes[i]];
    return m;
}

double entropyOf(const Tensor& labels, const std::string& where) {
    const LabelValueCodes c = encodeLabelValues(labels, where, "labels");
    if (c.codes.empty()) return 1.0;
    std::vector<double> pi(c.classes.size(), 0.0);
    for (auto k : c.codes) pi[k] += 1;
    if (pi.size() == 1) return 0.0;
    double sum = 0;
    for (double v : pi) sum += v;
    double h = 0;
    for (double v : pi) h += (v / sum) * (std::log(v) - std::log(sum));
    return -h;
}

double mutualInfo(const Contingency& m) {
    if (m.r == 1 || m.c == 1) return 0.0;
    std::vector<double> pi(static_cast<std::size_t>(m.r), 0.0), pj(static_cast<std::size_t>(m.c), 0.0);
    double total = 0;
    for (std::int64_t i = 0; i < m.r; ++i)
        for (std::int64_t j = 0; j < m.c; ++j) {
            const double v = static_cast<double>(m.counts[i * m.c + j]);
            pi[i] += v;
            pj[j] += v;
            total += v;
        }
    double mi = 0;
    const double eps = std::numeric_limits<double>::epsilon();
    // Cells in column-major order, as scipy.sparse.find returns them for sklearn's CSR contingency.
    for (std::int64_t j = 0; j < m.c; ++j)
        for (std::int64_t i = 0; i < m.r; ++i) {
            const auto count = m.counts[i * m.c + j];
            if (count == 0) continue;
            const double nm = static_cast<double>(count) / total;
            const double outer =
                static_cast<double>(static_cast<std::int64_t>(pi[i]) * static_cast<std::int64_t>(pj[j]));
            const double logOuter = -std::log(outer) + std::log(total) + std::log(total);
            const double term = nm * (std::log(static_cast<double>(count)) - std::log(total)) + nm * logOuter;
            mi += std::abs(term) < eps ? 0.0 : term;
        }
    return std::max(mi, 0.0);
}

}  // namespace

std::vector<double> silhouetteSamples(const Tensor& X, const Tensor& labels) {
    const std::string where = "silhouette_samples";
    const Data x = checkX(X, where);
    std::int64_t k = 0;
    const auto codes = clusterCodes(labels, x.n, where, &k);
    std::vector<double> freq(static_cast<std::size_t>(k), 0.0);
    for (auto c : codes) freq[c] += 1;
    const auto norms = rowNorms(x);
    std::vector<double> out(static_cast<std::size_t>(x.n));
    std::vector<double> clusterDist(static_cast<std::size_t>(k));
    for (std::int64_t i = 0; i < x.n; ++i) {
        std::fill(clusterDist.begin(), clusterDist.end(), 0.0);
        for (std::int64_t j = 0; j < x.n; ++j)
            clusterDist[codes[j]] += i == j ? 0.0 : euclid(x.row(i), norms[i], x.row(j), norms[j], x.d);
        const double intraSum = clusterDist[codes[i]];
        double inter = std::numeric_limits<double>::infinity();
        for (std::int64_t c = 0; c < k; ++c)
            if (c != codes[i]) inter = std::min(inter, clusterDist[c] / freq[c]);
        const double intra = intraSum / (freq[codes[i]] - 1);
        const double s = (inter - intra) / std::max(intra, inter);
        out[i] = std::isnan(s) ? 0.0 : s;  // np.nan_to_num: a singleton cluster scores 0
    }
    return out;
}

double silhouetteScore(const Tensor& X, const Tensor& labels, std::optional<std::int64_t> sampleSize,
                       std::optional<std::int64_t> randomState) {
    if (!sampleSize) return mean(silhouetteSamples(X, labels));
    if (!X.defined() || X.dim() != 2) throw ShapeError("silhouette_score: X must be 2-D (n_samples, n_features)");
    RandomState rng = checkRandomState(randomState);
    auto idx = rng.permutation(X.size(0));
    idx.resize(static_cast<std::size_t>(std::min<std::int64_t>(*sampleSize, X.size(0))));
    const Data x = checkX(X, "silhouette_score");
    const auto values = labelValues(labels, "silhouette_score", "labels");
    checkLengths(static_cast<std::size_t>(x.n), values.size(), "silhouette_score");
    std::vector<double> xs, ls;
    for (auto i : idx) {
        xs.insert(xs.end(), x.row(i), x.row(i) + x.d);
        ls.push_back(values[i]);
    }
    const auto m = static_cast<std::int64_t>(idx.size());
    return mean(silhouetteSamples(Tensor::fromVector<double>(xs, {m, x.d}), Tensor::fromVector<double>(ls, {m})));
}

double adjustedRandScore(const Tensor& labelsTrue, const Tensor& labelsPred) {
    const Contingency m = contingency(labelsTrue, labelsPred, "adjusted_rand_score");
    // pair_confusion_matrix in exact integers (sklearn computes it in int64, then Python ints).
    using I = __int128;
    std::vector<I> nc(static_cast<std::size_t>(m.r), 0), nk(static_cast<std::size_t>(m.c), 0);
    I sumSquares = 0;
    for (std::int64_t i = 0; i < m.r; ++i)
        for (std::int64_t j = 0; j < m.c; ++j) {
            const I v = m.counts[i * m.c + j];
            nc[i] += v;
            nk[j] += v;
            sumSquares += v * v;
        }
    I c01 = 0, c10 = 0;
    for (std::int64_t i = 0; i < m.r; ++i)
        for (std::int64_t j = 0; j < m.c; ++j) {
            c01 += static_cast<I>(m.counts[i * m.c + j]) * nk[j];
            c10 += static_cast<I>(m.counts[i * m.c + j]) * nc[i];
        }
    const I n = m.n;
    const I tp = sumSquares - n;
    const I fp = c01 - sumSquares;
    const I fn = c10 - sumSquares;
    const I tn = n * n - fp - fn - sumSquares;
    if (fn == 0 && fp == 0) return 1.0;
    return 2.0 * static_cast<double>(tp * tn - fn * fp) /
           static_cast<double>((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn));
}

double mutualInfoScore(const Tensor& labelsTrue, const Tensor& labelsPred) {
    return mutualInfo(contingency(labelsTrue, labelsPred, "mutual_info_score"));
}

double normalizedMutualInfoScore(const Tensor& labelsTrue, const Tensor& labelsPred, const std::string& averageMethod) {
    const std::string where = "normalized_mutual_info_score";
    if (averageMethod != "arithmetic" && averageMethod != "geometric" && averageMethod != "min" &&
        averageMethod != "max")
        throw ValueError(where + ": 'average_method' must be 'min', 'geometric', 'arithmetic', or 'max', got '" +
                         averageMethod + "'");
    const Contingency m = contingency(labelsTrue, labelsPred, where);
    if ((m.r == 1 && m.c == 1) || (m.r == 0 && m.c == 0)) return 1.0;
    const double mi = mutualInfo(m);
    if (mi == 0) return 0.0;
    const double hTrue = entropyOf(labelsTrue, where), hPred = entropyOf(labelsPred, where);
    double normalizer = 0;
    if (averageMethod == "min")
        normalizer = std::min(hTrue, hPred);
    else if (averageMethod == "geometric")
        normalizer = std::sqrt(hTrue * hPred);
    else if (averageMethod == "arithmetic")
        normalizer = (hTrue + hPred) / 2;
    else
        normalizer = std::max(hTrue, hPred);
    return mi / normalizer;
}

double daviesBouldinScore(const Tensor& X, const Tensor& labels) {
    const std::string where = "davies_bouldin_score";
    const Data x = checkX(X, where);
    std::int64_t k = 0;
    const auto codes = clusterCodes(labels, x.n, where, &k);
    const auto groups = members(codes, k);
    const auto norms = rowNorms(x);
    std::vector<double> intra(static_cast<std::size_t>(k)), centroids;
    for (std::int64_t c = 0; c < k; ++c) {
        const auto centroid = columnMean(x, groups[c]);
        const double cc = dot(centroid.data(), centroid.data(), x.d);
        double s = 0;
        for (auto i : groups[c]) s += euclid(x.row(i), norms[i], centroid.data(), cc, x.d);
        intra[c] = s / static_cast<double>(groups[c].size());
        centroids.insert(centroids.end(), centroid.begin(), centroid.end());
    }
    std::vector<double> cnorm(static_cast<std::size_t>(k));
    for (std::int64_t c = 0; c < k; ++c) cnorm[c] = dot(&centroids[c * x.d], &centroids[c * x.d], x.d);
    std::vector<double> dist(static_cast<std::size_t>(k * k));
    for (std::int64_t a = 0; a < k; ++a)
        for (std::int64_t b = 0; b < k; ++b)
            dist[a * k + b] = a == b ? 0.0 : euclid(&centroids[a * x.d], cnorm[a], &centroids[b * x.d], cnorm[b], x.d);
    auto allClose0 = [](const std::vector<double>& v) {
        return std::all_of(v.begin(), v.end(), [](double e) { return std::abs(e) <= 1e-8; });
    };
    if (allClose0(intra) || allClose0(dist)) return 0.0;
    std::vector<double> scores(static_cast<std::size_t>(k));
    for (std::int64_t a = 0; a < k; ++a) {
        double best = -std::numeric_limits<double>::infinity();
        for (std::int64_t b = 0; b < k; ++b) {
            const double d = dist[a * k + b] == 0 ? std::numeric_limits<double>::infinity() : dist[a * k + b];
            best = std::max(best, (intra[a] + intra[b]) / d);
        }
        scores[a] = best;
    }
    return mean(scores);
}

double calinskiHarabaszScore(const Tensor& X, const Tensor& labels) {
    const std::string where = "calinski_harabasz_score";
    const Data x = checkX(X, where);
    std::int64_t k = 0;
    const auto codes = clusterCodes(labels, x.n, where, &k);
    const auto groups = members(codes, k);
    std::vector<std::int64_t> all(static_cast<std::size_t>(x.n));
    for (std::int64_t i = 0; i < x.n; ++i) all[i] = i;
    const auto mean = columnMean(x, all);
    double extra = 0, intra = 0;
    for (std::int64_t c = 0; c < k; ++c) {
        const auto mk = columnMean(x, groups[c]);
        double s = 0;
        for (std::int64_t j = 0; j < x.d; ++j) s += (mk[j] - mean[j]) * (mk[j] - mean[j]);
        extra += static_cast<double>(groups[c].size()) * s;
        for (auto i : groups[c])
            for (std::int64_t j = 0; j < x.d; ++j) intra += (x.row(i)[j] - mk[j]) * (x.row(i)[j] - mk[j]);
    }
    if (intra == 0.0) return 1.0;
    return extra * static_cast<double>(x.n - k) / (intra * (static_cast<double>(k) - 1.0));
}

}  // namespace tessera::ml::metrics
