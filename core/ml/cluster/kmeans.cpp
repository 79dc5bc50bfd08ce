// KMeans (sklearn/cluster/_kmeans.py and _k_means_lloyd.pyx / _k_means_elkan.pyx, 1.2.1): data centred
// on their mean, k-means++ (n_local_trials = 2 + log k, candidates by searchsorted on the cumulative
// potential) or 'random' seeds drawn from RandomState as sklearn draws them, n_init runs keeping the
// lowest inertia, Lloyd iterations with sklearn's strict-convergence and center-shift tests, empty
// clusters relocated to the farthest points, and a final E-step when the shift test stopped the run.
// 'elkan' gives Elkan's results (exact nearest centres by direct distances); the triangle-inequality
// bounds, which only skip work, are not used.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/ml/base/registry.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

struct Run {
    std::vector<std::int64_t> labels;
    double inertia = 0;
    RowMatrix centers;
    std::int64_t nIter = 0;
};

double squaredDistance(const double* a, const double* b, std::int64_t p) {
    double s = 0;
    for (std::int64_t c = 0; c < p; ++c) {
        const double d = a[c] - b[c];
        s += d * d;
    }
    return s;
}

// The E-step: Lloyd's ||c||^2 - 2 x.c (sklearn's GEMM form) or Elkan's direct distances; first minimum.
void assignLabels(const RowMatrix& X, const RowMatrix& C, bool direct, std::vector<std::int64_t>& labels) {
    const Eigen::Index n = X.rows(), k = C.rows();
    if (direct) {
        for (Eigen::Index i = 0; i < n; ++i) {
            double best = 0;
            for (Eigen::Index j = 0; j < k; ++j) {
                const double d = squaredDistance(X.row(i).data(), C.row(j).data(), X.cols());
                if (j == 0 || d < best) best = d, labels[i] = j;
            }
        }
        return;
    }
    const Eigen::VectorXd cnorm = C.rowwise().squaredNorm();
    const RowMatrix dots = X * C.transpose();
    for (Eigen::Index i = 0; i < n; ++i) {
        double best = 0;
        for (Eigen::Index j = 0; j < k; ++j) {
            const double d = cnorm[j] + -2.0 * dots(i, j);
            if (j == 0 || d < best) best = d, labels[i] = j;
        }
    }
}

double inertiaOf(const RowMatrix& X, const std::vector<double>& w, const RowMatrix& C,
                 const std::vector<std::int64_t>& labels) {
    double s = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        s += squaredDistance(X.row(i).data(), C.row(labels[i]).data(), X.cols()) * w[i];
    return s;
}

// The M-step with _relocate_empty_clusters_dense and _average_centers; returns sum of squared shifts.
double updateCenters(const RowMatrix& X, const std::vector<double>& w, const RowMatrix& old,
                     const std::vector<std::int64_t>& labels, RowMatrix& out) {
    const Eigen::Index n = X.rows(), p = X.cols(), k = old.rows();
    out = RowMatrix::Zero(k, p);
    std::vector<double> weight(static_cast<std::size_t>(k), 0.0);
    for (Eigen::Index i = 0; i < n; ++i) {
        out.row(labels[i]) += X.row(i) * w[i];
        weight[labels[i]] += w[i];
    }
    std::vector<Eigen::Index> empty;
    for (Eigen::Index j = 0; j < k; ++j)
        if (weight[j] == 0) empty.push_back(j);
    if (!empty.empty()) {
        std::vector<double> dist(static_cast<std::size_t>(n));
        for (Eigen::Index i = 0; i < n; ++i) dist[i] = squaredDistance(X.row(i).data(), old.row(labels[i]).data(), p);
        std::vector<Eigen::Index> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return dist[a] > dist[b]; });
        for (std::size_t e = 0; e < empty.size(); ++e) {
            const Eigen::Index far = order[e], from = labels[far], to = empty[e];
            out.row(from) -= X.row(far) * w[far];
            out.row(to) = X.row(far) * w[far];
            weight[to] = w[far];
            weight[from] -= w[far];
        }
    }
    for (Eigen::Index j = 0; j < k; ++j)
        if (weight[j] > 0) out.row(j) *= 1.0 / weight[j];
    double shift = 0;
    for (Eigen::Index j = 0; j < k; ++j) {
        const double s = std::sqrt(squaredDistance(out.row(j).data(), old.row(j).data(), p));
        shift += s * s;
    }
    return shift;
}

