// libsvm's svm_train, svm_predict_values and the probability estimates (sklearn/svm/src/libsvm/svm.cpp,
// 1.2.1): zero-weight rows removed, classes grouped in sorted label order, k(k-1)/2 one-vs-one models
// with weighted C, support vectors as the union of every model's nonzero α and sv_coef in libsvm's
// layout; Platt's sigmoid fitted on 5-fold decision values (the shuffle drawn from the generator that
// every svm_train call reseeds with param.randomSeed, as newrand's set_seed does), Wu–Lin–Weng coupling.
#include <algorithm>
#include <cmath>
#include <random>

#include "core/ml/linear_model/liblinear.h"
#include "core/ml/svm/libsvm.h"

namespace tessera::ml::detail {
namespace {

bool isClassification(SvmType t) { return t == SvmType::CSvc || t == SvmType::NuSvc; }

// Platt's binary SVM probabilistic output, the improvement of Lin, Lin and Weng.
void sigmoidTrain(const std::vector<double>& dec, const std::vector<double>& labels, double& A, double& B) {
    const int l = static_cast<int>(dec.size());
    double prior1 = 0, prior0 = 0;
    for (int i = 0; i < l; ++i) (labels[i] > 0 ? prior1 : prior0) += 1;
    const int maxIter = 100;
    const double minStep = 1e-10, sigma = 1e-12, eps = 1e-5;
    const double hiTarget = (prior1 + 1.0) / (prior1 + 2.0), loTarget = 1 / (prior0 + 2.0);
    std::vector<double> t(l);
    A = 0.0;
    B = std::log((prior0 + 1.0) / (prior1 + 1.0));
    auto objective = [&](double a, double b) {
        double f = 0;
        for (int i = 0; i < l; ++i) {
            const double fApB = dec[i] * a + b;
            f += fApB >= 0 ? t[i] * fApB + std::log(1 + std::exp(-fApB))
                           : (t[i] - 1) * fApB + std::log(1 + std::exp(fApB));
        }
        return f;
    };
    for (int i = 0; i < l; ++i) t[i] = labels[i] > 0 ? hiTarget : loTarget;
    double fval = objective(A, B);
    for (int iter = 0; iter < maxIter; ++iter) {
        double h11 = sigma, h22 = sigma, h21 = 0, g1 = 0, g2 = 0;
        for (int i = 0; i < l; ++i) {
            const double fApB = dec[i] * A + B;
            double p, q;
            if (fApB >= 0) {
                p = std::exp(-fApB) / (1.0 + std::exp(-fApB));
                q = 1.0 / (1.0 + std::exp(-fApB));
            } else {
                p = 1.0 / (1.0 + std::exp(fApB));
                q = std::exp(fApB) / (1.0 + std::exp(fApB));
            }
            const double d2 = p * q;
            h11 += dec[i] * dec[i] * d2;
            h22 += d2;
            h21 += dec[i] * d2;
            const double d1 = t[i] - p;
            g1 += dec[i] * d1;
            g2 += d1;
        }
        if (std::fabs(g1) < eps && std::fabs(g2) < eps) break;
        const double det = h11 * h22 - h21 * h21;
        const double dA = -(h22 * g1 - h21 * g2) / det, dB = -(-h21 * g1 + h11 * g2) / det;
        const double gd = g1 * dA + g2 * dB;
        double stepsize = 1;
        while (stepsize >= minStep) {
            const double newA = A + stepsize * dA, newB = B + stepsize * dB;
            const double newf = objective(newA, newB);
            if (newf < fval + 0.0001 * stepsize * gd) {
                A = newA;
                B = newB;
                fval = newf;
                break;
            }
            stepsize /= 2.0;
        }
        if (stepsize < minStep) break;
    }
}

double sigmoidPredict(double dec, double A, double B) {
    const double fApB = dec * A + B;
    return fApB >= 0 ? std::exp(-fApB) / (1.0 + std::exp(-fApB)) : 1.0 / (1 + std::exp(fApB));
}

// Method 2 of Wu, Lin and Weng: r [k][k] pairwise probabilities → p [k].
void multiclassProbability(int k, const std::vector<std::vector<double>>& r, double* p) {
    const int maxIter = std::max(100, k);
    const double eps = 0.005 / k;
    std::vector<std::vector<double>> Q(k, std::vector<double>(k));
    std::vector<double> Qp(k);
    for (int t = 0; t < k; ++t) {
        p[t] = 1.0 / k;
        Q[t][t] = 0;
        for (int j = 0; j < t; ++j) {
            Q[t][t] += r[j][t] * r[j][t];
            Q[t][j] = Q[j][t];
        }
        for (int j = t + 1; j < k; ++j) {
            Q[t][t] += r[j][t] * r[j][t];
            Q[t][j] = -r[j][t] * r[t][j];
        }
    }
    for (int iter = 0; iter < maxIter; ++iter) {
        double pQp = 0;
        for (int t = 0; t < k; ++t) {
            Qp[t] = 0;
            for (int j = 0; j < k; ++j) Qp[t] += Q[t][j] * p[j];
            pQp += p[t] * Qp[t];
        }
        double maxError = 0;
        for (int t = 0; t < k; ++t) maxError = std::max(maxError, std::fabs(Qp[t] - pQp));
        if (maxError < eps) break;
        for (int t = 0; t < k; ++t) {
            const double diff = (-Qp[t] + pQp) / Q[t][t];
            p[t] += diff;
            pQp = (pQp + diff * (diff * Q[t][t] + 2 * Qp[t])) / (1 + diff) / (1 + diff);
            for (int j = 0; j < k; ++j) {
                Qp[j] = (Qp[j] + diff * Q[t][j]) / (1 + diff);
                p[j] /= (1 + diff);
            }
        }
    }
}

SvmModel train(const SvmProblem& prob, const SvmParams& param, std::mt19937& rng);

// svm_binary_svc_probability: decision values of 5 folds of a shuffle, then sigmoid_train.
void binarySvcProbability(const SvmProblem& prob, const SvmParams& param, double Cp, double Cn, double& probA,
                          double& probB, std::mt19937& rng) {
    const int l = static_cast<int>(prob.rows.size()), nrFold = 5;
    std::vector<int> perm(l);
    std::vector<double> dec(l);
    for (int i = 0; i < l; ++i) perm[i] = i;
    for (int i = 0; i < l; ++i) std::swap(perm[i], perm[i + boundedRandInt(rng, l - i)]);
    for (int f = 0; f < nrFold; ++f) {
        const int begin = f * l / nrFold, end = (f + 1) * l / nrFold;
        SvmProblem sub{prob.X, prob.features, {}, {}, {}};
        for (int j = 0; j < l; ++j) {
            if (j >= begin && j < end) continue;
            sub.rows.push_back(prob.rows[perm[j]]);
            sub.y.push_back(prob.y[perm[j]]);
            sub.W.push_back(prob.W[perm[j]]);
        }
        const auto pCount = std::count_if(sub.y.begin(), sub.y.end(), [](double v) { return v > 0; });
        const auto nCount = static_cast<std::ptrdiff_t>(sub.y.size()) - pCount;
        if (pCount == 0 || nCount == 0) {
            const double v = pCount == 0 && nCount == 0 ? 0 : (pCount > 0 ? 1 : -1);
            for (int j = begin; j < end; ++j) dec[perm[j]] = v;
            continue;
        }
        SvmParams subParam = param;
        subParam.probability = false;
        subParam.C = 1.0;
        // weight_label {+1, -1}: the sub-problem's labels are ±1, grouped as -1 (code 0) then +1.
        SvmProblem coded = sub;
        for (double& v : coded.y) v = v > 0 ? 1 : 0;
        subParam.classWeight = {Cn, Cp};
        const SvmModel m = train(coded, subParam, rng);
        for (int j = begin; j < end; ++j) {
            double d = 0;
            svmPredictValues(m, subParam, prob.X, prob.features,
                             prob.X + static_cast<std::size_t>(prob.rows[perm[j]]) * prob.features, &d);
            // ensure +1 -1 order: libsvm multiplies by the first label of the sub-model.
            dec[perm[j]] = d * (m.label[0] == 1 ? 1 : -1);
        }
    }
    sigmoidTrain(dec, prob.y, probA, probB);
}

SvmModel train(const SvmProblem& probIn, const SvmParams& param, std::mt19937& rng) {
    SvmProblem prob{probIn.X, probIn.features, {}, {}, {}};
    for (std::size_t i = 0; i < probIn.rows.size(); ++i)
        if (probIn.W[i] > 0) {
            prob.rows.push_back(probIn.rows[i]);
            prob.y.push_back(probIn.y[i]);
            prob.W.push_back(probIn.W[i]);
        }
    if (param.randomSeed >= 0) rng.seed(static_cast<std::uint32_t>(param.randomSeed));
    SvmModel model;
    const int l = static_cast<int>(prob.rows.size());
    if (!isClassification(param.type)) {
        model.nrClass = 2;
        const SvmDecision f = svmTrainOne(prob, param, 0, 0);
        model.rho = {f.rho};
        model.nIter = {f.nIter};
        model.timedOut = f.timedOut;
        model.svCoef.resize(1);
        for (int i = 0; i < l; ++i)
            if (std::fabs(f.alpha[i]) > 0) {
                model.svIndex.push_back(i);
                model.svRow.push_back(prob.rows[i]);
                model.svCoef[0].push_back(f.alpha[i]);
            }
        return model;
    }
    // svm_group_classes with sorted labels: a stable grouping of the rows by label.
    std::vector<int> label;
    for (double v : prob.y) label.push_back(static_cast<int>(v));
    std::sort(label.begin(), label.end());
    label.erase(std::unique(label.begin(), label.end()), label.end());
    const int k = static_cast<int>(label.size());
    std::vector<int> count(k, 0), start(k, 0), perm(l), dataLabel(l);
    for (int i = 0; i < l; ++i) {
        dataLabel[i] =
            static_cast<int>(std::lower_bound(label.begin(), label.end(), static_cast<int>(prob.y[i])) - label.begin());
        ++count[dataLabel[i]];
    }
    for (int c = 1; c < k; ++c) start[c] = start[c - 1] + count[c - 1];
    {
        std::vector<int> next = start;
        for (int i = 0; i < l; ++i) perm[next[dataLabel[i]]++] = i;
    }
    SvmProblem grouped{prob.X, prob.features, {}, {}, {}};
    for (int i = 0; i < l; ++i) {
        grouped.rows.push_back(prob.rows[perm[i]]);
        grouped.W.push_back(prob.W[perm[i]]);
    }
    std::vector<double> weightedC(k, param.C);
    for (int c = 0; c < k; ++c)
        if (static_cast<std::size_t>(label[c]) < param.classWeight.size()) weightedC[c] *= param.classWeight[label[c]];

    std::vector<char> nonzero(l, 0);
    std::vector<SvmDecision> f;
    const int pairs = k * (k - 1) / 2;
    if (param.probability) {
        model.probA.resize(pairs);
        model.probB.resize(pairs);
    }
    int p = 0;
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j, ++p) {
            SvmProblem sub{prob.X, prob.features, {}, {}, {}};
            for (int t = 0; t < count[i]; ++t) {
                sub.rows.push_back(grouped.rows[start[i] + t]);
                sub.y.push_back(+1);
                sub.W.push_back(grouped.W[start[i] + t]);
            }
            for (int t = 0; t < count[j]; ++t) {
                sub.rows.push_back(grouped.rows[start[j] + t]);
                sub.y.push_back(-1);
                sub.W.push_back(grouped.W[start[j] + t]);
            }
            if (param.probability)
                binarySvcProbability(sub, param, weightedC[i], weightedC[j], model.probA[p], model.probB[p], rng);
            f.push_back(svmTrainOne(sub, param, weightedC[i], weightedC[j]));
            model.timedOut = model.timedOut || f.back().timedOut;
            model.nIter.push_back(f.back().nIter);
            for (int t = 0; t < count[i]; ++t)
                if (std::fabs(f.back().alpha[t]) > 0) nonzero[start[i] + t] = 1;
            for (int t = 0; t < count[j]; ++t)
                if (std::fabs(f.back().alpha[count[i] + t]) > 0) nonzero[start[j] + t] = 1;
        }
    model.nrClass = k;
    model.label = label;
    for (const auto& d : f) model.rho.push_back(d.rho);
    model.nSV.assign(k, 0);
    std::vector<int> nzStart(k, 0);
    for (int c = 0; c < k; ++c)
        for (int t = 0; t < count[c]; ++t) model.nSV[c] += nonzero[start[c] + t];
    for (int c = 1; c < k; ++c) nzStart[c] = nzStart[c - 1] + model.nSV[c - 1];
    for (int i = 0; i < l; ++i)
        if (nonzero[i]) {
            model.svIndex.push_back(perm[i]);
            model.svRow.push_back(grouped.rows[i]);
        }
    const int total = static_cast<int>(model.svIndex.size());
    model.svCoef.assign(k - 1, std::vector<double>(total, 0.0));
    p = 0;
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j, ++p) {
            int q = nzStart[i];
            for (int t = 0; t < count[i]; ++t)
                if (nonzero[start[i] + t]) model.svCoef[j - 1][q++] = f[p].alpha[t];
            q = nzStart[j];
            for (int t = 0; t < count[j]; ++t)
                if (nonzero[start[j] + t]) model.svCoef[i][q++] = f[p].alpha[count[i] + t];
        }
    return model;
}

}  // namespace

