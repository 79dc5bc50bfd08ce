// VotingClassifier and VotingRegressor (sklearn/ensemble/_voting.py, 1.2.1): every estimator of
// `estimators` that is not 'drop' is cloned and fitted on the same data (a classifier's on y encoded by
// its LabelEncoder le_), and the predictions are combined — the weighted bincount of the members'
// predicted codes (hard), the weighted mean of their predict_proba (soft), or the weighted mean of their
// predictions (regressor). The fitted clones are estimators_ (a list) and named_estimators_ (by name,
// 'drop' entries kept out), their state under "estimators_.I." and "named_estimators_.NAME."
// (base/held_state.h); le_ is held the same way.
#include <algorithm>

#include "core/ml/base/errors.h"
#include "core/ml/base/held_state.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/heterogeneous.h"
#include "core/ml/preprocessing/label_encoder.h"

namespace tessera::ml {
namespace {

using ensemble::Member;

class BaseVoting : public ensemble::HeterogeneousEnsemble {
public:
    using HeterogeneousEnsemble::HeterogeneousEnsemble;

    std::vector<HeldEstimators> heldEstimators() const override {
        std::vector<HeldEstimators> out = HeterogeneousEnsemble::heldEstimators();
        if (m_labels) out.push_back({"le_", HeldEstimators::Form::One, {{"", m_labels}}});
        return out;
    }

protected:
    // _BaseVoting.fit after the subclass's handling of y: the members' clones fitted on (X, y).
    void fitMembers(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
        const std::vector<Member> members = validateMembers(/*checkKind=*/true);
        const ParamValue& weights = param("weights");
        if (!weights.isNone() && weights.items().size() != members.size())
            throw ValueError("Number of `estimators` and weights must be equal; got " +
                             std::to_string(weights.items().size()) + " weights, " + std::to_string(members.size()) +
                             " estimators");
        std::vector<std::shared_ptr<Estimator>> fitted;
        for (const Member& m : members) {
            if (m.dropped()) continue;
            auto est = m.estimator.asEstimator()->clone();
            est->fit(X, y, sampleWeight);
            fitted.push_back(std::move(est));
        }
        setFitted(std::move(fitted));
    }

    void attributesRestored() override {
        restoreFitted();
        m_labels.reset();
        if (hasAttribute("le_.classes_")) {
            m_labels = EstimatorRegistry::instance().create("LabelEncoder");
            restoreHeldAttributes(*m_labels, attributes(), "le_");
        }
    }

    // _weights_not_none: the weights of the members that are not dropped (empty: equal weights).
    std::vector<double> weightsNotNone() const {
        std::vector<double> out;
        const ParamValue& weights = param("weights");
        if (weights.isNone()) return out;
        const std::vector<Member> members = listed();
        for (std::size_t k = 0; k < members.size(); ++k)
            if (!members[k].dropped()) out.push_back(weights.items()[k].asDouble());
        return out;
    }

    // np.average over the members of their [rows, width] results (`parts`, in member order).
    static Tensor weightedAverage(const std::vector<std::vector<double>>& parts, const std::vector<double>& w,
                                  std::int64_t rows, std::int64_t width) {
        std::vector<double> out(static_cast<std::size_t>(rows * width), 0.0);
        double total = 0.0;
        for (std::size_t m = 0; m < parts.size(); ++m) {
            const double wm = w.empty() ? 1.0 : w[m];
            total += wm;
            for (std::size_t i = 0; i < out.size(); ++i) out[i] += w.empty() ? parts[m][i] : parts[m][i] * wm;
        }
        if (total == 0.0) throw ValueError("Weights sum to zero, can't be normalized");
        for (double& v : out) v /= total;
        return Tensor::fromVector<double>(out, {rows, width});
    }

