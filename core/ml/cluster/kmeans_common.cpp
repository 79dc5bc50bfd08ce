#include "core/ml/cluster/kmeans_common.h"
#include "core/ml/base/warnings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>

#include "core/kernels/gemm.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"

namespace tessera::ml::cluster {

namespace {

// Rows per task of the E-step (sklearn's CHUNK_SIZE in _k_means_lloyd.pyx).
constexpr std::int64_t kLabelChunk = 256;

}  // namespace

double squaredDistance(const double* a, const double* b, std::int64_t p) {
    double s = 0;
    for (std::int64_t c = 0; c < p; ++c) {
        const double d = a[c] - b[c];
        s += d * d;
    }
    return s;
}

double tolerance(const RowMatrix& X, double tol) {
    if (tol == 0) return 0;
    const Eigen::Index n = X.rows(), p = X.cols();
    const Eigen::RowVectorXd mean = X.colwise().sum() / static_cast<double>(n);
    double varSum = 0;
    for (Eigen::Index c = 0; c < p; ++c) varSum += (X.col(c).array() - mean[c]).square().sum() / n;
    return varSum / static_cast<double>(p) * tol;
}

void assignLabels(const RowMatrix& X, const RowMatrix& C, bool direct, std::vector<std::int64_t>& labels) {
    const Eigen::Index n = X.rows(), k = C.rows(), p = X.cols();
    const double* x = X.data();
    if (direct) {
        kernels::parallelFor(0, n, kLabelChunk, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i) {
                double best = 0;
                for (Eigen::Index j = 0; j < k; ++j) {
                    const double d = squaredDistance(x + i * p, C.row(j).data(), p);
                    if (j == 0 || d < best) best = d, labels[i] = j;
                }
            }
        });
        return;
    }
    // sklearn's ||c||^2 - 2 x.c over chunks of rows (as _k_means_lloyd's chunks of 256): the chunk's
    // n×k dot products on the kernels' GEMM (one fused chain per element whatever the chunking, Note
    // [GEMM determinism]), then the argmin while they are in cache; rows are independent, so the
    // chunks run in parallel.
    std::vector<double> Ct(static_cast<std::size_t>(p * k)), cnorm(static_cast<std::size_t>(k));
    for (Eigen::Index j = 0; j < k; ++j) {
        cnorm[j] = C.row(j).squaredNorm();
        for (Eigen::Index c = 0; c < p; ++c) Ct[c * k + j] = C(j, c);
    }
    const kernels::MatrixRef<const double> ct{Ct.data(), p, k, k, 1};
    kernels::parallelFor(0, n, kLabelChunk, [&](std::int64_t lo, std::int64_t hi) {
        std::vector<double> dots(static_cast<std::size_t>((hi - lo) * k));
        kernels::gemm(kernels::MatrixRef<const double>{x + lo * p, hi - lo, p, p, 1}, ct,
                      kernels::MatrixRef<double>{dots.data(), hi - lo, k, k, 1});
        for (std::int64_t i = lo; i < hi; ++i) {
            const double* row = dots.data() + (i - lo) * k;
            double best = 0;
            for (Eigen::Index j = 0; j < k; ++j) {
                const double d = cnorm[j] + -2.0 * row[j];
                if (j == 0 || d < best) best = d, labels[i] = j;
            }
        }
    });
}

double inertiaOf(const RowMatrix& X, const std::vector<double>& w, const RowMatrix& C,
                 const std::vector<std::int64_t>& labels) {
    double s = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        s += squaredDistance(X.row(i).data(), C.row(labels[i]).data(), X.cols()) * w[i];
    return s;
}

namespace {

// _euclidean_distances(A, X, Y_norm_squared=xNorms, squared=True) for one row of A.
std::vector<double> squaredDistancesTo(const RowMatrix& X, const Eigen::VectorXd& xNorms, Eigen::Index row) {
    const Eigen::VectorXd dots = X * X.row(row).transpose();
    const double own = X.row(row).squaredNorm();
    std::vector<double> d(static_cast<std::size_t>(X.rows()));
    for (Eigen::Index i = 0; i < X.rows(); ++i) d[i] = std::max(-2.0 * dots[i] + own + xNorms[i], 0.0);
    return d;
}

}  // namespace

