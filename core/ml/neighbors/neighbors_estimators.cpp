// KNeighborsClassifier, KNeighborsRegressor, NearestNeighbors and RadiusNeighborsClassifier as
// sklearn 1.2.1's (sklearn/neighbors/_base.py, _classification.py, _regression.py, _unsupervised.py):
// the same choice of algorithm ('auto' takes sklearn's kd-tree below 16 features), the same search
// (neighbors_search.h, kd_tree.h), the same votes, weights and outlier rules.
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/neighbors/kd_tree.h"
#include "core/ml/neighbors/neighbors.h"
#include "core/ml/neighbors/neighbors_search.h"

namespace tessera::ml {
namespace {

using neighbors::KdTree;
using neighbors::KNeighbors;
using neighbors::Metric;
using neighbors::NeighborSearch;
using neighbors::RadiusNeighbors;

// The fitted training rows are kept as the attribute "_fit_X" (sklearn's private name) so that
// persistence carries them; the search structure is rebuilt from it on first use.
class NeighborsEstimator : public Estimator, public neighbors::NeighborsAccess {
public:
    using Estimator::Estimator;

    neighbors::KNeighborsResult kneighborsOf(const Tensor* X, std::optional<std::int64_t> nNeighbors,
                                             bool returnDistance) const override {
        checkFitted();
        std::int64_t k = nNeighbors ? *nNeighbors : paramInt("n_neighbors");
        if (k <= 0) throw ValueError("Expected n_neighbors > 0. Got " + std::to_string(k));
        const bool queryIsTrain = X == nullptr;
        const Tensor query = queryIsTrain ? fitted("_fit_X") : validateX(*X);
        if (queryIsTrain) ++k;
        const std::int64_t n = fitted("_fit_X").size(0);
        if (k > n)
            throw ValueError("Expected n_neighbors <= n_samples,  but n_samples = " + std::to_string(n) +
                             ", n_neighbors = " + std::to_string(k));
        KNeighbors nn = usesTree() ? tree().query(query, k) : search().kneighbors(query, k);
        if (queryIsTrain) nn = dropSelf(nn);
        neighbors::KNeighborsResult r;
        r.indices = Tensor::fromVector<std::int64_t>(nn.indices, {nn.rows, nn.k});
        if (returnDistance) r.distances = Tensor::fromVector<double>(nn.distances, {nn.rows, nn.k});
        return r;
    }

    RadiusNeighbors radiusOf(const Tensor* X, std::optional<double> radius, bool sortResults) const override {
        checkFitted();
        const Tensor query = X ? validateX(*X) : fitted("_fit_X");
        const double r = radius ? *radius : paramDouble("radius");
        RadiusNeighbors rn =
            usesTree() ? tree().queryRadius(query, r, sortResults) : search().radiusNeighbors(query, r, sortResults);
        if (!X) {
            // radius_neighbors() with no X leaves each training row out of its own neighbours.
            for (std::size_t i = 0; i < rn.indices.size(); ++i) {
                auto& ind = rn.indices[i];
                auto& dist = rn.distances[i];
                for (std::size_t j = 0; j < ind.size(); ++j)
                    if (ind[j] == static_cast<std::int64_t>(i)) {
                        ind.erase(ind.begin() + static_cast<std::ptrdiff_t>(j));
                        dist.erase(dist.begin() + static_cast<std::ptrdiff_t>(j));
                        break;
                    }
            }
        }
        return rn;
    }

protected:
    // NeighborsBase._fit for X: the effective metric, the algorithm, the stored rows.
    Tensor fitRows(const Tensor& Xin) {
        validateParams();
        clearAttributes();
        {
            std::lock_guard<std::mutex> lock(m_cacheMutex);
            m_search.reset();
            m_tree.reset();
        }
        const ParamValue& metricParams = param("metric_params");
        if (!metricParams.isNone())
            throw ValueError(className() + ": metric_params is not available in Tessera (use metric and p)");
        const std::string& metric = paramString("metric");
        const ParamValue& p = param("p");
        std::string effective = metric;
        if (metric == "minkowski") {
            const double pv = p.isNone() ? 2.0 : p.asDouble();
            if (pv == 1)
                effective = "manhattan";
            else if (pv == 2)
                effective = "euclidean";
            else
                throw ValueError(className() + ": metric='minkowski' with p=" + p.repr() +
                                 " is not available in Tessera (p=1 and p=2 are)");
        } else if (metric == "cityblock" || metric == "l1" || metric == "manhattan") {
            effective = "manhattan";
        } else if (metric != "euclidean" && metric != "l2") {
            throw ValueError(className() + ": metric='" + metric +
                             "' is not available in Tessera (minkowski with p=1 or 2, euclidean, l2, manhattan, "
                             "cityblock and l1 are)");
        }
        const std::string& algorithm = paramString("algorithm");
        if (algorithm == "ball_tree")
            throw ValueError(className() +
                             ": algorithm='ball_tree' is not available in Tessera (auto, kd_tree and "
                             "brute are)");
        const Tensor X = validateFitX(Xin);
        std::string method = algorithm;
        if (method == "auto") {
            // sklearn's rule: brute force above 15 features or when n_neighbors is at least half the rows.
            const ParamValue* k = info().findParam("n_neighbors") ? &param("n_neighbors") : nullptr;
            const bool manyNeighbors = k && !k->isNone() && k->asInt() >= X.size(0) / 2;
            method = (X.size(1) > 15 || manyNeighbors) ? "brute" : "kd_tree";
        }
        setAttribute("effective_metric_", Array(std::vector<std::string>{effective}));
        // sklearn's dict, empty for the metrics Tessera has, written as its repr.
        setAttribute("effective_metric_params_", Array(std::vector<std::string>{"{}"}));
        setAttribute("_fit_method", Array(std::vector<std::string>{method}));
        setAttribute("n_samples_fit_", Array(Tensor::scalar<std::int64_t>(X.size(0))));
        setAttribute("_fit_X", Array(X));
        return X;
    }