SvmModel svmTrain(const SvmProblem& prob, const SvmParams& param) {
    std::mt19937 rng;
    return train(prob, param, rng);
}

double svmPredictValues(const SvmModel& m, const SvmParams& param, const double* X, int features, const double* x,
                        double* dec) {
    const int l = static_cast<int>(m.svRow.size());
    std::vector<double> kvalue(l);
    for (int i = 0; i < l; ++i)
        kvalue[i] = svmKernel(x, X + static_cast<std::size_t>(m.svRow[i]) * features, features, param);
    if (!isClassification(param.type)) {
        double sum = 0;
        for (int i = 0; i < l; ++i) sum += m.svCoef[0][i] * kvalue[i];
        sum -= m.rho[0];
        *dec = sum;
        return param.type == SvmType::OneClass ? (sum > 0 ? 1 : -1) : sum;
    }
    const int k = m.nrClass;
    std::vector<int> start(k, 0), vote(k, 0);
    for (int i = 1; i < k; ++i) start[i] = start[i - 1] + m.nSV[i - 1];
    int p = 0;
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j, ++p) {
            double sum = 0;
            for (int t = 0; t < m.nSV[i]; ++t) sum += m.svCoef[j - 1][start[i] + t] * kvalue[start[i] + t];
            for (int t = 0; t < m.nSV[j]; ++t) sum += m.svCoef[i][start[j] + t] * kvalue[start[j] + t];
            dec[p] = sum - m.rho[p];
            ++vote[dec[p] > 0 ? i : j];
        }
    int best = 0;
    for (int i = 1; i < k; ++i)
        if (vote[i] > vote[best]) best = i;
    return m.label[best];
}

void svmPredictProbability(const SvmModel& m, const double* dec, double* prob) {
    const int k = m.nrClass;
    const double minProb = 1e-7;
    std::vector<std::vector<double>> pairwise(k, std::vector<double>(k, 0.0));
    int p = 0;
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j, ++p) {
            pairwise[i][j] = std::min(std::max(sigmoidPredict(dec[p], m.probA[p], m.probB[p]), minProb), 1 - minProb);
            pairwise[j][i] = 1 - pairwise[i][j];
        }
    multiclassProbability(k, pairwise, prob);
}

}  // namespace tessera::ml::detail
