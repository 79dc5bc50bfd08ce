// RHE and RPSHE renewable updates (docs/streaming.md has the equations this file follows).
#include "core/ml/linear_model/renewable_huber.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/io/npz.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/n_jobs.h"
#include "core/ml/base/registry.h"
#include "core/ml/linear_model/linear_support.h"

namespace tessera::ml {
namespace {

using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic>;
using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vec = Eigen::VectorXd;

// Rows per block of every reduction: blocks are summed in block order, so the result does not depend on
// how many threads computed them (Note in ARCHITECTURE.md, "Precision and determinism").
constexpr std::int64_t kBlockRows = 512;
constexpr double kPhi0 = 1e-4;      // LAMM's first majoriser curvature on the normalised problem
constexpr double kLammStep = 1e-8;  // LAMM stops when the step's L2 norm is at most this
constexpr int kMaxDoublings = 200;
constexpr double kDampAbove = 1e-3;  // Newton steps larger than this (relative) are checked against Q
constexpr int kMaxHalvings = 30;

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
double normalSf(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }
double normalPdf(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI); }

struct Batch {
    std::int64_t n = 0, p = 0;
    RowMat X;  // [n, p]: the features, then a column of ones when fitting an intercept
    Vec y, w;
    double weightSum = 0;
};

struct Sums {
    Vec score;             // Σ w ψ(r) x (ψ the ordinary or the smoothed score)
    Mat curv;              // Σ w ψ'_h(r) x xᵀ
    double loss = 0;       // Σ w ℓ_h(r)
    double huberLoss = 0;  // Σ w ρ_τ(r)
};

enum Want : unsigned { kClipScore = 1, kSmoothScore = 2, kCurv = 4, kLoss = 8, kHuberLoss = 16 };

double huber(double r, double tau) { return std::abs(r) <= tau ? 0.5 * r * r : tau * std::abs(r) - 0.5 * tau * tau; }

// Per-row quantities of the (smoothed) Huber loss at residual r; u = r + hZ, a = (−τ−r)/h, b = (τ−r)/h.
struct Smooth {
    double a, b, Pa, Pb, Sb, pa, pb;
    Smooth(double r, double tau, double h)
        : a((-tau - r) / h),
          b((tau - r) / h),
          Pa(normalCdf(a)),
          Pb(normalCdf(b)),
          Sb(normalSf(b)),
          pa(normalPdf(a)),
          pb(normalPdf(b)) {}
    double curvature() const { return Pb - Pa; }
    double score(double r, double tau, double h) const { return tau * Sb - tau * Pa + r * (Pb - Pa) + h * (pa - pb); }
    double loss(double r, double tau, double h) const {
        const double mid = Pb - Pa;
        const double sq = r * r * mid + 2 * r * h * (pa - pb) + h * h * (mid + a * pa - b * pb);
        const double upper = tau * (r * Sb + h * pb) - 0.5 * tau * tau * Sb;
        const double lower = -tau * (r * Pa - h * pa) - 0.5 * tau * tau * Pa;
        return 0.5 * sq + upper + lower;
    }
};

Sums accumulate(const Batch& B, const Vec& beta, double tau, double h, unsigned want, tbb::task_arena& arena) {
    const std::int64_t blocks = (B.n + kBlockRows - 1) / kBlockRows;
    std::vector<Sums> part(static_cast<std::size_t>(blocks));
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, blocks), [&](const tbb::blocked_range<std::int64_t>& rg) {
            for (std::int64_t k = rg.begin(); k < rg.end(); ++k) {
                const std::int64_t lo = k * kBlockRows, m = std::min(kBlockRows, B.n - lo);
                const auto Xb = B.X.middleRows(lo, m);
                const Vec r = B.y.segment(lo, m) - Xb * beta;
                Vec s(m), c(m);
                double loss = 0, huberLoss = 0;
                for (std::int64_t i = 0; i < m; ++i) {
                    const double wi = B.w[lo + i];
                    if (want & kClipScore) s[i] = wi * std::clamp(r[i], -tau, tau);
                    if (want & kHuberLoss) huberLoss += wi * huber(r[i], tau);
                    if ((want & (kSmoothScore | kLoss)) == 0 && (want & kCurv)) {
                        // The curvature alone needs two CDFs, not the five special functions of Smooth.
                        c[i] = wi * (normalCdf((tau - r[i]) / h) - normalCdf((-tau - r[i]) / h));
                    } else if (want & (kSmoothScore | kCurv | kLoss)) {
                        const Smooth q(r[i], tau, h);
                        if (want & kSmoothScore) s[i] = wi * q.score(r[i], tau, h);
                        if (want & kCurv) c[i] = wi * q.curvature();
                        if (want & kLoss) loss += wi * q.loss(r[i], tau, h);
                    }
                }
                Sums& out = part[static_cast<std::size_t>(k)];
                if (want & (kClipScore | kSmoothScore)) out.score = Xb.transpose() * s;
                if (want & kCurv) out.curv = Xb.transpose() * (c.asDiagonal() * Xb);
                out.loss = loss;
                out.huberLoss = huberLoss;
            }
        });
    });
    Sums total;
    total.score = Vec::Zero(B.p);
    total.curv = Mat::Zero(B.p, B.p);
    for (const Sums& s : part) {
        if (want & (kClipScore | kSmoothScore)) total.score += s.score;
        if (want & kCurv) total.curv += s.curv;
        total.loss += s.loss;
        total.huberLoss += s.huberLoss;
    }
    return total;
}

