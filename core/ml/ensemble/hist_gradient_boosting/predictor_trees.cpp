#include "core/ml/ensemble/hist_gradient_boosting/predictor_trees.h"

#include <algorithm>
#include <string>

#include "core/ml/base/errors.h"

namespace tessera::ml::hgb {

std::vector<std::vector<tree::Tree>> predictorTrees(const Estimator& hgb) {
    const std::string name = hgb.className();
    if (name != "HistGradientBoostingRegressor" && name != "HistGradientBoostingClassifier")
        throw ValueError("predictorTrees: " + name + " is not a HistGradientBoosting estimator");
    if (!hgb.hasAttribute("_predictors.offsets"))
        throw NotFittedError("This " + name + " instance is not fitted yet. Call 'fit' before reading its trees.");
    auto ints = [&](const char* field) {
        return hgb.attribute(std::string("_predictors.") + field).tensor().toVector<int64_t>();
    };
    auto doubles = [&](const char* field) {
        return hgb.attribute(std::string("_predictors.") + field).tensor().toVector<double>();
    };
    const std::vector<int64_t> offsets = ints("offsets"), feature = ints("feature_idx"), left = ints("left"),
                               right = ints("right"), isLeaf = ints("is_leaf"), missing = ints("missing_go_to_left"),
                               count = ints("count"), depth = ints("depth"), categorical = ints("is_categorical");
    const std::vector<double> value = doubles("value"), threshold = doubles("num_threshold");
    const int64_t K = hgb.attribute("n_trees_per_iteration_").tensor().item<int64_t>();
    const int64_t nFeatures = hgb.attribute("_bin_mapper.n_bins_non_missing_").tensor().size(0);
    const auto nTrees = static_cast<int64_t>(offsets.size()) - 1;
    std::vector<std::vector<tree::Tree>> out(nTrees / K);
    for (int64_t t = 0; t < nTrees; ++t) {
        tree::Tree tr;
        tr.nFeatures = nFeatures;
        tr.nClasses = {1};
        tr.comparison = tree::Comparison::LessEqual;
        const int64_t first = offsets[t], n = offsets[t + 1] - first;
        for (int64_t i = 0; i < n; ++i) {
            const int64_t g = first + i;
            const bool leaf = isLeaf[g] != 0;
            if (!leaf && categorical[g]) {
                throw ValueError(name + ": iteration " + std::to_string(t / K) + ", tree " + std::to_string(t % K) +
                                 ", node " + std::to_string(i) + " splits categorical feature " +
                                 std::to_string(feature[g]) +
                                 " by a category bitset, which tree_ arrays cannot hold; read "
                                 "_predictors.raw_left_cat_bitsets instead");
            }
            tr.childrenLeft.push_back(leaf ? tree::kLeaf : left[g]);
            tr.childrenRight.push_back(leaf ? tree::kLeaf : right[g]);
            tr.feature.push_back(leaf ? tree::kUndefined : feature[g]);
            tr.threshold.push_back(leaf ? static_cast<double>(tree::kUndefined) : threshold[g]);
            tr.value.push_back(value[g]);
            tr.impurity.push_back(0.0);
            tr.nNodeSamples.push_back(count[g]);
            tr.weightedNNodeSamples.push_back(static_cast<double>(count[g]));
            tr.missingGoLeft.push_back(missing[g] != 0 ? 1 : 0);
            tr.maxDepth = std::max(tr.maxDepth, depth[g]);
        }
        out[t / K].push_back(std::move(tr));
    }
    return out;
}

}  // namespace tessera::ml::hgb
