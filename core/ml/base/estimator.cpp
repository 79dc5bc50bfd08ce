#include "core/ml/base/estimator.h"

#include <algorithm>
#include <cmath>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"

namespace tessera::ml {

namespace {

ParamValue cloneValue(const ParamValue& v) {
    if (v.isEstimator()) return ParamValue(v.asEstimator()->clone());
    if (v.isSequence()) {
        std::vector<ParamValue> items;
        for (const auto& item : v.items()) items.push_back(cloneValue(item));
        return v.kind() == ParamValue::Kind::Tuple ? ParamValue::tuple(std::move(items))
                                                   : ParamValue::list(std::move(items));
    }
    return v;
}

std::string shapeText(const Tensor& X) {
    std::string out = "(";
    for (std::int64_t d = 0; d < X.dim(); ++d) out += (d ? ", " : "") + std::to_string(X.size(d));
    if (X.dim() == 1) out += ",";
    return out + ")";
}

}  // namespace

Estimator::Estimator(const EstimatorInfo& info) : m_info(&info) {
    for (const auto& spec : info.params) m_params.emplace_back(spec.keyword, cloneValue(spec.defaultValue));
}

Estimator::~Estimator() = default;

const std::string& Estimator::className() const { return m_info->name; }

ParamList Estimator::getParams(bool deep) const {
    ParamList out;
    for (const auto& [k, v] : m_params) {
        if (deep && v.isEstimator())
            for (auto& [sk, sv] : v.asEstimator()->getParams(true)) out.emplace_back(k + "__" + sk, sv);
        out.emplace_back(k, v);
    }
    return out;
}

bool Estimator::setChildParam(std::string_view, const ParamValue&) { return false; }

Estimator& Estimator::setParams(const ParamList& params) {
    auto invalid = [&](const std::string& key) {
        std::string valid = "[";
        bool first = true;
        for (const auto& [k, v] : getParams(false)) {
            valid += (first ? "'" : ", '") + k + "'";
            first = false;
        }
        throw ValueError("Invalid parameter '" + key + "' for estimator " +
                         ParamValue(std::const_pointer_cast<Estimator>(shared_from_this())).repr() +
                         ". Valid parameters are: " + valid + "].");
    };
    ParamList nested;
    for (const auto& [key, value] : params) {
        const auto sep = key.find("__");
        if (sep != std::string::npos) {
            nested.emplace_back(key, value);
            continue;
        }
        auto it = std::find_if(m_params.begin(), m_params.end(), [&](const auto& p) { return p.first == key; });
        if (it != m_params.end()) {
            it->second = value;
            continue;
        }
        if (!setChildParam(key, value)) invalid(key);
    }
    for (const auto& [key, value] : nested) {
        const std::string head = key.substr(0, key.find("__"));
        const std::string rest = key.substr(key.find("__") + 2);
        std::shared_ptr<Estimator> child;
        for (const auto& [name, est] : children())
            if (name == head) child = est;
        if (!child) invalid(head);
        child->setParams({{rest, value}});
    }
    return *this;
}

const ParamValue& Estimator::param(std::string_view keyword) const {
    for (const auto& [k, v] : m_params)
        if (k == keyword) return v;
    throw AttributeError("'" + className() + "' object has no attribute '" + std::string(keyword) + "'");
}

std::shared_ptr<Estimator> Estimator::clone() const {
    auto fresh = m_info->factory(*m_info);
    ParamList params;
    for (const auto& [k, v] : getParams(false)) params.emplace_back(k, cloneValue(v));
    fresh->setParams(params);
    return fresh;
}

std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> Estimator::children() const {
    std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> out;
    for (const auto& [k, v] : m_params)
        if (v.isEstimator()) out.emplace_back(k, v.asEstimator());
    return out;
}

void Estimator::noMethod(std::string_view method) const {
    throw AttributeError("'" + className() + "' object has no attribute '" + std::string(method) + "'");
}

Estimator& Estimator::fit(const Tensor&, const Array&, const Tensor&) { noMethod("fit"); }
Estimator& Estimator::partialFit(const Tensor&, const Array&, const Tensor&) { noMethod("partial_fit"); }
Array Estimator::predict(const Tensor&) const { noMethod("predict"); }
Tensor Estimator::predictProba(const Tensor&) const { noMethod("predict_proba"); }
Tensor Estimator::predictLogProba(const Tensor&) const { noMethod("predict_log_proba"); }
Tensor Estimator::decisionFunction(const Tensor&) const { noMethod("decision_function"); }
Tensor Estimator::transform(const Tensor&) const { noMethod("transform"); }
Tensor Estimator::inverseTransform(const Tensor&) const { noMethod("inverse_transform"); }
Tensor Estimator::scoreSamples(const Tensor&) const { noMethod("score_samples"); }

Tensor Estimator::fitTransform(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
    if (!info().hasMethod("fit_transform")) noMethod("fit_transform");
    fit(X, y, sampleWeight);
    return transform(X);
}

Array Estimator::fitPredict(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
    if (!info().hasMethod("fit_predict")) noMethod("fit_predict");
    fit(X, y, sampleWeight);
    return predict(X);
}

Estimator& Estimator::fitTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) {
    fit(X.numericTensor(), y, sampleWeight);
    recordFeatureNames(X);
    return *this;
}

