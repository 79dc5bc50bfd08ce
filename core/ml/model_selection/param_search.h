// ParameterGrid and ParameterSampler of sklearn.model_selection (1.2.1), and the three scipy.stats
// distributions RandomizedSearchCV draws from. A distribution is a ParamValue in a tagged dict
// (Note [Parameter distributions] in core/ml/README.md), so that it can sit in param_distributions,
// be printed and be saved:
//
//   ParamValue d = loguniformDistribution(1e-3, 1e2);    // {'distribution': 'loguniform', 'a': 0.001, 'b': 100.0}
//   auto grid = parameterGrid(ParamValue::dict({{"alpha", ParamValue::list({0.1, 1.0})}})));
//   // grid: [{alpha: 0.1}, {alpha: 1.0}]
//   auto draws = parameterSampler(ParamValue::dict({{"alpha", d}}), /*nIter=*/5, /*randomState=*/0,
//   "RandomizedSearchCV");
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/ml/base/param.h"
#include "core/ml/random_state.h"

namespace tessera::ml::model_selection {

// scipy.stats.uniform(loc, scale): loc + scale × U[0, 1).
ParamValue uniformDistribution(double loc = 0.0, double scale = 1.0);
// scipy.stats.loguniform(a, b): a × (b / a)^U, 0 < a < b.
ParamValue loguniformDistribution(double a, double b);
// scipy.stats.randint(low, high): an int in [low, high).
ParamValue randintDistribution(std::int64_t low, std::int64_t high);
bool isDistribution(const ParamValue& value);
// dist.rvs(random_state=rng): the same draw from the same RandomState as scipy 1.10 makes.
ParamValue sampleDistribution(const ParamValue& distribution, RandomState& rng);

// list(ParameterGrid(param_grid)): a dict or a list of dicts of non-empty lists; each candidate's keys
// sorted, the last key varying fastest. TypeError/ValueError in sklearn's words.
std::vector<ParamList> parameterGrid(const ParamValue& paramGrid);

// list(ParameterSampler(param_distributions, n_iter, random_state)): without replacement from the grid
// when every value is a list (sample_without_replacement's choice of method), else n_iter draws.
std::vector<ParamList> parameterSampler(const ParamValue& paramDistributions, std::int64_t nIter,
                                        std::optional<std::int64_t> randomState);

}  // namespace tessera::ml::model_selection
