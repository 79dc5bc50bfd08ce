// MiniBatchKMeans (sklearn/cluster/_kmeans.py and _k_means_minibatch.pyx, 1.2.1), drawing from one
// RandomState in sklearn's order: the validation rows (init_size of them), per init the init_size
// subsample and its k-means++ or 'random' seeds (the init with the lowest validation inertia wins),
// then per step the batch rows and, when a reassignment is due, the rows that replace starved centres.
// Centres move by the count-weighted running mean of _minibatch_update_dense; the run stops on the
// centre-shift tolerance or when the exponentially weighted batch inertia has not improved for
// max_no_improvement steps.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/registry.h"
#include "core/ml/cluster/kmeans_common.h"

namespace tessera::ml {
namespace {

using cluster::ConstMapRow;
using cluster::RowMatrix;

// The early-stopping state of _mini_batch_convergence.
struct Convergence {
    std::optional<double> ewa, ewaMin;
    std::int64_t noImprovement = 0;
};

class MiniBatchKMeans : public cluster::KMeansBase {
public:
    using KMeansBase::KMeansBase;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor& sampleWeight) override {
        validateParams();
        FitReporter report(*this, "steps", 0);  // the mini-batch steps; the restarts only seed
        clearAttributes();
        const Tensor Xt = validateFitX(Xin);
        const std::int64_t n = Xt.size(0), p = Xt.size(1), k = paramInt("n_clusters");
        checkSamples(n, k);
        const RowMatrix X = ConstMapRow(Xt.data<double>(), n, p);
        const std::vector<double> w = sampleWeightOrOnes(sampleWeight, n).toVector<double>();

        // _check_params_vs_input.
        const std::int64_t nInit = runs(3);
        const std::int64_t batch = std::min(paramInt("batch_size"), n);
        std::int64_t initSize = 0;
        if (param("init_size").isNone()) {
            initSize = 3 * batch;
            if (initSize < k) initSize = 3 * k;
        } else {
            initSize = paramInt("init_size");
            if (initSize < k) initSize = 3 * k;
        }
        initSize = std::min(initSize, n);
        const double tol = cluster::tolerance(X, paramDouble("tol"));
        const ParamValue& init = param("init");
        RowMatrix given;
        if (init.isSequence()) given = initArray(k, p);
        RandomState rs = checkRandomState(
            param("random_state").isNone() ? std::nullopt : std::optional<std::int64_t>(param("random_state").asInt()));
        const Eigen::VectorXd xNorms = X.rowwise().squaredNorm();

        const std::vector<std::int64_t> validation = rs.randint(0, n, initSize);
        const RowMatrix Xvalid = rows(X, validation);
        std::vector<double> wValid;
        for (std::int64_t i : validation) wValid.push_back(w[i]);
        RowMatrix centers;
        double bestInertia = 0;
        for (std::int64_t run = 0; run < nInit; ++run) {
            RowMatrix seeds = initCentroids(X, xNorms, given, initSize, rs);
            std::vector<std::int64_t> labels(static_cast<std::size_t>(initSize));
            cluster::assignLabels(Xvalid, seeds, false, labels);
            const double inertia = cluster::inertiaOf(Xvalid, wValid, seeds, labels);
            if (run == 0 || inertia < bestInertia) {
                centers = std::move(seeds);
                bestInertia = inertia;
            }
        }

        std::vector<double> counts(static_cast<std::size_t>(k), 0.0);
        Convergence conv;
        std::int64_t sinceReassign = 0;
        const std::int64_t steps = paramInt("max_iter") * n / batch;
        const double ratio = paramDouble("reassignment_ratio");
        RowMatrix next(k, p);
        std::int64_t step = 0;
        report.setTotal(steps);
        for (step = 0; step < steps; ++step) {
            report.checkStop();
            const std::vector<std::int64_t> picked = rs.randint(0, n, batch);
            const RowMatrix Xb = rows(X, picked);
            std::vector<double> wb;
            for (std::int64_t i : picked) wb.push_back(w[i]);
            // _random_reassign: due when a centre has no weight yet or every 10 * n_clusters rows.
            sinceReassign += batch;
            bool reassign = false;
            if (std::any_of(counts.begin(), counts.end(), [](double c) { return c == 0; }) || sinceReassign >= 10 * k) {
                sinceReassign = 0;
                reassign = true;
            }
            const double inertia = miniBatchStep(Xb, wb, centers, next, counts, rs, reassign, ratio);
            double shift = 0;
            if (tol > 0) shift = (next - centers).squaredNorm();
            std::swap(centers, next);
            report.advance();
            if (converged(conv, step, n, batch, shift, inertia, tol)) break;
        }
        if (step == steps) --step;
        setCenters(centers);
        setAttribute("n_steps_", Array(Tensor::scalar<std::int64_t>(step + 1)));
        setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(static_cast<std::int64_t>(
                                    std::ceil(static_cast<double>((step + 1) * batch) / static_cast<double>(n))))));
        if (paramBool("compute_labels")) {
            std::vector<std::int64_t> labels(static_cast<std::size_t>(n));
            cluster::assignLabels(X, centers, false, labels);
            setAttribute("labels_", Array(Tensor::fromVector<std::int64_t>(labels, {n})));
            setAttribute("inertia_", Array(Tensor::scalar<double>(cluster::inertiaOf(X, w, centers, labels))));
        } else {
            if (!conv.ewa) throw TypeError("unsupported operand type(s) for *: 'NoneType' and 'int'");
            setAttribute("inertia_", Array(Tensor::scalar<double>(*conv.ewa * static_cast<double>(n))));
        }
        return *this;
    }

