// IsolationForest (sklearn/ensemble/_iforest.py 1.2.1, on BaseBagging._fit): y drawn as
// RandomState(random_state).uniform(size=n), per tree a bagging seed from a second
// RandomState(random_state), the tree's features and rows drawn from RandomState(seed)
// (sample_without_replacement, or randint with bootstrap), and an ExtraTreeRegressor(max_features=1,
// splitter='random', max_depth=ceil(log2(max_samples))) grown on them exactly as sklearn grows it.
// Scores are sklearn's: 2^(-mean path length / c(max_samples)), path lengths counted in tree order.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "core/ml/base/n_jobs.h"
#include "core/ml/base/registry.h"
#include "core/ml/random_state.h"
#include "core/ml/tree/predictor.h"
#include "core/ml/tree/tree_estimators.h"

namespace tessera::ml {
namespace {

using tree::Tree;

constexpr int64_t kMaxInt = 2147483647;  // np.iinfo(np.int32).max
constexpr double kEulerGamma = 0.5772156649015329;

// sklearn.utils.random.sample_without_replacement(method='auto'): a permutation's prefix for ratios in
// (0.01, 0.99), tracking selection below 0.2, reservoir sampling otherwise.
std::vector<int64_t> sampleWithoutReplacement(int64_t population, int64_t count, RandomState& rng) {
    const double ratio = population != 0 ? static_cast<double>(count) / static_cast<double>(population) : 1.0;
    if (ratio > 0.01 && ratio < 0.99) {
        std::vector<int64_t> p = rng.permutation(population);
        p.resize(count);
        return p;
    }
    std::vector<int64_t> out(count);
    if (ratio < 0.2) {
        std::set<int64_t> selected;
        for (int64_t i = 0; i < count; ++i) {
            int64_t j = rng.randint(0, population);
            while (selected.count(j)) j = rng.randint(0, population);
            selected.insert(j);
            out[i] = j;
        }
        return out;
    }
    for (int64_t i = 0; i < count; ++i) out[i] = i;
    for (int64_t i = count; i < population; ++i) {
        const int64_t j = rng.randint(0, i + 1);
        if (j < count) out[j] = i;
    }
    return out;
}

// _average_path_length: c(n), the mean depth of an unsuccessful search in a binary search tree of n.
double averagePathLength(double n) {
    if (n <= 1) return 0.0;
    if (n == 2) return 1.0;
    return 2.0 * (std::log(n - 1.0) + kEulerGamma) - 2.0 * (n - 1.0) / n;
}

// numpy.percentile (method 'linear', numpy's two-sided lerp) of sorted values.
double percentile(const std::vector<double>& sorted, double q) {
    const double index = q / 100.0 * static_cast<double>(sorted.size() - 1);
    const double lo = std::floor(index);
    const auto i = static_cast<size_t>(lo);
    const size_t j = std::min(i + 1, sorted.size() - 1);
    const double t = index - lo, a = sorted[i], b = sorted[j], d = b - a;
    return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

class IsolationForest : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor& sampleWeight) override {
        validateParams();
        const bool warm = paramBool("warm_start") && isFitted();
        std::vector<Tree> trees = warm ? m_trees : std::vector<Tree>();
        std::vector<int64_t> seeds = warm ? fitted("_seeds").toVector<int64_t>() : std::vector<int64_t>();
        std::vector<int64_t> features = warm ? perTree("estimators_features_") : std::vector<int64_t>();
        std::vector<int64_t> samples = warm ? perTree("estimators_samples_") : std::vector<int64_t>();
        clearAttributes();
        const Tensor X = validateFitX(Xin);
        const int64_t n = X.size(0), d = X.size(1);
        const ParamValue& rs = param("random_state");
        const std::optional<int64_t> seed = rs.isNone() ? std::nullopt : std::optional<int64_t>(rs.asInt());
        // Two generators from one int seed (fit's and BaseBagging._fit's check_random_state); None is numpy's
        // one global generator for both.
        RandomState rngY = checkRandomState(seed);
        std::optional<RandomState> second;
        if (seed) second = checkRandomState(seed);
        const std::vector<double> y = rngY.uniform(0.0, 1.0, n);
        RandomState& bag = second ? *second : rngY;

