// GaussianMixture's information criteria, which the common Estimator interface does not name.
//
//   auto gm = EstimatorRegistry::instance().create("GaussianMixture", {{"n_components", 3}});
//   gm->fit(X);
//   double b = mixture::bic(*gm, X);   // -2 log L + p log n, as sklearn's gm.bic(X)
//   double a = mixture::aic(*gm, X);   // -2 log L + 2 p
#pragma once

#include "core/tensor/tensor.h"

namespace tessera::ml {
class Estimator;
}

namespace tessera::ml::mixture {

// AttributeError naming the class when `e` is not a GaussianMixture; NotFittedError before fit.
double bic(const Estimator& e, const Tensor& X);
double aic(const Estimator& e, const Tensor& X);

}  // namespace tessera::ml::mixture