Run runSingle(const RowMatrix& X, const std::vector<double>& w, RowMatrix centers, std::int64_t maxIter, double tol,
              bool direct) {
    const Eigen::Index n = X.rows();
    Run r;
    r.labels.assign(static_cast<std::size_t>(n), -1);
    std::vector<std::int64_t> old = r.labels;
    bool strict = false;
    std::int64_t i = 0;
    RowMatrix next;
    for (i = 0; i < maxIter; ++i) {
        assignLabels(X, centers, direct, r.labels);
        const double shift = updateCenters(X, w, centers, r.labels, next);
        std::swap(centers, next);
        if (r.labels == old) {
            strict = true;
            break;
        }
        if (shift <= tol) break;
        old = r.labels;
    }
    if (!strict) assignLabels(X, centers, direct, r.labels);
    r.inertia = inertiaOf(X, w, centers, r.labels);
    r.centers = std::move(centers);
    r.nIter = std::min(i, maxIter - 1) + 1;
    return r;
}

// _euclidean_distances(A, X, Y_norm_squared=xNorms, squared=True) for one row of A.
std::vector<double> squaredDistancesTo(const RowMatrix& X, const Eigen::VectorXd& xNorms, Eigen::Index row) {
    const Eigen::VectorXd dots = X * X.row(row).transpose();
    const double own = X.row(row).squaredNorm();
    std::vector<double> d(static_cast<std::size_t>(X.rows()));
    for (Eigen::Index i = 0; i < X.rows(); ++i) d[i] = std::max(-2.0 * dots[i] + own + xNorms[i], 0.0);
    return d;
}

RowMatrix kmeansPlusPlus(const RowMatrix& X, const Eigen::VectorXd& xNorms, std::int64_t k, RandomState& rs) {
    const Eigen::Index n = X.rows();
    const std::int64_t trials = 2 + static_cast<std::int64_t>(std::log(static_cast<double>(k)));
    RowMatrix centers(k, X.cols());
    const std::int64_t first = rs.randint(0, n);
    centers.row(0) = X.row(first);
    std::vector<double> closest = squaredDistancesTo(X, xNorms, first);
    double pot = std::accumulate(closest.begin(), closest.end(), 0.0);
    for (std::int64_t c = 1; c < k; ++c) {
        const std::vector<double> draws = rs.uniform(0.0, 1.0, trials);
        std::vector<double> cum(closest.size());
        std::partial_sum(closest.begin(), closest.end(), cum.begin());
        double bestPot = 0;
        std::int64_t bestId = -1;
        std::vector<double> bestDist;
        for (std::int64_t t = 0; t < trials; ++t) {
            // np.searchsorted(side='left'), clipped to the last index.
            const double v = draws[t] * pot;
            std::int64_t id = std::lower_bound(cum.begin(), cum.end(), v) - cum.begin();
            id = std::min<std::int64_t>(id, n - 1);
            std::vector<double> d = squaredDistancesTo(X, xNorms, id);
            double sum = 0;
            for (Eigen::Index i = 0; i < n; ++i) sum += d[i] = std::min(closest[i], d[i]);
            if (bestId < 0 || sum < bestPot) bestPot = sum, bestId = id, bestDist = std::move(d);
        }
        pot = bestPot;
        closest = std::move(bestDist);
        centers.row(c) = X.row(bestId);
    }
    return centers;
}

