// AgglomerativeClustering without a connectivity graph, as sklearn 1.2.1 builds it
// (sklearn/cluster/_agglomerative.py): ward, complete and average go to scipy 1.10's
// hierarchy.linkage — pdist distances, the nearest-neighbour chain with the Lance–Williams updates,
// a stable sort by merge distance and the union-find relabelling (smaller root first) — and single
// linkage to sklearn's own MST (mst_linkage_core over the metric, stable sort, _single_linkage_label,
// which keeps the MST's edge direction). Labels come from _hc_cut, whose Python heapq order decides
// which cluster gets which number.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

// sklearn.metrics.pairwise._VALID_METRICS plus 'precomputed'.
const std::vector<std::string> kValidMetrics = {
    "braycurtis",  "canberra",   "chebyshev",     "cityblock",   "correlation",   "cosine",      "dice",
    "euclidean",   "hamming",    "haversine",     "jaccard",     "kulsinski",     "l1",          "l2",
    "mahalanobis", "manhattan",  "matching",      "minkowski",   "nan_euclidean", "precomputed", "rogerstanimoto",
    "russellrao",  "seuclidean", "sokalmichener", "sokalsneath", "sqeuclidean",   "wminkowski",  "yule"};

enum class Dist { Euclidean, Cityblock, Cosine };

double rowDistance(const double* a, const double* b, std::int64_t p, Dist d) {
    if (d == Dist::Cityblock) {
        double s = 0;
        for (std::int64_t c = 0; c < p; ++c) s += std::abs(a[c] - b[c]);
        return s;
    }
    if (d == Dist::Cosine) {
        double ab = 0, aa = 0, bb = 0;
        for (std::int64_t c = 0; c < p; ++c) ab += a[c] * b[c], aa += a[c] * a[c], bb += b[c] * b[c];
        double cosine = ab / (std::sqrt(aa) * std::sqrt(bb));
        if (std::abs(cosine) > 1.0) cosine = std::copysign(1.0, cosine);  // scipy clips rounding error
        return 1.0 - cosine;
    }
    double s = 0;
    for (std::int64_t c = 0; c < p; ++c) s += (a[c] - b[c]) * (a[c] - b[c]);
    return std::sqrt(s);
}

// Index of (i, j), i != j, in scipy's condensed distance vector.
inline std::int64_t condensed(std::int64_t n, std::int64_t i, std::int64_t j) {
    if (i > j) std::swap(i, j);
    return n * i - i * (i + 1) / 2 + (j - i - 1);
}

struct Merge {
    std::int64_t a = 0, b = 0;
    double distance = 0;
};

enum class Linkage { Ward, Complete, Average, Single };

// scipy's nn_chain (linkage methods complete, average, ward) on a condensed matrix.
std::vector<Merge> nnChain(std::vector<double> D, std::int64_t n, Linkage method) {
    std::vector<std::int64_t> size(static_cast<std::size_t>(n), 1), chain(static_cast<std::size_t>(n));
    std::vector<Merge> Z(static_cast<std::size_t>(n - 1));
    std::int64_t length = 0, y = 0;
    for (std::int64_t k = 0; k < n - 1; ++k) {
        if (length == 0) {
            length = 1;
            for (std::int64_t i = 0; i < n; ++i)
                if (size[i] > 0) {
                    chain[0] = i;
                    break;
                }
        }
        std::int64_t x = 0;
        double currentMin = 0;
        while (true) {
            x = chain[length - 1];
            // The previous element of the chain is preferred on ties, so that the chain cannot cycle.
            if (length > 1) {
                y = chain[length - 2];
                currentMin = D[condensed(n, x, y)];
            } else {
                currentMin = std::numeric_limits<double>::infinity();
            }
            for (std::int64_t i = 0; i < n; ++i) {
                if (size[i] == 0 || i == x) continue;
                const double d = D[condensed(n, x, i)];
                if (d < currentMin) currentMin = d, y = i;
            }
            if (length > 1 && y == chain[length - 2]) break;
            chain[length++] = y;
        }
        length -= 2;
        if (x > y) std::swap(x, y);
        const double nx = static_cast<double>(size[x]), ny = static_cast<double>(size[y]);
        Z[k] = {x, y, currentMin};
        size[x] = 0;
        size[y] += static_cast<std::int64_t>(nx);
        for (std::int64_t i = 0; i < n; ++i) {
            if (size[i] == 0 || i == y) continue;
            const double ni = static_cast<double>(size[i]);
            const double dxi = D[condensed(n, i, x)], dyi = D[condensed(n, i, y)];
            double v = 0;
            if (method == Linkage::Complete) {
                v = std::max(dxi, dyi);
            } else if (method == Linkage::Average) {
                v = (nx * dxi + ny * dyi) / (nx + ny);
            } else {
                const double t = 1.0 / (nx + ny + ni);
                v = std::sqrt((ni + nx) * t * dxi * dxi + (ni + ny) * t * dyi * dyi - ni * t * currentMin * currentMin);
            }
            D[condensed(n, i, y)] = v;
        }
    }
    return Z;
}