RowMatrix kmeansPlusPlus(const RowMatrix& X, const Eigen::VectorXd& xNorms, std::int64_t k, RandomState& rs,
                         std::vector<std::int64_t>* indices) {
    const Eigen::Index n = X.rows();
    const std::int64_t trials = 2 + static_cast<std::int64_t>(std::log(static_cast<double>(k)));
    RowMatrix centers(k, X.cols());
    const std::int64_t first = rs.randint(0, n);
    centers.row(0) = X.row(first);
    if (indices) indices->assign(1, first);
    std::vector<double> closest = squaredDistancesTo(X, xNorms, first);
    double pot = std::accumulate(closest.begin(), closest.end(), 0.0);
    for (std::int64_t c = 1; c < k; ++c) {
        const std::vector<double> draws = rs.uniform(0.0, 1.0, trials);
        std::vector<double> cum(closest.size());
        std::partial_sum(closest.begin(), closest.end(), cum.begin());
        double bestPot = 0;
        std::int64_t bestId = -1;
        std::vector<double> bestDist;
        for (std::int64_t t = 0; t < trials; ++t) {
            // np.searchsorted(side='left'), clipped to the last index.
            const double v = draws[t] * pot;
            std::int64_t id = std::lower_bound(cum.begin(), cum.end(), v) - cum.begin();
            id = std::min<std::int64_t>(id, n - 1);
            std::vector<double> d = squaredDistancesTo(X, xNorms, id);
            double sum = 0;
            for (Eigen::Index i = 0; i < n; ++i) sum += d[i] = std::min(closest[i], d[i]);
            if (bestId < 0 || sum < bestPot) bestPot = sum, bestId = id, bestDist = std::move(d);
        }
        pot = bestPot;
        closest = std::move(bestDist);
        centers.row(c) = X.row(bestId);
        if (indices) indices->push_back(bestId);
    }
    return centers;
}

std::vector<ParamSpec> baseKMeansParams(const std::string& initHelp, const std::string& nInitHelp,
                                        std::vector<ParamSpec> own) {
    std::vector<ParamSpec> specs = {
        {"n_clusters", 8, {intInterval(1, std::nullopt, Closed::Left)}, "Number of clusters (and centroids)."},
        {"init",
         "k-means++",
         {strOptions({"k-means++", "random"}), constraintOf(Constraint::Kind::ArrayLike)},
         initHelp},
        {"n_init",
         "warn",
         {strOptions({"auto"}), hidden(strOptions({"warn"})), intInterval(1, std::nullopt, Closed::Left)},
         nInitHelp},
    };
    specs.insert(specs.end(), own.begin(), own.end());
    return specs;
}

RowMatrix KMeansBase::centers() const {
    const Tensor& c = fitted("cluster_centers_");
    return ConstMapRow(c.data<double>(), c.size(0), c.size(1));
}

void KMeansBase::setCenters(const RowMatrix& centers) {
    setAttribute("cluster_centers_",
                 Array(Tensor::fromVector<double>(std::vector<double>(centers.data(), centers.data() + centers.size()),
                                                  {centers.rows(), centers.cols()})));
}

std::int64_t KMeansBase::runs(std::int64_t defaultRuns) const {
    // _check_params_vs_input's n_init, with its warnings.
    const ParamValue& init = param("init");
    std::int64_t n = defaultRuns;
    if (!param("n_init").isString()) {
        n = paramInt("n_init");
    } else if (paramString("n_init") == "warn") {
        warn(WarningCategory::FutureWarning, "The default value of `n_init` will change from " +
                                                 std::to_string(defaultRuns) +
                                                 " to 'auto' in 1.4. Set the value of `n_init` explicitly to "
                                                 "suppress the warning");
    } else if (!init.isSequence() && init.asString() == "k-means++") {
        n = 1;  // 'auto'
    }
    if (init.isSequence() && n != 1) {
        warn(WarningCategory::RuntimeWarning, "Explicit initial center position passed: performing only one init in " +
                                                  className() + " instead of n_init=" + std::to_string(n) + ".");
        n = 1;
    }
    return n;
}

