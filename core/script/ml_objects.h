// Estimators and splitters in scripts, generically from the estimator registry (core/ml/base/registry.h):
// constructing them with sklearn's signature, their methods (every Estimator verb), fitted attributes
// (plain, NAME.KEY dicts and objects, held estimators), parameters as attributes, and pipeline
// indexing. The interpreter calls these; nothing here is written per estimator class.
//
//   Value ridge = constructClass("sklearn.linear_model.Ridge", {Value(0.5)}, {});   // Ridge(0.5)
//   callMethod(ridge, "fit", {X, y}, {});        // returns ridge
//   Value coef = attributeOf(ridge, "coef_");    // a Float64 tensor
//   Value last = subscriptObject(pipe, Value(-1));
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ml/model_selection/split.h"
#include "core/script/value.h"

namespace tessera::script {

using Keywords = std::vector<std::pair<std::string, Value>>;

// True when `qualified` ("sklearn.svm.SVC", "tessera.linear_model.RenewableHuberRegressor") names a
// registered estimator of that module, or a splitter class of sklearn.model_selection.
bool isClass(std::string_view qualified);
// Calls the class: an estimator (keywords checked against its schema as Python checks a signature;
// values are validated in fit, as sklearn does) or a splitter (validated now, as sklearn's __init__).
Value constructClass(std::string_view qualified, std::vector<Value> positional, const Keywords& keywords);

// `object.method(…)` for an estimator or a splitter.
Value callMethod(const Value& object, std::string_view method, std::vector<Value> positional, const Keywords& keywords);
// `object.name` for an estimator or a splitter; AttributeError in Python's words when absent.
Value attributeOf(const Value& object, std::string_view name);
// `pipe[-1]`, `pipe[:2]`, `pipe['svc']`.
Value subscriptObject(const Value& object, const Value& index);

// The folds of a splitter value over `nSamples` rows, with y and groups where the class needs them.
std::vector<ml::model_selection::TrainTest> splitterFolds(const Value& splitter, std::int64_t nSamples, const Value& y,
                                                          const Value& groups);

}  // namespace tessera::script