    bool usesTree() const { return attribute("_fit_method").strings()[0] == "kd_tree"; }
    Metric metric() const {
        return attribute("effective_metric_").strings()[0] == "manhattan" ? Metric::Manhattan : Metric::Euclidean;
    }

    const NeighborSearch& search() const {
        std::lock_guard<std::mutex> lock(m_cacheMutex);
        if (!m_search)
            m_search = std::make_shared<NeighborSearch>(fitted("_fit_X"), metric(),
                                                        attribute("effective_metric_").strings()[0] == "euclidean");
        return *m_search;
    }
    const KdTree& tree() const {
        std::lock_guard<std::mutex> lock(m_cacheMutex);
        if (!m_tree) m_tree = std::make_shared<KdTree>(fitted("_fit_X"), paramInt("leaf_size"), metric());
        return *m_tree;
    }

    // weights=None means uniform, as in sklearn's _get_weights.
    bool distanceWeights() const {
        const ParamValue& w = param("weights");
        return w.isString() && w.asString() == "distance";
    }

    // sklearn's _get_weights for k-neighbours: 1/d, or the zero-distance neighbours alone when a query
    // row has any.
    std::vector<double> weightsFor(const KNeighbors& nn) const {
        std::vector<double> w(nn.distances.size(), 1.0);
        if (!distanceWeights()) return w;
        for (std::int64_t i = 0; i < nn.rows; ++i) {
            bool zero = false;
            for (std::int64_t t = 0; t < nn.k; ++t) zero = zero || nn.distances[i * nn.k + t] == 0.0;
            for (std::int64_t t = 0; t < nn.k; ++t) {
                const double d = nn.distances[i * nn.k + t];
                w[i * nn.k + t] = zero ? (d == 0.0 ? 1.0 : 0.0) : 1.0 / d;
            }
        }
        return w;
    }

    KNeighbors neighborsOf(const Tensor& Xin) const {
        const Tensor X = validateX(Xin);
        const std::int64_t k = paramInt("n_neighbors");
        const std::int64_t n = fitted("_fit_X").size(0);
        if (k > n)
            throw ValueError("Expected n_neighbors <= n_samples,  but n_samples = " + std::to_string(n) +
                             ", n_neighbors = " + std::to_string(k));
        return usesTree() ? tree().query(X, k) : search().kneighbors(X, k);
    }

private:
    // kneighbors(X=None): each row's own index is removed (the first column when it is not among them).
    static KNeighbors dropSelf(const KNeighbors& nn) {
        KNeighbors out;
        out.rows = nn.rows;
        out.k = nn.k - 1;
        for (std::int64_t i = 0; i < nn.rows; ++i) {
            bool found = false;
            for (std::int64_t t = 0; t < nn.k; ++t) found = found || nn.indices[i * nn.k + t] == i;
            bool skipped = false;
            for (std::int64_t t = 0; t < nn.k; ++t) {
                const bool self = found ? nn.indices[i * nn.k + t] == i : t == 0;
                if (self && !skipped) {
                    skipped = true;
                    continue;
                }
                out.indices.push_back(nn.indices[i * nn.k + t]);
                out.distances.push_back(nn.distances[i * nn.k + t]);
            }
        }
        return out;
    }

