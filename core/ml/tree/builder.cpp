#include "core/ml/tree/builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/ml/tree/absolute_error_criterion.h"
#include "core/ml/tree/criterion.h"
#include "core/ml/tree/sklearn_sort.h"
#include "core/tensor/error.h"

namespace tessera::ml::tree {

namespace {

using detail::kEpsilon;
using detail::kInf;

constexpr float kFeatureThreshold = 1e-7f;

// sklearn/tree/_utils.pyx: xorshift with RAND_R_MAX as modulus.
struct RandR {
    uint32_t state;
    uint32_t next() {
        if (state == 0) state = 1;
        state ^= static_cast<uint32_t>(state << 13);
        state ^= static_cast<uint32_t>(state >> 17);
        state ^= static_cast<uint32_t>(state << 5);
        return state % (kRandRMax + 1u);
    }
    int64_t randInt(int64_t low, int64_t high) { return low + static_cast<int64_t>(next()) % (high - low); }
    double randUniform(double low, double high) {
        return ((high - low) * static_cast<double>(next()) / static_cast<double>(kRandRMax)) + low;
    }
};

struct SplitRecord {
    int64_t feature = 0;
    int64_t pos = 0;
    double threshold = 0.0;
    double improvement = -kInf;
    double impurityLeft = kInf;
    double impurityRight = kInf;
};

template <class Crit>
class Splitter {
public:
    Splitter(const TrainingData& X, const double* y, const double* sw, Crit& crit, const TreeParams& p, bool sortByRank)
        : m_X(X), m_crit(crit), m_params(p), m_rand{p.seed} {
        const int64_t n = X.rows();
        m_samples.reserve(n);
        double weighted = 0.0;
        for (int64_t i = 0; i < n; ++i) {
            if (!sw || sw[i] != 0.0) m_samples.push_back(i);
            weighted += sw ? sw[i] : 1.0;
        }
        m_weightedNSamples = weighted;
        m_features.resize(X.cols());
        for (int64_t j = 0; j < X.cols(); ++j) m_features[j] = j;
        m_constantFeatures.assign(X.cols(), 0);
        m_Xf.assign(n, 0.0f);
        // Note [Sorting by rank]: a column without repeated values has one sorted order, whatever the sort.
        m_rankColumns.assign(X.cols(), sortByRank ? 1 : 0);
        for (int64_t j = 0; j < X.cols(); ++j)
            if (X.distinctCount(j) == n) m_rankColumns[j] = 1;
        if (p.splitter == SplitterKind::Best) {
            m_packed.resize(n);
            m_scratch.resize(n);
            m_tiedMark.assign(n, 0);
            m_work.resize(n);
        }
        m_maxFeatures = p.maxFeatures < 0 ? X.cols() : p.maxFeatures;
        if (p.splitter == SplitterKind::Best) presort();
        crit.y = y;
        crit.sampleWeight = sw;
        crit.samples = m_samples.data();
        crit.weightedNSamples = weighted;
    }

    int64_t nSamples() const { return static_cast<int64_t>(m_samples.size()); }

    void nodeReset(int64_t start, int64_t end, double* weightedNNodeSamples) {
        m_start = start;
        m_end = end;
        m_crit.init(start, end);
        *weightedNNodeSamples = m_crit.weightedNNodeSamples;
    }

    double nodeImpurity() const { return m_crit.nodeImpurity(); }
    void nodeValue(double* dest) const { m_crit.nodeValue(dest); }

    void nodeSplit(double impurity, SplitRecord* split, int64_t* nConstantFeatures) {
        if (m_params.splitter == SplitterKind::Best) {
            splitBest(impurity, split, nConstantFeatures);
        } else {
            splitRandom(impurity, split, nConstantFeatures);
        }
    }

private:
    // Records the split's children impurities and improvement once samples are partitioned.
    void finishSplit(double impurity, SplitRecord& best) {
        m_crit.reset();
        m_crit.update(best.pos);
        m_crit.childrenImpurity(&best.impurityLeft, &best.impurityRight);
        best.improvement = m_crit.improvement(impurity, best.impurityLeft, best.impurityRight);
    }

