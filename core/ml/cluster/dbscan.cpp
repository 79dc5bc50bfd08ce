// DBSCAN (sklearn/cluster/_dbscan.py and _dbscan_inner.pyx, 1.2.1): every row's eps-neighbourhood
// (itself included) from the neighbours search sklearn's NearestNeighbors would use — the same
// algorithm choice, kd-tree or brute force, and the same distance forms at the radius — then core rows
// (neighbour count, or weight sum, >= min_samples) and sklearn's depth-first labelling: clusters are
// numbered in the order of their lowest core row, and a border row takes the first cluster reaching it.
#include <cmath>
#include <vector>

#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"
#include "core/ml/neighbors/kd_tree.h"
#include "core/ml/neighbors/neighbors_search.h"

namespace tessera::ml {
namespace {

using neighbors::Metric;

// sklearn.metrics.pairwise._VALID_METRICS plus 'precomputed': the options of DBSCAN's metric.
const std::vector<std::string> kValidMetrics = {
    "braycurtis",  "canberra",   "chebyshev",     "cityblock",   "correlation",   "cosine",      "dice",
    "euclidean",   "hamming",    "haversine",     "jaccard",     "kulsinski",     "l1",          "l2",
    "mahalanobis", "manhattan",  "matching",      "minkowski",   "nan_euclidean", "precomputed", "rogerstanimoto",
    "russellrao",  "seuclidean", "sokalmichener", "sokalsneath", "sqeuclidean",   "wminkowski",  "yule"};

class DBSCAN : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        if (!param("metric_params").isNone())
            throw ValueError("DBSCAN: metric_params is not available in Tessera (use metric and p)");
        if (paramString("algorithm") == "ball_tree")
            throw ValueError("DBSCAN: algorithm='ball_tree' is not available in Tessera (auto, kd_tree and brute are)");
        const Tensor X = validateFitX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        std::vector<double> weights;
        if (sampleWeight.defined()) weights = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
        const std::vector<std::vector<std::int64_t>> hoods = neighborhoods(X);

        const double minSamples = static_cast<double>(paramInt("min_samples"));
        std::vector<char> core(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) {
            double count = static_cast<double>(hoods[i].size());
            if (!weights.empty()) {
                count = 0;
                for (std::int64_t j : hoods[i]) count += weights[j];
            }
            core[i] = count >= minSamples;
        }
        // dbscan_inner: a stack-based depth-first expansion from each unlabelled core row in index order.
        std::vector<std::int64_t> labels(static_cast<std::size_t>(n), -1), stack;
        std::int64_t next = 0;
        for (std::int64_t start = 0; start < n; ++start) {
            if (labels[start] != -1 || !core[start]) continue;
            std::int64_t i = start;
            while (true) {
                if (labels[i] == -1) {
                    labels[i] = next;
                    if (core[i])
                        for (std::int64_t v : hoods[i])
                            if (labels[v] == -1) stack.push_back(v);
                }
                if (stack.empty()) break;
                i = stack.back();
                stack.pop_back();
            }
            ++next;
        }
        std::vector<std::int64_t> coreIndices;
        std::vector<double> components;
        const double* x = X.data<double>();
        for (std::int64_t i = 0; i < n; ++i)
            if (core[i]) {
                coreIndices.push_back(i);
                components.insert(components.end(), x + i * p, x + (i + 1) * p);
            }
        const auto cores = static_cast<std::int64_t>(coreIndices.size());
        setAttribute("core_sample_indices_", Array(Tensor::fromVector<std::int64_t>(coreIndices, {cores})));
        setAttribute("labels_", Array(Tensor::fromVector<std::int64_t>(labels, {n})));
        setAttribute("components_", Array(Tensor::fromVector<double>(components, {cores, p})));
        return *this;
    }