// scipy's mst_single_linkage on a condensed matrix (single linkage with a metric sklearn's
// DistanceMetric lacks, or precomputed distances).
std::vector<Merge> scipyMst(const std::vector<double>& D, std::int64_t n) {
    std::vector<char> merged(static_cast<std::size_t>(n), 0);
    std::vector<double> best(static_cast<std::size_t>(n), std::numeric_limits<double>::infinity());
    std::vector<Merge> Z(static_cast<std::size_t>(n - 1));
    std::int64_t x = 0, y = 0;
    for (std::int64_t k = 0; k < n - 1; ++k) {
        double currentMin = std::numeric_limits<double>::infinity();
        merged[x] = 1;
        for (std::int64_t i = 0; i < n; ++i) {
            if (merged[i]) continue;
            const double d = D[condensed(n, x, i)];
            if (best[i] > d) best[i] = d;
            if (best[i] < currentMin) y = i, currentMin = best[i];
        }
        Z[k] = {x, y, currentMin};
        x = y;
    }
    return Z;
}

// sklearn's mst_linkage_core: Prim's algorithm over rows, distances computed as needed.
std::vector<Merge> sklearnMst(const double* X, std::int64_t n, std::int64_t p, Dist metric) {
    std::vector<char> inTree(static_cast<std::size_t>(n), 0);
    std::vector<double> current(static_cast<std::size_t>(n), std::numeric_limits<double>::infinity());
    std::vector<Merge> out(static_cast<std::size_t>(n - 1));
    std::int64_t node = 0;
    for (std::int64_t i = 0; i < n - 1; ++i) {
        inTree[node] = 1;
        double newDistance = std::numeric_limits<double>::infinity();
        std::int64_t newNode = 0;
        for (std::int64_t j = 0; j < n; ++j) {
            if (inTree[j]) continue;
            const double left = rowDistance(X + node * p, X + j * p, p, metric);
            if (left < current[j]) current[j] = left;
            if (current[j] < newDistance) newDistance = current[j], newNode = j;
        }
        out[i] = {node, newNode, newDistance};
        node = newNode;
    }
    return out;
}

// The stable sort by distance (np.argsort kind='mergesort') both libraries apply, then the relabelling
// of scipy's label() (smaller root first) or of sklearn's _single_linkage_label (edge direction kept).
std::vector<Merge> relabel(std::vector<Merge> Z, std::int64_t n, bool orderRoots) {
    std::stable_sort(Z.begin(), Z.end(), [](const Merge& a, const Merge& b) { return a.distance < b.distance; });
    std::vector<std::int64_t> parent(static_cast<std::size_t>(2 * n - 1));
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](std::int64_t x) {
        std::int64_t root = x;
        while (parent[root] != root) root = parent[root];
        while (parent[x] != root) {
            const std::int64_t up = parent[x];
            parent[x] = root;
            x = up;
        }
        return root;
    };
    std::int64_t next = n;
    for (Merge& m : Z) {
        std::int64_t a = find(m.a), b = find(m.b);
        if (orderRoots && a > b) std::swap(a, b);
        m.a = a;
        m.b = b;
        parent[a] = parent[b] = next++;
    }
    return Z;
}

// Python's heapq on a list of ints (min-heap), as _hc_cut uses it.
void siftDown(std::vector<std::int64_t>& h, std::size_t start, std::size_t pos) {
    const std::int64_t item = h[pos];
    while (pos > start) {
        const std::size_t parent = (pos - 1) >> 1;
        if (item < h[parent]) {
            h[pos] = h[parent];
            pos = parent;
            continue;
        }
        break;
    }
    h[pos] = item;
}

void siftUp(std::vector<std::int64_t>& h, std::size_t pos) {
    const std::size_t end = h.size(), start = pos;
    const std::int64_t item = h[pos];
    std::size_t child = 2 * pos + 1;
    while (child < end) {
        const std::size_t right = child + 1;
        if (right < end && !(h[child] < h[right])) child = right;
        h[pos] = h[child];
        pos = child;
        child = 2 * pos + 1;
    }
    h[pos] = item;
    siftDown(h, start, pos);
}

