#include "core/ml/ensemble/staged.h"

#include <string>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/metrics/regression.h"

namespace tessera::ml {

namespace {

const char* methodName(ensemble::StagedOutput what) {
    switch (what) {
        case ensemble::StagedOutput::Predict:
            return "staged_predict";
        case ensemble::StagedOutput::PredictProba:
            return "staged_predict_proba";
        case ensemble::StagedOutput::DecisionFunction:
            return "staged_decision_function";
    }
    return "staged_predict";
}

const ensemble::StagedEstimator& boostingOf(const Estimator& e, const std::string& method) {
    const auto* boosting = dynamic_cast<const ensemble::StagedEstimator*>(&e);
    if (!boosting) throw AttributeError("'" + e.className() + "' object has no attribute '" + method + "'");
    return *boosting;
}

// accuracy_score (classifiers) or r2_score (regressors) of one stage's prediction.
double scoreOf(const Estimator& e, const Array& y, const Array& pred, const Tensor& sampleWeight) {
    const std::int64_t n = y.length();
    if (pred.length() != n)
        throw ValueError("Found input variables with inconsistent numbers of samples: [" + std::to_string(n) + ", " +
                         std::to_string(pred.length()) + "]");
    if (e.info().kind == EstimatorKind::Regressor)
        return metrics::r2Score(toFloat64(y, "y"), toFloat64(pred, "y_pred"), {.sampleWeight = sampleWeight});
    if (y.isStrings() != pred.isStrings())
        throw ValueError("Classification metrics can't handle a mix of string and numeric targets");
    std::vector<double> w(static_cast<std::size_t>(n), 1.0);
    if (sampleWeight.defined()) w = sampleWeight.toVector<double>();
    double hit = 0, total = 0;
    if (y.isStrings()) {
        for (std::int64_t i = 0; i < n; ++i) hit += y.strings()[i] == pred.strings()[i] ? w[i] : 0.0;
    } else {
        const std::vector<double> a = toFloat64(y, "y").toVector<double>();
        const std::vector<double> b = toFloat64(pred, "y_pred").toVector<double>();
        for (std::int64_t i = 0; i < n; ++i) hit += a[i] == b[i] ? w[i] : 0.0;
    }
    for (const double v : w) total += v;
    return hit / total;
}

}  // namespace

std::vector<Array> ensemble::staged(const Estimator& boosting, const Tensor& X, StagedOutput what) {
    return boostingOf(boosting, methodName(what)).staged(X, what);
}

std::vector<double> ensemble::stagedScore(const Estimator& boosting, const Tensor& X, const Array& y,
                                          const Tensor& sampleWeight) {
    if (!boosting.info().hasMethod("staged_score"))
        throw AttributeError("'" + boosting.className() + "' object has no attribute 'staged_score'");
    std::vector<double> out;
    for (const Array& pred : boostingOf(boosting, "staged_score").staged(X, StagedOutput::Predict))
        out.push_back(scoreOf(boosting, y, pred, sampleWeight));
    return out;
}

Array ensemble::stackStages(const std::vector<Array>& stages) {
    if (!stages.empty() && stages.front().isStrings()) {
        std::vector<std::string> all;
        for (const Array& s : stages) all.insert(all.end(), s.strings().begin(), s.strings().end());
        return Array(std::move(all));
    }
    Shape shape{static_cast<std::int64_t>(stages.size())};
    if (stages.empty()) return Array(Tensor::fromVector<double>({}, shape));
    const Tensor& first = stages.front().tensor("staged");
    for (const std::int64_t s : first.sizes()) shape.push_back(s);
    if (first.dtype() == DType::Int64) {
        std::vector<std::int64_t> all;
        for (const Array& s : stages) {
            const std::vector<std::int64_t> v = s.tensor("staged").toVector<std::int64_t>();
            all.insert(all.end(), v.begin(), v.end());
        }
        return Array(Tensor::fromVector<std::int64_t>(all, shape));
    }
    std::vector<double> all;
    for (const Array& s : stages) {
        const std::vector<double> v = s.tensor("staged").toVector<double>();
        all.insert(all.end(), v.begin(), v.end());
    }
    return Array(Tensor::fromVector<double>(all, shape));
}

}  // namespace tessera::ml