    mutable std::mutex m_cacheMutex;
    mutable std::shared_ptr<NeighborSearch> m_search;
    mutable std::shared_ptr<KdTree> m_tree;
};

// Classes and codes of a classifier's y, kept as "classes_" and "_y".
void fitClasses(const Estimator& e, const Array& y, const std::function<void(std::string_view, Array)>& set) {
    EncodedLabels enc = encodeLabels(y, e.className());
    set("classes_", enc.classes);
    set("_y", Array(Tensor::fromVector<std::int64_t>(enc.codes, {static_cast<std::int64_t>(enc.codes.size())})));
    set("outputs_2d_", Array(Tensor::scalar<bool>(false)));
}

class KNeighborsClassifier : public NeighborsEstimator {
public:
    using NeighborsEstimator::NeighborsEstimator;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor&) override {
        const Tensor X = fitRows(Xin);
        checkY(X, y, false);
        checkClassificationTargets(y);
        fitClasses(*this, y, [this](std::string_view n, Array a) { setAttribute(n, std::move(a)); });
        return *this;
    }

    Tensor predictProba(const Tensor& X) const override {
        const KNeighbors nn = neighborsOf(X);
        const auto w = weightsFor(nn);
        const std::int64_t* codes = fitted("_y").data<std::int64_t>();
        const std::int64_t c = classCount(attribute("classes_"));
        std::vector<double> proba(static_cast<std::size_t>(nn.rows * c), 0.0);
        for (std::int64_t t = 0; t < nn.k; ++t)  // sklearn adds the votes neighbour by neighbour
            for (std::int64_t i = 0; i < nn.rows; ++i)
                proba[i * c + codes[nn.indices[i * nn.k + t]]] += w[i * nn.k + t];
        for (std::int64_t i = 0; i < nn.rows; ++i) {
            double s = 0;
            for (std::int64_t j = 0; j < c; ++j) s += proba[i * c + j];
            if (s == 0.0) s = 1.0;
            for (std::int64_t j = 0; j < c; ++j) proba[i * c + j] /= s;
        }
        return Tensor::fromVector<double>(proba, {nn.rows, c});
    }

    Array predict(const Tensor& X) const override {
        const KNeighbors nn = neighborsOf(X);
        const auto w = weightsFor(nn);
        const std::int64_t* codes = fitted("_y").data<std::int64_t>();
        const std::int64_t c = classCount(attribute("classes_"));
        const bool uniform = !distanceWeights();
        std::vector<std::int64_t> out(static_cast<std::size_t>(nn.rows));
        std::vector<double> score(static_cast<std::size_t>(c));
        for (std::int64_t i = 0; i < nn.rows; ++i) {
            std::fill(score.begin(), score.end(), 0.0);
            // scipy.stats.mode / sklearn's weighted_mode: the smallest class among the most voted.
            for (std::int64_t t = 0; t < nn.k; ++t)
                score[codes[nn.indices[i * nn.k + t]]] += uniform ? 1.0 : w[i * nn.k + t];
            std::int64_t best = 0;
            for (std::int64_t j = 1; j < c; ++j)
                if (score[j] > score[best]) best = j;
            out[i] = best;
        }
        return decodeLabels(attribute("classes_"), out);
    }

private:
    void checkClassificationTargets(const Array& y) const {
        if (y.isStrings()) return;
        const Tensor& t = y.tensor("y");
        if (t.dim() != 1)
            throw ValueError(className() + ": y must be 1-D (multi-output y is not available in Tessera)");
        if (t.dtype() == DType::Float64)
            for (double v : t.toVector<double>())
                if (v != std::floor(v))
                    throw ValueError(
                        "Unknown label type: 'continuous'. Maybe you are trying to fit a classifier, "
                        "which expects discrete classes on a regression target with continuous values.");
    }
};

class KNeighborsRegressor : public NeighborsEstimator {
public:
    using NeighborsEstimator::NeighborsEstimator;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor&) override {
        const Tensor X = fitRows(Xin);
        checkY(X, y, true);
        const Tensor& t = y.tensor("y");
        const std::int64_t outputs = t.dim() == 1 ? 1 : t.size(1);
        setAttribute("_y", Array(Tensor::fromVector<double>(t.toVector<double>(), t.sizes())));
        setAttribute("_y_outputs", Array(Tensor::scalar<std::int64_t>(t.dim() == 1 ? 0 : outputs)));
        return *this;
    }

