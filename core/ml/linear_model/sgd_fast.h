// sklearn 1.2.1's plain SGD (sklearn/linear_model/_sgd_fast.pyx: _plain_sgd) on dense rows, step for
// step: its loss functions, its scaled WeightVector (and averaged weights), the truncated-gradient L1
// penalty, the learning-rate schedules, the per-epoch Fisher–Yates shuffle of SequentialDataset (the
// same seed each epoch, applied to the current order) and its stopping rules, so that with sklearn's
// seed the coefficients agree to rounding.
//
//   detail::SgdLoss loss{detail::SgdLoss::Kind::Hinge, 1.0};
//   detail::SgdProblem prob{X, n, p, y, sw};          // y in {-1, 1} for a binary classifier
//   detail::SgdResult r = detail::plainSgd(prob, settings, std::move(w), b, seed);
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace tessera::ml::detail {

struct SgdLoss {
    enum class Kind {
        Hinge,  // threshold 1 for 'hinge', 0 for 'perceptron'
        SquaredHinge,
        Log,
        ModifiedHuber,
        SquaredError,
        Huber,
        EpsilonInsensitive,
        SquaredEpsilonInsensitive,
    };
    Kind kind = Kind::Hinge;
    double parameter = 1.0;  // hinge threshold, huber c or epsilon

    double loss(double p, double y) const;
    double dloss(double p, double y) const;
    // sklearn's Cython class name ("Hinge", "Log", …): the loss_function_ attribute.
    std::string className() const;
};

enum class SgdPenalty { None = 0, L1 = 1, L2 = 2, ElasticNet = 3 };
enum class SgdLearningRate { Constant = 1, Optimal = 2, InvScaling = 3, Adaptive = 4 };

struct SgdSettings {
    SgdLoss loss;
    SgdPenalty penalty = SgdPenalty::L2;
    double alpha = 1e-4, l1Ratio = 0.15;
    std::int64_t maxIter = 1000, nIterNoChange = 5;
    double tol = 1e-3;  // -inf for tol=None
    bool fitIntercept = true, shuffle = true, earlyStopping = false;
    double weightPos = 1.0, weightNeg = 1.0;
    SgdLearningRate learningRate = SgdLearningRate::Optimal;
    double eta0 = 0.0, powerT = 0.5;
    double t = 1.0;
    std::int64_t average = 0;
};

struct SgdProblem {
    const double* X;  // row-major [n, p]
    std::int64_t n, p;
    const double* y;
    const double* sampleWeight;
    const std::vector<char>* validationMask = nullptr;  // rows held out for early stopping (or none)
    // The validation score of (weights, intercept) — sklearn passes the WeightVector's raw, unscaled array.
    std::function<double(const std::vector<double>&, double)> validationScore;
    // Called after each epoch with its number (from 0) and mean training loss (NaN with early stopping,
    // which does not sum the loss); it may throw to end the fit (FitStopped).
    std::function<void(std::int64_t, double)> onEpoch;
};

struct SgdResult {
    std::vector<double> weights, averageWeights;
    double intercept = 0, averageIntercept = 0;
    std::int64_t nIter = 0;
};

// ValueError "Floating-point under-/overflow occurred at epoch #k. …" as sklearn's.
SgdResult plainSgd(const SgdProblem& problem, const SgdSettings& settings, std::vector<double> weights,
                   double intercept, std::vector<double> averageWeights, double averageIntercept, std::uint32_t seed);

// sklearn's our_rand_r (sklearn/utils/_random.pxd): xorshift, modulo RAND_R_MAX + 1.
std::uint32_t ourRandR(std::uint32_t& seed);

}  // namespace tessera::ml::detail