private:
    static RowMatrix rows(const RowMatrix& X, const std::vector<std::int64_t>& index) {
        RowMatrix out(static_cast<Eigen::Index>(index.size()), X.cols());
        for (std::size_t i = 0; i < index.size(); ++i) out.row(static_cast<Eigen::Index>(i)) = X.row(index[i]);
        return out;
    }

    // _init_centroids with init_size: a subsample drawn first whenever it is smaller than X.
    RowMatrix initCentroids(const RowMatrix& X, const Eigen::VectorXd& xNorms, const RowMatrix& given,
                            std::int64_t initSize, RandomState& rs) const {
        const std::int64_t k = paramInt("n_clusters");
        RowMatrix sub = X;
        Eigen::VectorXd subNorms = xNorms;
        if (initSize < X.rows()) {
            const std::vector<std::int64_t> pick = rs.randint(0, X.rows(), initSize);
            sub = rows(X, pick);
            subNorms.resize(initSize);
            for (std::int64_t i = 0; i < initSize; ++i) subNorms[i] = xNorms[pick[i]];
        }
        const ParamValue& init = param("init");
        if (init.isSequence()) return given;
        if (init.asString() == "k-means++") return cluster::kmeansPlusPlus(sub, subNorms, k, rs);
        const std::vector<std::int64_t> perm = rs.permutation(sub.rows());
        return rows(sub, std::vector<std::int64_t>(perm.begin(), perm.begin() + k));
    }

    // _mini_batch_step: labels and inertia of the batch, the running-mean update, then reassignment of
    // centres whose weight is below reassignment_ratio times the largest.
    static double miniBatchStep(const RowMatrix& Xb, const std::vector<double>& wb, const RowMatrix& centers,
                                RowMatrix& next, std::vector<double>& counts, RandomState& rs, bool reassign,
                                double ratio) {
        const Eigen::Index b = Xb.rows(), k = centers.rows();
        std::vector<std::int64_t> labels(static_cast<std::size_t>(b));
        cluster::assignLabels(Xb, centers, false, labels);
        const double inertia = cluster::inertiaOf(Xb, wb, centers, labels);
        for (Eigen::Index c = 0; c < k; ++c) {
            double wsum = 0;
            for (Eigen::Index i = 0; i < b; ++i)
                if (labels[i] == c) wsum += wb[i];
            if (wsum > 0) {
                next.row(c) = centers.row(c) * counts[c];
                for (Eigen::Index i = 0; i < b; ++i)
                    if (labels[i] == c) next.row(c) += Xb.row(i) * wb[i];
                counts[c] += wsum;
                next.row(c) *= 1 / counts[c];
            } else {
                next.row(c) = centers.row(c);
            }
        }
        if (reassign && ratio > 0) {
            const double top = *std::max_element(counts.begin(), counts.end());
            std::vector<char> move(static_cast<std::size_t>(k));
            for (Eigen::Index c = 0; c < k; ++c) move[c] = counts[c] < ratio * top;
            if (std::count(move.begin(), move.end(), 1) > 0.5 * static_cast<double>(b)) {
                // The centres of the largest weights (from position int(0.5 * batch) of the sort) stay.
                std::vector<std::int64_t> order(static_cast<std::size_t>(k));
                std::iota(order.begin(), order.end(), 0);
                std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return counts[x] < counts[y]; });
                for (auto i = static_cast<std::size_t>(0.5 * static_cast<double>(b)); i < order.size(); ++i)
                    move[order[i]] = 0;
            }
            const auto moves = static_cast<std::int64_t>(std::count(move.begin(), move.end(), 1));
            if (moves > 0) {
                const std::vector<std::int64_t> fresh = rs.choice(b, moves, false);
                std::size_t t = 0;
                for (Eigen::Index c = 0; c < k; ++c)
                    if (move[c]) next.row(c) = Xb.row(fresh[t++]);
                double low = 0;
                bool any = false;
                for (Eigen::Index c = 0; c < k; ++c)
                    if (!move[c] && (!any || counts[c] < low)) low = counts[c], any = true;
                for (Eigen::Index c = 0; c < k; ++c)
                    if (move[c]) counts[c] = low;
            }
        }
        return inertia;
    }

    // _mini_batch_convergence.
    bool converged(Convergence& conv, std::int64_t step, std::int64_t n, std::int64_t batch, double shift,
                   double inertia, double tol) const {
        const double batchInertia = inertia / static_cast<double>(batch);
        if (step + 1 == 1) return false;
        if (!conv.ewa) {
            conv.ewa = batchInertia;
        } else {
            const double alpha = std::min(static_cast<double>(batch) * 2.0 / static_cast<double>(n + 1), 1.0);
            conv.ewa = *conv.ewa * (1 - alpha) + batchInertia * alpha;
        }
        if (tol > 0.0 && shift <= tol) return true;
        if (!conv.ewaMin || *conv.ewa < *conv.ewaMin) {
            conv.noImprovement = 0;
            conv.ewaMin = conv.ewa;
        } else {
            ++conv.noImprovement;
        }
        const ParamValue& patience = param("max_no_improvement");
        return !patience.isNone() && conv.noImprovement >= patience.asInt();
    }
};

