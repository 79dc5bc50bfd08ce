// Note [Growing as sklearn grows]: the choices that decide which tree comes out follow grower.py and
// splitting.pyx of 1.2.1 step by step — the root's value is 0 (its gain is measured against 0, as
// TreeNode(value=0)); a split is taken only when its gain exceeds both the best so far (left-to-right
// scan first, missing values right; then, for a feature with missing values, right-to-left with missing
// values left) and min_gain_to_split; features are compared with `>` in index order; nodes wait in a
// heap ordered by gain with Python's heapq sift rules, so equal gains pop in sklearn's order; a feature
// without training NaNs sends them to the child with more rows. Histogram bins sum the float32
// gradients into float64 in row order (the node's rows kept in their original order by a stable
// partition), as histogram.pyx does, so the sums are sklearn's bits.
//
// Note [Categorical splits as sklearn finds them]: a categorical feature's bins are its known categories
// (and the missing bin, when training rows are missing there, as one more category). Categories whose
// hessian sum · (n / H) is below MIN_CAT_SUPPORT = 10 are left out and always go right; the others are
// ordered by G / (H + 10) with libc's qsort and the comparator `a < b ? -1 : 1` — glibc 2.36 sorts with
// its merge sort, which on ties takes the right half's element first, and `sortCategories` repeats that
// exact merge so equal ratios keep glibc's order — then scanned from the left (up to (n + 1) / 2
// categories going left) and from the right (up to (n + 1) / 2 - 1), as ordered values would be.
//
// Note [Monotonic bounds]: with monotonic constraints every value (the children's, and through them the
// gains) is clipped to the node's children bounds; a split whose clipped values break a feature's
// direction has gain -1. After a split on a constrained feature the children's own bounds meet at the
// mid value of the two children (the left child's upper bound for +1, its lower bound for -1); other
// splits pass the bounds on. Shrinkage is applied only after growth so that mid uses unshrunk values.
#include "core/ml/ensemble/hist_gradient_boosting/grower.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "core/ml/base/python_heapq.h"

namespace tessera::ml::hgb {
namespace {

struct Bin {
    double sumGradients = 0.0;
    double sumHessians = 0.0;
    uint32_t count = 0;
};

constexpr int kHistBins = 256;
// Rows × features below which a node's histograms are built on the calling thread.
constexpr int64_t kParallelWork = int64_t{1} << 15;
using Histograms = std::vector<Bin>;  // [features][256]

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMinCatSupport = 10.0;

struct SplitInfo {
    double gain = -1.0;
    int64_t featureIdx = 0;
    int64_t binIdx = 0;
    bool missingGoToLeft = false;
    bool isCategorical = false;
    Bitset leftCatBitset{};
    double sumGradientLeft = 0, sumHessianLeft = 0, sumGradientRight = 0, sumHessianRight = 0;
    uint32_t nSamplesLeft = 0, nSamplesRight = 0;
    double valueLeft = 0, valueRight = 0;
};

struct Node {
    int64_t depth = 0;
    int64_t start = 0, stop = 0;  // rows partition[start, stop)
    double sumGradients = 0, sumHessians = 0, value = 0;
    bool isLeaf = false, hasSplit = false;
    double lowerBound = -kInf, upperBound = kInf;  // children_lower_bound / children_upper_bound
    // Interaction constraints: the features this node may split on and the groups still open to it.
    std::vector<int64_t> allowedFeatures, interactionCstIndices;
    SplitInfo split;
    int64_t left = -1, right = -1;
    std::unique_ptr<Histograms> histograms;
    uint32_t nSamples() const { return static_cast<uint32_t>(stop - start); }
};

// compute_node_value: the Newton step, clipped to the bounds (infinite without monotonic constraints).
double computeNodeValue(double sumGradient, double sumHessian, double lower, double upper, double l2) {
    double value = -sumGradient / (sumHessian + l2 + 1e-15);
    if (value < lower) {
        value = lower;
    } else if (value > upper) {
        value = upper;
    }
    return value;
}

double splitGain(double gl, double hl, double gr, double hr, double lossCurrentNode, int8_t monotonic, double lower,
                 double upper, double l2) {
    const double vl = computeNodeValue(gl, hl, lower, upper, l2), vr = computeNodeValue(gr, hr, lower, upper, l2);
    if ((monotonic == 1 && vl > vr) || (monotonic == -1 && vl < vr)) return -1;
    double gain = lossCurrentNode;
    gain -= vl * gl;
    gain -= vr * gr;
    return gain;
}

class Grower {
public:
    Grower(const BinnedData& data, const std::vector<float>& g, const std::vector<float>& h, const GrowerParams& p,
           const std::vector<std::vector<double>>& thresholds)
        : m_data(data),
          m_g(g),
          m_h(h),
          m_p(p),
          m_thresholds(thresholds),
          m_constantHessian(h.size() == 1),
          m_monotonic(std::any_of(p.monotonicCst.begin(), p.monotonicCst.end(), [](int8_t c) { return c != 0; })),
          m_interaction(!p.interactionCst.empty()) {}

