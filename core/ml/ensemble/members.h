// What the meta-estimators that clone one estimator many times (Bagging*, AdaBoost*) ask of it, as
// sklearn's helpers answer: whether its fit takes sample_weight, and its random_state keywords seeded.
//
//   if (!ensemble::fitTakesSampleWeight(*base)) throw ValueError(…);
//   auto member = base->clone();
//   ensemble::setRandomStates(*member, rng);   // sklearn.ensemble._base._set_random_states
#pragma once

#include "core/ml/base/estimator.h"
#include "core/ml/random_state.h"

namespace tessera::ml::ensemble {

// has_fit_parameter(estimator, "sample_weight") for the registered classes.
bool fitTakesSampleWeight(const Estimator& e);

// _set_random_states: every random_state among the estimator's deep keywords, in sorted order, gets
// rng.randint(np.iinfo(np.int32).max).
void setRandomStates(Estimator& e, RandomState& rng);

}  // namespace tessera::ml::ensemble