const RegisterEstimator<MiniBatchKMeans> kMiniBatchKMeans({
    "MiniBatchKMeans",
    "sklearn.cluster",
    EstimatorKind::Clusterer,
    "Mini-Batch K-Means clustering.",
    cluster::baseKMeansParams(
        "Seeding on an init_size subsample: 'k-means++', 'random' or an array of initial centres.",
        "Initialisations compared on the validation rows ('warn' is sklearn 1.2's default and means 3).",
        {
            {"max_iter", 100, {intInterval(1, std::nullopt, Closed::Left)}, "Passes over the data (in batches)."},
            {"batch_size", 1024, {intInterval(1, std::nullopt, Closed::Left)}, "Rows per mini-batch."},
            {"verbose", 0, {constraintOf(Constraint::Kind::Verbose)}, "Verbosity (Tessera prints nothing)."},
            {"compute_labels", true, {booleanC()}, "Label every row (labels_, inertia_) after fitting."},
            {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of every draw."},
            {"tol",
             0.0,
             {realInterval(0, ParamValue(), Closed::Left)},
             "Centre-change tolerance, relative to the mean feature variance (0: off)."},
            {"max_no_improvement",
             10,
             {intInterval(0, std::nullopt, Closed::Left), noneC()},
             "Steps without a better smoothed inertia before stopping (None: off)."},
            {"init_size",
             ParamValue(),
             {intInterval(1, std::nullopt, Closed::Left), noneC()},
             "Rows sampled for the initialisation (None: 3 * batch_size)."},
            {"reassignment_ratio",
             0.01,
             {realInterval(0, ParamValue(), Closed::Left)},
             "Centres with less than this fraction of the largest weight are moved to random batch rows."},
        }),
    {"fit", "predict", "fit_predict", "transform", "fit_transform", "score", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
