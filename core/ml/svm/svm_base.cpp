// BaseLibSVM.fit and the decision values of sklearn/svm/_base.py (1.2.1) on libsvm.h; BaseSVC's
// decision_function (ovo, or _ovr_decision_function's votes plus scaled confidences), predict (libsvm's
// votes, or the ovr argmax with break_ties) and predict_proba (libsvm's pairwise coupling).
#include "core/ml/svm/svm_base.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/linear_model/linear_support.h"
#include "core/ml/random_state.h"

namespace tessera::ml::detail {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

SvmKernel kernelOf(const std::string& name, const std::string& estimator) {
    if (name == "linear") return SvmKernel::Linear;
    if (name == "poly") return SvmKernel::Poly;
    if (name == "rbf") return SvmKernel::Rbf;
    if (name == "sigmoid") return SvmKernel::Sigmoid;
    throw ValueError(estimator + ": kernel='" + name +
                     "' is not available in Tessera yet; 'linear', 'poly', 'rbf' and 'sigmoid' are");
}

Tensor int64Vector(const std::vector<std::int64_t>& v) {
    return Tensor::fromVector<std::int64_t>(v, {static_cast<std::int64_t>(v.size())});
}

}  // namespace

SvmParams BaseLibSvm::svmParams() const {
    SvmParams p;
    p.type = type_;
    p.kernel = kernelOf(paramString("kernel"), className());
    p.degree = static_cast<int>(paramInt("degree"));
    p.coef0 = paramDouble("coef0");
    p.eps = paramDouble("tol");
    p.cacheSizeMb = paramDouble("cache_size");
    p.shrinking = paramBool("shrinking");
    p.maxIter = static_cast<int>(paramInt("max_iter"));
    if (hasAttribute("_gamma")) p.gamma = fitted("_gamma").item<double>();
    return p;
}