        const ParamValue& ms = param("max_samples");
        int64_t maxSamples = ms.isString() ? std::min<int64_t>(256, n)
                             : ms.isInt()  ? std::min<int64_t>(ms.asInt(), n)
                                           : static_cast<int64_t>(ms.asDouble() * static_cast<double>(n));
        const int64_t maxDepth =
            static_cast<int64_t>(std::ceil(std::log2(static_cast<double>(std::max<int64_t>(maxSamples, 2)))));
        const ParamValue& mf = param("max_features");
        int64_t maxFeatures = mf.isInt() ? mf.asInt() : static_cast<int64_t>(mf.asDouble() * static_cast<double>(d));
        if (maxFeatures > d) throw ValueError("max_features must be <= n_features");
        maxFeatures = std::max<int64_t>(1, maxFeatures);
        if (warm && !trees.empty() &&
            static_cast<int64_t>(features.size()) != static_cast<int64_t>(trees.size()) * maxFeatures) {
            throw ValueError("IsolationForest: warm_start needs the max_features of the first fit");
        }
        const int64_t nMore = paramInt("n_estimators") - static_cast<int64_t>(trees.size());
        if (nMore < 0) {
            throw ValueError("n_estimators=" + std::to_string(paramInt("n_estimators")) +
                             " must be larger or equal to len(estimators_)=" + std::to_string(trees.size()) +
                             " when warm_start==True");
        }
        const std::vector<double> sw = sampleWeight.defined() ? sampleWeightOrOnes(sampleWeight, n).toVector<double>()
                                                              : std::vector<double>(n, 1.0);
        if (nMore > 0) {
            for (size_t i = 0; i < trees.size(); ++i) (void)bag.randint(0, kMaxInt);
            const std::vector<int64_t> fresh = bag.randint(0, kMaxInt, nMore);
            const bool bootstrap = paramBool("bootstrap");
            std::vector<std::vector<int64_t>> treeFeatures(nMore), treeSamples(nMore);
            for (int64_t t = 0; t < nMore; ++t) {
                RandomState draw(static_cast<uint32_t>(fresh[t]));
                treeFeatures[t] = sampleWithoutReplacement(d, maxFeatures, draw);
                treeSamples[t] =
                    bootstrap ? draw.randint(0, n, maxSamples) : sampleWithoutReplacement(n, maxSamples, draw);
            }
            const std::vector<float> X32 = tree::asFloat32(X);
            std::optional<tree::TrainingData> shared;
            if (maxFeatures == d) shared = tree::TrainingData::fromRowMajor(X32.data(), n, d);
            std::vector<Tree> grown(nMore);
            auto growOne = [&](size_t t) {
                std::vector<double> w = sw;
                if (bootstrap) {
                    std::vector<double> counts(n, 0.0);
                    for (const int64_t r : treeSamples[t]) counts[r] += 1.0;
                    for (int64_t r = 0; r < n; ++r) w[r] *= counts[r];
                } else {
                    std::vector<char> in(n, 0);
                    for (const int64_t r : treeSamples[t]) in[r] = 1;
                    for (int64_t r = 0; r < n; ++r)
                        if (!in[r]) w[r] = 0.0;
                }
                tree::TreeParams p;
                p.criterion = tree::Criterion::SquaredError;
                p.splitter = tree::SplitterKind::Random;
                p.maxDepth = maxDepth;
                p.maxFeatures = 1;
                p.seed = splitterSeed(fresh[t]);
                if (shared) {
                    grown[t] = tree::buildTree(*shared, y, {}, w, p);
                    return;
                }
                std::vector<float> sub(n * maxFeatures);
                for (int64_t r = 0; r < n; ++r)
                    for (int64_t j = 0; j < maxFeatures; ++j)
                        sub[r * maxFeatures + j] = X32[r * d + treeFeatures[t][j]];
                grown[t] = tree::buildTree(tree::TrainingData::fromRowMajor(sub.data(), n, maxFeatures), y, {}, w, p);
            };
            tbb::task_arena arena(threadsForJobs(param("n_jobs")));
            arena.execute([&] { tbb::parallel_for(size_t{0}, static_cast<size_t>(nMore), size_t{1}, growOne); });
            for (int64_t t = 0; t < nMore; ++t) {
                trees.push_back(std::move(grown[t]));
                seeds.push_back(fresh[t]);
                features.insert(features.end(), treeFeatures[t].begin(), treeFeatures[t].end());
                samples.insert(samples.end(), treeSamples[t].begin(), treeSamples[t].end());
            }
        }
        m_trees = std::move(trees);
        const auto count = static_cast<int64_t>(m_trees.size());
        tree::Attributes a;
        for (int64_t i = 0; i < count; ++i)
            tree::appendTreeAttributes(a, m_trees[i], "estimators_." + std::to_string(i) + ".");
        for (auto& [name, value] : a) setAttribute(name, std::move(value));
        setPerTree("estimators_features_", features, count, maxFeatures);
        setPerTree("estimators_samples_", samples, count, maxSamples);
        setAttribute("_seeds", Array(Tensor::fromVector<int64_t>(seeds, {count})));
        setAttribute("max_samples_", Array(Tensor::scalar<int64_t>(maxSamples)));
        rebuildScorer();
        const ParamValue& contamination = param("contamination");
        double offset = -0.5;  // 'auto': the paper's threshold 0.5, negated as the scores are
        if (!contamination.isString()) {
            std::vector<double> s = scores(X);
            std::sort(s.begin(), s.end());
            offset = percentile(s, 100.0 * contamination.asDouble());
        }
        setAttribute("offset_", Array(Tensor::scalar<double>(offset)));
        return *this;
    }