    GrownTree grow() {
        const int64_t n = m_data.rows;
        m_partition.resize(n);
        for (int64_t i = 0; i < n; ++i) m_partition[i] = static_cast<uint32_t>(i);
        m_orderedG.resize(n);
        if (!m_constantHessian) m_orderedH.resize(n);
        initialiseRoot();
        while (!m_heap.empty()) splitNext();
        for (const int64_t leaf : m_finalized) m_nodes[leaf].value *= m_p.shrinkage;
        GrownTree out;
        fillPredictor(out, 0);
        // n_categorical_splits rows: a split on the last non-missing bin takes none, its row stays zero.
        out.binnedLeftCatBitsets.resize(m_categoricalSplits, Bitset{});
        out.rawLeftCatBitsets.resize(m_categoricalSplits, Bitset{});
        for (const int64_t leaf : m_finalized)
            out.leaves.push_back({m_index[leaf], m_nodes[leaf].start, m_nodes[leaf].stop});
        out.partition = std::move(m_partition);
        return out;
    }

private:
    void initialiseRoot() {
        const int64_t n = m_data.rows;
        Node root;
        root.start = 0;
        root.stop = n;
        double sg = 0.0;
        for (int64_t i = 0; i < n; ++i) sg += m_g[i];
        root.sumGradients = sg;
        if (m_constantHessian) {
            root.sumHessians = static_cast<double>(m_h[0]) * static_cast<double>(n);
        } else {
            double sh = 0.0;
            for (int64_t i = 0; i < n; ++i) sh += m_h[i];
            root.sumHessians = sh;
        }
        root.value = 0.0;
        m_nodes.push_back(std::move(root));
        if (n < 2 * m_p.minSamplesLeaf || m_nodes[0].sumHessians < m_p.minHessianToSplit) {
            finalizeLeaf(0);
            return;
        }
        if (m_interaction) {
            for (size_t i = 0; i < m_p.interactionCst.size(); ++i) m_nodes[0].interactionCstIndices.push_back(i);
            m_nodes[0].allowedFeatures = unionOfGroups(m_nodes[0].interactionCstIndices, -1);
        }
        m_nodes[0].histograms = buildHistograms(m_nodes[0], true);
        computeBestSplitAndPush(0);
    }

    // The features of the groups `indices` (those holding `feature`, unless it is -1), in increasing order.
    std::vector<int64_t> unionOfGroups(const std::vector<int64_t>& indices, int64_t feature) const {
        std::vector<uint8_t> in(m_data.features, 0);
        for (const int64_t i : indices) {
            const std::vector<int64_t>& group = m_p.interactionCst[i];
            if (feature >= 0 && std::find(group.begin(), group.end(), feature) == group.end()) continue;
            for (const int64_t j : group) in[j] = 1;
        }
        std::vector<int64_t> out;
        for (int64_t j = 0; j < m_data.features; ++j)
            if (in[j]) out.push_back(j);
        return out;
    }

    // The features a node's histograms and split search cover: all, or its allowed ones.
    int64_t featureCount(const Node& node) const {
        return m_interaction ? static_cast<int64_t>(node.allowedFeatures.size()) : m_data.features;
    }
    int64_t featureAt(const Node& node, int64_t i) const { return m_interaction ? node.allowedFeatures[i] : i; }

