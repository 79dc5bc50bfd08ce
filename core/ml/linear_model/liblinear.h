// The dual coordinate descent solvers of sklearn's vendored liblinear (sklearn/svm/src/liblinear/
// linear.cpp): solve_l2r_l1l2_svc (hinge / squared hinge) and solve_l2r_l1l2_svr (epsilon-insensitive /
// squared), with per-row C from sample weights, shrinking, and the index permutation drawn from
// sklearn's newrand (std::mt19937 seeded by set_seed, Lemire's bounded integers), so that a seed gives
// sklearn's visiting order. train() groups rows by class as liblinear does and trains one-vs-rest.
//
//   detail::LiblinearProblem prob{Xb, n, p + 1, W};   // Xb: X with the bias column appended
//   std::mt19937 rng(seed);
//   detail::LiblinearModel m = detail::liblinearTrainClassifier(prob, codes, K, weightedC, C, opts, rng);
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace tessera::ml::detail {

struct LiblinearProblem {
    const double* X;  // row-major [l, n] (the bias column included)
    std::int64_t l, n;
    std::vector<double> W;  // sample weights
};

struct LiblinearOptions {
    bool l1Loss = false;  // hinge / epsilon_insensitive (box-constrained dual) rather than the squared losses
    double eps = 1e-4;    // tol
    double p = 0.0;       // SVR's epsilon
    int maxIter = 1000;
};

// newrand's bounded_rand_int.
int boundedRandInt(std::mt19937& rng, int range);

// The SVR dual on targets y (rows with zero weight removed first); returns liblinear's iteration count.
int solveSvrDual(const LiblinearProblem& prob, const double* y, double* w, double C, const LiblinearOptions& o,
                 std::mt19937& rng);

struct LiblinearModel {
    std::vector<double> w;  // [rows, n]: one row for two classes, one per class otherwise
    std::vector<int> nIter;
};

// train() for a classifier: rows with zero weight removed, grouped by class code (codes 0..K-1), then
// one binary problem (K == 2: +1 for class 1, Cp = weightedC[1], Cn = weightedC[0]) or K one-vs-rest
// problems (Cp = weightedC[k], Cn = C) in class order, all drawing from the one generator.
LiblinearModel liblinearTrainClassifier(const LiblinearProblem& prob, const std::vector<std::int64_t>& codes,
                                        std::int64_t K, const std::vector<double>& weightedC, double C,
                                        const LiblinearOptions& o, std::mt19937& rng);

}  // namespace tessera::ml::detail