// Σ w D(r_i + Δ_i, r_i), the Bregman divergence of ℓ_h between the residuals at β and at β + step
// (Δ_i = −x_iᵀ step): the part of F(β+s) − F(β) − ∇F(β)ᵀs that comes from the rows. Written as a
// difference of losses it cancels to rounding noise once steps are ~1e-8, which would make LAMM's
// majoriser test a coin toss; small Δ use D = Δ ∫₀¹ (ψ_h(r + tΔ) − ψ_h(r)) dt by 4-point Gauss–Legendre.
double bregman(const Batch& B, const Vec& beta, const Vec& step, double tau, double h, tbb::task_arena& arena) {
    static constexpr double kNode[4] = {0.5 * (1 - 0.8611363115940526), 0.5 * (1 - 0.3399810435848563),
                                        0.5 * (1 + 0.3399810435848563), 0.5 * (1 + 0.8611363115940526)};
    static constexpr double kWeight[4] = {0.5 * 0.3478548451374538, 0.5 * 0.6521451548625461, 0.5 * 0.6521451548625461,
                                          0.5 * 0.3478548451374538};
    const std::int64_t blocks = (B.n + kBlockRows - 1) / kBlockRows;
    std::vector<double> part(static_cast<std::size_t>(blocks), 0.0);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, blocks), [&](const tbb::blocked_range<std::int64_t>& rg) {
            for (std::int64_t k = rg.begin(); k < rg.end(); ++k) {
                const std::int64_t lo = k * kBlockRows, m = std::min(kBlockRows, B.n - lo);
                const auto Xb = B.X.middleRows(lo, m);
                const Vec r = B.y.segment(lo, m) - Xb * beta;
                const Vec delta = -(Xb * step);
                double sum = 0;
                for (std::int64_t i = 0; i < m; ++i) {
                    const Smooth q(r[i], tau, h);
                    const double psi = q.score(r[i], tau, h), dl = delta[i];
                    double D;
                    if (std::abs(dl) > 0.25 * h) {
                        const double rn = r[i] + dl;
                        D = Smooth(rn, tau, h).loss(rn, tau, h) - q.loss(r[i], tau, h) - psi * dl;
                    } else {
                        double integral = 0;
                        for (int g = 0; g < 4; ++g) {
                            const double rt = r[i] + kNode[g] * dl;
                            integral += kWeight[g] * (Smooth(rt, tau, h).score(rt, tau, h) - psi);
                        }
                        D = dl * integral;
                    }
                    sum += B.w[lo + i] * D;
                }
                part[static_cast<std::size_t>(k)] = sum;
            }
        });
    });
    double total = 0;
    for (double v : part) total += v;
    return total;
}