// _is_same_clustering: labels2 is labels1 with the clusters renamed.
bool sameClustering(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b, std::int64_t k) {
    std::vector<std::int64_t> mapping(static_cast<std::size_t>(k), -1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (mapping[a[i]] == -1) {
            mapping[a[i]] = b[i];
        } else if (mapping[a[i]] != b[i]) {
            return false;
        }
    }
    return true;
}

class KMeans : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        const Tensor Xt = validateFitX(Xin);
        const std::int64_t n = Xt.size(0), p = Xt.size(1), k = paramInt("n_clusters");
        if (n < k)
            throw ValueError("n_samples=" + std::to_string(n) + " should be >= n_clusters=" + std::to_string(k) + ".");
        RowMatrix X = ConstMapRow(Xt.data<double>(), n, p);
        const std::vector<double> w = sampleWeightOrOnes(sampleWeight, n).toVector<double>();

        // _tolerance: mean of the column variances times tol.
        const Eigen::RowVectorXd mean = X.colwise().sum() / static_cast<double>(n);
        double tol = 0;
        if (paramDouble("tol") != 0) {
            double varSum = 0;
            for (Eigen::Index c = 0; c < p; ++c) varSum += (X.col(c).array() - mean[c]).square().sum() / n;
            tol = varSum / static_cast<double>(p) * paramDouble("tol");
        }
        const ParamValue& init = param("init");
        const bool arrayInit = init.isSequence();
        std::int64_t nInit = 10;
        if (param("n_init").isString()) {
            if (paramString("n_init") == "auto") nInit = init.isString() && init.asString() == "k-means++" ? 1 : 10;
        } else {
            nInit = paramInt("n_init");
        }
        RowMatrix given;
        if (arrayInit) {
            nInit = 1;
            given = initArray(init, k, p);
            given.rowwise() -= mean;
        }
        X.rowwise() -= mean;
        const Eigen::VectorXd xNorms = X.rowwise().squaredNorm();
        const std::string& algorithm = paramString("algorithm");
        const bool direct = algorithm == "elkan" && k > 1;
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(param("random_state").asInt()));
        Run best;
        bool have = false;
        for (std::int64_t run = 0; run < nInit; ++run) {
            RowMatrix seeds;
            if (arrayInit) {
                seeds = given;
            } else if (init.asString() == "k-means++") {
                seeds = kmeansPlusPlus(X, xNorms, k, rs);
            } else {
                const std::vector<std::int64_t> perm = rs.permutation(n);
                seeds.resize(k, p);
                for (std::int64_t j = 0; j < k; ++j) seeds.row(j) = X.row(perm[j]);
            }
            Run r = runSingle(X, w, std::move(seeds), paramInt("max_iter"), tol, direct);
            if (!have || (r.inertia < best.inertia && !sameClustering(r.labels, best.labels, k))) {
                best = std::move(r);
                have = true;
            }
        }
        best.centers.rowwise() += mean;
        setAttribute("cluster_centers_",
                     Array(Tensor::fromVector<double>(
                         std::vector<double>(best.centers.data(), best.centers.data() + best.centers.size()), {k, p})));
        setAttribute("labels_", Array(Tensor::fromVector<std::int64_t>(best.labels, {n})));
        setAttribute("inertia_", Array(Tensor::scalar<double>(best.inertia)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(best.nIter)));
        return *this;
    }

    Array predict(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        std::vector<std::int64_t> labels(static_cast<std::size_t>(X.size(0)));
        assignLabels(ConstMapRow(X.data<double>(), X.size(0), X.size(1)), centers(), false, labels);
        return Array(Tensor::fromVector<std::int64_t>(labels, {X.size(0)}));
    }

    Array fitPredict(const Tensor& X, const Array& y, const Tensor& sw) override {
        fit(X, y, sw);
        return attribute("labels_");
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const RowMatrix C = centers();
        const std::int64_t n = X.size(0), p = X.size(1), k = C.rows();
        std::vector<double> out(static_cast<std::size_t>(n * k));
        const double* x = X.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < k; ++j)
                out[i * k + j] = std::sqrt(squaredDistance(x + i * p, C.row(j).data(), p));
        return Tensor::fromVector<double>(out, {n, k});
    }

    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sw) override {
        fit(X, y, sw);
        return transform(X);
    }

    double score(const Tensor& Xin, const Array&, const Tensor& sampleWeight) const override {
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0);
        const RowMatrix Xm = ConstMapRow(X.data<double>(), n, X.size(1));
        const RowMatrix C = centers();
        std::vector<std::int64_t> labels(static_cast<std::size_t>(n));
        assignLabels(Xm, C, false, labels);
        return -inertiaOf(Xm, sampleWeightOrOnes(sampleWeight, n).toVector<double>(), C, labels);
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
        std::vector<std::string> out;
        for (std::int64_t i = 0; i < fitted("cluster_centers_").size(0); ++i)
            out.push_back("kmeans" + std::to_string(i));
        return out;
    }

