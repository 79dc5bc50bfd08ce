// The fitted state of a held estimator (best_estimator_, estimators_[3]) stored in its holder's own
// attributes, as Note [Attributes that are dicts or objects] in core/ml/README.md describes: every
// attribute of the held estimator and of its nested estimators under "PREFIX.PLACE.NAME"
// ("best_estimator_.coef_", "best_estimator_.ridge.coef_"), and back.
//
//   for (auto& [name, value] : heldAttributes(*best, "best_estimator_")) setAttribute(name, value);
//   // after loading: a fresh, unfitted estimator of the same parameters gets its state again
//   restoreHeldAttributes(*fresh, attributes(), "best_estimator_");
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

std::vector<std::pair<std::string, Array>> heldAttributes(const Estimator& held, std::string_view prefix);
// Gives `fresh` (and its nested estimators) the attributes under `prefix` in `attributes`; an
// attribute whose place the estimator does not have is an error naming it.
void restoreHeldAttributes(Estimator& fresh, const std::vector<std::pair<std::string, Array>>& attributes,
                           std::string_view prefix);

}  // namespace tessera::ml
