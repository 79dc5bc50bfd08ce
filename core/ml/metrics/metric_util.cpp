#include "core/ml/metrics/metric_util.h"

#include <algorithm>
#include <cmath>

#include "core/ml/metrics/labels.h"
#include "core/tensor/error.h"

namespace tessera::ml::metrics {

void checkLengths(std::size_t a, std::size_t b, const std::string& where) {
    if (a != b)
        throw ValueError(where + ": Found input variables with inconsistent numbers of samples: [" + std::to_string(a) +
                         ", " + std::to_string(b) + "]");
}

std::string targetType(const std::vector<double>& classes) {
    for (double v : classes)
        if (v != std::floor(v)) return "continuous";
    return classes.size() <= 2 ? "binary" : "multiclass";
}

bool standardBinaryClasses(const std::vector<double>& c) {
    using V = std::vector<double>;
    return c == V{0, 1} || c == V{-1, 1} || c == V{0} || c == V{-1} || c == V{1};
}

Targets checkTargets(const Tensor& yTrue, const Tensor& yPred, const std::string& where) {
    Targets t;
    t.yTrue = labelValues(yTrue, where, "y_true");
    t.yPred = labelValues(yPred, where, "y_pred");
    checkLengths(t.yTrue.size(), t.yPred.size(), where);
    for (const auto* v : {&t.yTrue, &t.yPred})
        for (double x : *v)
            if (!std::isfinite(x)) throw ValueError(where + ": Input contains NaN or infinity");
    const std::string a = targetType(uniqueUnion(t.yTrue, {}));
    const std::string b = targetType(uniqueUnion(t.yPred, {}));
    if (a == "continuous" || b == "continuous") {
        if (a == b) throw ValueError(where + ": continuous is not supported");
        throw ValueError(where + ": Classification metrics can't handle a mix of " + a + " and " + b + " targets");
    }
    t.type = (a == "multiclass" || b == "multiclass") ? "multiclass" : "binary";
    if (t.type == "binary" && uniqueUnion(t.yTrue, t.yPred).size() > 2) t.type = "multiclass";
    t.integerDtype = yTrue.dtype() != DType::Float64 && yPred.dtype() != DType::Float64;
    return t;
}

std::vector<double> sampleWeights(const Tensor& sampleWeight, std::size_t n, const std::string& where) {
    if (!sampleWeight.defined()) return {};
    auto w = numericVector(sampleWeight, where, "sample_weight");
    checkLengths(n, w.size(), where);
    return w;
}

double mean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s / static_cast<double>(v.size());
}

double average1(const std::vector<double>& v, const std::vector<double>& w) {
    if (w.empty()) return mean(v);
    double num = 0, den = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        num += v[i] * w[i];
        den += w[i];
    }
    if (den == 0) throw ValueError("average: Weights sum to zero, can't be normalized");
    return num / den;
}

double weightedSum(const std::vector<double>& v, const std::vector<double>& w, bool normalize) {
    if (normalize) return average1(v, w);
    double s = 0;
    for (std::size_t i = 0; i < v.size(); ++i) s += w.empty() ? v[i] : v[i] * w[i];
    return s;
}

}  // namespace tessera::ml::metrics