private:
    RowMatrix centers() const {
        const Tensor& c = fitted("cluster_centers_");
        return ConstMapRow(c.data<double>(), c.size(0), c.size(1));
    }

    // init as an array of shape (n_clusters, n_features) (_validate_center_shape's messages).
    RowMatrix initArray(const ParamValue& init, std::int64_t k, std::int64_t p) const {
        const auto& rows = init.items();
        if (static_cast<std::int64_t>(rows.size()) != k)
            throw ValueError("The shape of the initial centers (" + std::to_string(rows.size()) +
                             ", ...) does not match the number of clusters " + std::to_string(k) + ".");
        RowMatrix out(k, p);
        for (std::int64_t j = 0; j < k; ++j) {
            const auto& row = rows[j].isSequence() ? rows[j].items() : std::vector<ParamValue>{rows[j]};
            if (static_cast<std::int64_t>(row.size()) != p)
                throw ValueError("The shape of the initial centers (" + std::to_string(k) + ", " +
                                 std::to_string(row.size()) + ") does not match the number of features of the data " +
                                 std::to_string(p) + ".");
            for (std::int64_t c = 0; c < p; ++c) out(j, c) = row[c].asDouble();
        }
        return out;
    }
};

const RegisterEstimator<KMeans> kKMeans({
    "KMeans",
    "sklearn.cluster",
    EstimatorKind::Clusterer,
    "K-Means clustering.",
    {
        {"n_clusters", 8, {intInterval(1, std::nullopt, Closed::Left)}, "Number of clusters (and centroids)."},
        {"init",
         "k-means++",
         {strOptions({"k-means++", "random"}), constraintOf(Constraint::Kind::ArrayLike)},
         "Seeding: 'k-means++', 'random' (distinct rows) or an array of initial centres."},
        {"n_init",
         "warn",
         {strOptions({"auto"}), hidden(strOptions({"warn"})), intInterval(1, std::nullopt, Closed::Left)},
         "Runs with different seeds ('warn' is sklearn 1.2's default and means 10; 'auto' 1 for k-means++)."},
        {"max_iter", 300, {intInterval(1, std::nullopt, Closed::Left)}, "Iterations of one run."},
        {"tol",
         1e-4,
         {realInterval(0, ParamValue(), Closed::Left)},
         "Center-shift tolerance, relative to the mean feature variance."},
        {"verbose", 0, {intInterval(0, std::nullopt, Closed::Left), booleanC()}, "Verbosity (Tessera prints nothing)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the initialisation."},
        {"copy_x", true, {booleanC()}, "Copy X (always: inputs are never changed)."},
        {"algorithm",
         "lloyd",
         {strOptions({"lloyd", "elkan", "auto", "full"})},
         "'lloyd', or 'elkan' (same clusters); 'auto' and 'full' are deprecated names of 'lloyd'."},
    },
    {"fit", "predict", "fit_predict", "transform", "fit_transform", "score", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
