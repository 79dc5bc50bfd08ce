// What KMeans and MiniBatchKMeans share (sklearn/cluster/_kmeans.py, 1.2.1): the E-step in sklearn's
// GEMM form, the weighted inertia, k-means++ seeding drawn from RandomState as sklearn draws it, and the
// common methods of _BaseKMeans (predict, transform, score, fit_predict, get_feature_names_out) over
// the fitted cluster_centers_.
//
//   RowMatrix seeds = kmeansPlusPlus(X, X.rowwise().squaredNorm(), k, rs);
//   assignLabels(X, seeds, /*direct=*/false, labels);
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"
#include "core/ml/random_state.h"

namespace tessera::ml::cluster {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapRow = Eigen::Map<const RowMatrix>;

double squaredDistance(const double* a, const double* b, std::int64_t p);

// _tolerance: the mean of the column variances times tol (0 when tol is 0).
double tolerance(const RowMatrix& X, double tol);

// Nearest centre of each row, the first on ties: sklearn's ||c||^2 - 2 x.c, or direct distances.
void assignLabels(const RowMatrix& X, const RowMatrix& C, bool direct, std::vector<std::int64_t>& labels);

// Sum of w_i ||x_i - c_label||^2.
double inertiaOf(const RowMatrix& X, const std::vector<double>& w, const RowMatrix& C,
                 const std::vector<std::int64_t>& labels);

// _kmeans_plusplus with n_local_trials = 2 + log k; xNorms are the rows' squared norms. `indices`, when
// given, receives the rows chosen (kmeans_plusplus' second result).
RowMatrix kmeansPlusPlus(const RowMatrix& X, const Eigen::VectorXd& xNorms, std::int64_t k, RandomState& rs,
                         std::vector<std::int64_t>* indices = nullptr);

// KMeans(n_clusters=k, n_init=1, random_state=rs).fit(X).labels_ (kmeans.cpp), drawing from `rs`.
std::vector<std::int64_t> kmeansLabels(const RowMatrix& X, std::int64_t k, RandomState& rs);

// The keywords _BaseKMeans declares for both classes (n_clusters, init, n_init; the help texts of init
// and n_init given by the class), followed by the class's own.
std::vector<ParamSpec> baseKMeansParams(const std::string& initHelp, const std::string& nInitHelp,
                                        std::vector<ParamSpec> own);

// _BaseKMeans' methods over the fitted "cluster_centers_".
class KMeansBase : public Estimator {
public:
    using Estimator::Estimator;

    Array predict(const Tensor& X) const override;
    Array fitPredict(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;
    Tensor transform(const Tensor& X) const override;
    Tensor fitTransform(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;
    double score(const Tensor& X, const Array& y, const Tensor& sampleWeight) const override;
    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override;

protected:
    RowMatrix centers() const;
    void setCenters(const RowMatrix& centers);
    // The number of runs of _check_params_vs_input: n_init, 'auto' (1 for k-means++), 'warn' (the
    // class's default), and 1 for an array init.
    std::int64_t runs(std::int64_t defaultRuns) const;
    // init as an array of shape (n_clusters, n_features) (_validate_center_shape's messages).
    RowMatrix initArray(std::int64_t k, std::int64_t p) const;
    // "n_samples=N should be >= n_clusters=K."
    void checkSamples(std::int64_t n, std::int64_t k) const;
};

}  // namespace tessera::ml::cluster