    void partition(const SplitRecord& best) {
        const float* col = m_X.column(best.feature);
        int64_t p = m_start, partitionEnd = m_end;
        while (p < partitionEnd) {
            if (col[m_samples[p]] <= best.threshold) {
                ++p;
            } else {
                --partitionEnd;
                std::swap(m_samples[p], m_samples[partitionEnd]);
            }
        }
    }

    // Note [Sorting by rank]: when every sum the criterion forms is exact — class counts with integer
    // weights (none, bootstrap counts, integer sample weights) — the order of tied values changes no
    // bit of the tree, so sklearn's introsort can give way to a stable radix sort of each value's
    // rank among its column's distinct values; the values themselves come back from the rank table.
    // Sums of fractional weights or of regression targets depend on that order: where a node holds
    // tied values of the feature, the rank sort's result guides sklearn's own introsort down the
    // subarrays holding the ties (Note [Introsort with the ties only] in sklearn_sort.h); everywhere
    // else (distinct values have one sorted order) the rank sort is the result — boosting's and
    // regression forests' continuous features.
    //
    // Note [Presorted lists]: when a node sorts a good share of the features (max_features at least a
    // quarter of them), each feature keeps the tree's samples as (rank << 32 | sample) in ascending
    // order, one list per feature whose range [start, end) holds the node's samples; a split divides
    // every list stably into its children's ranges, one sequential pass per feature instead of a radix
    // sort per visited feature. Sizes are capped so a large X does not pay columns × rows × 8 bytes.
    void presort() {
        const int64_t nS = nSamples(), cols = m_X.cols();
        if (m_maxFeatures * 4 < cols || nS * cols > (int64_t{1} << 24) || nS < 256) return;
        m_lists.resize(nS * cols);
        m_goesLeft.assign(m_X.rows(), 0);
        for (const int64_t i : m_samples) m_goesLeft[i] = 1;  // membership while the lists are built
        for (int64_t f = 0; f < cols; ++f) {
            const uint32_t* order = m_X.order(f);
            const uint32_t* rank = m_X.ranks(f);
            uint64_t* list = m_lists.data() + f * nS;
            for (int64_t i = 0, k = 0, rows = m_X.rows(); i < rows; ++i) {
                const uint32_t r = order[i];
                if (m_goesLeft[r]) list[k++] = (static_cast<uint64_t>(rank[r]) << 32) | r;
            }
        }
        for (const int64_t i : m_samples) m_goesLeft[i] = 0;
        m_presorted = true;
    }

    // Divides every presorted list's range [start, end) into the children's [start, pos) and [pos, end),
    // keeping each side in ascending order; m_samples is already partitioned.
    void partitionLists(int64_t start, int64_t pos, int64_t end) {
        const int64_t nS = nSamples(), n = end - start;
        for (int64_t i = start; i < pos; ++i) m_goesLeft[m_samples[i]] = 1;
        uint64_t* right = m_scratch.data();
        for (int64_t f = 0, cols = m_X.cols(); f < cols; ++f) {
            uint64_t* list = m_lists.data() + f * nS + start;
            int64_t l = 0, r = 0;
            for (int64_t i = 0; i < n; ++i) {
                const uint64_t v = list[i];
                const bool left = m_goesLeft[v & 0xFFFFFFFFu];
                list[l] = v;
                right[r] = v;
                l += left;
                r += !left;
            }
            std::copy_n(right, r, list + l);
        }
        for (int64_t i = start; i < pos; ++i) m_goesLeft[m_samples[i]] = 0;
    }

