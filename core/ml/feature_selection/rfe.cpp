// RFE (sklearn/feature_selection/_rfe.py, 1.2.1): recursive feature elimination. A clone of `estimator`
// is fitted on the features still in, their importances are coef_ (squared, summed over rows when 2-D)
// or feature_importances_ (importance_getter 'auto') or a named attribute, and the `step` weakest go
// (never past n_features_to_select); ranking_ counts the rounds each feature survived from the end. The
// final clone estimator_ is held (base/held_state.h, "estimator_.NAME") and predict, score,
// decision_function and predict_proba go to it on the selected columns. Importances are ordered by a
// stable sort; numpy's argsort agrees on distinct importances (ties among more than 16 may differ).
#include <algorithm>
#include <numeric>

#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/feature_selection/selector.h"

namespace tessera::ml {
namespace {

using feature_selection::selectColumns;
using feature_selection::Selector;

class RFE : public Selector {
public:
    using Selector::Selector;

    std::vector<HeldEstimators> heldEstimators() const override {
        if (!m_estimator) return {};
        return {{"estimator_", HeldEstimators::Form::One, {{"", m_estimator}}}};
    }

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        clearAttributes();
        m_estimator.reset();
        const Tensor X = validateFitX(Xin);
        checkY(X, y, false);
        const std::int64_t p = X.size(1);
        if (p < 2)
            throw ValueError("Found array with " + std::to_string(p) + " feature(s) (shape=(" +
                             std::to_string(X.size(0)) + ", " + std::to_string(p) +
                             ")) while a minimum of 2 is required by RFE.");
        const ParamValue& target = param("n_features_to_select");
        const std::int64_t toSelect = target.isNone() ? p / 2
                                      : target.isInt()
                                          ? target.asInt()
                                          : static_cast<std::int64_t>(static_cast<double>(p) * target.asDouble());
        const ParamValue& stepParam = param("step");
        const double stepValue = stepParam.asDouble();
        const std::int64_t step = stepValue > 0 && stepValue < 1
                                      ? static_cast<std::int64_t>(std::max(1.0, stepValue * static_cast<double>(p)))
                                      : static_cast<std::int64_t>(stepValue);
        std::vector<bool> support(static_cast<std::size_t>(p), true);
        std::vector<std::int64_t> ranking(static_cast<std::size_t>(p), 1);
        std::int64_t remaining = p;
        while (remaining > toSelect) {
            const std::vector<std::int64_t> features = supported(support);
            const std::shared_ptr<Estimator> est = param("estimator").asEstimator()->clone();
            est->fit(selectColumns(X, features), y, sampleWeight);
            const std::vector<double> importances = importancesOf(*est, features.size());
            std::vector<std::size_t> order(importances.size());
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return importances[a] < importances[b]; });
            const std::int64_t drop = std::min(step, remaining - toSelect);
            for (std::int64_t i = 0; i < drop; ++i) support[features[order[i]]] = false;
            remaining -= drop;
            for (std::int64_t j = 0; j < p; ++j)
                if (!support[j]) ++ranking[j];
        }
        m_estimator = param("estimator").asEstimator()->clone();
        m_estimator->fit(selectColumns(X, supported(support)), y, sampleWeight);
        Tensor supportTensor = Tensor::empty({p}, DType::Bool);
        std::copy(support.begin(), support.end(), supportTensor.data<bool>());
        setAttribute("support_", Array(supportTensor));
        setAttribute("ranking_", Array(Tensor::fromVector<std::int64_t>(ranking, {p})));
        setAttribute("n_features_", Array(Tensor::scalar<std::int64_t>(remaining)));
        // sklearn's classes_ property: the final classifier's classes.
        if (m_estimator->hasAttribute("classes_")) setAttribute("classes_", m_estimator->attribute("classes_"));
        for (auto& [name, value] : heldAttributes(*m_estimator, "estimator_")) setAttribute(name, std::move(value));
        return *this;
    }

    std::vector<bool> supportMask() const override {
        checkFitted();
        const Tensor& s = fitted("support_");
        return std::vector<bool>(s.data<bool>(), s.data<bool>() + s.numel());
    }

    Array predict(const Tensor& X) const override { return estimator().predict(transform(X)); }
    Tensor predictProba(const Tensor& X) const override { return estimator().predictProba(transform(X)); }
    Tensor predictLogProba(const Tensor& X) const override { return estimator().predictLogProba(transform(X)); }
    Tensor decisionFunction(const Tensor& X) const override { return estimator().decisionFunction(transform(X)); }
    double score(const Tensor& X, const Array& y, const Tensor& sampleWeight) const override {
        return estimator().score(transform(X), y, sampleWeight);
    }