Vec toVec(const Tensor& t) {
    const std::vector<double> v = t.toVector<double>();
    return Eigen::Map<const Vec>(v.data(), static_cast<Eigen::Index>(v.size()));
}
Tensor fromVec(const Vec& v) {
    return Tensor::fromVector<double>(std::vector<double>(v.data(), v.data() + v.size()), {v.size()});
}
Tensor fromMat(const Mat& m) {
    std::vector<double> v(static_cast<std::size_t>(m.size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) v[i * m.cols() + j] = m(i, j);
    return Tensor::fromVector<double>(v, {m.rows(), m.cols()});
}
Mat toMat(const Tensor& t) {
    const std::vector<double> v = t.toVector<double>();
    const Eigen::Index p = t.size(0);
    Mat m(p, p);
    for (Eigen::Index i = 0; i < p; ++i)
        for (Eigen::Index j = 0; j < p; ++j) m(i, j) = v[i * p + j];
    return m;
}

// A shape as NumPy prints it: (6, 6), (5,), ().
std::string numpyShape(const Shape& shape) {
    std::string out = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + (shape.size() == 1 ? ",)" : ")");
}

double softThreshold(double z, double t) { return z > t ? z - t : (z < -t ? z + t : 0.0); }

}  // namespace

Estimator& RenewableHuberRegressor::fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
    update(X, y, sampleWeight, true);
    return *this;
}

Estimator& RenewableHuberRegressor::partialFit(const Tensor& X, const Array& y, const Tensor& sampleWeight) {
    update(X, y, sampleWeight, !isFitted());
    return *this;
}

