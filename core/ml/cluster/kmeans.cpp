// KMeans (sklearn/cluster/_kmeans.py and _k_means_lloyd.pyx / _k_means_elkan.pyx, 1.2.1): data centred
// on their mean, k-means++ (n_local_trials = 2 + log k, candidates by searchsorted on the cumulative
// potential) or 'random' seeds drawn from RandomState as sklearn draws them, n_init runs keeping the
// lowest inertia, Lloyd iterations with sklearn's strict-convergence and center-shift tests, empty
// clusters relocated to the farthest points, and a final E-step when the shift test stopped the run.
// 'elkan' gives Elkan's results (exact nearest centres by direct distances); the triangle-inequality
// bounds, which only skip work, are not used.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "core/kernels/parallel.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "core/ml/cluster/kmeans_common.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

using cluster::ConstMapRow;
using cluster::RowMatrix;
using cluster::squaredDistance;

struct Run {
    std::vector<std::int64_t> labels;
    double inertia = 0;
    RowMatrix centers;
    std::int64_t nIter = 0;
};

// The M-step with _relocate_empty_clusters_dense and _average_centers; returns sum of squared shifts.
double updateCenters(const RowMatrix& X, const std::vector<double>& w, const RowMatrix& old,
                     const std::vector<std::int64_t>& labels, RowMatrix& out) {
    const Eigen::Index n = X.rows(), p = X.cols(), k = old.rows();
    out = RowMatrix::Zero(k, p);
    std::vector<double> weight(static_cast<std::size_t>(k), 0.0);
    const double* x = X.data();
    double* sums = out.data();
    for (Eigen::Index i = 0; i < n; ++i) {
        double* sum = sums + labels[i] * p;
        const double* row = x + i * p;
        for (Eigen::Index c = 0; c < p; ++c) sum[c] += row[c] * w[i];
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
        cluster::assignLabels(X, centers, direct, r.labels);
        const double shift = updateCenters(X, w, centers, r.labels, next);
        std::swap(centers, next);
        if (r.labels == old) {
            strict = true;
            break;
        }
        if (shift <= tol) break;
        old = r.labels;
    }
    if (!strict) cluster::assignLabels(X, centers, direct, r.labels);
    r.inertia = cluster::inertiaOf(X, w, centers, r.labels);
    r.centers = std::move(centers);
    r.nIter = std::min(i, maxIter - 1) + 1;
    return r;
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

class KMeans : public cluster::KMeansBase {
public:
    using KMeansBase::KMeansBase;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "restarts", 0);
        clearAttributes();
        const Tensor Xt = validateFitX(Xin);
        const std::int64_t n = Xt.size(0), p = Xt.size(1), k = paramInt("n_clusters");
        checkSamples(n, k);
        RowMatrix X = ConstMapRow(Xt.data<double>(), n, p);
        const std::vector<double> w = sampleWeightOrOnes(sampleWeight, n).toVector<double>();

        const Eigen::RowVectorXd mean = X.colwise().sum() / static_cast<double>(n);
        const double tol = cluster::tolerance(X, paramDouble("tol"));
        const ParamValue& init = param("init");
        const bool arrayInit = init.isSequence();
        const std::int64_t nInit = runs(10);
        report.setTotal(nInit);
        RowMatrix given;
        if (arrayInit) {
            given = initArray(k, p);
            given.rowwise() -= mean;
        }
        X.rowwise() -= mean;
        const Eigen::VectorXd xNorms = X.rowwise().squaredNorm();
        const std::string& algorithm = paramString("algorithm");
        const bool direct = algorithm == "elkan" && k > 1;
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(param("random_state").asInt()));
        // Every run's seeds are drawn first, in sklearn's order from the one RandomState; the runs, which
        // draw nothing, then go in parallel, and the best is picked in run order as sklearn's loop does.
        std::vector<RowMatrix> seeds(static_cast<std::size_t>(nInit));
        for (std::int64_t run = 0; run < nInit; ++run) {
            RowMatrix& s = seeds[static_cast<std::size_t>(run)];
            if (arrayInit) {
                s = given;
            } else if (init.asString() == "k-means++") {
                s = cluster::kmeansPlusPlus(X, xNorms, k, rs);
            } else {
                const std::vector<std::int64_t> perm = rs.permutation(n);
                s.resize(k, p);
                for (std::int64_t j = 0; j < k; ++j) s.row(j) = X.row(perm[j]);
            }
        }
        std::vector<Run> results(static_cast<std::size_t>(nInit));
        const std::int64_t maxIter = paramInt("max_iter");
        kernels::parallelFor(0, nInit, 1, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t run = lo; run < hi; ++run) {
                report.checkStop();
                results[static_cast<std::size_t>(run)] =
                    runSingle(X, w, std::move(seeds[static_cast<std::size_t>(run)]), maxIter, tol, direct);
                report.advance();
            }
        });
        Run best;
        bool have = false;
        for (Run& r : results) {
            if (!have || (r.inertia < best.inertia && !sameClustering(r.labels, best.labels, k))) {
                best = std::move(r);
                have = true;
            }
        }
        best.centers.rowwise() += mean;
        const std::set<std::int64_t> distinct(best.labels.begin(), best.labels.end());
        if (static_cast<std::int64_t>(distinct.size()) < k)
            warn(WarningCategory::ConvergenceWarning, "Number of distinct clusters (" +
                                                          std::to_string(distinct.size()) +
                                                          ") found smaller than n_clusters (" + std::to_string(k) +
                                                          "). Possibly due to duplicate points in X.");
        setCenters(best.centers);
        setAttribute("labels_", Array(Tensor::fromVector<std::int64_t>(best.labels, {n})));
        setAttribute("inertia_", Array(Tensor::scalar<double>(best.inertia)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(best.nIter)));
        return *this;
    }
};