Array Estimator::predictTable(const data::Table& X) const { return predict(tableToX(X)); }
Tensor Estimator::predictProbaTable(const data::Table& X) const { return predictProba(tableToX(X)); }
Tensor Estimator::decisionFunctionTable(const data::Table& X) const { return decisionFunction(tableToX(X)); }
Tensor Estimator::transformTable(const data::Table& X) const { return transform(tableToX(X)); }

Tensor Estimator::fitTransformTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) {
    Tensor out = fitTransform(X.numericTensor(), y, sampleWeight);
    recordFeatureNames(X);
    return out;
}

double Estimator::scoreTable(const data::Table& X, const Array& y, const Tensor& sampleWeight) const {
    return score(tableToX(X), y, sampleWeight);
}

void Estimator::recordFeatureNames(const data::Table& X) { setAttribute("feature_names_in_", Array(X.names())); }

Tensor Estimator::tableToX(const data::Table& X) const {
    checkFeatureNames(*this, X);
    return X.numericTensor();
}

double Estimator::score(const Tensor& X, const Array& y, const Tensor& sampleWeight) const {
    const EstimatorKind kind = info().kind;
    if (!info().hasMethod("score") || (kind != EstimatorKind::Classifier && kind != EstimatorKind::Regressor))
        noMethod("score");
    const Array pred = predict(X);
    if (pred.length() != y.length())
        throw ValueError("Found input variables with inconsistent numbers of samples: [" + std::to_string(y.length()) +
                         ", " + std::to_string(pred.length()) + "]");
    const std::int64_t n = y.length();
    const Tensor w = sampleWeightOrOnes(sampleWeight, n);
    const double* wd = w.data<double>();
    if (kind == EstimatorKind::Classifier) {
        // accuracy_score: the weighted share of rows whose label equals the prediction.
        double hit = 0, total = 0;
        if (y.isStrings() != pred.isStrings())
            throw ValueError("Classification metrics can't handle a mix of string and numeric targets");
        if (y.isStrings()) {
            for (std::int64_t i = 0; i < n; ++i) {
                hit += y.strings()[i] == pred.strings()[i] ? wd[i] : 0;
                total += wd[i];
            }
        } else {
            std::vector<double> a = y.tensor().toVector<double>(), b = pred.tensor().toVector<double>();
            for (std::int64_t i = 0; i < n; ++i) {
                hit += a[i] == b[i] ? wd[i] : 0;
                total += wd[i];
            }
        }
        return hit / total;
    }
    // r2_score with multioutput="uniform_average".
    const Tensor& yt = y.tensor("y");
    std::vector<double> a = yt.toVector<double>(), b = pred.tensor().toVector<double>();
    const std::int64_t outputs = yt.dim() == 2 ? yt.size(1) : 1;
    if (static_cast<std::int64_t>(b.size()) != n * outputs)
        throw ValueError("y_true and y_pred have different number of output (" + std::to_string(outputs) + "!=" +
                         std::to_string(static_cast<std::int64_t>(b.size()) / std::max<std::int64_t>(n, 1)) + ")");
    double sum = 0;
    for (std::int64_t j = 0; j < outputs; ++j) {
        double wsum = 0, mean = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            mean += wd[i] * a[i * outputs + j];
            wsum += wd[i];
        }
        mean /= wsum;
        double num = 0, den = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            const double r = a[i * outputs + j] - b[i * outputs + j];
            const double c = a[i * outputs + j] - mean;
            num += wd[i] * r * r;
            den += wd[i] * c * c;
        }
        if (den != 0)
            sum += 1 - num / den;
        else
            sum += num == 0 ? 1.0 : 0.0;
    }
    return sum / static_cast<double>(outputs);
}