void RenewableHuberRegressor::update(const Tensor& Xin, const Array& yin, const Tensor& swIn, bool fresh) {
    validateParams();
    const double tau = paramDouble("tau"), alpha = paramDouble("alpha"), tol = paramDouble("tol");
    const bool l1 = paramString("penalty") == "l1", intercept = paramBool("fit_intercept");
    const std::int64_t maxIter = paramInt("max_iter");

    // Warm start keeps the previous coefficients as the first batch's starting point only.
    Vec warm;
    if (fresh && paramBool("warm_start") && isFitted()) {
        warm = toVec(fitted("coef_"));
        if (intercept) {
            warm.conservativeResize(warm.size() + 1);
            warm[warm.size() - 1] = fitted("intercept_").item<double>();
        }
    }
    // Inputs are checked before any state changes, so a refused batch leaves the estimator as it was.
    Tensor X;
    std::vector<std::pair<std::string, Array>> keep;
    if (fresh) {
        keep = attributes();
        clearAttributes();
        try {
            X = validateFitX(Xin);
        } catch (...) {
            restoreAttributes(keep);
            throw;
        }
    } else {
        X = validateX(Xin);
    }
    try {
        checkY(X, yin, true);
        if (yin.tensor("y").dim() != 1)
            throw ValueError(className() + ": y must be 1-D (one target), got shape (" +
                             std::to_string(yin.tensor().size(0)) + ", " + std::to_string(yin.tensor().size(1)) + ")");
    } catch (...) {
        if (fresh) restoreAttributes(keep);
        throw;
    }
    Batch B;
    B.n = X.size(0);
    const std::int64_t d = X.size(1);
    B.p = d + (intercept ? 1 : 0);
    B.X.resize(B.n, B.p);
    const double* xp = X.data<double>();
    for (std::int64_t i = 0; i < B.n; ++i) {
        for (std::int64_t j = 0; j < d; ++j) B.X(i, j) = xp[i * d + j];
        if (intercept) B.X(i, d) = 1.0;
    }
    B.y = toVec(yin.tensor());
    B.w = swIn.defined() ? toVec(sampleWeightOrOnes(swIn, B.n)) : Vec::Ones(B.n);
    B.weightSum = B.w.sum();
    if (!(B.weightSum > 0) || !std::isfinite(B.weightSum)) {
        if (fresh) restoreAttributes(keep);
        throw ValueError(className() + ": the sample weights of a batch must have a positive, finite sum, got " +
                         pythonFloatRepr(B.weightSum));
    }

    const std::int64_t batchNo = fresh ? 1 : fitted("n_batches_").item<std::int64_t>() + 1;
    const double wPrev = fresh ? 0.0 : fitted("weight_sum_").item<double>();
    Mat J = fresh ? Mat::Zero(B.p, B.p) : toMat(fitted("J_"));
    Vec sPrev = fresh ? Vec::Zero(B.p) : toVec(fitted("subgradient_"));
    Vec betaPrev(B.p);
    if (fresh) {
        if (warm.size() == B.p) {
            betaPrev = warm;
        } else {
            // The first batch starts from its weighted least-squares fit (minimum norm when rank-deficient).
            const Vec sw = B.w.cwiseSqrt();
            const RowMat A = sw.asDiagonal() * B.X;
            betaPrev = Mat(A).completeOrthogonalDecomposition().solve(Vec(sw.cwiseProduct(B.y)));
        }
    } else {
        betaPrev = toVec(fitted("coef_"));
        if (intercept) {
            betaPrev.conservativeResize(B.p);
            betaPrev[B.p - 1] = fitted("intercept_").item<double>();
        }
    }
    const ParamValue& bw = param("bandwidth");
    const double h =
        bw.isNone()
            ? tau * std::max(0.05, std::pow((static_cast<double>(B.p) + std::log(B.weightSum)) / B.weightSum, 0.4))
            : bw.asDouble();
    const double N = wPrev + B.weightSum;
    tbb::task_arena arena(threadsForJobs(param("n_jobs")));

    Vec beta = betaPrev;
    std::int64_t iter = 0;
    bool converged = false;
    if (!l1) {
        while (iter < maxIter) {
            ++iter;
            const Sums s = accumulate(B, beta, tau, h, kClipScore | kCurv, arena);
            const Vec U = (J * (betaPrev - beta) + s.score) / N;
            const Mat H = (J + s.curv) / N;
            const Eigen::LDLT<Mat> ldlt(H);
            const Vec delta = ldlt.solve(U);
            if (ldlt.info() != Eigen::Success || !delta.allFinite()) {
                if (fresh) restoreAttributes(keep);
                throw ValueError(className() + ": batch " + std::to_string(batchNo) +
                                 ": the Newton system is singular (no residual within the smoothed band +/-tau; "
                                 "increase tau or bandwidth)");
            }
            // Plain Newton from the least-squares start overshoots when gross outliers push most residuals
            // outside ±τ; large steps are halved until the renewable Huber objective Q decreases (its
            // minimiser is the root of U, so the estimate does not change). Small steps are taken whole.
            Vec step = delta;
            if (delta.lpNorm<Eigen::Infinity>() > kDampAbove * (1 + beta.lpNorm<Eigen::Infinity>())) {
                auto Q = [&](const Vec& b) {
                    const Vec dv = b - betaPrev;
                    return 0.5 * dv.dot(J * dv) + accumulate(B, b, tau, h, kHuberLoss, arena).huberLoss;
                };
                const double q0 = Q(beta);
                for (int k = 0; k < kMaxHalvings && !(Q(beta + step) < q0); ++k) step *= 0.5;
            }
            beta += step;
            if (step.lpNorm<Eigen::Infinity>() <= tol * (1 + beta.lpNorm<Eigen::Infinity>())) {
                converged = true;
                break;
            }
        }
    } else {
        // F(β) = (Σ w ℓ_h(r) + ½ (β−β̂)ᵀJ(β−β̂) − W_prev α s_prevᵀβ) / N, plus α‖β‖₁ without the intercept.
        const std::int64_t penalised = d;
        // The majoriser test F(β⁺) ≤ F(β) + ∇Fᵀs + φ/2‖s‖² is evaluated as its equivalent
        // (Σ w D_i + ½ sᵀJs) / N ≤ φ/2‖s‖², free of cancellation (see bregman()).
        while (iter < maxIter) {
            ++iter;
            const Sums s = accumulate(B, beta, tau, h, kSmoothScore, arena);
            const Vec grad = (-s.score + J * (beta - betaPrev) - wPrev * alpha * sPrev) / N;
            double phi = kPhi0;
            Vec next(B.p);
            for (int k = 0;; ++k) {
                for (std::int64_t j = 0; j < B.p; ++j) {
                    const double z = beta[j] - grad[j] / phi;
                    next[j] = j < penalised ? softThreshold(z, alpha / phi) : z;
                }
                const Vec step = next - beta;
                const double excess = (bregman(B, beta, step, tau, h, arena) + 0.5 * step.dot(J * step)) / N;
                if (excess <= 0.5 * phi * step.squaredNorm()) break;
                if (k == kMaxDoublings) {
                    if (fresh) restoreAttributes(keep);
                    throw ValueError(className() + ": batch " + std::to_string(batchNo) +
                                     ": LAMM found no majoriser (the objective is not finite)");
                }
                phi *= 2;
            }
            const double stepNorm = (next - beta).norm();
            beta = next;
            if (stepNorm <= kLammStep) {
                converged = true;
                break;
            }
        }
    }
    if (!converged)
        m_warnings.push_back("ConvergenceWarning: " + className() + ": batch " + std::to_string(batchNo) +
                             " did not converge in max_iter=" + std::to_string(maxIter) + " iterations");

    const Sums fin = accumulate(B, beta, tau, h, kCurv | (l1 ? kSmoothScore : 0u), arena);
    Vec sNew = Vec::Zero(B.p);
    if (l1) {
        // KKT of the normalised objective: ∇F(β̂) + α s = 0, s ∈ ∂‖β̂‖₁; kept for the next batch.
        const Vec grad = (-fin.score + J * (beta - betaPrev) - wPrev * alpha * sPrev) / N;
        for (std::int64_t j = 0; j < d; ++j)
            sNew[j] = beta[j] != 0 ? (beta[j] > 0 ? 1.0 : -1.0) : std::clamp(-grad[j] / alpha, -1.0, 1.0);
    }
    J += fin.curv;

    const std::int64_t rowsBefore = fresh ? 0 : fitted("n_samples_seen_").item<std::int64_t>();
    setAttribute("coef_", Array(fromVec(beta.head(d))));
    setAttribute("intercept_", Array(Tensor::scalar<double>(intercept ? beta[d] : 0.0)));
    setAttribute("J_", Array(fromMat(J)));
    setAttribute("subgradient_", Array(fromVec(sNew)));
    setAttribute("weight_sum_", Array(Tensor::scalar<double>(N)));
    setAttribute("bandwidth_", Array(Tensor::scalar<double>(h)));
    setAttribute("n_samples_seen_", Array(Tensor::scalar<std::int64_t>(rowsBefore + B.n)));
    setAttribute("n_batches_", Array(Tensor::scalar<std::int64_t>(batchNo)));
    setAttribute("n_iter_", Array(Tensor::scalar<std::int64_t>(iter)));
}