    Tensor scoreSamples(const Tensor& Xin) const override {
        checkFitted();
        const Tensor X = validateX(Xin);
        std::vector<double> s = scores(X);
        return Tensor::fromVector<double>(s, {X.size(0)});
    }

    Tensor decisionFunction(const Tensor& X) const override {
        std::vector<double> s = scoreSamples(X).toVector<double>();
        const double offset = fitted("offset_").item<double>();
        for (double& v : s) v -= offset;
        return Tensor::fromVector<double>(s, {static_cast<int64_t>(s.size())});
    }

    Array predict(const Tensor& X) const override {
        const std::vector<double> f = decisionFunction(X).toVector<double>();
        std::vector<int64_t> out(f.size());
        for (size_t i = 0; i < f.size(); ++i) out[i] = f[i] < 0 ? -1 : 1;
        return Array(Tensor::fromVector<int64_t>(out, {static_cast<int64_t>(out.size())}));
    }

    std::vector<HeldEstimators> heldEstimators() const override {
        if (m_held.size() != m_trees.size()) buildHeld();
        return {{"estimators_", HeldEstimators::Form::List, m_held}};
    }

protected:
    void attributesRestored() override {
        const int64_t features = fitted("estimators_features_.0").size(0);
        m_trees.clear();
        for (size_t i = 0; hasAttribute("estimators_." + std::to_string(i) + ".tree_.node_count"); ++i)
            m_trees.push_back(tree::treeFromAttributes(*this, "estimators_." + std::to_string(i) + ".", features, {}));
        rebuildScorer();
    }

private:
    // sklearn's estimators_features_ and estimators_samples_ are lists of one array per tree, stored as
    // NAME.0, NAME.1, … (Note [Attributes that are dicts or objects]); here they are read and written as
    // one row-major [trees, width] block.
    std::vector<int64_t> perTree(const std::string& name) const {
        std::vector<int64_t> out;
        for (size_t i = 0; hasAttribute(name + "." + std::to_string(i)); ++i) {
            const std::vector<int64_t> row = fitted(name + "." + std::to_string(i)).toVector<int64_t>();
            out.insert(out.end(), row.begin(), row.end());
        }
        return out;
    }
    void setPerTree(const std::string& name, const std::vector<int64_t>& flat, int64_t count, int64_t width) {
        for (int64_t i = 0; i < count; ++i)
            setAttribute(name + "." + std::to_string(i),
                         Array(Tensor::fromVector<int64_t>(
                             std::vector<int64_t>(flat.begin() + i * width, flat.begin() + (i + 1) * width), {width})));
    }

    // _set_random_states with an int seed gives the tree RandomState(seed).randint(MAX_INT), and the
    // tree draws its splitter seed from that.
    static int64_t treeSeed(int64_t baggingSeed) {
        RandomState r(static_cast<uint32_t>(baggingSeed));
        return r.randint(0, kMaxInt);
    }
    static uint32_t splitterSeed(int64_t baggingSeed) {
        RandomState r(static_cast<uint32_t>(treeSeed(baggingSeed)));
        return static_cast<uint32_t>(r.randint(0, tree::kRandRMax));
    }