    // compute_histograms_brute: one feature per task, each bin summed in the node's row order.
    std::unique_ptr<Histograms> buildHistograms(const Node& node, bool root) {
        const int64_t f = featureCount(node), n = node.stop - node.start;
        auto hist = std::make_unique<Histograms>(m_data.features * kHistBins);
        const uint32_t* rows = m_partition.data() + node.start;
        if (!root) {
            for (int64_t i = 0; i < n; ++i) m_orderedG[i] = m_g[rows[i]];
            if (!m_constantHessian)
                for (int64_t i = 0; i < n; ++i) m_orderedH[i] = m_h[rows[i]];
        }
        const float* g = root ? m_g.data() : m_orderedG.data();
        const float* h = m_constantHessian ? nullptr : (root ? m_h.data() : m_orderedH.data());
        auto feature = [&](int64_t i) {
            const int64_t j = featureAt(node, i);
            Bin* out = hist->data() + j * kHistBins;
            const uint8_t* col = m_data.binned + j * m_data.rows;
            if (root) {
                for (int64_t i = 0; i < n; ++i) {
                    Bin& b = out[col[i]];
                    b.sumGradients += g[i];
                    if (h) b.sumHessians += h[i];
                    ++b.count;
                }
            } else {
                for (int64_t i = 0; i < n; ++i) {
                    Bin& b = out[col[rows[i]]];
                    b.sumGradients += g[i];
                    if (h) b.sumHessians += h[i];
                    ++b.count;
                }
            }
        };
        // A task per feature pays only for large nodes; either way each bin's sum has one order.
        if (n * f >= kParallelWork) {
            tbb::parallel_for(int64_t{0}, f, feature);
        } else {
            for (int64_t j = 0; j < f; ++j) feature(j);
        }
        return hist;
    }

    static std::unique_ptr<Histograms> subtract(const Histograms& parent, const Histograms& sibling) {
        auto hist = std::make_unique<Histograms>(parent.size());
        for (size_t i = 0; i < parent.size(); ++i) {
            (*hist)[i].sumGradients = parent[i].sumGradients - sibling[i].sumGradients;
            (*hist)[i].sumHessians = parent[i].sumHessians - sibling[i].sumHessians;
            (*hist)[i].count = parent[i].count - sibling[i].count;
        }
        return hist;
    }

    double binHessian(const Bin& b) const { return m_constantHessian ? static_cast<double>(b.count) : b.sumHessians; }

    int8_t monotonicOf(int64_t f) const { return m_monotonic ? m_p.monotonicCst[f] : int8_t{0}; }

    double gainOf(const Node& node, int64_t f, double gl, double hl, double gr, double hr, double lossCurrent) const {
        return splitGain(gl, hl, gr, hr, lossCurrent, monotonicOf(f), node.lowerBound, node.upperBound,
                         m_p.l2Regularization);
    }

    void finishSplit(SplitInfo& s, const Node& node, double bestG, double bestH, uint32_t bestN) const {
        const double sg = node.sumGradients, sh = node.sumHessians;
        s.sumGradientLeft = bestG;
        s.sumGradientRight = sg - bestG;
        s.sumHessianLeft = bestH;
        s.sumHessianRight = sh - bestH;
        s.nSamplesLeft = bestN;
        s.nSamplesRight = node.nSamples() - bestN;
        s.valueLeft = computeNodeValue(s.sumGradientLeft, s.sumHessianLeft, node.lowerBound, node.upperBound,
                                       m_p.l2Regularization);
        s.valueRight = computeNodeValue(s.sumGradientRight, s.sumHessianRight, node.lowerBound, node.upperBound,
                                        m_p.l2Regularization);
    }

