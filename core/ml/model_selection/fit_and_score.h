// sklearn's _fit_and_score and its parallel loop, shared by cross_validate, the curves and the
// searches (internal to core/ml/model_selection). Each task fits a clone of the estimator (with its
// parameters set) on the train rows and scores it on the test rows; tasks run on a oneTBB arena of
// n_jobs threads and write only their own result, so results do not depend on the thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/fit_monitor.h"
#include "core/ml/model_selection/scorer.h"
#include "core/ml/model_selection/split.h"

namespace tessera::ml::model_selection {

// X, y and fit weights of a call, with row selection.
struct Dataset {
    Tensor X;                            // contiguous Float64 (or the caller's dtype when it is already contiguous)
    Array y;                             // undefined for unsupervised estimators
    Tensor sampleWeight;                 // fit_params={'sample_weight': …}, or undefined
    std::optional<data::Table> table{};  // X as a table (string columns; X is then undefined)

    std::int64_t rows() const { return table ? table->rows() : X.size(0); }
};
Dataset makeDataset(const Tensor& X, const Array& y, const Tensor& sampleWeight, const char* where);
// A table's rows are picked with Table::takeRows; fits and scores go through base/tables.h.
Dataset makeDataset(const data::Table& X, const Array& y, const Tensor& sampleWeight, const char* where);
Tensor takeRows(const Tensor& t, const std::vector<std::int64_t>& rows);
Array takeRows(const Array& a, const std::vector<std::int64_t>& rows);

// error_score: NaN by default, a number, or "raise". ValueError in sklearn's words otherwise.
struct ErrorScore {
    bool raise = false;
    double value = std::numeric_limits<double>::quiet_NaN();
};
ErrorScore errorScoreOf(const ParamValue& v);

struct FitTask {
    const TrainTest* split = nullptr;
    ParamList params{};           // set on the clone before fitting (a search's candidate)
    std::int64_t trainRows = -1;  // learning_curve: the first trainRows of split->train
};

struct FitResult {
    std::vector<double> testScores, trainScores;  // one per scorer
    double fitTime = 0, scoreTime = 0;
    std::string fitError;  // empty when the fit succeeded
};

struct FitOptions {
    bool returnTrainScore = false;
    ErrorScore errorScore{};
    // Counts the fits and stops between them: the caller's reporter (a search's), or one named `caller`
    // in "folds" when none is given.
    FitReporter* report = nullptr;
    const char* caller = "cross_validate";
};

// body(0) … body(n - 1) on an arena of `threads` threads (in order on the calling thread for one); each
// call writes only its own results. The first exception in index order is rethrown after all ran, so
// the error does not depend on the thread count either.
void forEachJob(std::size_t n, int threads, const std::function<void(std::size_t)>& body);

// Runs every task; the first failure in task order is rethrown when error_score='raise' (or when a
// task fails outside fit), then sklearn's "All the N fits failed" ValueError when every fit failed.
std::vector<FitResult> runFits(const Estimator& estimator, const Dataset& data, const Scorers& scorers,
                               const std::vector<FitTask>& tasks, const FitOptions& options, int threads);

}  // namespace tessera::ml::model_selection