void heapPush(std::vector<std::int64_t>& h, std::int64_t v) {
    h.push_back(v);
    siftDown(h, 0, h.size() - 1);
}

void heapPushPop(std::vector<std::int64_t>& h, std::int64_t v) {
    if (!h.empty() && h[0] < v) {
        std::swap(v, h[0]);
        siftUp(h, 0);
    }
}

// _hc_cut: split the highest nodes until n_clusters remain; cluster i is the i-th entry of the heap.
std::vector<std::int64_t> hcCut(std::int64_t nClusters, const std::vector<Merge>& children, std::int64_t leaves) {
    if (nClusters > leaves)
        throw ValueError("Cannot extract more clusters than samples: " + std::to_string(nClusters) +
                         " clusters where given for a tree with " + std::to_string(leaves) + " leaves.");
    std::vector<std::int64_t> nodes{-(std::max(children.back().a, children.back().b) + 1)};
    for (std::int64_t c = 0; c < nClusters - 1; ++c) {
        const Merge& these = children[static_cast<std::size_t>(-nodes[0] - leaves)];
        heapPush(nodes, -these.a);
        heapPushPop(nodes, -these.b);
    }
    std::vector<std::int64_t> labels(static_cast<std::size_t>(leaves), 0), stack;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        stack.assign(1, -nodes[i]);
        while (!stack.empty()) {
            const std::int64_t node = stack.back();
            stack.pop_back();
            if (node < leaves) {
                labels[node] = static_cast<std::int64_t>(i);
            } else {
                stack.push_back(children[node - leaves].a);
                stack.push_back(children[node - leaves].b);
            }
        }
    }
    return labels;
}

class AgglomerativeClustering : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin, false, 2);
        std::string metric = "euclidean";
        if (!(param("affinity").isString() && paramString("affinity") == "deprecated")) {
            if (!param("metric").isNone())
                throw ValueError(
                    "Both `affinity` and `metric` attributes were set. Attribute `affinity` was deprecated in version "
                    "1.2 and will be removed in 1.4. To avoid this error, only set the `metric` attribute.");
            metric = paramString("affinity");
        } else if (!param("metric").isNone()) {
            metric = paramString("metric");
        }
        const ParamValue& nClusters = param("n_clusters");
        const ParamValue& threshold = param("distance_threshold");
        if (nClusters.isNone() == threshold.isNone())
            throw ValueError(
                "Exactly one of n_clusters and distance_threshold has to be set, and the other needs to be None.");
        const ParamValue& fullTree = param("compute_full_tree");
        if (!threshold.isNone() && !fullTree.isString() && fullTree.asDouble() == 0)
            throw ValueError("compute_full_tree must be True if distance_threshold is set.");
        const std::string& linkageName = paramString("linkage");
        if (linkageName == "ward" && metric != "euclidean")
            throw ValueError(metric + " was provided as metric. Ward can only work with euclidean distances.");
        if (!param("connectivity").isNone())
            throw ValueError("AgglomerativeClustering: connectivity is not available in Tessera (None is)");

        const std::int64_t n = X.size(0);
        const std::vector<Merge> tree = buildTree(X, metric, linkageName);
        std::vector<std::int64_t> children;
        std::vector<double> distances;
        for (const Merge& m : tree) {
            children.push_back(m.a);
            children.push_back(m.b);
            distances.push_back(m.distance);
        }
        const bool returnDistance = !threshold.isNone() || paramBool("compute_distances");
        std::int64_t clusters = 0;
        if (!threshold.isNone()) {
            const double t = threshold.asDouble();
            clusters = 1 + std::count_if(distances.begin(), distances.end(), [t](double d) { return d >= t; });
        } else {
            clusters = nClusters.asInt();
        }
        setAttribute("children_", Array(Tensor::fromVector<std::int64_t>(children, {n - 1, 2})));
        setAttribute("n_connected_components_", Array(Tensor::scalar<std::int64_t>(1)));
        setAttribute("n_leaves_", Array(Tensor::scalar<std::int64_t>(n)));
        if (returnDistance) setAttribute("distances_", Array(Tensor::fromVector<double>(distances, {n - 1})));
        setAttribute("n_clusters_", Array(Tensor::scalar<std::int64_t>(clusters)));
        setAttribute("labels_", Array(Tensor::fromVector<std::int64_t>(hcCut(clusters, tree, n), {n})));
        return *this;
    }

    Array fitPredict(const Tensor& X, const Array& y, const Tensor& sw) override {
        fit(X, y, sw);
        return attribute("labels_");
    }