    Array fitPredict(const Tensor& X, const Array& y, const Tensor& sw) override {
        fit(X, y, sw);
        return attribute("labels_");
    }

private:
    // NearestNeighbors(radius=eps, ...).fit(X).radius_neighbors(X, return_distance=False), as index sets.
    std::vector<std::vector<std::int64_t>> neighborhoods(const Tensor& X) const {
        const double eps = paramDouble("eps");
        const std::int64_t n = X.size(0), d = X.size(1);
        const std::string& metric = paramString("metric");
        if (metric == "precomputed") {
            if (n != d)
                throw ValueError("DBSCAN: a precomputed distance matrix must be square, got (" + std::to_string(n) +
                                 ", " + std::to_string(d) + ")");
            std::vector<std::vector<std::int64_t>> out(static_cast<std::size_t>(n));
            const double* D = X.data<double>();
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = 0; j < n; ++j)
                    if (D[i * n + j] <= eps) out[i].push_back(j);
            return out;
        }
        // NeighborsBase._fit: the effective metric (minkowski with p=1 or 2 becomes manhattan or euclidean).
        double minkowskiP = 0;
        Metric m = Metric::Euclidean;
        if (metric == "minkowski") {
            const ParamValue& p = param("p");
            if (p.isNone()) throw TypeError("'<' not supported between instances of 'NoneType' and 'int'");
            minkowskiP = p.asDouble();
            if (minkowskiP < 1)
                throw ValueError("DBSCAN: metric='minkowski' with p=" + p.repr() +
                                 " is not available in Tessera (p >= 1 is)");
            if (minkowskiP == 1) m = Metric::Manhattan;
            if (minkowskiP == 1 || minkowskiP == 2) minkowskiP = 0;
        } else if (metric == "manhattan" || metric == "cityblock" || metric == "l1") {
            m = Metric::Manhattan;
        } else if (metric != "euclidean" && metric != "l2") {
            throw ValueError("DBSCAN: metric='" + metric +
                             "' is not available in Tessera (euclidean, l2, manhattan, cityblock, l1, minkowski and "
                             "precomputed are)");
        }
        // 'auto': NearestNeighbors' default n_neighbors=5 takes brute force when 5 >= n // 2.
        std::string algorithm = paramString("algorithm");
        if (algorithm == "auto") algorithm = (d > 15 || 5 >= n / 2) ? "brute" : "kd_tree";
        if (minkowskiP != 0) return minkowskiNeighborhoods(X, eps, minkowskiP);
        const neighbors::RadiusNeighbors rn =
            algorithm == "kd_tree"
                ? neighbors::KdTree(X, paramInt("leaf_size"), m).queryRadius(X, eps, false)
                : neighbors::NeighborSearch(X, m, m == Metric::Euclidean).radiusNeighbors(X, eps, false);
        return rn.indices;
    }

    // Minkowski p other than 1 and 2: sklearn's trees and reductions compare sum |x - y|^p with eps^p.
    static std::vector<std::vector<std::int64_t>> minkowskiNeighborhoods(const Tensor& X, double eps, double p) {
        const std::int64_t n = X.size(0), d = X.size(1);
        const double* x = X.data<double>();
        const double r = std::pow(eps, p);
        std::vector<std::vector<std::int64_t>> out(static_cast<std::size_t>(n));
        kernels::parallelFor(0, n, 64, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i)
                for (std::int64_t j = 0; j < n; ++j) {
                    double s = 0;
                    for (std::int64_t c = 0; c < d; ++c) s += std::pow(std::abs(x[i * d + c] - x[j * d + c]), p);
                    if (s <= r) out[i].push_back(j);
                }
        });
        return out;
    }
};

const RegisterEstimator<DBSCAN> kDBSCAN({
    "DBSCAN",
    "sklearn.cluster",
    EstimatorKind::Clusterer,
    "Perform DBSCAN clustering from vector array or distance matrix.",
    {
        {"eps",
         0.5,
         {realInterval(0.0, ParamValue(), Closed::Neither)},
         "Maximum distance between two samples for one to be in the other's neighbourhood."},
        {"min_samples",
         5,
         {intInterval(1, std::nullopt, Closed::Left)},
         "Neighbourhood size (or weight), the row itself included, that makes a core row."},
        {"metric",
         "euclidean",
         {strOptions(kValidMetrics)},
         "Distance: euclidean/l2, manhattan/cityblock/l1, minkowski (with p) or precomputed in Tessera."},
        {"metric_params", ParamValue(), {constraintOf(Constraint::Kind::Dict), noneC()}, "Extra metric keywords."},
        {"algorithm",
         "auto",
         {strOptions({"auto", "ball_tree", "kd_tree", "brute"})},
         "Neighbour search: kd_tree, brute, or auto (kd_tree below 16 features, as sklearn chooses)."},
        {"leaf_size", 30, {intInterval(1, std::nullopt, Closed::Left)}, "Leaf size of the kd-tree."},
        {"p",
         ParamValue(),
         {realInterval(0.0, ParamValue(), Closed::Left), noneC()},
         "Power of the Minkowski metric (metric='minkowski')."},
        {"n_jobs",
         ParamValue(),
         {constraintOf(Constraint::Kind::Integral), noneC()},
         "Parallel jobs (Tessera uses its thread pool)."},
    },
    {"fit", "fit_predict"},
});

}  // namespace
}  // namespace tessera::ml