    // rankSorted returns the node's (rank << 32 | sample) pairs of feature f in ascending order.
    const uint64_t* rankSorted(int64_t f, int64_t start, int64_t end) {
        if (m_presorted) return m_lists.data() + f * nSamples() + start;
        const uint32_t* rank = m_X.ranks(f);
        const int64_t n = end - start;
        const int64_t* samples = m_samples.data() + start;
        uint64_t* a = m_packed.data();
        for (int64_t i = 0; i < n; ++i) {
            a[i] = (static_cast<uint64_t>(rank[samples[i]]) << 32) | static_cast<uint64_t>(samples[i]);
        }
        if (n < 256) {
            std::sort(a, a + n);
            return a;
        }
        uint64_t* src = a;
        uint64_t* dst = m_scratch.data();
        const uint64_t maxRank = static_cast<uint64_t>(m_X.distinctCount(f) - 1);
        for (int shift = 32; shift < 64 && (maxRank >> (shift - 32)) != 0; shift += 8) {
            int64_t count[257] = {};
            for (int64_t i = 0; i < n; ++i) ++count[((src[i] >> shift) & 255) + 1];
            if (std::find(count + 1, count + 257, n) != count + 257) continue;  // one digit only
            for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
            for (int64_t i = 0; i < n; ++i) dst[count[(src[i] >> shift) & 255]++] = src[i];
            std::swap(src, dst);
        }
        return src;
    }

    void writeSorted(const uint64_t* a, int64_t f, int64_t start, int64_t end) {
        const float* distinct = m_X.distinctValues(f);
        int64_t* samples = m_samples.data() + start;
        float* Xf = m_Xf.data() + start;
        for (int64_t i = 0, n = end - start; i < n; ++i) {
            samples[i] = static_cast<int64_t>(a[i] & 0xFFFFFFFFu);
            Xf[i] = distinct[a[i] >> 32];
        }
    }

    // The node's samples sorted by feature f with ties in sklearn's introsort order.
    void sortAsSklearn(int64_t f, int64_t start, int64_t end) {
        const uint64_t* a = rankSorted(f, start, end);
        const int64_t n = end - start;
        int64_t nTied = 0;
        for (int64_t i = 1; i < n; ++i) {
            if ((a[i] >> 32) != (a[i - 1] >> 32)) continue;
            uint8_t& prev = m_tiedMark[a[i - 1] & 0xFFFFFFFFu];
            nTied += 1 - prev;
            prev = 1;
            m_tiedMark[a[i] & 0xFFFFFFFFu] = 1;
            ++nTied;
        }
        if (nTied == 0) {
            writeSorted(a, f, start, end);
            return;
        }
        const uint32_t* rank = m_X.ranks(f);
        const int64_t* samples = m_samples.data() + start;
        uint64_t* work = m_work.data();
        for (int64_t i = 0; i < n; ++i) {
            const int64_t s = samples[i];
            work[i] = (static_cast<uint64_t>(rank[s]) << 32) | (static_cast<uint64_t>(m_tiedMark[s]) << 31) |
                      static_cast<uint64_t>(s);
        }
        for (int64_t i = 0; i < n; ++i) m_tiedMark[a[i] & 0xFFFFFFFFu] = 0;
        detail::introsortTies(work, n, detail::introsortDepth(n), a, nTied);
        const float* distinct = m_X.distinctValues(f);
        int64_t* out = m_samples.data() + start;
        float* Xf = m_Xf.data() + start;
        for (int64_t i = 0; i < n; ++i) {
            out[i] = static_cast<int64_t>(work[i] & detail::kSampleMask);
            Xf[i] = distinct[work[i] >> 32];
        }
    }

    void restoreConstants(int64_t nKnown, int64_t nFound) {
        std::copy_n(m_constantFeatures.begin(), nKnown, m_features.begin());
        std::copy_n(m_features.begin() + nKnown, nFound, m_constantFeatures.begin() + nKnown);
    }

