#include "core/ml/linear_model/sgd_fast.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/tensor/error.h"

namespace tessera::ml::detail {
namespace {

constexpr double kMaxDloss = 1e12;
constexpr double kWscaleThreshold = 1e-9;

// sklearn/utils/_weight_vector.pyx.tp: w = wscale · data, so that the L2 shrinkage is O(1); the
// averaged weights of ASGD kept as (aw + a·data) / b.
class WeightVector {
public:
    WeightVector(std::vector<double>& w, std::vector<double>* aw) : m_w(w), m_aw(aw) {}

    double dot(const double* x) const {
        double s = 0;
        for (std::size_t j = 0; j < m_w.size(); ++j) s += m_w[j] * x[j];
        return s * m_wscale;
    }
    void add(const double* x, double c) {
        for (std::size_t j = 0; j < m_w.size(); ++j) m_w[j] += x[j] * (c / m_wscale);
    }
    void addAverage(const double* x, double c, double numIter) {
        const double mu = 1.0 / numIter;
        for (std::size_t j = 0; j < m_w.size(); ++j) (*m_aw)[j] += m_averageA * x[j] * (-c / m_wscale);
        if (numIter > 1) m_averageB /= (1.0 - mu);
        m_averageA += mu * m_averageB * m_wscale;
    }
    void scale(double c) {
        m_wscale *= c;
        if (m_wscale < kWscaleThreshold) resetWscale();
    }
    void resetWscale() {
        if (m_aw) {
            for (std::size_t j = 0; j < m_w.size(); ++j) (*m_aw)[j] += m_averageA * m_w[j];
            for (double& v : *m_aw) v *= 1.0 / m_averageB;
            m_averageA = 0.0;
            m_averageB = 1.0;
        }
        for (double& v : m_w) v *= m_wscale;
        m_wscale = 1.0;
    }
    double wscale() const { return m_wscale; }
    std::vector<double>& data() { return m_w; }

private:
    std::vector<double>& m_w;
    std::vector<double>* m_aw;
    double m_wscale = 1.0, m_averageA = 0.0, m_averageB = 1.0;
};

// The truncated gradient of Tsuruoka et al. (2009), as sklearn's l1penalty.
void l1Penalty(WeightVector& w, std::vector<double>& q, double u) {
    const double wscale = w.wscale();
    std::vector<double>& d = w.data();
    for (std::size_t j = 0; j < d.size(); ++j) {
        const double z = d[j];
        if (wscale * z > 0.0)
            d[j] = std::max(0.0, d[j] - ((u + q[j]) / wscale));
        else if (wscale * z < 0.0)
            d[j] = std::min(0.0, d[j] + ((u - q[j]) / wscale));
        q[j] += wscale * (d[j] - z);
    }
}

}  // namespace

double SgdLoss::loss(double p, double y) const {
    switch (kind) {
        case Kind::Hinge: {
            const double z = p * y;
            return z <= parameter ? parameter - z : 0.0;
        }
        case Kind::SquaredHinge: {
            const double z = parameter - p * y;
            return z > 0 ? z * z : 0.0;
        }
        case Kind::Log: {
            const double z = p * y;
            if (z > 18) return std::exp(-z);
            if (z < -18) return -z;
            return std::log(1.0 + std::exp(-z));
        }
        case Kind::ModifiedHuber: {
            const double z = p * y;
            if (z >= 1.0) return 0.0;
            if (z >= -1.0) return (1.0 - z) * (1.0 - z);
            return -4.0 * z;
        }
        case Kind::SquaredError:
            return 0.5 * (p - y) * (p - y);
        case Kind::Huber: {
            const double r = p - y, a = std::abs(r);
            return a <= parameter ? 0.5 * r * r : parameter * a - 0.5 * parameter * parameter;
        }
        case Kind::EpsilonInsensitive: {
            const double r = std::abs(y - p) - parameter;
            return r > 0 ? r : 0;
        }
        case Kind::SquaredEpsilonInsensitive: {
            const double r = std::abs(y - p) - parameter;
            return r > 0 ? r * r : 0;
        }
    }
    return 0.0;
}

double SgdLoss::dloss(double p, double y) const {
    switch (kind) {
        case Kind::Hinge:
            return p * y <= parameter ? -y : 0.0;
        case Kind::SquaredHinge: {
            const double z = parameter - p * y;
            return z > 0 ? -2 * y * z : 0.0;
        }
        case Kind::Log: {
            const double z = p * y;
            if (z > 18.0) return std::exp(-z) * -y;
            if (z < -18.0) return -y;
            return -y / (std::exp(z) + 1.0);
        }
        case Kind::ModifiedHuber: {
            const double z = p * y;
            if (z >= 1.0) return 0.0;
            if (z >= -1.0) return 2.0 * (1.0 - z) * -y;
            return -4.0 * y;
        }
        case Kind::SquaredError:
            return p - y;
        case Kind::Huber: {
            const double r = p - y;
            if (std::abs(r) <= parameter) return r;
            return r > 0.0 ? parameter : -parameter;
        }
        case Kind::EpsilonInsensitive:
            if (y - p > parameter) return -1;
            if (p - y > parameter) return 1;
            return 0;
        case Kind::SquaredEpsilonInsensitive: {
            const double z = y - p;
            if (z > parameter) return -2 * (z - parameter);
            if (z < -parameter) return 2 * (-z - parameter);
            return 0;
        }
    }
    return 0.0;
}

std::string SgdLoss::className() const {
    switch (kind) {
        case Kind::Hinge:
            return "Hinge";
        case Kind::SquaredHinge:
            return "SquaredHinge";
        case Kind::Log:
            return "Log";
        case Kind::ModifiedHuber:
            return "ModifiedHuber";
        case Kind::SquaredError:
            return "SquaredLoss";
        case Kind::Huber:
            return "Huber";
        case Kind::EpsilonInsensitive:
            return "EpsilonInsensitive";
        case Kind::SquaredEpsilonInsensitive:
            return "SquaredEpsilonInsensitive";
    }
    return {};
}

std::uint32_t ourRandR(std::uint32_t& seed) {
    if (seed == 0) seed = 1;
    seed ^= static_cast<std::uint32_t>(seed << 13);
    seed ^= static_cast<std::uint32_t>(seed >> 17);
    seed ^= static_cast<std::uint32_t>(seed << 5);
    return seed % (static_cast<std::uint32_t>(0x7FFFFFFF) + 1u);
}

SgdResult plainSgd(const SgdProblem& pr, const SgdSettings& s, std::vector<double> weights, double intercept,
                   std::vector<double> averageWeights, double averageIntercept, std::uint32_t seed) {
    const std::int64_t n = pr.n;
    const bool averaging = s.average > 0;
    WeightVector w(weights, averaging ? &averageWeights : nullptr);
    std::vector<double> q;
    const bool l1 = s.penalty == SgdPenalty::L1 || s.penalty == SgdPenalty::ElasticNet;
    if (l1) q.assign(weights.size(), 0.0);
    double u = 0.0;
    double l1Ratio = s.l1Ratio;
    if (s.penalty == SgdPenalty::L2) l1Ratio = 0.0;
    if (s.penalty == SgdPenalty::L1) l1Ratio = 1.0;
    double eta = s.eta0, t = s.t, optimalInit = 0.0;
    if (s.learningRate == SgdLearningRate::Optimal) {
        const double typw = std::sqrt(1.0 / std::sqrt(s.alpha));
        const double initialEta0 = typw / std::max(1.0, s.loss.dloss(-typw, 1.0));
        optimalInit = 1.0 / (initialEta0 * s.alpha);
    }
    // SequentialDataset's index array, shuffled in place at the start of each epoch.
    std::vector<int> index(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) index[i] = static_cast<int>(i);
    const double inf = std::numeric_limits<double>::infinity();
    double bestLoss = inf, bestScore = -inf;
    std::int64_t noImprovement = 0, epoch = 0;
    for (; epoch < s.maxIter; ++epoch) {
        double sumloss = 0;
        if (s.shuffle) {
            std::uint32_t epochSeed = seed;  // passed by value: every epoch applies the same swaps
            for (unsigned i = 0; i + 1 < static_cast<unsigned>(n); ++i) {
                const unsigned j = i + ourRandR(epochSeed) % (static_cast<unsigned>(n) - i);
                std::swap(index[i], index[j]);
            }
        }
        for (std::int64_t k = 0; k < n; ++k) {
            const int row = index[static_cast<std::size_t>(k)];
            if (pr.validationMask && (*pr.validationMask)[row]) continue;
            const double* x = pr.X + static_cast<std::int64_t>(row) * pr.p;
            const double y = pr.y[row], sw = pr.sampleWeight[row];
            const double p = w.dot(x) + intercept;
            if (s.learningRate == SgdLearningRate::Optimal)
                eta = 1.0 / (s.alpha * (optimalInit + t - 1));
            else if (s.learningRate == SgdLearningRate::InvScaling)
                eta = s.eta0 / std::pow(t, s.powerT);
            if (!s.earlyStopping) sumloss += s.loss.loss(p, y);
            const double classWeight = y > 0.0 ? s.weightPos : s.weightNeg;
            const double dloss = std::clamp(s.loss.dloss(p, y), -kMaxDloss, kMaxDloss);
            double update = -eta * dloss;
            update *= classWeight * sw;
            if (s.penalty >= SgdPenalty::L2) w.scale(std::max(0.0, 1.0 - ((1.0 - l1Ratio) * eta * s.alpha)));
            if (update != 0.0) {
                w.add(x, update);
                if (s.fitIntercept) intercept += update;  // intercept_decay is 1 for dense data
            }
            if (averaging && static_cast<double>(s.average) <= t) {
                w.addAverage(x, update, t - static_cast<double>(s.average) + 1);
                averageIntercept += (intercept - averageIntercept) / (t - static_cast<double>(s.average) + 1);
            }
            if (l1) {
                u += l1Ratio * eta * s.alpha;
                l1Penalty(w, q, u);
            }
            t += 1;
        }
        bool finite = std::isfinite(intercept);
        for (double v : weights) finite = finite && std::isfinite(v);
        if (!finite)
            throw ValueError("Floating-point under-/overflow occurred at epoch #" + std::to_string(epoch + 1) +
                             ". Scaling input data with StandardScaler or MinMaxScaler might help.");
        if (pr.onEpoch)
            pr.onEpoch(epoch,
                       s.earlyStopping ? std::numeric_limits<double>::quiet_NaN() : sumloss / static_cast<double>(n));
        if (s.earlyStopping) {
            const double score = pr.validationScore(weights, intercept);
            if (s.tol > -inf && score < bestScore + s.tol)
                ++noImprovement;
            else
                noImprovement = 0;
            bestScore = std::max(bestScore, score);
        } else {
            if (s.tol > -inf && sumloss > bestLoss - s.tol * static_cast<double>(n))
                ++noImprovement;
            else
                noImprovement = 0;
            bestLoss = std::min(bestLoss, sumloss);
        }
        if (noImprovement >= s.nIterNoChange) {
            if (s.learningRate == SgdLearningRate::Adaptive && eta > 1e-6) {
                eta = eta / 5;
                noImprovement = 0;
            } else {
                break;
            }
        }
    }
    w.resetWscale();
    SgdResult r;
    r.nIter = std::min(epoch, s.maxIter - 1) + 1;
    r.weights = std::move(weights);
    r.averageWeights = std::move(averageWeights);
    r.intercept = intercept;
    r.averageIntercept = averageIntercept;
    return r;
}

}  // namespace tessera::ml::detail
