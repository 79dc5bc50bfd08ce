// The `cv` argument of cross-validation and searches, as sklearn's check_cv reads it: None (5 folds),
// an int k (StratifiedKFold(k) for a classifier on a binary or multiclass y, KFold(k) otherwise), or
// a splitter. A splitter is carried as a ParamValue in a tagged dict, so that it can be a keyword of
// GridSearchCV and survive persistence:
//
//   ParamValue cv = splitterParam("StratifiedKFold", {{"n_splits", 4}, {"shuffle", true}, {"random_state", 3}});
//   // {'splitter': 'StratifiedKFold', 'n_splits': 4, 'shuffle': True, 'random_state': 3}
//   CvSplitter s = checkCv(cv, y, isClassifier(*est));
//   for (const TrainTest& fold : s.split(X.size(0), y)) { … }
//
// Splitters: KFold, StratifiedKFold, GroupKFold, ShuffleSplit, StratifiedShuffleSplit with
// sklearn's keywords and defaults; a keyword a class does not have is refused by name.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"
#include "core/ml/model_selection/split.h"

namespace tessera::ml::model_selection {

// sklearn's is_classifier / is_regressor: the kind of the class, or of a composite's final estimator.
bool isClassifier(const Estimator& estimator);
bool isRegressor(const Estimator& estimator);

// {"splitter": name, keyword: value, …}; ValueError for an unknown splitter or keyword.
ParamValue splitterParam(std::string_view name, const ParamList& params = {});
bool isSplitterParam(const ParamValue& value);

class CvSplitter {
public:
    using Splitter = std::variant<KFold, StratifiedKFold, GroupKFold, ShuffleSplit, StratifiedShuffleSplit>;
    explicit CvSplitter(Splitter splitter) : m_splitter(std::move(splitter)) {}

    std::int64_t getNSplits() const;
    // y is needed by the stratified splitters, groups by GroupKFold (ValueError naming it otherwise).
    std::vector<TrainTest> split(std::int64_t nSamples, const Array& y = {}, const Array& groups = {}) const;

private:
    Splitter m_splitter;
};

// check_cv(cv, y, classifier).
CvSplitter checkCv(const ParamValue& cv, const Array& y, bool classifier);

// type_of_target of a label array: "binary", "multiclass", "continuous", "…-multioutput".
std::string typeOfTarget(const Array& y);

}  // namespace tessera::ml::model_selection