const RegisterEstimator<KMeans> kKMeans({
    "KMeans",
    "sklearn.cluster",
    EstimatorKind::Clusterer,
    "K-Means clustering.",
    cluster::baseKMeansParams(
        "Seeding: 'k-means++', 'random' (distinct rows) or an array of initial centres.",
        "Runs with different seeds ('warn' is sklearn 1.2's default and means 10; 'auto' 1 for k-means++).",
        {
            {"max_iter", 300, {intInterval(1, std::nullopt, Closed::Left)}, "Iterations of one run."},
            {"tol",
             1e-4,
             {realInterval(0, ParamValue(), Closed::Left)},
             "Center-shift tolerance, relative to the mean feature variance."},
            {"verbose",
             0,
             {intInterval(0, std::nullopt, Closed::Left), booleanC()},
             "Verbosity (Tessera prints nothing)."},
            {"random_state",
             ParamValue(),
             {constraintOf(Constraint::Kind::RandomState)},
             "Seed of the initialisation."},
            {"copy_x", true, {booleanC()}, "Copy X (always: inputs are never changed)."},
            {"algorithm",
             "lloyd",
             {strOptions({"lloyd", "elkan", "auto", "full"})},
             "'lloyd', or 'elkan' (same clusters); 'auto' and 'full' are deprecated names of 'lloyd'."},
        }),
    {"fit", "predict", "fit_predict", "transform", "fit_transform", "score", "get_feature_names_out"},
});

}  // namespace

std::vector<std::int64_t> cluster::kmeansLabels(const RowMatrix& Xin, std::int64_t k, RandomState& rs) {
    const Eigen::Index n = Xin.rows();
    RowMatrix X = Xin;
    const double tol = tolerance(X, 1e-4);
    X.rowwise() -= X.colwise().sum() / static_cast<double>(n);
    const Eigen::VectorXd xNorms = X.rowwise().squaredNorm();
    RowMatrix seeds = kmeansPlusPlus(X, xNorms, k, rs);
    return runSingle(X, std::vector<double>(static_cast<std::size_t>(n), 1.0), std::move(seeds), 300, tol, false)
        .labels;
}

}  // namespace tessera::ml
