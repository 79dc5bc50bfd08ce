// sklearn.metrics.pairwise_kernels (1.2.1) for the kernels of PAIRWISE_KERNEL_FUNCTIONS: linear,
// poly/polynomial, rbf, sigmoid, laplacian, chi2, additive_chi2 and cosine, each computed as sklearn
// writes it (rbf from euclidean_distances' ||x||² - 2 x·y + ||y||² with a zero diagonal when Y is X).
//
//   KernelParams kp{"rbf", 0.5};                          // gamma 0.5; nullopt: 1 / n_features
//   Tensor K = pairwiseKernel(X, nullptr, kp);            // (n, n): Y is X
//   Tensor Kt = pairwiseKernel(Xtest, &X, kp);            // (m, n)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml {
class Estimator;
}

namespace tessera::ml::metrics {

struct KernelParams {
    std::string kernel = "linear";
    std::optional<double> gamma;  // None
    double degree = 3;
    double coef0 = 1;
};

// The kernel names pairwise_kernels accepts as metric.
const std::vector<std::string>& pairwiseKernelNames();

// X (m, d) and Y (n, d) contiguous Float64, Y nullptr meaning Y is X. ValueError for a name that is not
// a kernel, negative values under the chi2 kernels; TypeError for chi2 with gamma None (as sklearn's
// KernelRidge raises it).
Tensor pairwiseKernel(const Tensor& X, const Tensor* Y, const KernelParams& params);

// The kernel an estimator's keywords kernel, gamma, degree and coef0 name (KernelRidge, KernelPCA);
// kernel='precomputed' returns X itself.
Tensor estimatorKernel(const Estimator& e, const Tensor& X, const Tensor* Y);

}  // namespace tessera::ml::metrics
