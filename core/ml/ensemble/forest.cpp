#include "core/ml/ensemble/forest.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <string>

#include "core/ml/tree/predictor.h"
#include "core/tensor/error.h"

namespace tessera::ml::ensemble {

std::vector<TreeDraw> sklearnDraws(RandomState& rng, int64_t nTrees, int64_t nSamples, int64_t nBootstrap,
                                   bool bootstrap, std::vector<int64_t>* treeSeeds) {
    if (nSamples < 1 || (bootstrap && nBootstrap < 1)) {
        throw ValueError("sklearnDraws: " + std::to_string(nSamples) + " samples and " + std::to_string(nBootstrap) +
                         " bootstrap draws per tree (both must be positive)");
    }
    std::vector<TreeDraw> draws(nTrees);
    if (treeSeeds) treeSeeds->clear();
    for (int64_t t = 0; t < nTrees; ++t) {
        const int64_t seed = rng.randint(0, 2147483647);
        if (treeSeeds) treeSeeds->push_back(seed);
        draws[t].splitterSeed =
            static_cast<uint32_t>(RandomState(static_cast<uint32_t>(seed)).randint(0, tree::kRandRMax));
        if (bootstrap) {
            RandomState sampler(static_cast<uint32_t>(seed));
            draws[t].sampleCounts.assign(nSamples, 0.0);
            for (const int64_t i : sampler.randint(0, nSamples, nBootstrap)) draws[t].sampleCounts[i] += 1.0;
        }
    }
    return draws;
}

std::vector<tree::Tree> growForest(const tree::TrainingData& X, const std::vector<double>& y,
                                   const std::vector<int64_t>& nClasses, const std::vector<double>& sampleWeight,
                                   const tree::TreeParams& params, const std::vector<TreeDraw>& draws, int nThreads,
                                   double minWeightFractionLeaf, FitReporter* report) {
    const int64_t rows = X.rows();
    for (size_t i = 0; i < draws.size(); ++i) {
        const auto& d = draws[i];
        if ((!d.sampleCounts.empty() && static_cast<int64_t>(d.sampleCounts.size()) != rows) ||
            (!d.subsampleWeight.empty() && static_cast<int64_t>(d.subsampleWeight.size()) != rows)) {
            throw ValueError("growForest: the draw of tree " + std::to_string(i) + " has " +
                             std::to_string(d.sampleCounts.size()) + " counts and " +
                             std::to_string(d.subsampleWeight.size()) + " weights for " + std::to_string(rows) +
                             " rows");
        }
    }
    std::vector<tree::Tree> trees(draws.size());
    auto growOne = [&](size_t i) {
        const TreeDraw& d = draws[i];
        // sklearn's _parallel_build_trees: curr_sample_weight = sample_weight (or ones) * counts,
        // then *= the balanced_subsample weights.
        std::vector<double> w;
        if (!d.sampleCounts.empty() || !d.subsampleWeight.empty()) {
            w = sampleWeight.empty() ? std::vector<double>(rows, 1.0) : sampleWeight;
            if (!d.sampleCounts.empty()) {
                for (int64_t r = 0; r < rows; ++r) w[r] *= d.sampleCounts[r];
            }
            if (!d.subsampleWeight.empty()) {
                for (int64_t r = 0; r < rows; ++r) w[r] *= d.subsampleWeight[r];
            }
        } else {
            w = sampleWeight;
        }
        tree::TreeParams p = params;
        p.seed = d.splitterSeed;
        if (minWeightFractionLeaf > 0.0) {
            p.minWeightLeaf = w.empty() ? minWeightFractionLeaf * static_cast<double>(rows)
                                        : minWeightFractionLeaf * tree::numpySum(w.data(), rows);
        }
        if (report) report->checkStop();
        trees[i] = tree::buildTree(X, y, nClasses, w, p);
        if (report) report->advance();
    };
    auto body = [&] { tbb::parallel_for(size_t{0}, draws.size(), size_t{1}, growOne); };
    if (nThreads >= 1) {
        tbb::task_arena arena(nThreads);
        arena.execute(body);
    } else {
        body();
    }
    return trees;
}

std::vector<double> oobPredictions(const std::vector<tree::Tree>& trees, const std::vector<TreeDraw>& draws,
                                   const float* X, int64_t rows, bool classifier) {
    if (trees.empty()) throw ValueError("oobPredictions: the forest has no tree");
    if (draws.size() != trees.size()) {
        throw ValueError("oobPredictions: " + std::to_string(draws.size()) + " draws for " +
                         std::to_string(trees.size()) + " trees");
    }
    const int64_t width = trees[0].valueStride();
    const int64_t nFeatures = trees[0].nFeatures;
    std::vector<double> pred(rows * width, 0.0);
    std::vector<double> count(rows, 0.0);
    std::vector<float> sub;
    std::vector<int64_t> index;
    for (size_t t = 0; t < trees.size(); ++t) {
        const std::vector<double>& c = draws[t].sampleCounts;
        if (c.empty()) {
            throw ValueError("oobPredictions: tree " + std::to_string(t) + " was grown without bootstrap");
        }
        sub.clear();
        index.clear();
        for (int64_t r = 0; r < rows; ++r) {
            if (c[r] == 0.0) {
                index.push_back(r);
                sub.insert(sub.end(), X + r * nFeatures, X + (r + 1) * nFeatures);
            }
        }
        if (index.empty()) continue;
        const tree::FlatForest one({&trees[t]}, classifier ? tree::LeafOutput::Probability : tree::LeafOutput::Value);
        const std::vector<double> p = one.predictMean(sub.data(), static_cast<int64_t>(index.size()), 1);
        for (size_t i = 0; i < index.size(); ++i) {
            for (int64_t j = 0; j < width; ++j) pred[index[i] * width + j] += p[i * width + j];
            count[index[i]] += 1.0;
        }
    }
    for (int64_t r = 0; r < rows; ++r) {
        const double n = count[r] == 0.0 ? 1.0 : count[r];
        for (int64_t j = 0; j < width; ++j) pred[r * width + j] /= n;
    }
    return pred;
}

std::vector<double> forestFeatureImportances(const std::vector<tree::Tree>& trees, int64_t nFeatures) {
    // np.mean(all_importances, axis=0): a running sum down the trees, then one division.
    std::vector<double> mean(nFeatures, 0.0);
    int64_t used = 0;
    for (const tree::Tree& t : trees) {
        if (t.nodeCount() <= 1) continue;
        const std::vector<double> imp = t.computeFeatureImportances();
        for (int64_t j = 0; j < nFeatures; ++j) mean[j] += imp[j];
        ++used;
    }
    if (used == 0) return mean;
    for (double& v : mean) v /= static_cast<double>(used);
    const double total = tree::numpySum(mean.data(), nFeatures);
    for (double& v : mean) v /= total;
    return mean;
}

}  // namespace tessera::ml::ensemble