    void splitBest(double impurity, SplitRecord* split, int64_t* nConstantFeatures) {
        const int64_t start = m_start, end = m_end;
        const int64_t minLeaf = m_params.minSamplesLeaf;
        const double minWeightLeaf = m_params.minWeightLeaf;
        float* Xf = m_Xf.data();
        SplitRecord best, current;
        best.pos = end;
        double bestProxy = -kInf;
        int64_t fI = static_cast<int64_t>(m_features.size());
        int64_t nVisited = 0, nFound = 0, nDrawn = 0;
        const int64_t nKnown = *nConstantFeatures;
        int64_t nTotal = nKnown;

        while (fI > nTotal && (nVisited < m_maxFeatures || nVisited <= nFound + nDrawn)) {
            ++nVisited;
            int64_t fJ = m_rand.randInt(nDrawn, fI - nFound);
            if (fJ < nKnown) {
                std::swap(m_features[nDrawn], m_features[fJ]);
                ++nDrawn;
                continue;
            }
            fJ += nFound;
            current.feature = m_features[fJ];
            if (m_rankColumns[current.feature]) {
                writeSorted(rankSorted(current.feature, start, end), current.feature, start, end);
            } else {
                sortAsSklearn(current.feature, start, end);
            }
            if (Xf[end - 1] <= Xf[start] + kFeatureThreshold) {
                std::swap(m_features[fJ], m_features[nTotal]);
                ++nFound;
                ++nTotal;
                continue;
            }
            --fI;
            std::swap(m_features[fI], m_features[fJ]);

            m_crit.reset();
            int64_t p = start;
            while (p < end) {
                while (p + 1 < end && Xf[p + 1] <= Xf[p] + kFeatureThreshold) ++p;
                ++p;
                if (p >= end) continue;
                if (p - start < minLeaf || end - p < minLeaf) continue;
                current.pos = p;
                m_crit.update(p);
                if (m_crit.weightedNLeft < minWeightLeaf || m_crit.weightedNRight < minWeightLeaf) continue;
                const double proxy = m_crit.proxyImpurityImprovement();
                if (proxy > bestProxy) {
                    bestProxy = proxy;
                    // The midpoint of neighbouring float32 values, kept as float64; if it rounds up to
                    // the right value (or overflows), the left value.
                    double t = Xf[p - 1] / 2.0 + Xf[p] / 2.0;
                    if (t == Xf[p] || t == kInf || t == -kInf) t = Xf[p - 1];
                    current.threshold = t;
                    best = current;
                }
            }
        }
        if (best.pos < end) {
            partition(best);
            if (m_presorted) partitionLists(start, best.pos, end);
            finishSplit(impurity, best);
        }
        restoreConstants(nKnown, nFound);
        *split = best;
        *nConstantFeatures = nTotal;
    }

    void splitRandom(double impurity, SplitRecord* split, int64_t* nConstantFeatures) {
        const int64_t start = m_start, end = m_end;
        const int64_t minLeaf = m_params.minSamplesLeaf;
        const double minWeightLeaf = m_params.minWeightLeaf;
        int64_t* samples = m_samples.data();
        float* Xf = m_Xf.data();
        SplitRecord best, current;
        best.pos = end;
        double bestProxy = -kInf;
        int64_t fI = static_cast<int64_t>(m_features.size());
        int64_t nVisited = 0, nFound = 0, nDrawn = 0;
        const int64_t nKnown = *nConstantFeatures;
        int64_t nTotal = nKnown;

        while (fI > nTotal && (nVisited < m_maxFeatures || nVisited <= nFound + nDrawn)) {
            ++nVisited;
            int64_t fJ = m_rand.randInt(nDrawn, fI - nFound);
            if (fJ < nKnown) {
                std::swap(m_features[nDrawn], m_features[fJ]);
                ++nDrawn;
                continue;
            }
            fJ += nFound;
            current.feature = m_features[fJ];
            const float* col = m_X.column(current.feature);
            float minValue = col[samples[start]];
            float maxValue = minValue;
            Xf[start] = minValue;
            for (int64_t p = start + 1; p < end; ++p) {
                const float v = col[samples[p]];
                Xf[p] = v;
                if (v < minValue) {
                    minValue = v;
                } else if (v > maxValue) {
                    maxValue = v;
                }
            }
            if (maxValue <= minValue + kFeatureThreshold) {
                std::swap(m_features[fJ], m_features[nTotal]);
                ++nFound;
                ++nTotal;
                continue;
            }
            --fI;
            std::swap(m_features[fI], m_features[fJ]);

            current.threshold = m_rand.randUniform(minValue, maxValue);
            if (current.threshold == maxValue) current.threshold = minValue;
            int64_t p = start, partitionEnd = end;
            while (p < partitionEnd) {
                if (Xf[p] <= current.threshold) {
                    ++p;
                } else {
                    --partitionEnd;
                    std::swap(Xf[p], Xf[partitionEnd]);
                    std::swap(samples[p], samples[partitionEnd]);
                }
            }
            current.pos = partitionEnd;
            if (current.pos - start < minLeaf || end - current.pos < minLeaf) continue;
            m_crit.reset();
            m_crit.update(current.pos);
            if (m_crit.weightedNLeft < minWeightLeaf || m_crit.weightedNRight < minWeightLeaf) continue;
            const double proxy = m_crit.proxyImpurityImprovement();
            if (proxy > bestProxy) {
                bestProxy = proxy;
                best = current;
            }
        }
        if (best.pos < end) {
            if (current.feature != best.feature) partition(best);
            finishSplit(impurity, best);
        }
        restoreConstants(nKnown, nFound);
        *split = best;
        *nConstantFeatures = nTotal;
    }

