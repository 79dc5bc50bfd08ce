// StackingClassifier and StackingRegressor (sklearn/ensemble/_stacking.py, 1.2.1): every estimator of
// `estimators` that is not 'drop' is cloned and fitted on all of (X, y) (a classifier's y encoded by its
// label encoder), and the final estimator is fitted on the members' cross_val_predict outputs (the
// stack_method_ of each: predict_proba, decision_function or predict; the first probability column
// dropped for two classes), with X beside them when passthrough. cv='prefit' uses the given, already
// fitted estimators. The fitted clones are estimators_ / named_estimators_ (ensemble/heterogeneous.h)
// and final_estimator_, their state under "final_estimator_." (base/held_state.h). StackingRegressor's
// default final estimator is RidgeCV, which Tessera does not have: final_estimator=None is refused by
// name there.
#include <algorithm>

#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/columns.h"
#include "core/ml/ensemble/heterogeneous.h"
#include "core/ml/model_selection/check_cv.h"
#include "core/ml/model_selection/validation.h"

namespace tessera::ml {
namespace {

using ensemble::Member;

Tensor asColumns(const Tensor& t) {
    if (t.dim() == 2) return t;
    return Tensor::fromVector<double>(t.toVector<double>(), {t.size(0), 1});
}

class BaseStacking : public ensemble::HeterogeneousEnsemble {
public:
    using HeterogeneousEnsemble::HeterogeneousEnsemble;

    std::vector<HeldEstimators> heldEstimators() const override {
        std::vector<HeldEstimators> out = HeterogeneousEnsemble::heldEstimators();
        if (m_final) out.push_back({"final_estimator_", HeldEstimators::Form::One, {{"", m_final}}});
        return out;
    }

    Tensor transform(const Tensor& X) const override {
        checkFitted();
        std::vector<Tensor> predictions;
        const std::vector<std::string>& methods = attribute("stack_method_").strings();
        for (std::size_t m = 0; m < m_fitted.size(); ++m) predictions.push_back(call(*m_fitted[m], methods[m], X));
        return concatenate(X, predictions);
    }

protected:
    virtual bool classifier() const = 0;
    virtual std::string stackMethod() const = 0;

    // _BaseStacking.fit on y (class codes for a classifier).
    void fitStacking(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
        const std::vector<Member> members = validateMembers(/*checkKind=*/false);
        m_final = finalTemplate()->clone();
        if (classifier() ? !model_selection::isClassifier(*m_final) : !model_selection::isRegressor(*m_final))
            throw ValueError(std::string("'final_estimator' parameter should be a ") +
                             (classifier() ? "classifier" : "regressor") + ". Got " + ParamValue(m_final).repr());
        const ParamValue& cv = param("cv");
        const bool prefit = cv.isString() && cv.asString() == "prefit";
        std::vector<std::shared_ptr<Estimator>> fitted;
        std::vector<std::string> methods;
        for (const Member& m : members) {
            if (m.dropped()) continue;
            const auto& est = m.estimator.asEstimator();
            if (prefit) {
                est->checkFitted();
                fitted.push_back(est);
            } else {
                auto clone = est->clone();
                clone->fit(X, y, sampleWeight);
                fitted.push_back(std::move(clone));
            }
            methods.push_back(methodName(m.name, *est));
        }
        setFitted(std::move(fitted));
        setAttribute("stack_method_", Array(methods));

        std::vector<Tensor> predictions;
        std::size_t next = 0;
        for (const Member& m : members) {
            if (m.dropped()) continue;
            const std::string& method = methods[next];
            if (prefit) {
                predictions.push_back(call(*m_fitted[next], method, X));
            } else {
                model_selection::CvOptions options;
                options.cv = splitter(cv, y);
                options.sampleWeight = sampleWeight;
                options.nJobs = param("n_jobs");
                predictions.push_back(
                    model_selection::crossValPredict(*m.estimator.asEstimator(), X, y, options, method).tensor());
            }
            ++next;
        }
        m_final->fit(concatenate(X, predictions), y, sampleWeight);
        for (auto& [name, value] : heldAttributes(*m_final, "final_estimator_")) setAttribute(name, std::move(value));
    }

    void attributesRestored() override {
        restoreFitted();
        m_final = finalTemplate()->clone();
        restoreHeldAttributes(*m_final, attributes(), "final_estimator_");
    }

    std::shared_ptr<Estimator> m_final;

private:
    std::shared_ptr<Estimator> finalTemplate() const {
        const ParamValue& f = param("final_estimator");
        if (f.isEstimator()) return f.asEstimator();
        if (!classifier())
            throw ValueError(
                "StackingRegressor: final_estimator=None means RidgeCV(), which is not available in Tessera; pass "
                "a final_estimator");
        return EstimatorRegistry::instance().create("LogisticRegression");
    }

    // check_cv(cv, y, classifier=is_classifier(self)): None → 5 folds, an int → StratifiedKFold for a
    // classifier (its y, the class codes, is binary or multiclass), else KFold; a splitter as given.
    ParamValue splitter(const ParamValue& cv, const Array&) const {
        if (!cv.isNone() && !(cv.isInt() && !cv.isBool())) return cv;
        const std::int64_t k = cv.isNone() ? 5 : cv.asInt();
        return model_selection::splitterParam(classifier() ? "StratifiedKFold" : "KFold", {{"n_splits", k}});
    }

