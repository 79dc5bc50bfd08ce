// _fit_and_score, _score and _warn_or_raise_about_fit_failures of sklearn/model_selection/_validation.py
// (1.2.1), over a oneTBB arena instead of joblib.
#include "core/ml/model_selection/fit_and_score.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <map>
#include <optional>

#include "core/ml/base/param.h"
#include "core/ml/base/tables.h"
#include "core/ml/base/warnings.h"
#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

}  // namespace

Tensor takeRows(const Tensor& t, const std::vector<std::int64_t>& rows) {
    if (!t.defined()) return t;
    Tensor src = t;
    if (!src.isContiguous()) src = Tensor::fromVector<double>(t.toVector<double>(), t.sizes());
    Shape sizes = src.sizes();
    const std::int64_t n = sizes.empty() ? 1 : sizes[0];
    const std::size_t rowBytes = n == 0 ? 0 : src.nbytes() / static_cast<std::size_t>(n);
    sizes[0] = static_cast<std::int64_t>(rows.size());
    Tensor out = Tensor::empty(sizes, src.dtype());
    const char* from = static_cast<const char*>(src.rawData());
    char* to = static_cast<char*>(out.rawData());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i] < 0 || rows[i] >= n) throw IndexError("row " + std::to_string(rows[i]) + " is out of range");
        std::memcpy(to + i * rowBytes, from + static_cast<std::size_t>(rows[i]) * rowBytes, rowBytes);
    }
    return out;
}

Array takeRows(const Array& a, const std::vector<std::int64_t>& rows) {
    if (!a.defined()) return a;
    if (a.isStrings()) {
        std::vector<std::string> out;
        out.reserve(rows.size());
        for (std::int64_t r : rows) out.push_back(a.strings().at(static_cast<std::size_t>(r)));
        return Array(std::move(out));
    }
    return Array(takeRows(a.tensor(), rows));
}

namespace {

// check_consistent_length of X, y and sample_weight.
void checkLengths(std::int64_t n, const Array& y, const Tensor& sampleWeight) {
    std::vector<std::int64_t> lengths{n};
    if (y.defined()) lengths.push_back(y.length());
    if (sampleWeight.defined()) lengths.push_back(sampleWeight.dim() == 0 ? 1 : sampleWeight.size(0));
    for (std::int64_t l : lengths)
        if (l != n) {
            std::string list;
            for (std::int64_t v : lengths) list += (list.empty() ? "" : ", ") + std::to_string(v);
            throw ValueError("Found input variables with inconsistent numbers of samples: [" + list + "]");
        }
}

}  // namespace

Dataset makeDataset(const Tensor& X, const Array& y, const Tensor& sampleWeight, const char* where) {
    if (!X.defined() || X.dim() < 1) throw ValueError(std::string(where) + ": X must be an array of rows");
    Dataset d{X.isContiguous() ? X : Tensor::fromVector<double>(X.toVector<double>(), X.sizes()), y, sampleWeight};
    checkLengths(X.size(0), y, sampleWeight);
    return d;
}

Dataset makeDataset(const data::Table& X, const Array& y, const Tensor& sampleWeight, const char*) {
    checkLengths(X.rows(), y, sampleWeight);
    return Dataset{Tensor(), y, sampleWeight, X};
}

ErrorScore errorScoreOf(const ParamValue& v) {
    if (v.isString() && v.asString() == "raise") return {true, 0};
    if (v.isNumber() && !v.isBool()) return {false, v.asDouble()};
    throw ValueError(
        "error_score must be the string 'raise' or a numeric value. (Hint: if using 'raise', please make sure that "
        "it has been spelled correctly.)");
}

void forEachJob(std::size_t n, int threads, const std::function<void(std::size_t)>& body) {
    std::vector<std::exception_ptr> failures(n);
    auto guarded = [&](std::size_t i) {
        try {
            body(i);
        } catch (...) {
            failures[i] = std::current_exception();
        }
    };
    if (threads <= 1) {
        for (std::size_t i = 0; i < n; ++i) guarded(i);
    } else {
        tbb::task_arena arena(threads);
        arena.execute([&] { tbb::parallel_for(std::size_t{0}, n, std::size_t{1}, guarded); });
    }
    for (const auto& f : failures)
        if (f) std::rethrow_exception(f);
}