    const TrainingData& m_X;
    Crit& m_crit;
    const TreeParams& m_params;
    RandR m_rand;
    std::vector<int64_t> m_samples;
    std::vector<int64_t> m_features;
    std::vector<int64_t> m_constantFeatures;
    std::vector<float> m_Xf;
    std::vector<char> m_rankColumns;  // per feature: the rank sort alone gives sklearn's tree
    std::vector<uint64_t> m_packed, m_scratch;
    std::vector<uint64_t> m_lists;    // Note [Presorted lists]: nSamples() per feature
    std::vector<uint8_t> m_goesLeft;  // per sample, while partitionLists runs
    bool m_presorted = false;
    std::vector<uint64_t> m_work;     // sortAsSklearn's packed words
    std::vector<uint8_t> m_tiedMark;  // per sample: its value of the feature being sorted is tied in the node
    int64_t m_maxFeatures = 0;
    double m_weightedNSamples = 0.0;
    int64_t m_start = 0, m_end = 0;
};

template <class Crit>
void buildDepthFirst(Splitter<Crit>& splitter, Tree& tree, const TreeParams& p) {
    const int64_t maxDepth = p.maxDepth < 0 ? std::numeric_limits<int32_t>::max() : p.maxDepth;
    struct Record {
        int64_t start, end, depth, parent;
        bool isLeft;
        double impurity;
        int64_t nConstantFeatures;
    };
    std::vector<Record> stack{{0, splitter.nSamples(), 0, kUndefined, false, kInf, 0}};
    bool first = true;
    int64_t maxDepthSeen = -1;
    const int64_t stride = tree.valueStride();
    while (!stack.empty()) {
        Record rec = stack.back();
        stack.pop_back();
        const int64_t nNode = rec.end - rec.start;
        double weightedNNode = 0.0;
        splitter.nodeReset(rec.start, rec.end, &weightedNNode);
        bool isLeaf = rec.depth >= maxDepth || nNode < p.minSamplesSplit || nNode < 2 * p.minSamplesLeaf ||
                      weightedNNode < 2 * p.minWeightLeaf;
        if (first) {
            rec.impurity = splitter.nodeImpurity();
            first = false;
        }
        isLeaf = isLeaf || rec.impurity <= kEpsilon;
        SplitRecord split;
        if (!isLeaf) {
            splitter.nodeSplit(rec.impurity, &split, &rec.nConstantFeatures);
            isLeaf = split.pos >= rec.end || split.improvement + kEpsilon < p.minImpurityDecrease;
        }
        const int64_t id = tree.addNode(rec.parent, rec.isLeft, isLeaf, split.feature, split.threshold, rec.impurity,
                                        nNode, weightedNNode);
        splitter.nodeValue(tree.value.data() + id * stride);
        if (!isLeaf) {
            stack.push_back({split.pos, rec.end, rec.depth + 1, id, false, split.impurityRight, rec.nConstantFeatures});
            stack.push_back({rec.start, split.pos, rec.depth + 1, id, true, split.impurityLeft, rec.nConstantFeatures});
        }
        maxDepthSeen = std::max(maxDepthSeen, rec.depth);
    }
    tree.maxDepth = maxDepthSeen;
}

struct FrontierRecord {
    int64_t nodeId, start, end, pos, depth;
    bool isLeaf;
    double impurity, impurityLeft, impurityRight, improvement;
};

template <class Crit>
FrontierRecord addSplitNode(Splitter<Crit>& splitter, Tree& tree, const TreeParams& p, int64_t maxDepth, int64_t start,
                            int64_t end, double impurity, bool isFirst, bool isLeft, int64_t parent, int64_t depth) {
    double weightedNNode = 0.0;
    splitter.nodeReset(start, end, &weightedNNode);
    if (isFirst) impurity = splitter.nodeImpurity();
    const int64_t nNode = end - start;
    bool isLeaf = depth >= maxDepth || nNode < p.minSamplesSplit || nNode < 2 * p.minSamplesLeaf ||
                  weightedNNode < 2 * p.minWeightLeaf || impurity <= kEpsilon;
    SplitRecord split;
    // Best-first growth keeps no constant-feature bookkeeping between nodes, as sklearn's.
    int64_t nConstantFeatures = 0;
    if (!isLeaf) {
        splitter.nodeSplit(impurity, &split, &nConstantFeatures);
        isLeaf = split.pos >= end || split.improvement + kEpsilon < p.minImpurityDecrease;
    }
    const int64_t id =
        tree.addNode(parent, isLeft, isLeaf, split.feature, split.threshold, impurity, nNode, weightedNNode);
    splitter.nodeValue(tree.value.data() + id * tree.valueStride());
    FrontierRecord res{id, start, end, end, depth, true, impurity, impurity, impurity, 0.0};
    if (!isLeaf) {
        res.pos = split.pos;
        res.isLeaf = false;
        res.improvement = split.improvement;
        res.impurityLeft = split.impurityLeft;
        res.impurityRight = split.impurityRight;
    }
    return res;
}

template <class Crit>
void buildBestFirst(Splitter<Crit>& splitter, Tree& tree, const TreeParams& p) {
    const int64_t maxDepth = p.maxDepth < 0 ? std::numeric_limits<int32_t>::max() : p.maxDepth;
    int64_t maxSplitNodes = p.maxLeafNodes - 1;
    int64_t maxDepthSeen = -1;
    // std::push_heap / pop_heap with sklearn's comparator, so equal improvements pop in its order.
    auto less = [](const FrontierRecord& a, const FrontierRecord& b) { return a.improvement < b.improvement; };
    std::vector<FrontierRecord> frontier;
    frontier.push_back(
        addSplitNode(splitter, tree, p, maxDepth, 0, splitter.nSamples(), kInf, true, true, kUndefined, 0));
    std::push_heap(frontier.begin(), frontier.end(), less);
    while (!frontier.empty()) {
        std::pop_heap(frontier.begin(), frontier.end(), less);
        const FrontierRecord rec = frontier.back();
        frontier.pop_back();
        if (rec.isLeaf || maxSplitNodes <= 0) {
            tree.childrenLeft[rec.nodeId] = kLeaf;
            tree.childrenRight[rec.nodeId] = kLeaf;
            tree.feature[rec.nodeId] = kUndefined;
            tree.threshold[rec.nodeId] = kUndefined;
        } else {
            --maxSplitNodes;
            const FrontierRecord left = addSplitNode(splitter, tree, p, maxDepth, rec.start, rec.pos, rec.impurityLeft,
                                                     false, true, rec.nodeId, rec.depth + 1);
            const FrontierRecord right = addSplitNode(splitter, tree, p, maxDepth, rec.pos, rec.end, rec.impurityRight,
                                                      false, false, rec.nodeId, rec.depth + 1);
            frontier.push_back(left);
            std::push_heap(frontier.begin(), frontier.end(), less);
            frontier.push_back(right);
            std::push_heap(frontier.begin(), frontier.end(), less);
        }
        maxDepthSeen = std::max(maxDepthSeen, rec.depth);
    }
    tree.maxDepth = maxDepthSeen;
}

// Whether Note [Sorting by rank] applies: class counts summed from integer weights stay exact.
bool exactSums(bool classification, const std::vector<double>& sw) {
    if (!classification) return false;
    double total = 0.0;
    for (const double w : sw) {
        if (w != std::floor(w) || w < 0.0) return false;
        total += w;
    }
    return total < 9007199254740992.0;  // 2^53
}

template <class Crit>
void grow(Crit& crit, const TrainingData& X, const std::vector<double>& y, const std::vector<double>& sw,
          const TreeParams& p, Tree& tree) {
    const bool classification = p.criterion == Criterion::Gini || p.criterion == Criterion::Entropy;
    Splitter<Crit> splitter(X, y.data(), sw.empty() ? nullptr : sw.data(), crit, p,
                            p.splitter == SplitterKind::Best && exactSums(classification, sw));
    if (p.maxLeafNodes < 0) {
        buildDepthFirst(splitter, tree, p);
    } else {
        buildBestFirst(splitter, tree, p);
    }
}

}  // namespace

Tree buildTree(const TrainingData& X, const std::vector<double>& y, const std::vector<int64_t>& nClasses,
               const std::vector<double>& sampleWeight, const TreeParams& params) {
    const int64_t rows = X.rows();
    if (rows == 0) throw ValueError("buildTree: X has no row (at least one sample is required to fit a tree)");
    if (y.empty() || static_cast<int64_t>(y.size()) % rows != 0) {
        throw ValueError("buildTree: y has " + std::to_string(y.size()) + " values, not a multiple of X's " +
                         std::to_string(rows) + " rows");
    }
    const int64_t nOutputs = static_cast<int64_t>(y.size()) / rows;
    if (!sampleWeight.empty() && static_cast<int64_t>(sampleWeight.size()) != rows) {
        throw ValueError("buildTree: sample_weight has " + std::to_string(sampleWeight.size()) + " values for X's " +
                         std::to_string(rows) + " rows");
    }
    const bool classification = params.criterion == Criterion::Gini || params.criterion == Criterion::Entropy;
    if (classification && static_cast<int64_t>(nClasses.size()) != nOutputs) {
        throw ValueError("buildTree: a classification criterion needs n_classes for each of the " +
                         std::to_string(nOutputs) + " outputs, got " + std::to_string(nClasses.size()));
    }
    if (params.minSamplesLeaf < 1 || params.minSamplesSplit < 2) {
        throw ValueError("buildTree: min_samples_leaf must be >= 1 and min_samples_split >= 2, got " +
                         std::to_string(params.minSamplesLeaf) + " and " + std::to_string(params.minSamplesSplit));
    }

    Tree tree;
    tree.nFeatures = X.cols();
    tree.nOutputs = nOutputs;
    tree.nClasses = classification ? nClasses : std::vector<int64_t>(nOutputs, 1);
    tree.maxNClasses = *std::max_element(tree.nClasses.begin(), tree.nClasses.end());

    switch (params.criterion) {
        case Criterion::Gini: {
            detail::ClassificationCriterion<false> c;
            c.setup(nOutputs, nClasses);
            grow(c, X, y, sampleWeight, params, tree);
            break;
        }
        case Criterion::Entropy: {
            detail::ClassificationCriterion<true> c;
            c.setup(nOutputs, nClasses);
            grow(c, X, y, sampleWeight, params, tree);
            break;
        }
        case Criterion::SquaredError: {
            detail::RegressionCriterion<0> c;
            c.setup(nOutputs);
            grow(c, X, y, sampleWeight, params, tree);
            break;
        }
        case Criterion::FriedmanMse: {
            detail::RegressionCriterion<1> c;
            c.setup(nOutputs);
            grow(c, X, y, sampleWeight, params, tree);
            break;
        }
        case Criterion::Poisson: {
            detail::RegressionCriterion<2> c;
            c.setup(nOutputs);
            grow(c, X, y, sampleWeight, params, tree);
            break;
        }
        case Criterion::AbsoluteError: {
            detail::AbsoluteErrorCriterion c;
            c.setup(nOutputs);
            grow(c, X, y, sampleWeight, params, tree);
            break;
        }
    }
    return tree;
}

}  // namespace tessera::ml::tree
