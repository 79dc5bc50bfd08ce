// TransformedTargetRegressor (sklearn/compose/_target.py, 1.2.1): the regressor (a clone; a
// LinearRegression when None) is fitted on transformer.fit_transform(y) and predictions are mapped back
// with inverse_transform. func/inverse_func are Python callables and are refused by name; with no
// transformer, y is used as is (sklearn's identity FunctionTransformer, whose only fitted attribute,
// n_features_in_, is kept as transformer_.n_features_in_). The fitted clones are regressor_ and
// transformer_, their state under "regressor_." and "transformer_." (base/held_state.h).
#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"
#include "core/ml/metrics/regression.h"

namespace tessera::ml {
namespace {

class TransformedTargetRegressor : public Estimator {
public:
    using Estimator::Estimator;

    std::vector<HeldEstimators> heldEstimators() const override {
        std::vector<HeldEstimators> out{{"regressor_", HeldEstimators::Form::One, {{"", m_regressor}}}};
        if (m_transformer) out.push_back({"transformer_", HeldEstimators::Form::One, {{"", m_transformer}}});
        return out;
    }

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        return fitWith(y, [&](Estimator& regressor, const Array& yt) { regressor.fit(X, yt, sampleWeight); });
    }

    // A table reaches the regressor as it is (a Pipeline with encoders, say).
    Estimator& fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) override {
        return fitWith(y, [&](Estimator& regressor, const Array& yt) { fitOnTable(regressor, X, yt, sampleWeight); });
    }

    Array predict(const Tensor& X) const override {
        checkFitted();
        return backTransform(m_regressor->predict(X));
    }

    Array predictTable(const data::Table& X) const override {
        checkFitted();
        return backTransform(m_regressor->predictTable(X));
    }

    double scoreTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) const override {
        metrics::RegressionOptions options;
        options.sampleWeight = sampleWeight;
        return metrics::r2Score(toFloat64(y, "y"), predictTable(X).tensor("predict"), options);
    }

protected:
    void attributesRestored() override {
        m_trainingDim = fitted("_training_dim").item<std::int64_t>();
        m_regressor = param("regressor").isEstimator() ? param("regressor").asEstimator()->clone()
                                                       : EstimatorRegistry::instance().create("LinearRegression");
        restoreHeldAttributes(*m_regressor, attributes(), "regressor_");
        m_transformer.reset();
        if (param("transformer").isEstimator()) {
            m_transformer = param("transformer").asEstimator()->clone();
            restoreHeldAttributes(*m_transformer, attributes(), "transformer_");
        }
    }

private:
    // fit's checks and target transform; `fitRegressor` fits the regressor on X (a tensor or a table).
    template <class FitRegressor>
    Estimator& fitWith(const Array& y, const FitRegressor& fitRegressor) {
        validateParams();
        if (!param("func").isNone() || !param("inverse_func").isNone())
            throw ValueError(
                "TransformedTargetRegressor: func and inverse_func (Python callables) are not available in Tessera; "
                "use transformer");
        if (!y.defined())
            throw ValueError(
                "This TransformedTargetRegressor estimator requires y to be passed, but the target y is "
                "None.");
        const Tensor yt = Tensor::fromVector<double>(y.tensor("y").toVector<double>(), y.tensor().sizes());
        if (yt.dim() < 1 || yt.dim() > 2)
            throw ValueError("TransformedTargetRegressor: y must be 1-D or 2-D, got shape " +
                             shapeToString(yt.sizes()));
        clearAttributes();
        const std::int64_t n = yt.size(0);
        const std::int64_t outputs = yt.dim() == 2 ? yt.size(1) : 1;
        m_trainingDim = yt.dim();
        const Tensor y2d = Tensor::fromVector<double>(yt.toVector<double>(), {n, outputs});
        Tensor yTrans = y2d;
        m_transformer.reset();
        if (param("transformer").isEstimator()) {
            m_transformer = param("transformer").asEstimator()->clone();
            yTrans = m_transformer->fitTransform(y2d);
        }
        if (yTrans.dim() == 2 && yTrans.size(1) == 1)
            yTrans = Tensor::fromVector<double>(yTrans.toVector<double>(), {n});
        m_regressor = param("regressor").isEstimator() ? param("regressor").asEstimator()->clone()
                                                       : EstimatorRegistry::instance().create("LinearRegression");
        fitRegressor(*m_regressor, Array(yTrans));
        recordAttributes(outputs);
        return *this;
    }

    // The regressor's predictions mapped back by the transformer (squeezed to 1-D as y was).
    Array backTransform(const Array& predictions) const {
        const Tensor pred = predictions.tensor("predict");
        const std::int64_t n = pred.size(0);
        Tensor back = pred.dim() == 1 ? Tensor::fromVector<double>(pred.toVector<double>(), {n, 1}) : pred;
        if (m_transformer) back = m_transformer->inverseTransform(back);
        if (back.dim() == 2 && back.size(1) == 1 && m_trainingDim == 1)
            back = Tensor::fromVector<double>(back.toVector<double>(), {n});
        return Array(back);
    }

    void recordAttributes(std::int64_t outputs) {
        if (m_regressor->hasAttribute("n_features_in_"))
            setAttribute("n_features_in_", m_regressor->attribute("n_features_in_"));
        if (m_regressor->hasAttribute("feature_names_in_"))
            setAttribute("feature_names_in_", m_regressor->attribute("feature_names_in_"));
        for (auto& [name, value] : heldAttributes(*m_regressor, "regressor_")) setAttribute(name, std::move(value));
        if (m_transformer)
            for (auto& [name, value] : heldAttributes(*m_transformer, "transformer_"))
                setAttribute(name, std::move(value));
        else
            setAttribute("transformer_.n_features_in_", Array(Tensor::scalar<std::int64_t>(outputs)));
        // sklearn's private _training_dim: whether predictions are squeezed back to 1-D.
        setAttribute("_training_dim", Array(Tensor::scalar<std::int64_t>(m_trainingDim)));
    }

    std::shared_ptr<Estimator> m_regressor, m_transformer;
    std::int64_t m_trainingDim = 1;
};

const RegisterEstimator<TransformedTargetRegressor> kRegistered({
    "TransformedTargetRegressor",
    "sklearn.compose",
    EstimatorKind::Regressor,
    "Meta-estimator to regress on a transformed target.",
    {
        {"regressor",
         ParamValue(),
         {hasMethods({"fit", "predict"}), noneC()},
         "The regressor fitted on the transformed target (None: LinearRegression)."},
        {"transformer",
         ParamValue(),
         {hasMethods({"transform"}), noneC()},
         "Transformer of the target (fit_transform, then inverse_transform of predictions)."},
        {"func", ParamValue(), {}, "Function applied to y (Python callables: only None)."},
        {"inverse_func", ParamValue(), {}, "Inverse of func (Python callables: only None)."},
        {"check_inverse", true, {booleanC()}, "Warn when inverse_transform(transform(y)) differs from y."},
    },
    {"fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