Estimator& BaseLibSvm::fit(const Tensor& Xin, const Array& yIn, const Tensor& sampleWeight) {
    validateParams();
    clearAttributes();
    SvmParams p = svmParams();
    const Tensor X = validateFitX(Xin);
    const std::int64_t n = X.size(0), features = X.size(1);
    SvmProblem prob{X.data<double>(), static_cast<int>(features), {}, {}, {}};
    Array classes;
    std::vector<double> classWeight;
    if (classifier()) {
        checkY(X, yIn, false);
        const EncodedLabels enc = encodeLabels(yIn, className());
        classWeight = classWeightFactors(param("class_weight"), enc.classes, enc.codes);
        if (classCount(enc.classes) < 2)
            throw ValueError("The number of classes has to be greater than one; got " +
                             std::to_string(classCount(enc.classes)) + " class");
        classes = enc.classes;
        for (std::int64_t c : enc.codes) prob.y.push_back(static_cast<double>(c));
    } else if (type_ == SvmType::OneClass) {
        prob.y.assign(static_cast<std::size_t>(n), 1.0);
    } else {
        checkY(X, yIn, true);
        prob.y = singleTarget(yIn).toVector<double>();
    }
    prob.W = sampleWeightOrOnes(sampleWeight, n).toVector<double>();
    for (std::int64_t i = 0; i < n; ++i) prob.rows.push_back(static_cast<int>(i));

    const ParamValue& gamma = param("gamma");
    if (gamma.isString()) {
        if (gamma.asString() == "scale") {
            const double* x = X.data<double>();
            const std::size_t total = static_cast<std::size_t>(n * features);
            double mean = 0, var = 0;
            for (std::size_t i = 0; i < total; ++i) mean += x[i];
            mean /= static_cast<double>(total);
            for (std::size_t i = 0; i < total; ++i) var += (x[i] - mean) * (x[i] - mean);
            var /= static_cast<double>(total);
            p.gamma = var != 0 ? 1.0 / (static_cast<double>(features) * var) : 1.0;
        } else {
            p.gamma = 1.0 / static_cast<double>(features);
        }
    } else {
        p.gamma = gamma.asDouble();
    }
    const bool hasSeed = info().findParam("random_state") != nullptr;
    RandomState rs = checkRandomState(
        hasSeed && !param("random_state").isNone() ? std::optional(param("random_state").asInt()) : std::nullopt);
    p.randomSeed = static_cast<int>(rs.randint(0, 2147483647));
    if (type_ == SvmType::CSvc || type_ == SvmType::EpsilonSvr || type_ == SvmType::NuSvr) p.C = paramDouble("C");
    if (type_ != SvmType::CSvc && type_ != SvmType::EpsilonSvr) p.nu = paramDouble("nu");
    if (type_ == SvmType::EpsilonSvr) p.p = paramDouble("epsilon");
    p.probability = classifier() && paramBool("probability");
    p.classWeight = classWeight;

    if (type_ == SvmType::NuSvc) {
        // svm_check_parameter: nu·(n_i + n_j)/2 ≤ min(n_i, n_j) for every pair, n the weighted counts.
        std::vector<double> weightOf(classWeight.size(), 0.0);
        for (std::size_t i = 0; i < prob.y.size(); ++i) weightOf[static_cast<std::size_t>(prob.y[i])] += prob.W[i];
        for (std::size_t i = 0; i < weightOf.size(); ++i)
            for (std::size_t j = i + 1; j < weightOf.size(); ++j)
                if (p.nu * (weightOf[i] + weightOf[j]) / 2 > std::min(weightOf[i], weightOf[j]))
                    throw ValueError("specified nu is infeasible");
    }
    const SvmModel m = svmTrain(prob, p);
    const auto l = static_cast<std::int64_t>(m.svRow.size());
    const std::int64_t k = classifier() ? m.nrClass : 2;
    std::vector<double> sv(static_cast<std::size_t>(l * features));
    for (std::int64_t i = 0; i < l; ++i)
        std::copy(prob.X + m.svRow[i] * features, prob.X + (m.svRow[i] + 1) * features, sv.begin() + i * features);
    std::vector<double> dual;
    for (const auto& row : m.svCoef) dual.insert(dual.end(), row.begin(), row.end());
    std::vector<double> intercept;
    for (double r : m.rho) intercept.push_back(-r);
    bool finite = true;
    for (double v : dual) finite = finite && std::isfinite(v);
    for (double v : intercept) finite = finite && std::isfinite(v);
    if (!finite)
        throw ValueError(
            "The dual coefficients or intercepts are not finite. The input data may contain large values and need "
            "to bepreprocessed.");
    const std::int64_t rows = static_cast<std::int64_t>(m.svCoef.size());
    const bool flip = classifier() && k == 2;
    std::vector<double> publicDual = dual, publicIntercept = intercept;
    if (flip) {
        for (double& v : publicDual) v = -v;
        for (double& v : publicIntercept) v = -v;
    }
    const std::vector<std::int64_t> support(m.svIndex.begin(), m.svIndex.end());
    setAttribute("support_", Array(int64Vector(support)));
    setAttribute("support_vectors_", Array(Tensor::fromVector<double>(sv, {l, features})));
    std::vector<std::int64_t> nSupport;
    if (classifier())
        nSupport.assign(m.nSV.begin(), m.nSV.end());
    else
        nSupport = {l};
    setAttribute("n_support_", Array(int64Vector(nSupport)));
    setAttribute("dual_coef_", Array(Tensor::fromVector<double>(publicDual, {rows, l})));
    setAttribute("_dual_coef_", Array(Tensor::fromVector<double>(dual, {rows, l})));
    setAttribute("intercept_",
                 Array(Tensor::fromVector<double>(publicIntercept, {static_cast<std::int64_t>(intercept.size())})));
    setAttribute("_intercept_",
                 Array(Tensor::fromVector<double>(intercept, {static_cast<std::int64_t>(intercept.size())})));
    setAttribute("_gamma", Array(Tensor::scalar<double>(p.gamma)));
    setAttribute("fit_status_", Array(Tensor::scalar<std::int64_t>(m.timedOut ? 1 : 0)));
    setAttribute("shape_fit_", Array(int64Vector({n, features})));
    setAttribute("class_weight_",
                 Array(Tensor::fromVector<double>(classWeight, {static_cast<std::int64_t>(classWeight.size())})));
    if (classifier()) {
        setAttribute("classes_", classes);
        setAttribute("n_iter_", Array(int64Vector(std::vector<std::int64_t>(m.nIter.begin(), m.nIter.end()))));
        setAttribute("probA_", Array(Tensor::fromVector<double>(m.probA, {static_cast<std::int64_t>(m.probA.size())})));
        setAttribute("probB_", Array(Tensor::fromVector<double>(m.probB, {static_cast<std::int64_t>(m.probB.size())})));
    } else {
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(m.nIter[0])));
    }
    if (type_ == SvmType::OneClass) setAttribute("offset_", Array(Tensor::fromVector<double>({-intercept[0]}, {1})));
    if (p.kernel == SvmKernel::Linear) {
        // coef_: _dual_coef_ · SV (regression, one-class), dual_coef_ · SV (binary), or the one-vs-one
        // coefficients of _one_vs_one_coef.
        const RowMatrix S = ConstMapRow(sv.data(), l, features);
        RowMatrix coef;
        if (!classifier() || k == 2) {
            coef = ConstMapRow((flip ? publicDual : dual).data(), rows, l) * S;
        } else {
            const ConstMapRow D(dual.data(), rows, l);
            std::vector<std::int64_t> start(static_cast<std::size_t>(k), 0);
            for (std::int64_t c = 1; c < k; ++c) start[c] = start[c - 1] + nSupport[c - 1];
            coef.resize(k * (k - 1) / 2, features);
            std::int64_t r = 0;
            for (std::int64_t i = 0; i < k; ++i)
                for (std::int64_t j = i + 1; j < k; ++j, ++r)
                    coef.row(r) = D.block(j - 1, start[i], 1, nSupport[i]) * S.middleRows(start[i], nSupport[i]) +
                                  D.block(i, start[j], 1, nSupport[j]) * S.middleRows(start[j], nSupport[j]);
        }
        setAttribute("coef_",
                     Array(Tensor::fromVector<double>(std::vector<double>(coef.data(), coef.data() + coef.size()),
                                                      {static_cast<std::int64_t>(coef.rows()), features})));
    }
    return *this;
}