std::vector<std::string> defaultFeatureNames(std::int64_t n, const std::vector<std::string>& inputFeatures,
                                             std::string_view) {
    if (!inputFeatures.empty()) {
        if (static_cast<std::int64_t>(inputFeatures.size()) != n)
            throw ValueError("input_features should have length equal to number of features (" + std::to_string(n) +
                             "), got " + std::to_string(inputFeatures.size()));
        return inputFeatures;
    }
    std::vector<std::string> out;
    for (std::int64_t i = 0; i < n; ++i) out.push_back("x" + std::to_string(i));
    return out;
}

std::vector<std::string> Estimator::getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const {
    if (!info().hasMethod("get_feature_names_out")) noMethod("get_feature_names_out");
    checkFitted();
    return featureNamesIn(*this, inputFeatures);
}

bool Estimator::hasAttribute(std::string_view name) const {
    return std::any_of(m_attributes.begin(), m_attributes.end(), [&](const auto& a) { return a.first == name; });
}

const Array& Estimator::attribute(std::string_view name) const {
    for (const auto& [k, v] : m_attributes)
        if (k == name) return v;
    throw AttributeError("'" + className() + "' object has no attribute '" + std::string(name) + "'");
}

const Tensor& Estimator::fitted(std::string_view name) const { return attribute(name).tensor(name); }

void Estimator::setAttribute(std::string_view name, Array value) {
    for (auto& [k, v] : m_attributes)
        if (k == name) {
            v = std::move(value);
            return;
        }
    m_attributes.emplace_back(std::string(name), std::move(value));
}

void Estimator::restoreAttributes(std::vector<std::pair<std::string, Array>> attributes) {
    m_attributes = std::move(attributes);
    if (!m_attributes.empty()) attributesRestored();  // nothing to rebuild in an unfitted estimator
}

std::vector<Estimator::HeldEstimators> Estimator::heldEstimators() const { return {}; }

void Estimator::checkFitted() const {
    if (!isFitted())
        throw NotFittedError("This " + className() +
                             " instance is not fitted yet. Call 'fit' with appropriate arguments before using this "
                             "estimator.");
}

void Estimator::validateParams() const {
    for (const auto& spec : m_info->params) spec.check(param(spec.keyword), className());
}

namespace {

// True when no element is NaN or ±Inf: x − x is 0 for every finite x and NaN otherwise, and a sum of
// zeros stays 0 until a NaN enters it. Eight independent sums keep the pass at memory speed (a branch
// per element, isnan then isinf, runs several times slower); the caller classifies the bad elements only
// when there are some.
bool allFinite(const double* d, std::int64_t n) {
    double acc[8] = {};
    std::int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; ++k) acc[k] += d[i + k] - d[i + k];
    for (; i < n; ++i) acc[0] += d[i] - d[i];
    double total = 0;
    for (double a : acc) total += a;
    return total == 0;
}

