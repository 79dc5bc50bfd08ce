// Regression metrics of sklearn.metrics (1.2.1). y_true and y_pred are (n,) or (n, n_outputs) Float64
// (or Int64) tensors; multioutput is "uniform_average", "variance_weighted" (r2, explained variance)
// or per-output weights; the *RawValues functions give multioutput="raw_values".
//
//   using namespace tessera::ml::metrics;
//   double r2 = r2Score(yTrue, yPred);
//   double rmse = meanSquaredError(yTrue, yPred, {.squared = false});
//   std::vector<double> perOutput = meanAbsoluteErrorRawValues(Y, P);
#pragma once

#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml::metrics {

struct RegressionOptions {
    Tensor sampleWeight{};
    std::string multioutput = "uniform_average";  // or "variance_weighted"; ignored when weights are given
    std::vector<double> multioutputWeights{};     // per-output weights (multioutput=array)
    bool forceFinite = true;                      // r2_score, explained_variance_score
    bool squared = true;                          // mean_squared_error
};

double r2Score(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& options = {});
double explainedVarianceScore(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& options = {});
double meanAbsoluteError(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& options = {});
double meanSquaredError(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& options = {});
double medianAbsoluteError(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& options = {});

std::vector<double> r2ScoreRawValues(const Tensor& yTrue, const Tensor& yPred, const RegressionOptions& options = {});
std::vector<double> explainedVarianceScoreRawValues(const Tensor& yTrue, const Tensor& yPred,
                                                    const RegressionOptions& options = {});
std::vector<double> meanAbsoluteErrorRawValues(const Tensor& yTrue, const Tensor& yPred,
                                               const RegressionOptions& options = {});
std::vector<double> meanSquaredErrorRawValues(const Tensor& yTrue, const Tensor& yPred,
                                              const RegressionOptions& options = {});
std::vector<double> medianAbsoluteErrorRawValues(const Tensor& yTrue, const Tensor& yPred,
                                                 const RegressionOptions& options = {});

}  // namespace tessera::ml::metrics