    void leftToRight(int64_t f, const Bin* hist, const Node& node, SplitInfo& s) const {
        const bool missing = m_data.hasMissingValues[f] != 0;
        const uint32_t end = (*m_data.nBinsNonMissing)[f] - 1 + (missing ? 1 : 0);
        const double sg = node.sumGradients, sh = node.sumHessians, lossCurrent = node.value * sg;
        const uint32_t n = node.nSamples();
        double gl = 0, hl = 0, bestGain = -1, bestG = 0, bestH = 0;
        uint32_t nl = 0, bestN = 0;
        int64_t bestBin = -1;
        for (uint32_t b = 0; b < end; ++b) {
            nl += hist[b].count;
            const uint32_t nr = n - nl;
            hl += binHessian(hist[b]);
            const double hr = sh - hl;
            gl += hist[b].sumGradients;
            const double gr = sg - gl;
            if (nl < m_p.minSamplesLeaf) continue;
            if (nr < m_p.minSamplesLeaf) break;
            if (hl < m_p.minHessianToSplit) continue;
            if (hr < m_p.minHessianToSplit) break;
            const double gain = gainOf(node, f, gl, hl, gr, hr, lossCurrent);
            if (gain > bestGain && gain > m_p.minGainToSplit) {
                bestGain = gain;
                bestBin = b;
                bestG = gl;
                bestH = hl;
                bestN = nl;
            }
        }
        if (bestBin < 0) return;
        s.gain = bestGain;
        s.binIdx = bestBin;
        s.missingGoToLeft = false;
        finishSplit(s, node, bestG, bestH, bestN);
    }

    void rightToLeft(int64_t f, const Bin* hist, const Node& node, SplitInfo& s) const {
        const int64_t start = static_cast<int64_t>((*m_data.nBinsNonMissing)[f]) - 2;
        const double sg = node.sumGradients, sh = node.sumHessians, lossCurrent = node.value * sg;
        const uint32_t n = node.nSamples();
        double gr = 0, hr = 0, bestGain = s.gain, bestG = 0, bestH = 0;
        uint32_t nr = 0, bestN = 0;
        int64_t bestBin = -1;
        for (int64_t b = start; b >= 0; --b) {
            const Bin& bin = hist[b + 1];
            nr += bin.count;
            const uint32_t nl = n - nr;
            hr += binHessian(bin);
            const double hl = sh - hr;
            gr += bin.sumGradients;
            const double gl = sg - gr;
            if (nr < m_p.minSamplesLeaf) continue;
            if (nl < m_p.minSamplesLeaf) break;
            if (hr < m_p.minHessianToSplit) continue;
            if (hl < m_p.minHessianToSplit) break;
            const double gain = gainOf(node, f, gl, hl, gr, hr, lossCurrent);
            if (gain > bestGain && gain > m_p.minGainToSplit) {
                bestGain = gain;
                bestBin = b;
                bestG = gl;
                bestH = hl;
                bestN = nl;
            }
        }
        if (bestBin < 0) return;
        s.gain = bestGain;
        s.binIdx = bestBin;
        s.missingGoToLeft = true;
        finishSplit(s, node, bestG, bestH, bestN);
    }

    struct CategoryInfo {
        uint32_t binIdx;
        double value;
    };

    // glibc 2.36's msort_with_tmp with the comparator `a.value < b.value ? -1 : 1` (Note [Categorical
    // splits as sklearn finds them]): halves sorted recursively, the merge taking the left element only
    // when it is strictly smaller.
    static void sortCategories(CategoryInfo* b, size_t n, std::vector<CategoryInfo>& tmp) {
        if (n <= 1) return;
        const size_t n1 = n / 2, n2 = n - n1;
        sortCategories(b, n1, tmp);
        sortCategories(b + n1, n2, tmp);
        size_t i = 0, j = n1, w = 0;
        while (i < n1 && j < n) tmp[w++] = b[i].value < b[j].value ? b[i++] : b[j++];
        while (i < n1) tmp[w++] = b[i++];
        std::copy(tmp.begin(), tmp.begin() + static_cast<std::ptrdiff_t>(w), b);
    }

