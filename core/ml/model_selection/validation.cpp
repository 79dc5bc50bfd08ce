// cross_validate, cross_val_score, cross_val_predict, learning_curve and validation_curve as
// sklearn/model_selection/_validation.py (1.2.1) orders their fits and assembles their results.
#include "core/ml/model_selection/validation.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <limits>
#include <set>
#include <span>

#include "core/ml/base/errors.h"
#include "core/ml/base/n_jobs.h"
#include "core/ml/model_selection/check_cv.h"
#include "core/ml/model_selection/fit_and_score.h"
#include "core/ml/random_state.h"
#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

Tensor vec(const std::vector<double>& v) {
    return Tensor::fromVector<double>(v, {static_cast<std::int64_t>(v.size())});
}

struct Prepared {
    Dataset data;
    CvSplitter cv;
    std::vector<TrainTest> splits;
};

template <class Input>
Prepared prepare(const Estimator& estimator, const Input& X, const Array& y, const CvOptions& options,
                 const char* where) {
    Dataset data = makeDataset(X, y, options.sampleWeight, where);
    CvSplitter cv = checkCv(options.cv, y, isClassifier(estimator));
    std::vector<TrainTest> splits = cv.split(data.rows(), y, options.groups);
    return {std::move(data), std::move(cv), std::move(splits)};
}

// check_scoring for the functions that take one scorer only.
Scorers singleScorer(const Estimator& estimator, const ParamValue& scoring, const char* where) {
    Scorers s = checkScoring(estimator, scoring);
    if (s.multimetric)
        throw ValueError(std::string(where) +
                         ": For evaluating multiple scores, use "
                         "sklearn.model_selection.cross_validate instead. " +
                         scoring.repr() + " was passed.");
    return s;
}

// (n_outer × n_inner) results, outer-major, as a Float64 (n_inner, n_outer) matrix: reshape(-1, n).T.
Tensor transposed(const std::vector<FitResult>& results, std::size_t nInner, bool train) {
    const std::size_t nOuter = nInner == 0 ? 0 : results.size() / nInner;
    std::vector<double> out(results.size());
    for (std::size_t o = 0; o < nOuter; ++o)
        for (std::size_t i = 0; i < nInner; ++i) {
            const FitResult& r = results[o * nInner + i];
            out[i * nOuter + o] = (train ? r.trainScores : r.testScores).front();
        }
    return Tensor::fromVector<double>(out, {static_cast<std::int64_t>(nInner), static_cast<std::int64_t>(nOuter)});
}

// _enforce_prediction_order: a fold that saw fewer classes gets columns at its classes' codes.
Tensor enforceOrder(const Estimator& fold, Tensor predictions, std::int64_t nClasses, std::string_view method) {
    const Tensor classes = fold.attribute("classes_").tensor("classes_");
    const std::int64_t have = classes.numel();
    if (have == nClasses) return predictions;
    if (method == "decision_function") {
        if (predictions.dim() == 2 && predictions.size(1) != have)
            throw ValueError("Output shape " + shapeToString(predictions.sizes()) + " of " + std::string(method) +
                             " does not match number of classes (" + std::to_string(have) +
                             ") in fold. Irregular decision_function outputs are not currently supported by "
                             "cross_val_predict");
        if (have <= 2)
            throw ValueError("Only " + std::to_string(have) + " class/es in training fold, but " +
                             std::to_string(nClasses) +
                             " in overall dataset. This is not supported for decision_function with imbalanced "
                             "folds. To fix this, use a cross-validation technique resulting in properly stratified "
                             "folds");
    }
    const double fill = method == "predict_proba" ? 0.0 : std::numeric_limits<double>::lowest();
    const std::int64_t rows = predictions.size(0);
    std::vector<double> out(static_cast<std::size_t>(rows * nClasses), fill);
    const std::vector<double> p = predictions.toVector<double>();
    const std::vector<std::int64_t> codes = classes.toVector<std::int64_t>();
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < have; ++c) out[r * nClasses + codes[c]] = p[r * have + c];
    return Tensor::fromVector<double>(out, {rows, nClasses});
}

Array concatRows(const std::vector<Array>& parts) {
    if (parts.front().isStrings()) {
        std::vector<std::string> out;
        for (const auto& p : parts) out.insert(out.end(), p.strings().begin(), p.strings().end());
        return Array(std::move(out));
    }
    const Tensor& first = parts.front().tensor();
    Shape sizes = first.sizes();
    std::int64_t rows = 0;
    bool allInt = true;
    for (const auto& p : parts) {
        rows += p.tensor().size(0);
        allInt = allInt && p.tensor().dtype() == DType::Int64;
    }
    sizes[0] = rows;
    if (allInt) {
        std::vector<std::int64_t> out;
        for (const auto& p : parts) {
            const auto v = p.tensor().toVector<std::int64_t>();
            out.insert(out.end(), v.begin(), v.end());
        }
        return Array(Tensor::fromVector<std::int64_t>(out, sizes));
    }
    std::vector<double> out;
    for (const auto& p : parts) {
        const auto v = p.tensor().toVector<double>();
        out.insert(out.end(), v.begin(), v.end());
    }
    return Array(Tensor::fromVector<double>(out, sizes));
}

}  // namespace