private:
    // ward_tree / linkage_tree for connectivity=None.
    std::vector<Merge> buildTree(const Tensor& X, std::string metric, const std::string& linkageName) const {
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        const Linkage method = linkageName == "ward"       ? Linkage::Ward
                               : linkageName == "complete" ? Linkage::Complete
                               : linkageName == "average"  ? Linkage::Average
                                                           : Linkage::Single;
        if (metric == "l2") metric = "euclidean";
        if (metric == "l1" || metric == "manhattan") metric = "cityblock";
        if (metric != "euclidean" && metric != "cityblock" && metric != "cosine" && metric != "precomputed")
            throw ValueError("AgglomerativeClustering: metric='" + metric +
                             "' is not available in Tessera (euclidean, l2, l1, manhattan, cityblock, cosine and "
                             "precomputed are)");
        const Dist dist = metric == "cityblock" ? Dist::Cityblock : metric == "cosine" ? Dist::Cosine : Dist::Euclidean;
        if (metric == "cosine")
            for (std::int64_t i = 0; i < n; ++i)
                if (std::all_of(x + i * p, x + (i + 1) * p, [](double v) { return v == 0; }))
                    throw ValueError("Cosine affinity cannot be used when X contains zero vectors");
        // sklearn's DistanceMetric has euclidean and cityblock: single linkage then runs on its own MST.
        if (method == Linkage::Single && metric != "precomputed" && metric != "cosine")
            return relabel(sklearnMst(x, n, p, dist), n, false);
        std::vector<double> D(static_cast<std::size_t>(n * (n - 1) / 2));
        if (metric == "precomputed") {
            if (n != p)
                throw ValueError("Distance matrix should be square, got matrix of shape (" + std::to_string(n) + ", " +
                                 std::to_string(p) + ")");
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = i + 1; j < n; ++j) D[condensed(n, i, j)] = x[i * n + j];
        } else {
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = i + 1; j < n; ++j)
                    D[condensed(n, i, j)] = rowDistance(x + i * p, x + j * p, p, dist);
        }
        if (!std::all_of(D.begin(), D.end(), [](double v) { return std::isfinite(v); }))
            throw ValueError("The condensed distance matrix must contain only finite values.");
        if (method == Linkage::Single) return relabel(scipyMst(D, n), n, true);
        return relabel(nnChain(std::move(D), n, method), n, true);
    }
};

const RegisterEstimator<AgglomerativeClustering> kAgglomerativeClustering({
    "AgglomerativeClustering",
    "sklearn.cluster",
    EstimatorKind::Clusterer,
    "Agglomerative Clustering.",
    {
        {"n_clusters",
         2,
         {intInterval(1, std::nullopt, Closed::Left), noneC()},
         "Number of clusters (None with distance_threshold)."},
        {"affinity",
         "deprecated",
         {hidden(strOptions({"deprecated"})), strOptions(kValidMetrics)},
         "Deprecated name of metric."},
        {"metric",
         ParamValue(),
         {strOptions(kValidMetrics), noneC()},
         "Distance (None: euclidean): euclidean/l2, l1/manhattan/cityblock, cosine or precomputed in Tessera."},
        {"memory",
         ParamValue(),
         {constraintOf(Constraint::Kind::String), hasMethods({"cache"}), noneC()},
         "Cache directory of the tree (Tessera computes it every time)."},
        {"connectivity",
         ParamValue(),
         {constraintOf(Constraint::Kind::ArrayLike), noneC()},
         "Connectivity graph (only None in Tessera)."},
        {"compute_full_tree",
         "auto",
         {strOptions({"auto"}), booleanC()},
         "Build the whole tree (always, without connectivity)."},
        {"linkage",
         "ward",
         {strOptions({"ward", "complete", "average", "single"})},
         "Merge criterion: ward, complete, average or single."},
        {"distance_threshold",
         ParamValue(),
         {realInterval(0, ParamValue(), Closed::Left), noneC()},
         "Linkage distance at and above which clusters are not merged."},
        {"compute_distances", false, {booleanC()}, "Store distances_ also without distance_threshold."},
    },
    {"fit", "fit_predict"},
});

}  // namespace
}  // namespace tessera::ml