    // _find_best_bin_to_split_category.
    void categorySplit(int64_t f, const Bin* hist, const Node& node, SplitInfo& s) const {
        const bool missing = m_data.hasMissingValues[f] != 0;
        const uint32_t nBins = (*m_data.nBinsNonMissing)[f];
        const double sg = node.sumGradients, sh = node.sumHessians;
        const uint32_t n = node.nSamples();
        const double supportFactor = static_cast<double>(n) / sh;
        std::vector<CategoryInfo> cats;
        cats.reserve(nBins + 1);
        auto consider = [&](uint32_t b) {
            const double hb = binHessian(hist[b]);
            if (hb * supportFactor >= kMinCatSupport) cats.push_back({b, hist[b].sumGradients / (hb + kMinCatSupport)});
        };
        for (uint32_t b = 0; b < nBins; ++b) consider(b);
        if (missing) consider(static_cast<uint32_t>(m_data.missingBin));
        const auto used = static_cast<int64_t>(cats.size());
        if (used <= 1) return;
        std::vector<CategoryInfo> tmp(cats.size());
        sortCategories(cats.data(), cats.size(), tmp);
        const double lossCurrent = node.value * sg;
        double bestGain = -1, bestG = 0, bestH = 0;
        uint32_t bestN = 0;
        int64_t bestThreshold = -1, bestDirection = 0;
        for (const int64_t direction : {int64_t{1}, int64_t{-1}}) {
            const int64_t middle = direction == 1 ? (used + 1) / 2 : (used + 1) / 2 - 1;
            double gl = 0, hl = 0;
            uint32_t nl = 0;
            for (int64_t i = 0; i < middle; ++i) {
                const int64_t sorted = direction == 1 ? i : used - 1 - i;
                const Bin& bin = hist[cats[sorted].binIdx];
                nl += bin.count;
                const uint32_t nr = n - nl;
                hl += binHessian(bin);
                const double hr = sh - hl;
                gl += bin.sumGradients;
                const double gr = sg - gl;
                if (nl < m_p.minSamplesLeaf || hl < m_p.minHessianToSplit) continue;
                if (nr < m_p.minSamplesLeaf || hr < m_p.minHessianToSplit) break;
                const double gain = gainOf(node, f, gl, hl, gr, hr, lossCurrent);
                if (gain > bestGain && gain > m_p.minGainToSplit) {
                    bestGain = gain;
                    bestThreshold = sorted;
                    bestG = gl;
                    bestH = hl;
                    bestN = nl;
                    bestDirection = direction;
                }
            }
        }
        if (bestThreshold < 0) return;
        s.gain = bestGain;
        s.binIdx = 0;
        finishSplit(s, node, bestG, bestH, bestN);
        s.leftCatBitset = Bitset{};
        if (bestDirection == 1) {
            for (int64_t i = 0; i <= bestThreshold; ++i) setBitset(s.leftCatBitset, cats[i].binIdx);
        } else {
            for (int64_t i = used - 1; i >= bestThreshold; --i) setBitset(s.leftCatBitset, cats[i].binIdx);
        }
        if (missing) s.missingGoToLeft = inBitset(s.leftCatBitset, static_cast<uint32_t>(m_data.missingBin));
    }

    // find_node_split: each (allowed) feature's best split (a few hundred bins: cheaper than a task), then
    // the first feature of the highest gain.
    SplitInfo findNodeSplit(const Node& node) const {
        const int64_t f = featureCount(node);
        std::vector<SplitInfo> infos(f);
        for (int64_t i = 0; i < f; ++i) {
            const int64_t j = featureAt(node, i);
            infos[i].featureIdx = j;
            const Bin* hist = node.histograms->data() + j * kHistBins;
            if (!m_data.isCategorical.empty() && m_data.isCategorical[j]) {
                infos[i].isCategorical = true;
                categorySplit(j, hist, node, infos[i]);
                continue;
            }
            leftToRight(j, hist, node, infos[i]);
            if (m_data.hasMissingValues[j]) rightToLeft(j, hist, node, infos[i]);
        }
        int64_t best = 0;
        for (int64_t i = 1; i < f; ++i)
            if (infos[i].gain > infos[best].gain) best = i;
        return infos[best];
    }

    void computeBestSplitAndPush(int64_t id) {
        m_nodes[id].split = findNodeSplit(m_nodes[id]);
        m_nodes[id].hasSplit = true;
        if (m_nodes[id].split.gain <= 0) {
            finalizeLeaf(id);
        } else {
            heapPush(id);
        }
    }

    void finalizeLeaf(int64_t id) {
        m_nodes[id].isLeaf = true;
        m_finalized.push_back(id);
    }

    // Python's heapq with TreeNode.__lt__ (higher gain first).
    bool less(int64_t a, int64_t b) const { return m_nodes[a].split.gain > m_nodes[b].split.gain; }
    void heapPush(int64_t id) {
        heapqPush(m_heap, id, [this](int64_t a, int64_t b) { return less(a, b); });
    }
    int64_t heapPop() {
        return heapqPop(m_heap, [this](int64_t a, int64_t b) { return less(a, b); });
    }