    Array predict(const Tensor& X) const override {
        const KNeighbors nn = neighborsOf(X);
        const auto w = weightsFor(nn);
        const Tensor& yT = fitted("_y");
        const double* y = yT.data<double>();
        const std::int64_t outputs = yT.dim() == 1 ? 1 : yT.size(1);
        const bool uniform = !distanceWeights();
        std::vector<double> out(static_cast<std::size_t>(nn.rows * outputs));
        for (std::int64_t i = 0; i < nn.rows; ++i)
            for (std::int64_t o = 0; o < outputs; ++o) {
                double num = 0, den = 0;
                for (std::int64_t t = 0; t < nn.k; ++t) {
                    const double wt = uniform ? 1.0 : w[i * nn.k + t];
                    num += y[nn.indices[i * nn.k + t] * outputs + o] * (uniform ? 1.0 : wt);
                    den += wt;
                }
                out[i * outputs + o] = uniform ? num / static_cast<double>(nn.k) : num / den;
            }
        if (yT.dim() == 1) return Array(Tensor::fromVector<double>(out, {nn.rows}));
        return Array(Tensor::fromVector<double>(out, {nn.rows, outputs}));
    }
};

class NearestNeighbors : public NeighborsEstimator {
public:
    using NeighborsEstimator::NeighborsEstimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        fitRows(Xin);
        return *this;
    }
};

class RadiusNeighborsClassifier : public NeighborsEstimator {
public:
    using NeighborsEstimator::NeighborsEstimator;

    Estimator& fit(const Tensor& Xin, const Array& y, const Tensor&) override {
        const Tensor X = fitRows(Xin);
        checkY(X, y, false);
        fitClasses(*this, y, [this](std::string_view n, Array a) { setAttribute(n, std::move(a)); });
        const ParamValue& label = param("outlier_label");
        const Array& classes = attribute("classes_");
        if (label.isString() && label.asString() == "most_frequent") {
            const Tensor& codes = fitted("_y");
            std::vector<std::int64_t> count(static_cast<std::size_t>(classCount(classes)), 0);
            for (auto c : codes.toVector<std::int64_t>()) ++count[c];
            const auto best = std::max_element(count.begin(), count.end()) - count.begin();
            setAttribute("outlier_label_", decodeLabels(classes, {best}));
        } else if (label.isNone()) {
            setAttribute("outlier_label_", Array());
        } else {
            if (label.isSequence())
                throw ValueError(className() +
                                 ": outlier_label as a list (one per output) is not available in "
                                 "Tessera (multi-output y is not)");
            // np.append(classes, label) must keep the classes' dtype, as sklearn checks.
            const bool numericClasses = !classes.isStrings();
            const bool intClasses = numericClasses && classes.tensor().dtype() == DType::Int64;
            const bool ok = numericClasses ? (label.isNumber() && (!intClasses || label.isInt() || label.isBool()))
                                           : label.isString();
            if (!ok)
                throw TypeError("The dtype of outlier_label " + label.repr() + " is inconsistent with classes in y.");
            if (!numericClasses)
                setAttribute("outlier_label_", Array(std::vector<std::string>{label.asString()}));
            else if (intClasses)
                setAttribute("outlier_label_", Array(Tensor::fromVector<std::int64_t>({label.asInt()}, {1})));
            else
                setAttribute("outlier_label_", Array(Tensor::fromVector<double>({label.asDouble()}, {1})));
        }
        return *this;
    }

