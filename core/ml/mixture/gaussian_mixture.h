// GaussianMixture's information criteria, which the common Estimator interface does not name.
//
//   auto gm = EstimatorRegistry::instance().create("GaussianMixture", {{"n_components", 3}});
//   gm->fit(X);
//   double b = mixture::bic(*gm, X);   // -2 log L + p log n, as sklearn's gm.bic(X)
//   double a = mixture::aic(*gm, X);   // -2 log L + 2 p
//   auto [Xs, ys] = mixture::sample(*gm, 100);   // gm.sample(100): rows and their component labels
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ml {
class Estimator;
}

namespace tessera::ml::mixture {

// AttributeError naming the class when `e` is not a GaussianMixture; NotFittedError before fit.
double bic(const Estimator& e, const Tensor& X);
double aic(const Estimator& e, const Tensor& X);

// gm.sample(n_samples): component counts from multinomial(n_samples, weights_), then each component's
// rows (multivariate_normal for full and tied covariances, mean + z·sqrt(covariance) for diag and
// spherical), drawn from check_random_state(random_state) in sklearn's order; X is n_samples×d Float64,
// y the Int64 component of each row.
struct Sample {
    Tensor X, y;
};
Sample sample(const Estimator& e, std::int64_t nSamples = 1);

}  // namespace tessera::ml::mixture