    // split_indices: a stable partition of the node's rows (left rows first).
    int64_t partitionRows(const Node& node) {
        const SplitInfo& s = node.split;
        const uint8_t* col = m_data.binned + s.featureIdx * m_data.rows;
        const auto missing = static_cast<uint8_t>(m_data.missingBin);
        std::vector<uint32_t> right;
        right.reserve(s.nSamplesRight);
        int64_t w = node.start;
        for (int64_t i = node.start; i < node.stop; ++i) {
            const uint32_t r = m_partition[i];
            const uint8_t b = col[r];
            const bool left =
                s.isCategorical ? inBitset(s.leftCatBitset, b) : (s.missingGoToLeft && b == missing) || b <= s.binIdx;
            if (left) {
                m_partition[w++] = r;
            } else {
                right.push_back(r);
            }
        }
        std::copy(right.begin(), right.end(), m_partition.begin() + w);
        return w - node.start;
    }

    // Note [Monotonic bounds].
    void setChildrenBounds(int64_t id, int64_t l, int64_t r) {
        const Node& node = m_nodes[id];
        const int8_t cst = m_p.monotonicCst[node.split.featureIdx];
        double lowerLeft = node.lowerBound, upperLeft = node.upperBound;
        double lowerRight = node.lowerBound, upperRight = node.upperBound;
        if (cst != 0) {
            const double mid = (m_nodes[l].value + m_nodes[r].value) / 2;
            if (cst == 1) {
                upperLeft = mid;
                lowerRight = mid;
            } else {
                lowerLeft = mid;
                upperRight = mid;
            }
        }
        m_nodes[l].lowerBound = lowerLeft;
        m_nodes[l].upperBound = upperLeft;
        m_nodes[r].lowerBound = lowerRight;
        m_nodes[r].upperBound = upperRight;
    }

    void splitNext() {
        const int64_t id = heapPop();
        const int64_t rightChildPos = partitionRows(m_nodes[id]);
        const int64_t depth = m_nodes[id].depth + 1;
        const auto nLeafNodes = static_cast<int64_t>(m_finalized.size() + m_heap.size()) + 2;
        Node left, right;
        const SplitInfo& s = m_nodes[id].split;
        left.depth = right.depth = depth;
        left.sumGradients = s.sumGradientLeft;
        left.sumHessians = s.sumHessianLeft;
        left.value = s.valueLeft;
        right.sumGradients = s.sumGradientRight;
        right.sumHessians = s.sumHessianRight;
        right.value = s.valueRight;
        left.start = m_nodes[id].start;
        left.stop = left.start + rightChildPos;
        right.start = left.stop;
        right.stop = m_nodes[id].stop;
        if (m_interaction) {
            left.interactionCstIndices.clear();
            for (const int64_t i : m_nodes[id].interactionCstIndices) {
                const std::vector<int64_t>& group = m_p.interactionCst[i];
                if (std::find(group.begin(), group.end(), s.featureIdx) != group.end())
                    left.interactionCstIndices.push_back(i);
            }
            left.allowedFeatures = unionOfGroups(left.interactionCstIndices, -1);
            right.interactionCstIndices = left.interactionCstIndices;
            right.allowedFeatures = left.allowedFeatures;
        }
        if (!m_data.hasMissingValues[s.featureIdx])
            m_nodes[id].split.missingGoToLeft = left.nSamples() > right.nSamples();
        const auto l = static_cast<int64_t>(m_nodes.size());
        const int64_t r = l + 1;
        m_nodes.push_back(std::move(left));
        m_nodes.push_back(std::move(right));
        m_nodes[id].left = l;
        m_nodes[id].right = r;
        if (m_p.maxLeafNodes > 0 && nLeafNodes == m_p.maxLeafNodes) {
            finalizeLeaf(l);
            finalizeLeaf(r);
            while (!m_heap.empty()) {
                finalizeLeaf(m_heap.back());
                m_heap.pop_back();
            }
            m_nodes[id].histograms.reset();
            return;
        }
        if (m_p.maxDepth > 0 && depth == m_p.maxDepth) {
            finalizeLeaf(l);
            finalizeLeaf(r);
            m_nodes[id].histograms.reset();
            return;
        }
        if (m_nodes[l].nSamples() < m_p.minSamplesLeaf * 2) finalizeLeaf(l);
        if (m_nodes[r].nSamples() < m_p.minSamplesLeaf * 2) finalizeLeaf(r);
        if (m_monotonic) setChildrenBounds(id, l, r);
        const bool splitLeft = !m_nodes[l].isLeaf, splitRight = !m_nodes[r].isLeaf;
        if (splitLeft || splitRight) {
            const bool leftSmaller = m_nodes[l].nSamples() < m_nodes[r].nSamples();
            const int64_t smallest = leftSmaller ? l : r, largest = leftSmaller ? r : l;
            m_nodes[smallest].histograms = buildHistograms(m_nodes[smallest], false);
            m_nodes[largest].histograms = subtract(*m_nodes[id].histograms, *m_nodes[smallest].histograms);
            if (splitLeft) computeBestSplitAndPush(l);
            if (splitRight) computeBestSplitAndPush(r);
            for (const int64_t c : {l, r})
                if (m_nodes[c].isLeaf) m_nodes[c].histograms.reset();
        }
        m_nodes[id].histograms.reset();
    }