    // The trees over all of X's columns (their features mapped through estimators_features_) in one flat
    // layout, and per tree and node what a row ending there adds to its path length.
    void rebuildScorer() {
        const int64_t k = fitted("estimators_features_.0").size(0);
        const std::vector<int64_t> features = perTree("estimators_features_");
        const int64_t d = fitted("n_features_in_").item<int64_t>();
        std::vector<Tree> mapped = m_trees;
        m_pathTerm.assign(mapped.size(), {});
        for (size_t t = 0; t < mapped.size(); ++t) {
            Tree& m = mapped[t];
            m.nFeatures = d;
            for (int64_t& j : m.feature)
                if (j >= 0) j = features[t * k + j];
            // decision_path's node count (depth + 1) plus c(n_node_samples), minus one.
            std::vector<int64_t> depth(m.nodeCount(), 0);
            m_pathTerm[t].assign(m.nodeCount(), 0.0);
            for (int64_t i = 0; i < m.nodeCount(); ++i) {
                if (m.childrenLeft[i] >= 0) {
                    depth[m.childrenLeft[i]] = depth[i] + 1;
                    depth[m.childrenRight[i]] = depth[i] + 1;
                }
                m_pathTerm[t][i] =
                    (static_cast<double>(depth[i] + 1) + averagePathLength(static_cast<double>(m.nNodeSamples[i]))) -
                    1.0;
            }
        }
        m_flat = tree::FlatForest(mapped, tree::LeafOutput::Value);
        m_held.clear();
    }

    // sklearn's scores: -2^(-Σ path / (trees · c(max_samples))), the sum formed in tree order.
    std::vector<double> scores(const Tensor& X) const {
        const int64_t rows = X.size(0), nTrees = static_cast<int64_t>(m_trees.size());
        const std::vector<float> X32 = tree::asFloat32(X);
        const std::vector<int64_t> leaves = m_flat.apply(X32.data(), rows, threadsForJobs(param("n_jobs")));
        const double denominator = static_cast<double>(nTrees) *
                                   averagePathLength(static_cast<double>(fitted("max_samples_").item<int64_t>()));
        std::vector<double> out(rows);
        for (int64_t r = 0; r < rows; ++r) {
            double depth = 0.0;
            for (int64_t t = 0; t < nTrees; ++t) depth += m_pathTerm[t][leaves[r * nTrees + t]];
            const double ratio = denominator != 0.0 ? depth / denominator : 1.0;
            out[r] = -std::pow(2.0, -ratio);
        }
        return out;
    }

    void buildHeld() const {
        const std::vector<int64_t> seeds = fitted("_seeds").toVector<int64_t>();
        const int64_t maxDepth = static_cast<int64_t>(
            std::ceil(std::log2(static_cast<double>(std::max<int64_t>(fitted("max_samples_").item<int64_t>(), 2)))));
        m_held.clear();
        for (size_t i = 0; i < m_trees.size(); ++i) {
            const ParamList p = {{"max_features", 1}, {"max_depth", maxDepth}, {"random_state", treeSeed(seeds[i])}};
            m_held.emplace_back("", tree::heldTree("ExtraTreeRegressor", p, m_trees[i], nullptr, 1));
        }
    }

    std::vector<Tree> m_trees;
    std::vector<std::vector<double>> m_pathTerm;
    tree::FlatForest m_flat;
    mutable std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> m_held;
};

const RegisterEstimator<IsolationForest> kIsolationForest({
    "IsolationForest",
    "sklearn.ensemble",
    EstimatorKind::OutlierDetector,
    "Isolation forest outlier detection: the trees and scores of scikit-learn 1.2.1.",
    {
        {"n_estimators", 100, {intInterval(1, std::nullopt, Closed::Left)}, "Number of trees."},
        {"max_samples",
         "auto",
         {strOptions({"auto"}), intInterval(1, std::nullopt, Closed::Left), realInterval(0, 1, Closed::Right)},
         "Rows per tree: 'auto' (min(256, n)), an int, or a fraction of the rows."},
        {"contamination",
         "auto",
         {strOptions({"auto"}), realInterval(0, 0.5, Closed::Right)},
         "Share of outliers setting offset_ ('auto': the paper's threshold)."},
        {"max_features",
         1.0,
         {constraintOf(Constraint::Kind::Integral), realInterval(0, 1, Closed::Right)},
         "Features per tree: an int or a fraction of the columns."},
        {"bootstrap", false, {booleanC()}, "Draw each tree's rows with replacement."},
        {"n_jobs",
         ParamValue(),
         {constraintOf(Constraint::Kind::Integral), noneC()},
         "Threads growing and scoring (the results do not depend on it)."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of every draw."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"warm_start", false, {booleanC()}, "Keep the fitted trees and add n_estimators - len(estimators_) new ones."},
    },
    {"fit", "predict", "fit_predict", "decision_function", "score_samples"},
});

}  // namespace
}  // namespace tessera::ml