    // _method_name.
    std::string methodName(const std::string& name, const Estimator& est) const {
        const std::string method = stackMethod();
        if (method == "auto") {
            if (est.info().hasMethod("predict_proba")) return "predict_proba";
            if (est.info().hasMethod("decision_function")) return "decision_function";
            return "predict";
        }
        if (!est.info().hasMethod(method))
            throw ValueError("Underlying estimator " + name + " does not implement the method " + method + ".");
        return method;
    }

    static Tensor call(const Estimator& est, const std::string& method, const Tensor& X) {
        if (method == "predict_proba") return est.predictProba(X);
        if (method == "decision_function") return est.decisionFunction(X);
        return Tensor::fromVector<double>(est.predict(X).tensor("predict").toVector<double>(), {X.size(0)});
    }

    // _concatenate_predictions.
    Tensor concatenate(const Tensor& X, const std::vector<Tensor>& predictions) const {
        const std::vector<std::string>& methods = attribute("stack_method_").strings();
        const bool twoClasses = classifier() && classCount(attribute("classes_")) == 2;
        std::vector<Tensor> blocks;
        for (std::size_t m = 0; m < predictions.size(); ++m) {
            const Tensor p = asColumns(predictions[m]);
            if (predictions[m].dim() == 2 && methods[m] == "predict_proba" && twoClasses) {
                std::vector<std::int64_t> rest;
                for (std::int64_t c = 1; c < p.size(1); ++c) rest.push_back(c);
                blocks.push_back(selectColumns(p, rest));
            } else {
                blocks.push_back(p);
            }
        }
        if (paramBool("passthrough")) blocks.push_back(validateX(X));
        return hstackColumns(blocks, X.size(0));
    }
};

class StackingClassifier : public BaseStacking {
public:
    using BaseStacking::BaseStacking;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        if (y.isNumeric() && y.tensor().dim() > 1 && y.tensor().size(1) > 1)
            throw ValueError("StackingClassifier: multilabel-indicator y is not available in Tessera");
        clearAttributes();
        const EncodedLabels e = encodeLabels(y, className());
        setAttribute("classes_", e.classes);
        const auto n = static_cast<std::int64_t>(e.codes.size());
        fitStacking(X, Array(Tensor::fromVector<std::int64_t>(e.codes, {n})), sampleWeight);
        return *this;
    }

    Array predict(const Tensor& X) const override {
        const std::vector<double> p = m_final->predict(transform(X)).tensor("predict").toVector<double>();
        std::vector<std::int64_t> codes(p.begin(), p.end());
        return decodeLabels(attribute("classes_"), codes);
    }

    Tensor predictProba(const Tensor& X) const override { return m_final->predictProba(transform(X)); }
    Tensor decisionFunction(const Tensor& X) const override { return m_final->decisionFunction(transform(X)); }

private:
    bool classifier() const override { return true; }
    std::string stackMethod() const override { return paramString("stack_method"); }
};

class StackingRegressor : public BaseStacking {
public:
    using BaseStacking::BaseStacking;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        const Tensor yt = y.tensor("y");
        if (yt.dim() == 2 && yt.size(1) != 1)
            throw ValueError("y should be a 1d array, got an array of shape (" + std::to_string(yt.size(0)) + ", " +
                             std::to_string(yt.size(1)) + ") instead.");
        clearAttributes();
        fitStacking(X, Array(Tensor::fromVector<double>(yt.toVector<double>(), {yt.size(0)})), sampleWeight);
        return *this;
    }

    Array predict(const Tensor& X) const override { return m_final->predict(transform(X)); }

private:
    bool classifier() const override { return false; }
    std::string stackMethod() const override { return "predict"; }
};

std::vector<ParamSpec> stackingParams(bool classifier) {
    std::vector<ParamSpec> p{
        {"estimators",
         ParamValue(),
         {constraintOf(Constraint::Kind::List)},
         "List of (name, estimator) tuples; an estimator may be 'drop'."},
        {"final_estimator",
         ParamValue(),
         {noneC(), hasMethods({"fit"})},
         classifier ? "Fitted on the members' cross-validated outputs (None: LogisticRegression)."
                    : "Fitted on the members' cross-validated outputs (None means RidgeCV: not in Tessera)."},
        {"cv", ParamValue(), {}, "None (5 folds), an int (stratified for classifiers), a splitter, or 'prefit'."},
        {"n_jobs",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::Integral)},
         "Threads of the cross-validated fits."},
        {"passthrough", false, {booleanC()}, "Give the final estimator X beside the members' outputs."},
        {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
    };
    if (classifier)
        p.push_back({"stack_method",
                     "auto",
                     {strOptions({"auto", "predict_proba", "decision_function", "predict"})},
                     "Member output stacked: 'auto' takes predict_proba, else decision_function, else predict."});
    return p;
}

const RegisterEstimator<StackingClassifier> kClassifier({
    "StackingClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "Stack of estimators with a final classifier.",
    stackingParams(true),
    {"fit", "predict", "predict_proba", "decision_function", "transform", "fit_transform", "score"},
});

const RegisterEstimator<StackingRegressor> kRegressor({
    "StackingRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "Stack of estimators with a final regressor.",
    stackingParams(false),
    {"fit", "predict", "transform", "fit_transform", "score"},
});

}  // namespace
}  // namespace tessera::ml
