// libsvm as scikit-learn 1.2.1 vendors it (sklearn/svm/src/libsvm/svm.cpp, dense representation):
// the SMO solver of Fan, Chen and Lin (WSS3 working-set selection, shrinking, the LRU kernel cache of
// Qfloat = float columns), Solver_NU, the five formulations, one-vs-one training with sklearn's sorted
// class grouping and per-instance weights, Platt scaling with the 5-fold shuffle drawn from newrand
// (std::mt19937 seeded by set_seed, Lemire's bounded integers) and Wu–Lin–Weng pairwise coupling.
//
//   detail::SvmProblem prob{X, rows, features, labels, weights};      // labels: class codes or targets
//   detail::SvmModel m = detail::svmTrain(prob, params);
//   detail::svmPredictValues(m, X, features, row, dec);               // one row's decision values
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::ml::detail {

enum class SvmType { CSvc, NuSvc, OneClass, EpsilonSvr, NuSvr };
enum class SvmKernel { Linear, Poly, Rbf, Sigmoid };

struct SvmParams {
    SvmType type = SvmType::CSvc;
    SvmKernel kernel = SvmKernel::Rbf;
    int degree = 3;
    double gamma = 0, coef0 = 0;
    double C = 1, nu = 0.5, p = 0.1;  // p: SVR's epsilon
    double eps = 1e-3;                // tol
    double cacheSizeMb = 200;
    bool shrinking = true, probability = false;
    int maxIter = -1;
    std::vector<double> classWeight;  // weighted_C factor per class code (empty: all 1)
    int randomSeed = -1;
};

// Rows of a row-major X [*, features]; y are class codes (classification) or targets; W per row.
struct SvmProblem {
    const double* X = nullptr;
    int features = 0;
    std::vector<int> rows;  // X row of each instance
    std::vector<double> y, W;
};

struct SvmModel {
    int nrClass = 2;
    std::vector<int> label, nSV;              // classification only
    std::vector<int> svIndex;                 // index of each support vector in the (zero-weight-free) problem
    std::vector<int> svRow;                   // its X row
    std::vector<std::vector<double>> svCoef;  // [nrClass - 1][l]
    std::vector<double> rho, probA, probB;
    std::vector<int> nIter;
    bool timedOut = false;
};

// svm_train (after remove_zero_weight).
SvmModel svmTrain(const SvmProblem& prob, const SvmParams& param);

// libsvm's Kernel::k_function on two rows of `features` values.
double svmKernel(const double* x, const double* y, int features, const SvmParams& param);

// svm_predict_values for a row x: dec gets 1 value (regression, one-class) or k(k-1)/2; returns the
// predicted label (classification: by votes), the value, or ±1 for one-class.
double svmPredictValues(const SvmModel& m, const SvmParams& param, const double* X, int features, const double* x,
                        double* dec);

// svm_predict_probability's coupling of pairwise Platt probabilities: prob gets nrClass values.
void svmPredictProbability(const SvmModel& m, const double* dec, double* prob);

// Solver output of one binary / one-class / regression problem.
struct SvmDecision {
    std::vector<double> alpha;
    double rho = 0;
    int nIter = 0;
    bool timedOut = false;
};
SvmDecision svmTrainOne(const SvmProblem& prob, const SvmParams& param, double Cp, double Cn);

}  // namespace tessera::ml::detail