const Tensor& CrossValidateResult::at(std::string_view key) const {
    for (const auto& [k, v] : columns)
        if (k == key) return v;
    throw ValueError("KeyError: '" + std::string(key) + "'");
}

namespace {

CrossValidateResult crossValidatePrepared(const Estimator& estimator, const Scorers& scorers, const Prepared& p,
                                          const CvOptions& options, bool returnTrainScore) {
    std::vector<FitTask> tasks;
    for (const auto& s : p.splits) tasks.push_back({&s});
    const FitOptions fit{.returnTrainScore = returnTrainScore, .errorScore = errorScoreOf(options.errorScore)};
    const auto results = runFits(estimator, p.data, scorers, tasks, fit, threadsForJobs(options.nJobs));
    CrossValidateResult out;
    std::vector<double> fitTime, scoreTime;
    for (const auto& r : results) {
        fitTime.push_back(r.fitTime);
        scoreTime.push_back(r.scoreTime);
    }
    out.columns.emplace_back("fit_time", vec(fitTime));
    out.columns.emplace_back("score_time", vec(scoreTime));
    for (std::size_t s = 0; s < scorers.items.size(); ++s) {
        std::vector<double> test, train;
        for (const auto& r : results) {
            test.push_back(r.testScores[s]);
            if (returnTrainScore) train.push_back(r.trainScores[s]);
        }
        out.columns.emplace_back("test_" + scorers.items[s].first, vec(test));
        if (returnTrainScore) out.columns.emplace_back("train_" + scorers.items[s].first, vec(train));
    }
    return out;
}

}  // namespace

CrossValidateResult crossValidate(const Estimator& estimator, const Tensor& X, const Array& y, const CvOptions& options,
                                  bool returnTrainScore) {
    const Scorers scorers = checkScoring(estimator, options.scoring);
    return crossValidatePrepared(estimator, scorers, prepare(estimator, X, y, options, "cross_validate"), options,
                                 returnTrainScore);
}

CrossValidateResult crossValidate(const Estimator& estimator, const data::Table& X, const Array& y,
                                  const CvOptions& options, bool returnTrainScore) {
    const Scorers scorers = checkScoring(estimator, options.scoring);
    return crossValidatePrepared(estimator, scorers, prepare(estimator, X, y, options, "cross_validate"), options,
                                 returnTrainScore);
}

Tensor crossValScore(const Estimator& estimator, const Tensor& X, const Array& y, const CvOptions& options) {
    singleScorer(estimator, options.scoring, "cross_val_score");
    return crossValidate(estimator, X, y, options).at("test_score");
}

Tensor crossValScore(const Estimator& estimator, const data::Table& X, const Array& y, const CvOptions& options) {
    singleScorer(estimator, options.scoring, "cross_val_score");
    return crossValidate(estimator, X, y, options).at("test_score");
}

Array crossValPredict(const Estimator& estimator, const Tensor& X, const Array& y, const CvOptions& options,
                      std::string_view method) {
    static const std::set<std::string_view> kMethods = {"predict", "predict_proba", "predict_log_proba",
                                                        "decision_function"};
    if (!kMethods.count(method))
        throw ValueError(
            "cross_val_predict: method must be one of 'predict', 'predict_proba', 'predict_log_proba' "
            "or 'decision_function', got '" +
            std::string(method) + "'");
    const Prepared p = prepare(estimator, X, y, options, "cross_val_predict");
    const std::int64_t n = p.data.X.size(0);
    std::vector<std::int64_t> order;
    for (const auto& s : p.splits) order.insert(order.end(), s.test.begin(), s.test.end());
    std::vector<std::int64_t> inverse(static_cast<std::size_t>(n), -1);
    bool partition = static_cast<std::int64_t>(order.size()) == n;
    for (std::size_t i = 0; partition && i < order.size(); ++i) {
        partition = order[i] >= 0 && order[i] < n && inverse[order[i]] < 0;
        if (partition) inverse[order[i]] = static_cast<std::int64_t>(i);
    }
    if (!partition) throw ValueError("cross_val_predict only works for partitions");

    Dataset data = p.data;
    const bool encode = method != "predict" && y.defined();
    std::int64_t nClasses = 0;
    if (encode) {
        // LabelEncoder().fit_transform(y): the folds see the codes of the sorted classes.
        const EncodedLabels e = encodeLabels(y, "cross_val_predict");
        nClasses = classCount(e.classes);
        data.y = Array(Tensor::fromVector<std::int64_t>(e.codes, {static_cast<std::int64_t>(e.codes.size())}));
    }
    std::vector<Array> parts(p.splits.size());
    auto runOne = [&](std::size_t f) {
        const TrainTest& s = p.splits[f];
        auto est = estimator.clone();
        est->fit(takeRows(data.X, s.train), takeRows(data.y, s.train), takeRows(data.sampleWeight, s.train));
        const Tensor Xt = takeRows(data.X, s.test);
        if (method == "predict") {
            parts[f] = est->predict(Xt);
            return;
        }
        Tensor out = method == "predict_proba"       ? est->predictProba(Xt)
                     : method == "predict_log_proba" ? est->predictLogProba(Xt)
                                                     : est->decisionFunction(Xt);
        parts[f] = Array(encode ? enforceOrder(*est, out, nClasses, method) : out);
    };
    forEachJob(parts.size(), threadsForJobs(options.nJobs), runOne);
    return takeRows(concatRows(parts), inverse);
}

