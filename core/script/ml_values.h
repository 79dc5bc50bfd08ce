// Between script values and core/ml's types: what a scikit-learn-style script passes to estimators,
// metrics and splitters, and what comes back.
//
//   ml::ParamValue p = toParam(Value::tuple({Value(-1), Value(2)}), "feature_range");   // (-1, 2)
//   ml::Array y = toArray(args.get("y"), "y");          // a numeric tensor or string labels
//   Value out = fromArray(estimator->predict(X));       // Tensor, or Strings for string labels
//
// A splitter passed as a keyword (cv=StratifiedKFold(n_splits=4, shuffle=True, random_state=3)) becomes
// the tagged dict {'splitter': 'StratifiedKFold', 'n_splits': 4, 'shuffle': True, 'random_state': 3}
// (core/ml/README.md), since splitters are not estimators of the registry.
#pragma once

#include <string_view>

#include "core/ml/base/array.h"
#include "core/ml/base/param.h"
#include "core/script/value.h"

namespace tessera::script {

// TypeError naming `what` for values that have no ParamValue form (tensors of more than one dimension,
// slices, modules, …). 0-d tensors become numbers, 1-D tensors lists, string arrays lists of str.
ml::ParamValue toParam(const Value& v, std::string_view what);
// Dicts of ParamValue keep str keys; tuples stay tuples; estimators stay the same object.
Value fromParam(const ml::ParamValue& p);

// X of an estimator, metric or splitter: a tensor as it is (estimators widen and check it as
// check_array does); a list of numbers or of lists of numbers as a Float64 tensor.
Tensor toTensor(const Value& v, std::string_view what);
// y, labels, predictions: a numeric tensor, or string labels (Strings, or a list of str).
ml::Array toArray(const Value& v, std::string_view what);
// None → an undefined Array.
ml::Array toOptArray(const Value& v, std::string_view what);
// An ml::Array result: a Tensor, or Strings.
Value fromArray(const ml::Array& a);
// std::vector<double> results (curves, per-label scores) as a 1-D Float64 tensor.
Value fromDoubles(const std::vector<double>& values);

}  // namespace tessera::script