Tensor checkArray(const Tensor& X, std::string_view estimator, bool allowNaN, std::int64_t minSamples) {
    if (!X.defined()) throw ValueError(std::string(estimator) + ": X is required");
    if (X.dim() == 0 || X.dim() == 1)
        throw ValueError(std::string("Expected 2D array, got ") + (X.dim() == 0 ? "scalar" : "1D") +
                         " array instead. Reshape your data either using array.reshape(-1, 1) if your data has a "
                         "single feature or array.reshape(1, -1) if it contains a single sample.");
    if (X.dim() > 2)
        throw ValueError("Found array with dim " + std::to_string(X.dim()) + ". " + std::string(estimator) +
                         " expected <= 2.");
    if (X.size(0) < minSamples)
        throw ValueError("Found array with " + std::to_string(X.size(0)) + " sample(s) (shape=" + shapeText(X) +
                         ") while a minimum of " + std::to_string(minSamples) + " is required by " +
                         std::string(estimator) + ".");
    if (X.size(1) < 1)
        throw ValueError("Found array with 0 feature(s) (shape=" + shapeText(X) +
                         ") while a minimum of 1 is required by " + std::string(estimator) + ".");
    Tensor out = X;
    if (X.dtype() != DType::Float64 || !X.isContiguous())
        out = Tensor::fromVector<double>(X.toVector<double>(), X.sizes());
    const double* d = out.data<double>();
    const std::int64_t n = out.numel();
    bool nan = false, inf = false;
    if (!allFinite(d, n))
        for (std::int64_t i = 0; i < n; ++i) {
            if (std::isnan(d[i]))
                nan = true;
            else if (std::isinf(d[i]))
                inf = true;
        }
    if (nan && !allowNaN)
        throw ValueError(
            "Input X contains NaN.\n" + std::string(estimator) +
            " does not accept missing values encoded as NaN natively. For supervised learning, you might want to "
            "consider sklearn.ensemble.HistGradientBoostingClassifier and Regressor which accept missing values "
            "encoded as NaNs natively. Alternatively, it is possible to preprocess the data, for instance by using "
            "an imputer transformer in a pipeline or drop samples with missing values. See "
            "https://scikit-learn.org/stable/modules/impute.html You can find a list of all estimators that handle "
            "NaN values at the following page: "
            "https://scikit-learn.org/stable/modules/impute.html#estimators-that-handle-nan-values");
    if (inf) throw ValueError("Input X contains infinity or a value too large for dtype('float64').");
    return out;
}

}  // namespace

Tensor Estimator::validateFitX(const Tensor& X, bool allowNaN, std::int64_t minSamples) {
    Tensor out = checkArray(X, className(), allowNaN, minSamples);
    setAttribute("n_features_in_", Array(Tensor::scalar<std::int64_t>(out.size(1))));
    return out;
}

Tensor Estimator::validateX(const Tensor& X, bool allowNaN, bool stateless) const {
    if (stateless && !isFitted()) return checkArray(X, className(), allowNaN, 1);
    checkFitted();
    Tensor out = checkArray(X, className(), allowNaN, 1);
    const std::int64_t expected = fitted("n_features_in_").item<std::int64_t>();
    if (out.size(1) != expected)
        throw ValueError("X has " + std::to_string(out.size(1)) + " features, but " + className() + " is expecting " +
                         std::to_string(expected) + " features as input.");
    return out;
}

void Estimator::checkY(const Tensor& X, const Array& y, bool numeric) const {
    if (!y.defined()) throw ValueError(className() + " requires y to be passed, but the target y is None.");
    if (y.length() != X.size(0))
        throw ValueError("Found input variables with inconsistent numbers of samples: [" + std::to_string(X.size(0)) +
                         ", " + std::to_string(y.length()) + "]");
    if (y.isStrings()) {
        if (numeric) throw ValueError(className() + ": y must be numeric, got string labels");
        return;
    }
    const Tensor& t = y.tensor("y");
    if (t.dim() < 1 || t.dim() > 2)
        throw ValueError(className() + ": y must be 1-D or 2-D, got shape " + shapeToString(t.sizes()));
    if (isFloating(t.dtype()))
        for (double d : t.toVector<double>()) {
            if (std::isnan(d)) throw ValueError("Input y contains NaN.");
            if (std::isinf(d)) throw ValueError("Input y contains infinity or a value too large for dtype('float64').");
        }
}

Tensor Estimator::sampleWeightOrOnes(const Tensor& sampleWeight, std::int64_t rows) const {
    if (!sampleWeight.defined()) return Tensor::fromVector<double>(std::vector<double>(rows, 1.0), {rows});
    if (sampleWeight.dim() != 1 || sampleWeight.size(0) != rows)
        throw ValueError("sample_weight.shape == " + shapeText(sampleWeight) + ", expected (" + std::to_string(rows) +
                         ",)!");
    return Tensor::fromVector<double>(sampleWeight.toVector<double>(), {rows});
}

}  // namespace tessera::ml