std::vector<double> BaseLibSvm::rawDecision(const Tensor& Xin, std::int64_t& columns) const {
    checkFitted();
    const Tensor X = validateX(Xin);
    const SvmParams p = svmParams();
    const Tensor& sv = fitted("support_vectors_");
    const Tensor& dual = fitted("_dual_coef_");
    const Tensor& intercept = fitted("_intercept_");
    const std::vector<std::int64_t> nSupport = fitted("n_support_").toVector<std::int64_t>();
    const std::int64_t m = X.size(0), l = sv.size(0), features = X.size(1);
    const ConstMapRow Xm(X.data<double>(), m, features), S(sv.data<double>(), l, features);
    RowMatrix K = Xm * S.transpose();
    switch (p.kernel) {
        case SvmKernel::Linear:
            break;
        case SvmKernel::Poly:
            K = ((p.gamma * K.array() + p.coef0).unaryExpr([&](double v) {
                    double r = 1, b = v;
                    for (int t = p.degree; t > 0; t /= 2) {
                        if (t % 2 == 1) r *= b;
                        b *= b;
                    }
                    return r;
                })).matrix();
            break;
        case SvmKernel::Rbf: {
            const Eigen::VectorXd xn = Xm.rowwise().squaredNorm(), sn = S.rowwise().squaredNorm();
            for (std::int64_t i = 0; i < m; ++i)
                for (std::int64_t j = 0; j < l; ++j)
                    K(i, j) = std::exp(-p.gamma * std::max(0.0, xn[i] + sn[j] - 2 * K(i, j)));
            break;
        }
        case SvmKernel::Sigmoid:
            K = (p.gamma * K.array() + p.coef0).tanh().matrix();
            break;
    }
    const ConstMapRow D(dual.data<double>(), dual.size(0), l);
    const std::vector<double> rho = [&] {
        std::vector<double> r = intercept.toVector<double>();
        for (double& v : r) v = -v;
        return r;
    }();
    if (!classifier()) {
        columns = 1;
        std::vector<double> out(static_cast<std::size_t>(m));
        const Eigen::VectorXd v = K * D.row(0).transpose();
        for (std::int64_t i = 0; i < m; ++i) out[i] = v[i] - rho[0];
        return out;
    }
    const auto k = static_cast<std::int64_t>(nSupport.size());
    columns = k * (k - 1) / 2;
    std::vector<std::int64_t> start(static_cast<std::size_t>(k), 0);
    for (std::int64_t c = 1; c < k; ++c) start[c] = start[c - 1] + nSupport[c - 1];
    std::vector<double> out(static_cast<std::size_t>(m * columns));
    std::int64_t q = 0;
    for (std::int64_t i = 0; i < k; ++i)
        for (std::int64_t j = i + 1; j < k; ++j, ++q) {
            const Eigen::VectorXd v =
                K.middleCols(start[i], nSupport[i]) * D.block(j - 1, start[i], 1, nSupport[i]).transpose() +
                K.middleCols(start[j], nSupport[j]) * D.block(i, start[j], 1, nSupport[j]).transpose();
            for (std::int64_t r = 0; r < m; ++r) out[r * columns + q] = v[r] - rho[q];
        }
    return out;
}