Array RenewableHuberRegressor::predict(const Tensor& Xin) const {
    const Tensor X = validateX(Xin);
    const std::int64_t n = X.size(0), d = X.size(1);
    const Eigen::Map<const RowMat> A(X.data<double>(), n, d);
    const Vec pred = (A * toVec(fitted("coef_"))).array() + fitted("intercept_").item<double>();
    return Array(fromVec(pred));
}

void RenewableHuberRegressor::saveCheckpoint(const std::filesystem::path& file) const {
    checkFitted();
    const ParamValue& bw = param("bandwidth");
    const ParamValue& jobs = param("n_jobs");
    io::NpzEntries e;
    e.push_back(io::NpzEntry::text("format", "tessera.RenewableHuberRegressor"));
    e.push_back({"version", Tensor::scalar<std::int64_t>(1), std::nullopt});
    for (const char* name : {"coef_", "intercept_", "J_", "subgradient_", "weight_sum_", "bandwidth_",
                             "n_samples_seen_", "n_batches_", "n_iter_", "n_features_in_"}) {
        std::string key(name);
        key.pop_back();
        if (key == "bandwidth") key = "last_bandwidth";  // "bandwidth" is the constructor parameter
        e.push_back({key, fitted(name), std::nullopt});
    }
    e.push_back({"tau", Tensor::scalar<double>(paramDouble("tau")), std::nullopt});
    e.push_back(io::NpzEntry::text("penalty", paramString("penalty")));
    e.push_back({"alpha", Tensor::scalar<double>(paramDouble("alpha")), std::nullopt});
    e.push_back({"fit_intercept", Tensor::scalar<std::int64_t>(paramBool("fit_intercept")), std::nullopt});
    e.push_back({"tol", Tensor::scalar<double>(paramDouble("tol")), std::nullopt});
    e.push_back({"max_iter", Tensor::scalar<std::int64_t>(paramInt("max_iter")), std::nullopt});
    // None is written as NaN (bandwidth) and 0 (n_jobs, where 0 is not a valid value).
    e.push_back({"bandwidth",
                 Tensor::scalar<double>(bw.isNone() ? std::numeric_limits<double>::quiet_NaN() : bw.asDouble()),
                 std::nullopt});
    e.push_back({"n_jobs", Tensor::scalar<std::int64_t>(jobs.isNone() ? 0 : jobs.asInt()), std::nullopt});
    e.push_back({"warm_start", Tensor::scalar<std::int64_t>(paramBool("warm_start")), std::nullopt});
    io::writeNpz(file, e);
}