    // _fill_predictor_arrays: preorder (node, left subtree, right subtree).
    void fillPredictor(GrownTree& tree, int64_t id) {
        std::vector<PredictorNode>& out = tree.nodes;
        if (m_index.size() < m_nodes.size()) m_index.resize(m_nodes.size(), -1);
        const Node& g = m_nodes[id];
        m_index[id] = static_cast<int64_t>(out.size());
        PredictorNode p;
        p.count = g.nSamples();
        p.depth = g.depth;
        p.gain = g.hasSplit ? g.split.gain : -1.0;
        p.value = g.value;
        if (g.isLeaf) {
            p.isLeaf = true;
            out.push_back(p);
            return;
        }
        p.featureIdx = g.split.featureIdx;
        p.binThreshold = g.split.binIdx;
        p.missingGoToLeft = g.split.missingGoToLeft;
        p.isCategorical = g.split.isCategorical;
        const std::vector<double>& thresholds = m_thresholds[p.featureIdx];
        if (g.split.isCategorical) ++m_categoricalSplits;
        if (g.split.binIdx == static_cast<int64_t>((*m_data.nBinsNonMissing)[p.featureIdx]) - 1) {
            p.numThreshold = kInf;
        } else if (g.split.isCategorical) {
            // set_raw_bitset_from_binned_bitset: bin b of the known categories is raw category int(t[b]).
            p.bitsetIdx = static_cast<int64_t>(tree.binnedLeftCatBitsets.size());
            Bitset raw{};
            for (size_t b = 0; b < thresholds.size(); ++b)
                if (inBitset(g.split.leftCatBitset, static_cast<uint32_t>(b)))
                    setBitset(raw, static_cast<uint32_t>(static_cast<int64_t>(thresholds[b])));
            tree.binnedLeftCatBitsets.push_back(g.split.leftCatBitset);
            tree.rawLeftCatBitsets.push_back(raw);
        } else {
            p.numThreshold = thresholds[g.split.binIdx];
        }
        const size_t self = out.size();
        out.push_back(p);
        out[self].left = static_cast<int64_t>(out.size());
        fillPredictor(tree, g.left);
        out[self].right = static_cast<int64_t>(out.size());
        fillPredictor(tree, g.right);
    }

    const BinnedData& m_data;
    const std::vector<float>& m_g;
    const std::vector<float>& m_h;
    const GrowerParams& m_p;
    const std::vector<std::vector<double>>& m_thresholds;
    const bool m_constantHessian, m_monotonic, m_interaction;
    size_t m_categoricalSplits = 0;
    std::vector<Node> m_nodes;
    std::vector<int64_t> m_heap, m_finalized, m_index;
    std::vector<uint32_t> m_partition;
    std::vector<float> m_orderedG, m_orderedH;
};

}  // namespace

GrownTree growTree(const BinnedData& data, const std::vector<float>& gradients, const std::vector<float>& hessians,
                   const GrowerParams& params, const std::vector<std::vector<double>>& thresholds) {
    return Grower(data, gradients, hessians, params, thresholds).grow();
}

}  // namespace tessera::ml::hgb