std::vector<FitResult> runFits(const Estimator& estimator, const Dataset& data, const Scorers& scorers,
                               const std::vector<FitTask>& tasks, const FitOptions& options, int threads) {
    std::vector<FitResult> results(tasks.size());
    const std::size_t nScorers = scorers.items.size();
    std::optional<FitReporter> own;
    FitReporter* report = options.report;
    if (report)
        report->setTotal(static_cast<std::int64_t>(tasks.size()));
    else
        report = &own.emplace(options.caller, "folds", static_cast<std::int64_t>(tasks.size()));
    // The members' fits report one level down, on whichever thread runs them.
    FitMonitor* monitor = currentFitMonitor();
    const int depth = currentFitDepth();
    WarningCollector* collector = currentWarningCollector();

    auto score = [&](const Estimator& e, const ScoreInput& X, const Array& y, std::vector<double>& out) {
        out.assign(nScorers, options.errorScore.value);
        for (std::size_t s = 0; s < nScorers; ++s) {
            try {
                out[s] = scorers.items[s].second.function(e, X, y);
            } catch (const Error&) {
                if (options.errorScore.raise) throw;
            }
        }
    };

    auto runOne = [&](std::size_t i) {
        FitMonitorScope scope(monitor, depth);
        WarningScope warnings(collector);
        report->checkStop();
        const FitTask& task = tasks[i];
        FitResult& r = results[i];
        std::vector<std::int64_t> train = task.split->train;
        if (task.trainRows >= 0) train.resize(static_cast<std::size_t>(task.trainRows));
        std::shared_ptr<Estimator> est = estimator.clone();
        if (!task.params.empty()) {
            // clone(v, safe=False): an estimator-valued candidate is fitted as a fresh copy.
            ParamList params = task.params;
            for (auto& [k, v] : params)
                if (v.isEstimator()) v = ParamValue(v.asEstimator()->clone());
            est->setParams(params);
        }
        const Tensor Xtrain = takeRows(data.X, train), Xtest = takeRows(data.X, task.split->test);
        std::optional<data::Table> Ttrain, Ttest;
        if (data.table) {
            Ttrain = data.table->takeRows(train);
            Ttest = data.table->takeRows(task.split->test);
        }
        const ScoreInput onTrain{&Xtrain, Ttrain ? &*Ttrain : nullptr}, onTest{&Xtest, Ttest ? &*Ttest : nullptr};
        const Array ytrain = takeRows(data.y, train), ytest = takeRows(data.y, task.split->test);
        const auto start = std::chrono::steady_clock::now();
        bool fitted = true;
        try {
            if (Ttrain)
                fitOnTable(*est, *Ttrain, ytrain, takeRows(data.sampleWeight, train));
            else
                est->fit(Xtrain, ytrain, takeRows(data.sampleWeight, train));
        } catch (const FitStopped&) {
            throw;
        } catch (const Error& e) {
            if (options.errorScore.raise) throw;
            fitted = false;
            r.fitError = e.what();
            r.fitTime = seconds(start, std::chrono::steady_clock::now());
            r.testScores.assign(nScorers, options.errorScore.value);
            if (options.returnTrainScore) r.trainScores.assign(nScorers, options.errorScore.value);
        }
        if (fitted) {
            const auto fitEnd = std::chrono::steady_clock::now();
            r.fitTime = seconds(start, fitEnd);
            score(*est, onTest, ytest, r.testScores);
            r.scoreTime = seconds(fitEnd, std::chrono::steady_clock::now());
            if (options.returnTrainScore) score(*est, onTrain, ytrain, r.trainScores);
        }
        report->advance();
    };
    forEachJob(tasks.size(), threads, runOne);

    // _warn_or_raise_about_fit_failures: every fit failed → ValueError with the distinct errors.
    std::size_t failed = 0;
    std::vector<std::pair<std::string, int>> counts;
    for (const auto& r : results) {
        if (r.fitError.empty()) continue;
        ++failed;
        auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == r.fitError; });
        if (it == counts.end())
            counts.emplace_back(r.fitError, 1);
        else
            ++it->second;
    }
    if (failed == 0) return results;
    std::string summary;
    for (const auto& [error, n] : counts)
        summary += (summary.empty() ? "" : "\n") + std::string(80, '-') + "\n" + std::to_string(n) +
                   " fits failed with the following error:\n" + error;
    if (failed == results.size()) {
        throw ValueError("\nAll the " + std::to_string(results.size()) +
                         " fits failed.\nIt is very likely that your model is misconfigured.\nYou can try to debug "
                         "the error by setting error_score='raise'.\n\nBelow are more details about the failures:\n" +
                         summary);
    }
    const double e = options.errorScore.value;
    const std::string errorScore = std::isnan(e) ? "nan" : ParamValue(e).repr();
    warn(WarningCategory::FitFailedWarning,
         "\n" + std::to_string(failed) + " fits failed out of a total of " + std::to_string(results.size()) +
             ".\nThe score on these train-test partitions for these parameters will be set to " + errorScore +
             ".\nIf these failures are not expected, you can try to debug them by setting error_score='raise'.\n\n"
             "Below are more details about the failures:\n" +
             summary);
    return results;
}

}  // namespace tessera::ml::model_selection