void RenewableHuberRegressor::loadCheckpoint(const std::filesystem::path& file) {
    const io::NpzEntries entries = io::readNpz(file);
    std::map<std::string, const io::NpzEntry*> byName;
    for (const auto& e : entries) byName[e.name] = &e;
    auto fail = [&](const std::string& field, const std::string& cause) -> void {
        throw IoError(file.string() + ": field '" + field + "': " + cause);
    };
    auto text = [&](const std::string& field) {
        auto it = byName.find(field);
        if (it == byName.end()) fail(field, "missing");
        if (!it->second->str) fail(field, "expected a text array");
        return *it->second->str;
    };
    auto array = [&](const std::string& field, DType dtype, const Shape& shape) {
        auto it = byName.find(field);
        if (it == byName.end()) fail(field, "missing");
        const Tensor& t = it->second->tensor;
        if (!t.defined()) fail(field, "expected a numeric array, got text");
        if (t.dtype() != dtype) fail(field, std::string("expected dtype ") + (dtype == DType::Float64 ? "<f8" : "<i8"));
        if (t.sizes() != shape) fail(field, "expected shape " + numpyShape(shape) + ", got " + numpyShape(t.sizes()));
        if (dtype == DType::Float64 && field != "bandwidth")
            for (double v : t.toVector<double>())
                if (!std::isfinite(v)) fail(field, "contains a non-finite value");
        return t;
    };
    auto integer = [&](const std::string& field, std::int64_t lo) {
        const std::int64_t v = array(field, DType::Int64, {}).item<std::int64_t>();
        if (v < lo) fail(field, "must be at least " + std::to_string(lo) + ", got " + std::to_string(v));
        return v;
    };
    if (text("format") != "tessera.RenewableHuberRegressor") fail("format", "not a RenewableHuberRegressor checkpoint");
    if (integer("version", 1) != 1)
        fail("version", "version " + std::to_string(integer("version", 1)) + " is newer than 1");
    const std::string penalty = text("penalty");
    if (penalty != "none" && penalty != "l1") fail("penalty", "must be 'none' or 'l1', got '" + penalty + "'");
    const std::int64_t d = integer("n_features_in", 1);
    const bool intercept = integer("fit_intercept", 0) != 0;
    const std::int64_t p = d + (intercept ? 1 : 0);
    const double tau = array("tau", DType::Float64, {}).item<double>();
    if (!(tau > 0)) fail("tau", "must be > 0");
    const double bwv = array("bandwidth", DType::Float64, {}).item<double>();
    if (!std::isnan(bwv) && !(bwv > 0)) fail("bandwidth", "must be > 0 or NaN (None)");
    const std::int64_t jobs = array("n_jobs", DType::Int64, {}).item<std::int64_t>();
    ParamList params{{"tau", tau},
                     {"penalty", penalty},
                     {"alpha", array("alpha", DType::Float64, {}).item<double>()},
                     {"fit_intercept", intercept},
                     {"tol", array("tol", DType::Float64, {}).item<double>()},
                     {"max_iter", integer("max_iter", 1)},
                     {"bandwidth", std::isnan(bwv) ? ParamValue() : ParamValue(bwv)},
                     {"n_jobs", jobs == 0 ? ParamValue() : ParamValue(jobs)},
                     {"warm_start", integer("warm_start", 0) != 0}};
    std::vector<std::pair<std::string, Array>> attrs{
        {"n_features_in_", Array(array("n_features_in", DType::Int64, {}))},
        {"coef_", Array(array("coef", DType::Float64, {d}))},
        {"intercept_", Array(array("intercept", DType::Float64, {}))},
        {"J_", Array(array("J", DType::Float64, {p, p}))},
        {"subgradient_", Array(array("subgradient", DType::Float64, {p}))},
        {"weight_sum_", Array(array("weight_sum", DType::Float64, {}))},
        {"bandwidth_", Array(array("last_bandwidth", DType::Float64, {}))},
        {"n_samples_seen_", Array(Tensor::scalar<std::int64_t>(integer("n_samples_seen", 1)))},
        {"n_batches_", Array(Tensor::scalar<std::int64_t>(integer("n_batches", 1)))},
        {"n_iter_", Array(Tensor::scalar<std::int64_t>(integer("n_iter", 0)))}};
    if (!(attrs[5].second.tensor().item<double>() > 0)) fail("weight_sum", "must be > 0");
    setParams(params);
    restoreAttributes(std::move(attrs));
    m_warnings.clear();
}