    Tensor predictProba(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const RadiusNeighbors rn = usesTree() ? tree().queryRadius(X, paramDouble("radius"), false)
                                              : search().radiusNeighbors(X, paramDouble("radius"), false);
        const std::int64_t n = X.size(0);
        const std::int64_t c = classCount(attribute("classes_"));
        const std::int64_t* codes = fitted("_y").data<std::int64_t>();
        std::string outliers;
        for (std::int64_t i = 0; i < n; ++i)
            if (rn.indices[i].empty()) outliers += (outliers.empty() ? "" : ", ") + std::to_string(i);
        if (!outliers.empty() && !attribute("outlier_label_").defined())
            throw ValueError(
                "No neighbors found for test samples array([" + outliers +
                "]), you can try using larger radius, giving a label for outliers, or considering removing "
                "them from your dataset.");
        const bool distance = distanceWeights();
        const std::int64_t outlierCode = outlierClass();
        std::vector<double> proba(static_cast<std::size_t>(n * c), 0.0);
        for (std::int64_t i = 0; i < n; ++i) {
            const auto& ind = rn.indices[i];
            const auto& dist = rn.distances[i];
            if (ind.empty()) {
                if (outlierCode >= 0) proba[i * c + outlierCode] = 1.0;
                continue;
            }
            const bool zero = std::find(dist.begin(), dist.end(), 0.0) != dist.end();
            for (std::size_t t = 0; t < ind.size(); ++t) {
                double w = 1.0;
                if (distance) w = zero ? (dist[t] == 0.0 ? 1.0 : 0.0) : 1.0 / dist[t];
                proba[i * c + codes[ind[t]]] += w;
            }
        }
        for (std::int64_t i = 0; i < n; ++i) {
            double s = 0;
            for (std::int64_t j = 0; j < c; ++j) s += proba[i * c + j];
            if (s == 0.0) s = 1.0;
            for (std::int64_t j = 0; j < c; ++j) proba[i * c + j] /= s;
        }
        return Tensor::fromVector<double>(proba, {n, c});
    }

    Array predict(const Tensor& X) const override {
        const Tensor proba = predictProba(X);
        const std::int64_t n = proba.size(0), c = proba.size(1);
        const double* p = proba.data<double>();
        std::vector<std::int64_t> best(static_cast<std::size_t>(n), 0);
        std::vector<bool> allZero(static_cast<std::size_t>(n), true);
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < c; ++j) {
                if (p[i * c + j] > p[i * c + best[i]]) best[i] = j;
                if (p[i * c + j] != 0) allZero[i] = false;
            }
        Array labels = decodeLabels(attribute("classes_"), best);
        // Rows whose probabilities are all zero get outlier_label_ (which may be no training class).
        if (std::find(allZero.begin(), allZero.end(), true) == allZero.end()) return labels;
        const Array& outlier = attribute("outlier_label_");
        if (labels.isStrings()) {
            auto s = labels.strings();
            for (std::int64_t i = 0; i < n; ++i)
                if (allZero[i]) s[i] = outlier.strings()[0];
            return Array(std::move(s));
        }
        const Tensor& t = labels.tensor();
        std::vector<double> v = t.toVector<double>();
        const double o = outlier.isStrings() ? 0.0 : outlier.tensor().toVector<double>()[0];
        for (std::int64_t i = 0; i < n; ++i)
            if (allZero[i]) v[i] = o;
        if (t.dtype() == DType::Int64)
            return Array(Tensor::fromVector<std::int64_t>(std::vector<std::int64_t>(v.begin(), v.end()), {n}));
        return Array(Tensor::fromVector<double>(v, {n}));
    }

private:
    // The class position of outlier_label_, or -1 when it is none of the training classes (outliers then
    // get zero probabilities, as sklearn's after its warning).
    std::int64_t outlierClass() const {
        const Array& label = attribute("outlier_label_");
        if (!label.defined()) return -1;
        const Array& classes = attribute("classes_");
        for (std::int64_t c = 0; c < classCount(classes); ++c) {
            const Array one = decodeLabels(classes, {c});
            const bool same = one.isStrings() ? (label.isStrings() && one.strings()[0] == label.strings()[0])
                                              : (!label.isStrings() && one.tensor().toVector<double>()[0] ==
                                                                           label.tensor().toVector<double>()[0]);
            if (same) return c;
        }
        return -1;
    }
};

// The keywords every neighbours estimator shares (NeighborsBase's constraints).
std::vector<std::string> sklearnMetrics() {
    return {"braycurtis",
            "canberra",
            "chebyshev",
            "cityblock",
            "correlation",
            "cosine",
            "dice",
            "euclidean",
            "hamming",
            "haversine",
            "infinity",
            "jaccard",
            "kulsinski",
            "l1",
            "l2",
            "mahalanobis",
            "manhattan",
            "matching",
            "minkowski",
            "nan_euclidean",
            "p",
            "precomputed",
            "pyfunc",
            "rogerstanimoto",
            "russellrao",
            "seuclidean",
            "sokalmichener",
            "sokalsneath",
            "sqeuclidean",
            "wminkowski",
            "yule"};
}