Tensor BaseSvc::decisionFunction(const Tensor& X) const {
    std::int64_t cols = 0;
    std::vector<double> dec = rawDecision(X, cols);
    const std::int64_t m = static_cast<std::int64_t>(dec.size()) / cols;
    const std::int64_t k = classCount(attribute("classes_"));
    if (k == 2) {
        for (double& v : dec) v = -v;
        return Tensor::fromVector<double>(dec, {m});
    }
    if (paramString("decision_function_shape") == "ovo") return Tensor::fromVector<double>(dec, {m, cols});
    // _ovr_decision_function(dec < 0, -dec, k).
    std::vector<double> votes(static_cast<std::size_t>(m * k), 0.0), conf(static_cast<std::size_t>(m * k), 0.0);
    for (std::int64_t r = 0; r < m; ++r) {
        std::int64_t q = 0;
        for (std::int64_t i = 0; i < k; ++i)
            for (std::int64_t j = i + 1; j < k; ++j, ++q) {
                const double d = dec[r * cols + q];
                conf[r * k + i] -= -d;
                conf[r * k + j] += -d;
                votes[r * k + (d < 0 ? j : i)] += 1;
            }
    }
    for (std::size_t t = 0; t < votes.size(); ++t) votes[t] += conf[t] / (3 * (std::fabs(conf[t]) + 1));
    return Tensor::fromVector<double>(votes, {m, k});
}

Array BaseSvc::predict(const Tensor& X) const {
    checkFitted();
    const bool breakTies = paramBool("break_ties");
    const std::string shape = paramString("decision_function_shape");
    if (breakTies && shape == "ovo") throw ValueError("break_ties must be False when decision_function_shape is 'ovo'");
    const Array& classes = attribute("classes_");
    const std::int64_t k = classCount(classes);
    std::vector<std::int64_t> codes;
    if (breakTies && k > 2) {
        const Tensor d = decisionFunction(X);
        const double* v = d.data<double>();
        for (std::int64_t r = 0; r < d.size(0); ++r)
            codes.push_back(std::max_element(v + r * k, v + (r + 1) * k) - (v + r * k));
    } else {
        std::int64_t cols = 0;
        const std::vector<double> dec = rawDecision(X, cols);
        const std::int64_t m = static_cast<std::int64_t>(dec.size()) / cols;
        for (std::int64_t r = 0; r < m; ++r) {
            std::vector<int> vote(static_cast<std::size_t>(k), 0);
            std::int64_t q = 0;
            for (std::int64_t i = 0; i < k; ++i)
                for (std::int64_t j = i + 1; j < k; ++j, ++q) ++vote[dec[r * cols + q] > 0 ? i : j];
            codes.push_back(std::max_element(vote.begin(), vote.end()) - vote.begin());
        }
    }
    return decodeLabels(classes, codes);
}

Tensor BaseSvc::predictProba(const Tensor& X) const {
    if (!paramBool("probability")) throw AttributeError("predict_proba is not available when  probability=False");
    checkFitted();
    if (fitted("probA_").numel() == 0 || fitted("probB_").numel() == 0)
        throw NotFittedError("predict_proba is not available when fitted with probability=False");
    std::int64_t cols = 0;
    const std::vector<double> dec = rawDecision(X, cols);
    const std::int64_t m = static_cast<std::int64_t>(dec.size()) / cols;
    SvmModel model;
    model.nrClass = static_cast<int>(classCount(attribute("classes_")));
    model.probA = fitted("probA_").toVector<double>();
    model.probB = fitted("probB_").toVector<double>();
    std::vector<double> out(static_cast<std::size_t>(m * model.nrClass));
    for (std::int64_t r = 0; r < m; ++r)
        svmPredictProbability(model, dec.data() + r * cols, out.data() + r * model.nrClass);
    return Tensor::fromVector<double>(out, {m, static_cast<std::int64_t>(model.nrClass)});
}

Tensor BaseSvc::predictLogProba(const Tensor& X) const { return logOf(predictProba(X)); }

}  // namespace tessera::ml::detail