    std::shared_ptr<Estimator> m_labels;  // le_ (classifier only)
};

class VotingClassifier : public BaseVoting {
public:
    using BaseVoting::BaseVoting;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        if (y.isNumeric() && y.tensor().dim() > 1 && y.tensor().size(1) > 1)
            throw NotImplementedError("Multilabel and multi-output classification is not supported.");
        clearAttributes();
        m_labels = EstimatorRegistry::instance().create("LabelEncoder");
        m_labels->fit(Tensor(), y);
        const Array codes(labelEncoderTransform(*m_labels, y));
        fitMembers(X, codes, sampleWeight);
        for (auto& [name, value] : heldAttributes(*m_labels, "le_")) setAttribute(name, std::move(value));
        setAttribute("classes_", m_labels->attribute("classes_"));
        return *this;
    }

    Array predict(const Tensor& X) const override {
        checkFitted();
        const std::int64_t k = classCount(attribute("classes_"));
        std::vector<std::int64_t> winners;
        if (paramString("voting") == "soft") {
            const Tensor p = predictProba(X);
            const std::vector<double> v = p.toVector<double>();
            const std::int64_t rows = p.size(0);
            for (std::int64_t i = 0; i < rows; ++i)
                winners.push_back(std::max_element(v.begin() + i * k, v.begin() + (i + 1) * k) - (v.begin() + i * k));
        } else {
            const std::vector<std::vector<double>> votes = memberPredictions(X);
            const std::vector<double> w = weightsNotNone();
            const std::size_t rows = votes.front().size();
            for (std::size_t i = 0; i < rows; ++i) {
                // np.bincount(codes, weights): as many bins as the largest code predicted plus one.
                std::vector<double> bins;
                for (std::size_t m = 0; m < votes.size(); ++m) {
                    const auto c = static_cast<std::size_t>(votes[m][i]);
                    if (bins.size() <= c) bins.resize(c + 1, 0.0);
                    bins[c] += w.empty() ? 1.0 : w[m];
                }
                winners.push_back(std::max_element(bins.begin(), bins.end()) - bins.begin());
            }
        }
        return labelEncoderInverseTransform(
            *m_labels, Tensor::fromVector<std::int64_t>(winners, {static_cast<std::int64_t>(winners.size())}));
    }

    Tensor predictProba(const Tensor& X) const override {
        requireSoft("predict_proba");
        checkFitted();
        std::int64_t rows = 0, width = 0;
        const auto parts = memberProbas(X, rows, width);
        return weightedAverage(parts, weightsNotNone(), rows, width);
    }

    Tensor transform(const Tensor& X) const override {
        checkFitted();
        if (paramString("voting") == "soft") {
            std::int64_t rows = 0, width = 0;
            const auto parts = memberProbas(X, rows, width);
            const auto members = static_cast<std::int64_t>(parts.size());
            std::vector<double> out;
            out.reserve(static_cast<std::size_t>(members * rows * width));
            if (!paramBool("flatten_transform")) {
                for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
                return Tensor::fromVector<double>(out, {members, rows, width});
            }
            for (std::int64_t i = 0; i < rows; ++i)
                for (const auto& p : parts) out.insert(out.end(), p.begin() + i * width, p.begin() + (i + 1) * width);
            return Tensor::fromVector<double>(out, {rows, members * width});
        }
        const auto votes = memberPredictions(X);
        const auto members = static_cast<std::int64_t>(votes.size());
        const auto rows = static_cast<std::int64_t>(votes.front().size());
        std::vector<std::int64_t> out(static_cast<std::size_t>(rows * members));
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t m = 0; m < members; ++m) out[i * members + m] = static_cast<std::int64_t>(votes[m][i]);
        return Tensor::fromVector<std::int64_t>(out, {rows, members});
    }

private:
    void requireSoft(std::string_view method) const {
        if (paramString("voting") == "hard")
            throw AttributeError(std::string(method) + " is not available when voting='hard'");
    }

    std::vector<std::vector<double>> memberPredictions(const Tensor& X) const {
        std::vector<std::vector<double>> out;
        for (const auto& est : m_fitted) out.push_back(est->predict(X).tensor("predict").toVector<double>());
        return out;
    }