std::vector<ParamSpec> commonParams() {
    return {
        {"algorithm",
         "auto",
         {strOptions({"auto", "ball_tree", "kd_tree", "brute"})},
         "Search algorithm: 'auto' takes a kd-tree below 16 features, brute force otherwise ('ball_tree' is refused)."},
        {"leaf_size", 30, {intInterval(1, std::nullopt, Closed::Left)}, "Leaf size of the kd-tree."},
        {"metric",
         "minkowski",
         {strOptions(sklearnMetrics())},
         "Distance: minkowski (with p), euclidean, l2, manhattan, cityblock or l1; other names are refused."},
        {"metric_params",
         ParamValue(),
         {constraintOf(Constraint::Kind::Dict), noneC()},
         "Extra metric keywords (only None is available)."},
        {"n_jobs",
         ParamValue(),
         {constraintOf(Constraint::Kind::Integral), noneC()},
         "Accepted for compatibility; Tessera's thread count (--threads) never changes results."},
        {"p",
         2,
         {realInterval(0, ParamValue(), Closed::Right), noneC()},
         "Minkowski power: 1 (manhattan) or 2 (euclidean)."},
    };
}

std::vector<ParamSpec> withParams(std::vector<ParamSpec> extra) {
    std::vector<ParamSpec> all = commonParams();
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
}

const ParamSpec kNNeighbors{
    "n_neighbors", 5, {intInterval(1, std::nullopt, Closed::Left), noneC()}, "Number of neighbours of a query."};
const ParamSpec kRadius{
    "radius", 1.0, {realInterval(0, ParamValue(), Closed::Both), noneC()}, "Radius of the neighbourhood (inclusive)."};
const ParamSpec kWeights{"weights",
                         "uniform",
                         {strOptions({"uniform", "distance"}), noneC()},
                         "Vote weights: uniform, or the inverse of the distance."};

const RegisterEstimator<KNeighborsClassifier> kKNeighborsClassifier({
    "KNeighborsClassifier",
    "sklearn.neighbors",
    EstimatorKind::Classifier,
    "Classifier implementing the k-nearest neighbors vote.",
    withParams({kNNeighbors, kWeights}),
    {"fit", "predict", "predict_proba", "score"},
});

const RegisterEstimator<KNeighborsRegressor> kKNeighborsRegressor({
    "KNeighborsRegressor",
    "sklearn.neighbors",
    EstimatorKind::Regressor,
    "Regression based on k-nearest neighbors.",
    withParams({kNNeighbors, kWeights}),
    {"fit", "predict", "score"},
});

const RegisterEstimator<NearestNeighbors> kNearestNeighbors({
    "NearestNeighbors",
    "sklearn.neighbors",
    EstimatorKind::Transformer,
    "Unsupervised learner for implementing neighbor searches (kneighbors, radius_neighbors).",
    withParams({kNNeighbors, kRadius}),
    {"fit"},
});

const RegisterEstimator<RadiusNeighborsClassifier> kRadiusNeighborsClassifier({
    "RadiusNeighborsClassifier",
    "sklearn.neighbors",
    EstimatorKind::Classifier,
    "Classifier implementing a vote among neighbors within a given radius.",
    withParams({kRadius,
                kWeights,
                {"outlier_label",
                 ParamValue(),
                 {constraintOf(Constraint::Kind::Integral), constraintOf(Constraint::Kind::String),
                  constraintOf(Constraint::Kind::ArrayLike), noneC()},
                 "Label of queries without neighbours: None (an error), 'most_frequent' or a label."}}),
    {"fit", "predict", "predict_proba", "score"},
});

}  // namespace
}  // namespace tessera::ml

namespace tessera::ml::neighbors {

namespace {
const NeighborsAccess& accessOf(const Estimator& e) {
    const auto* a = dynamic_cast<const NeighborsAccess*>(&e);
    if (!a) throw TypeError("kneighbors: '" + e.className() + "' object has no attribute 'kneighbors'");
    return *a;
}
}  // namespace

KNeighborsResult kneighbors(const Estimator& e, const Tensor* X, std::optional<std::int64_t> nNeighbors,
                            bool returnDistance) {
    return accessOf(e).kneighborsOf(X, nNeighbors, returnDistance);
}

RadiusNeighbors radiusNeighbors(const Estimator& e, const Tensor* X, std::optional<double> radius, bool sortResults) {
    return accessOf(e).radiusOf(X, radius, sortResults);
}

}  // namespace tessera::ml::neighbors