namespace {

const RegisterEstimator<RenewableHuberRegressor> kRenewableHuber({
    "RenewableHuberRegressor",
    "tessera.linear_model",
    EstimatorKind::Regressor,
    "Streaming Huber regression renewed batch by batch (RHE Newton, or RPSHE LAMM with an L1 penalty).",
    {
        {"tau", 1.345, {realInterval(0, ParamValue(), Closed::Neither)}, "Absolute Huber threshold on the residual."},
        {"penalty", "none", {strOptions({"none", "l1"})}, "'none' (RHE Newton) or 'l1' (RPSHE LAMM)."},
        {"alpha",
         1e-3,
         {realInterval(0, ParamValue(), Closed::Left)},
         "L1 strength (penalty='l1'; intercept unpenalised)."},
        {"fit_intercept", true, {booleanC()}, "Fit an unpenalised intercept."},
        {"tol", 1e-10, {realInterval(0, ParamValue(), Closed::Left)}, "Newton stop: max|step| <= tol (1 + max|coef|)."},
        {"max_iter", 100, {intInterval(1, std::nullopt, Closed::Left)}, "Newton / LAMM iterations per batch."},
        {"bandwidth",
         ParamValue(),
         {realInterval(0, ParamValue(), Closed::Neither), noneC()},
         "Smoothing bandwidth h; None: tau max(0.05, ((p + ln N_b) / N_b)^(2/5))."},
        {"n_jobs",
         ParamValue(),
         {constraintOf(Constraint::Kind::Integral), noneC()},
         "Threads of an estimator-local arena."},
        {"warm_start", false, {booleanC()}, "fit starts from the previous coefficients."},
    },
    {"fit", "partial_fit", "predict", "score"},
});

}  // namespace
}  // namespace tessera::ml