protected:
    void attributesRestored() override {
        m_estimator = param("estimator").asEstimator()->clone();
        restoreHeldAttributes(*m_estimator, attributes(), "estimator_");
    }

private:
    static std::vector<std::int64_t> supported(const std::vector<bool>& support) {
        std::vector<std::int64_t> out;
        for (std::size_t j = 0; j < support.size(); ++j)
            if (support[j]) out.push_back(static_cast<std::int64_t>(j));
        return out;
    }

    // _get_feature_importances(estimator, importance_getter, transform_func="square").
    std::vector<double> importancesOf(const Estimator& est, std::size_t features) const {
        std::string getter = paramString("importance_getter");
        if (getter == "auto") {
            if (est.hasAttribute("coef_"))
                getter = "coef_";
            else if (est.hasAttribute("feature_importances_"))
                getter = "feature_importances_";
            else
                throw ValueError("when `importance_getter=='auto'`, the underlying estimator " + est.className() +
                                 " should have `coef_` or `feature_importances_` attribute. Either pass a fitted "
                                 "estimator to feature selector or call fit before calling transform.");
        }
        const Tensor values = est.attribute(getter).tensor(getter);
        const std::vector<double> v = values.toVector<double>();
        std::vector<double> out(features, 0.0);
        if (values.dim() == 2 && static_cast<std::size_t>(values.size(1)) == features) {
            for (std::int64_t r = 0; r < values.size(0); ++r)
                for (std::size_t j = 0; j < features; ++j) out[j] += v[r * features + j] * v[r * features + j];
        } else if (values.dim() == 1 && v.size() == features) {
            for (std::size_t j = 0; j < features; ++j) out[j] = v[j] * v[j];
        } else {
            throw ValueError("RFE: " + getter + " of " + est.className() + " has shape " +
                             shapeToString(values.sizes()) + ", not one value per feature (" +
                             std::to_string(features) + ")");
        }
        return out;
    }

    const Estimator& estimator() const {
        checkFitted();
        return *m_estimator;
    }

    std::shared_ptr<Estimator> m_estimator;
};

const RegisterEstimator<RFE> kRegistered({
    "RFE",
    "sklearn.feature_selection",
    EstimatorKind::Transformer,
    "Feature ranking with recursive feature elimination.",
    {
        {"estimator",
         ParamValue(),
         {hasMethods({"fit"})},
         "Supervised estimator with coef_ or feature_importances_ once fitted."},
        {"n_features_to_select",
         ParamValue(),
         {noneC(), realInterval(0, 1, Closed::Right), intInterval(0, std::nullopt, Closed::Neither)},
         "Features to keep: a count, a fraction of the features, or None for half."},
        {"step",
         1,
         {intInterval(0, std::nullopt, Closed::Neither), realInterval(0, 1, Closed::Neither)},
         "Features removed per round: a count, or a fraction of the features."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
        {"importance_getter",
         "auto",
         {constraintOf(Constraint::Kind::String)},
         "'auto' (coef_, else feature_importances_) or the fitted estimator's attribute name."},
    },
    {"fit", "predict", "score", "decision_function", "predict_proba", "predict_log_proba", "transform", "fit_transform",
     "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
