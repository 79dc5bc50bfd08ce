// The fitted state of an estimator that another one holds in an attribute (a ColumnTransformer's
// named_transformers_, a TransformedTargetRegressor's regressor_), kept in the holder's own attributes
// under "ATTRIBUTE.…" as Note [Attributes that are dicts or objects] (core/ml/README.md) lays out, so
// that persistence and conformance need nothing more.
//
//   for (auto& [name, value] : heldState(*fittedRegressor, "regressor_.")) setAttribute(name, value);
//   // after loading: a fresh clone takes its state back
//   restoreHeldState(*regressor, "regressor_.", attributes());
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

// The held estimator's attributes as PREFIX+NAME, then each child's (a pipeline's steps) as
// PREFIX+CHILD.+NAME, recursively.
std::vector<std::pair<std::string, Array>> heldState(const Estimator& held, const std::string& prefix);

// The inverse: the holder attributes under PREFIX go back to `held` and its children.
void restoreHeldState(Estimator& held, const std::string& prefix,
                      const std::vector<std::pair<std::string, Array>>& holderAttributes);

}  // namespace tessera::ml