LearningCurve learningCurve(const Estimator& estimator, const Tensor& X, const Array& y,
                            const LearningCurveOptions& curve, const CvOptions& options) {
    const Scorers scorer = singleScorer(estimator, options.scoring, "learning_curve");
    Prepared p = prepare(estimator, X, y, options, "learning_curve");
    const auto nMax = static_cast<std::int64_t>(p.splits.front().train.size());
    // _translate_train_sizes.
    std::vector<std::int64_t> sizes;
    char buf[160];
    if (const auto* f = std::get_if<std::vector<double>>(&curve.trainSizes)) {
        const double lo = *std::min_element(f->begin(), f->end()), hi = *std::max_element(f->begin(), f->end());
        if (lo <= 0.0 || hi > 1.0) {
            std::snprintf(buf, sizeof buf, "within [%f, %f].", lo, hi);
            throw ValueError(
                "train_sizes has been interpreted as fractions of the maximum number of training "
                "samples and must be within (0, 1], but is " +
                std::string(buf));
        }
        for (double v : *f)
            sizes.push_back(
                std::clamp<std::int64_t>(static_cast<std::int64_t>(v * static_cast<double>(nMax)), 1, nMax));
    } else {
        sizes = std::get<std::vector<std::int64_t>>(curve.trainSizes);
        const auto lo = *std::min_element(sizes.begin(), sizes.end()),
                   hi = *std::max_element(sizes.begin(), sizes.end());
        if (lo <= 0 || hi > nMax)
            throw ValueError(
                "train_sizes has been interpreted as absolute numbers of training samples and must be "
                "within (0, " +
                std::to_string(nMax) + "], but is within [" + std::to_string(lo) + ", " + std::to_string(hi) + "].");
    }
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    if (curve.shuffle) {
        RandomState rng = checkRandomState(
            curve.randomState.isNone() ? std::nullopt : std::optional<std::int64_t>(curve.randomState.asInt()));
        for (auto& s : p.splits) rng.shuffle(std::span<std::int64_t>(s.train));
    }
    std::vector<FitTask> tasks;
    for (const auto& s : p.splits)
        for (std::int64_t n : sizes) tasks.push_back({&s, {}, n});
    const FitOptions fit{.returnTrainScore = true, .errorScore = errorScoreOf(options.errorScore)};
    const auto results = runFits(estimator, p.data, scorer, tasks, fit, threadsForJobs(options.nJobs));
    return {Tensor::fromVector<std::int64_t>(sizes, {static_cast<std::int64_t>(sizes.size())}),
            transposed(results, sizes.size(), true), transposed(results, sizes.size(), false)};
}

ValidationCurve validationCurve(const Estimator& estimator, const Tensor& X, const Array& y,
                                const std::string& paramName, const std::vector<ParamValue>& paramRange,
                                const CvOptions& options) {
    const Scorers scorer = singleScorer(estimator, options.scoring, "validation_curve");
    const Prepared p = prepare(estimator, X, y, options, "validation_curve");
    std::vector<FitTask> tasks;
    for (const auto& s : p.splits)
        for (const auto& v : paramRange) tasks.push_back({&s, {{paramName, v}}});
    const FitOptions fit{.returnTrainScore = true, .errorScore = errorScoreOf(options.errorScore)};
    const auto results = runFits(estimator, p.data, scorer, tasks, fit, threadsForJobs(options.nJobs));
    return {transposed(results, paramRange.size(), true), transposed(results, paramRange.size(), false)};
}

}  // namespace tessera::ml::model_selection