    std::vector<std::vector<double>> memberProbas(const Tensor& X, std::int64_t& rows, std::int64_t& width) const {
        std::vector<std::vector<double>> out;
        for (const auto& est : m_fitted) {
            const Tensor p = est->predictProba(X);
            rows = p.size(0);
            width = p.size(1);
            out.push_back(p.toVector<double>());
        }
        return out;
    }
};

class VotingRegressor : public BaseVoting {
public:
    using BaseVoting::BaseVoting;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override {
        validateParams();
        const Tensor yt = y.tensor("y");
        if (yt.dim() == 2 && yt.size(1) != 1)
            throw ValueError("y should be a 1d array, got an array of shape (" + std::to_string(yt.size(0)) + ", " +
                             std::to_string(yt.size(1)) + ") instead.");
        clearAttributes();
        const Tensor y1 = Tensor::fromVector<double>(yt.toVector<double>(), {yt.size(0)});
        fitMembers(X, Array(y1), sampleWeight);
        return *this;
    }

    Array predict(const Tensor& X) const override {
        checkFitted();
        const Tensor all = transform(X);
        const std::int64_t rows = all.size(0), members = all.size(1);
        const std::vector<double> v = all.toVector<double>();
        std::vector<std::vector<double>> parts(static_cast<std::size_t>(members), std::vector<double>(rows));
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t m = 0; m < members; ++m) parts[m][i] = v[i * members + m];
        return Array(
            Tensor::fromVector<double>(weightedAverage(parts, weightsNotNone(), rows, 1).toVector<double>(), {rows}));
    }

    Tensor transform(const Tensor& X) const override {
        checkFitted();
        std::vector<std::vector<double>> preds;
        for (const auto& est : m_fitted) preds.push_back(est->predict(X).tensor("predict").toVector<double>());
        const auto members = static_cast<std::int64_t>(preds.size());
        const auto rows = static_cast<std::int64_t>(preds.front().size());
        std::vector<double> out(static_cast<std::size_t>(rows * members));
        for (std::int64_t i = 0; i < rows; ++i)
            for (std::int64_t m = 0; m < members; ++m) out[i * members + m] = preds[m][i];
        return Tensor::fromVector<double>(out, {rows, members});
    }
};

std::vector<ParamSpec> votingParams(bool classifier) {
    std::vector<ParamSpec> p{
        {"estimators",
         ParamValue(),
         {constraintOf(Constraint::Kind::List)},
         "List of (name, estimator) tuples; an estimator may be 'drop'."},
        {"weights",
         ParamValue(),
         {constraintOf(Constraint::Kind::ArrayLike), noneC()},
         classifier ? "Weights of the members' votes or probabilities (None: equal)."
                    : "Weights of the members' predictions (None: equal)."},
        {"n_jobs",
         ParamValue(),
         {noneC(), constraintOf(Constraint::Kind::Integral)},
         "Parallel jobs (Tessera fits the members in turn)."},
        {"verbose",
         false,
         {constraintOf(Constraint::Kind::Verbose)},
         "Print the time of each fit (Tessera prints nothing)."},
    };
    if (classifier) {
        p.push_back({"voting",
                     "hard",
                     {strOptions({"soft", "hard"})},
                     "'hard': majority of the predicted labels; 'soft': argmax of the mean predict_proba."});
        p.push_back({"flatten_transform",
                     true,
                     {booleanC()},
                     "Soft transform as [rows, members * classes] (else [members, rows, classes])."});
    }
    return p;
}

const RegisterEstimator<VotingClassifier> kClassifier({
    "VotingClassifier",
    "sklearn.ensemble",
    EstimatorKind::Classifier,
    "Soft Voting/Majority Rule classifier for unfitted estimators.",
    votingParams(true),
    {"fit", "predict", "predict_proba", "transform", "fit_transform", "score"},
});

const RegisterEstimator<VotingRegressor> kRegressor({
    "VotingRegressor",
    "sklearn.ensemble",
    EstimatorKind::Regressor,
    "Prediction voting regressor for unfitted estimators.",
    votingParams(false),
    {"fit", "predict", "transform", "fit_transform", "score"},
});

}  // namespace
}  // namespace tessera::ml