RowMatrix KMeansBase::initArray(std::int64_t k, std::int64_t p) const {
    const auto& rows = param("init").items();
    if (static_cast<std::int64_t>(rows.size()) != k)
        throw ValueError("The shape of the initial centers (" + std::to_string(rows.size()) +
                         ", ...) does not match the number of clusters " + std::to_string(k) + ".");
    RowMatrix out(k, p);
    for (std::int64_t j = 0; j < k; ++j) {
        const auto& row = rows[j].isSequence() ? rows[j].items() : std::vector<ParamValue>{rows[j]};
        if (static_cast<std::int64_t>(row.size()) != p)
            throw ValueError("The shape of the initial centers (" + std::to_string(k) + ", " +
                             std::to_string(row.size()) + ") does not match the number of features of the data " +
                             std::to_string(p) + ".");
        for (std::int64_t c = 0; c < p; ++c) out(j, c) = row[c].asDouble();
    }
    return out;
}

void KMeansBase::checkSamples(std::int64_t n, std::int64_t k) const {
    if (n < k)
        throw ValueError("n_samples=" + std::to_string(n) + " should be >= n_clusters=" + std::to_string(k) + ".");
}

Array KMeansBase::predict(const Tensor& Xin) const {
    const Tensor X = validateX(Xin);
    std::vector<std::int64_t> labels(static_cast<std::size_t>(X.size(0)));
    assignLabels(ConstMapRow(X.data<double>(), X.size(0), X.size(1)), centers(), false, labels);
    return Array(Tensor::fromVector<std::int64_t>(labels, {X.size(0)}));
}

Array KMeansBase::fitPredict(const Tensor& X, const Array& y, const Tensor& sw) {
    fit(X, y, sw);
    return attribute("labels_");
}

Tensor KMeansBase::transform(const Tensor& Xin) const {
    const Tensor X = validateX(Xin);
    const RowMatrix C = centers();
    const std::int64_t n = X.size(0), p = X.size(1), k = C.rows();
    std::vector<double> out(static_cast<std::size_t>(n * k));
    const double* x = X.data<double>();
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < k; ++j) out[i * k + j] = std::sqrt(squaredDistance(x + i * p, C.row(j).data(), p));
    return Tensor::fromVector<double>(out, {n, k});
}

Tensor KMeansBase::fitTransform(const Tensor& X, const Array& y, const Tensor& sw) {
    fit(X, y, sw);
    return transform(X);
}

double KMeansBase::score(const Tensor& Xin, const Array&, const Tensor& sampleWeight) const {
    const Tensor X = validateX(Xin);
    const std::int64_t n = X.size(0);
    const RowMatrix Xm = ConstMapRow(X.data<double>(), n, X.size(1));
    const RowMatrix C = centers();
    std::vector<std::int64_t> labels(static_cast<std::size_t>(n));
    assignLabels(Xm, C, false, labels);
    return -inertiaOf(Xm, sampleWeightOrOnes(sampleWeight, n).toVector<double>(), C, labels);
}

std::vector<std::string> KMeansBase::getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const {
    checkFitted();
    defaultFeatureNames(fitted("n_features_in_").item<std::int64_t>(), inputFeatures, className());
    // ClassNamePrefixFeaturesOutMixin: the lower-cased class name and the output index.
    std::string prefix = className();
    std::transform(prefix.begin(), prefix.end(), prefix.begin(), [](unsigned char c) { return std::tolower(c); });
    std::vector<std::string> out;
    for (std::int64_t i = 0; i < fitted("cluster_centers_").size(0); ++i) out.push_back(prefix + std::to_string(i));
    return out;
}

}  // namespace tessera::ml::cluster
