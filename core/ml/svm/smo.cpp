// libsvm's solver (sklearn/svm/src/libsvm/svm.cpp, 1.2.1): Solver (SMO with WSS3 working-set selection
// and shrinking), Solver_NU, and svm_train_one's five formulations on the Q matrices of q_matrix.h.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ml/svm/libsvm.h"
#include "core/ml/svm/q_matrix.h"

namespace tessera::ml::detail {
namespace {

using namespace svm;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTau = 1e-12;

struct SolutionInfo {
    double obj = 0, rho = 0, r = 0;
    std::vector<double> upperBound;
    bool timedOut = false;
    int nIter = 0;
};

// Solver: min ½αᵀQα + pᵀα subject to yᵀα = δ, 0 ≤ α_i ≤ C_i.
class Solver {
public:
    virtual ~Solver() = default;
    void solve(int l, QMatrix& Q, const std::vector<double>& p, const std::vector<signed char>& y,
               std::vector<double>& alphaOut, const std::vector<double>& C, double eps, SolutionInfo& si,
               bool shrinking, int maxIter);

protected:
    enum Status : char { Lower, Upper, Free };
    int activeSize_ = 0, l_ = 0;
    std::vector<signed char> y_;
    std::vector<double> G_, alpha_, C_, p_, Gbar_;
    std::vector<char> status_;
    std::vector<int> activeSet_;
    QMatrix* Q_ = nullptr;
    const double* QD_ = nullptr;
    double eps_ = 0;
    bool unshrink_ = false;

    void updateStatus(int i) { status_[i] = alpha_[i] >= C_[i] ? Upper : (alpha_[i] <= 0 ? Lower : Free); }
    bool isUpper(int i) const { return status_[i] == Upper; }
    bool isLower(int i) const { return status_[i] == Lower; }
    bool isFree(int i) const { return status_[i] == Free; }
    void swapIndex(int i, int j) {
        Q_->swapIndex(i, j);
        std::swap(y_[i], y_[j]);
        std::swap(G_[i], G_[j]);
        std::swap(status_[i], status_[j]);
        std::swap(alpha_[i], alpha_[j]);
        std::swap(p_[i], p_[j]);
        std::swap(activeSet_[i], activeSet_[j]);
        std::swap(Gbar_[i], Gbar_[j]);
        std::swap(C_[i], C_[j]);
    }
    void reconstructGradient();
    virtual int selectWorkingSet(int& outI, int& outJ);
    virtual double calculateRho();
    virtual void doShrinking();

private:
    bool beShrunk(int i, double gmax1, double gmax2) const {
        if (isUpper(i)) return y_[i] == 1 ? -G_[i] > gmax1 : -G_[i] > gmax2;
        if (isLower(i)) return y_[i] == 1 ? G_[i] > gmax2 : G_[i] > gmax1;
        return false;
    }
};

void Solver::reconstructGradient() {
    if (activeSize_ == l_) return;
    int nrFree = 0;
    for (int j = activeSize_; j < l_; ++j) G_[j] = Gbar_[j] + p_[j];
    for (int j = 0; j < activeSize_; ++j)
        if (isFree(j)) ++nrFree;
    if (static_cast<long>(nrFree) * l_ > 2L * activeSize_ * (l_ - activeSize_)) {
        for (int i = activeSize_; i < l_; ++i) {
            const Qfloat* Qi = Q_->getQ(i, activeSize_);
            for (int j = 0; j < activeSize_; ++j)
                if (isFree(j)) G_[i] += alpha_[j] * Qi[j];
        }
    } else {
        for (int i = 0; i < activeSize_; ++i)
            if (isFree(i)) {
                const Qfloat* Qi = Q_->getQ(i, l_);
                const double a = alpha_[i];
                for (int j = activeSize_; j < l_; ++j) G_[j] += a * Qi[j];
            }
    }
}

void Solver::solve(int l, QMatrix& Q, const std::vector<double>& p, const std::vector<signed char>& y,
                   std::vector<double>& alphaOut, const std::vector<double>& C, double eps, SolutionInfo& si,
                   bool shrinking, int maxIter) {
    l_ = l;
    Q_ = &Q;
    QD_ = Q.getQD();
    p_ = p;
    y_ = y;
    alpha_ = alphaOut;
    C_ = C;
    eps_ = eps;
    unshrink_ = false;
    si.timedOut = false;
    status_.assign(l, Lower);
    for (int i = 0; i < l; ++i) updateStatus(i);
    activeSet_.resize(l);
    for (int i = 0; i < l; ++i) activeSet_[i] = i;
    activeSize_ = l;
    G_ = p_;
    Gbar_.assign(l, 0.0);
    for (int i = 0; i < l; ++i)
        if (!isLower(i)) {
            const Qfloat* Qi = Q.getQ(i, l);
            const double a = alpha_[i];
            for (int j = 0; j < l; ++j) G_[j] += a * Qi[j];
            if (isUpper(i))
                for (int j = 0; j < l; ++j) Gbar_[j] += C_[i] * Qi[j];
        }

    int iter = 0;
    int counter = std::min(l, 1000) + 1;
    while (true) {
        if (maxIter != -1 && iter >= maxIter) {
            si.timedOut = true;
            break;
        }
        if (--counter == 0) {
            counter = std::min(l, 1000);
            if (shrinking) doShrinking();
        }
        int i = 0, j = 0;
        if (selectWorkingSet(i, j) != 0) {
            reconstructGradient();
            activeSize_ = l;
            if (selectWorkingSet(i, j) != 0) break;
            counter = 1;
        }
        ++iter;
        const Qfloat* Qi = Q.getQ(i, activeSize_);
        const Qfloat* Qj = Q.getQ(j, activeSize_);
        const double Ci = C_[i], Cj = C_[j];
        const double oldI = alpha_[i], oldJ = alpha_[j];
        if (y_[i] != y_[j]) {
            double quad = QD_[i] + QD_[j] + 2 * Qi[j];
            if (quad <= 0) quad = kTau;
            const double delta = (-G_[i] - G_[j]) / quad;
            const double diff = alpha_[i] - alpha_[j];
            alpha_[i] += delta;
            alpha_[j] += delta;
            if (diff > 0) {
                if (alpha_[j] < 0) {
                    alpha_[j] = 0;
                    alpha_[i] = diff;
                }
            } else if (alpha_[i] < 0) {
                alpha_[i] = 0;
                alpha_[j] = -diff;
            }
            if (diff > Ci - Cj) {
                if (alpha_[i] > Ci) {
                    alpha_[i] = Ci;
                    alpha_[j] = Ci - diff;
                }
            } else if (alpha_[j] > Cj) {
                alpha_[j] = Cj;
                alpha_[i] = Cj + diff;
            }
        } else {
            double quad = QD_[i] + QD_[j] - 2 * Qi[j];
            if (quad <= 0) quad = kTau;
            const double delta = (G_[i] - G_[j]) / quad;
            const double sum = alpha_[i] + alpha_[j];
            alpha_[i] -= delta;
            alpha_[j] += delta;
            if (sum > Ci) {
                if (alpha_[i] > Ci) {
                    alpha_[i] = Ci;
                    alpha_[j] = sum - Ci;
                }
            } else if (alpha_[j] < 0) {
                alpha_[j] = 0;
                alpha_[i] = sum;
            }
            if (sum > Cj) {
                if (alpha_[j] > Cj) {
                    alpha_[j] = Cj;
                    alpha_[i] = sum - Cj;
                }
            } else if (alpha_[i] < 0) {
                alpha_[i] = 0;
                alpha_[j] = sum;
            }
        }
        const double dI = alpha_[i] - oldI, dJ = alpha_[j] - oldJ;
        for (int k = 0; k < activeSize_; ++k) G_[k] += Qi[k] * dI + Qj[k] * dJ;
        const bool ui = isUpper(i), uj = isUpper(j);
        updateStatus(i);
        updateStatus(j);
        if (ui != isUpper(i)) {
            Qi = Q.getQ(i, l);
            const double s = ui ? -Ci : Ci;
            for (int k = 0; k < l; ++k) Gbar_[k] += s * Qi[k];
        }
        if (uj != isUpper(j)) {
            Qj = Q.getQ(j, l);
            const double s = uj ? -Cj : Cj;
            for (int k = 0; k < l; ++k) Gbar_[k] += s * Qj[k];
        }
    }
    si.rho = calculateRho();
    double v = 0;
    for (int i = 0; i < l; ++i) v += alpha_[i] * (G_[i] + p_[i]);
    si.obj = v / 2;
    for (int i = 0; i < l; ++i) alphaOut[activeSet_[i]] = alpha_[i];
    si.upperBound.assign(l, 0.0);
    for (int i = 0; i < l; ++i) si.upperBound[i] = C_[i];
    si.nIter = iter;
}

int Solver::selectWorkingSet(int& outI, int& outJ) {
    double gmax = -kInf, gmax2 = -kInf, objDiffMin = kInf;
    int gmaxIdx = -1, gminIdx = -1;
    for (int t = 0; t < activeSize_; ++t) {
        if (y_[t] == 1) {
            if (!isUpper(t) && -G_[t] >= gmax) {
                gmax = -G_[t];
                gmaxIdx = t;
            }
        } else if (!isLower(t) && G_[t] >= gmax) {
            gmax = G_[t];
            gmaxIdx = t;
        }
    }
    const int i = gmaxIdx;
    const Qfloat* Qi = i != -1 ? Q_->getQ(i, activeSize_) : nullptr;
    for (int j = 0; j < activeSize_; ++j) {
        if (y_[j] == 1) {
            if (isLower(j)) continue;
            const double gradDiff = gmax + G_[j];
            if (G_[j] >= gmax2) gmax2 = G_[j];
            if (gradDiff > 0) {
                const double quad = QD_[i] + QD_[j] - 2.0 * y_[i] * Qi[j];
                const double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : kTau);
                if (objDiff <= objDiffMin) {
                    gminIdx = j;
                    objDiffMin = objDiff;
                }
            }
        } else {
            if (isUpper(j)) continue;
            const double gradDiff = gmax - G_[j];
            if (-G_[j] >= gmax2) gmax2 = -G_[j];
            if (gradDiff > 0) {
                const double quad = QD_[i] + QD_[j] + 2.0 * y_[i] * Qi[j];
                const double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : kTau);
                if (objDiff <= objDiffMin) {
                    gminIdx = j;
                    objDiffMin = objDiff;
                }
            }
        }
    }
    if (gmax + gmax2 < eps_ || gminIdx == -1) return 1;
    outI = gmaxIdx;
    outJ = gminIdx;
    return 0;
}

void Solver::doShrinking() {
    double gmax1 = -kInf, gmax2 = -kInf;
    for (int i = 0; i < activeSize_; ++i) {
        if (y_[i] == 1) {
            if (!isUpper(i) && -G_[i] >= gmax1) gmax1 = -G_[i];
            if (!isLower(i) && G_[i] >= gmax2) gmax2 = G_[i];
        } else {
            if (!isUpper(i) && -G_[i] >= gmax2) gmax2 = -G_[i];
            if (!isLower(i) && G_[i] >= gmax1) gmax1 = G_[i];
        }
    }
    if (!unshrink_ && gmax1 + gmax2 <= eps_ * 10) {
        unshrink_ = true;
        reconstructGradient();
        activeSize_ = l_;
    }
    for (int i = 0; i < activeSize_; ++i)
        if (beShrunk(i, gmax1, gmax2)) {
            --activeSize_;
            while (activeSize_ > i) {
                if (!beShrunk(activeSize_, gmax1, gmax2)) {
                    swapIndex(i, activeSize_);
                    break;
                }
                --activeSize_;
            }
        }
}

double Solver::calculateRho() {
    int nrFree = 0;
    double ub = kInf, lb = -kInf, sumFree = 0;
    for (int i = 0; i < activeSize_; ++i) {
        const double yG = y_[i] * G_[i];
        if (isUpper(i)) {
            if (y_[i] == -1)
                ub = std::min(ub, yG);
            else
                lb = std::max(lb, yG);
        } else if (isLower(i)) {
            if (y_[i] == 1)
                ub = std::min(ub, yG);
            else
                lb = std::max(lb, yG);
        } else {
            ++nrFree;
            sumFree += yG;
        }
    }
    return nrFree > 0 ? sumFree / nrFree : (ub + lb) / 2;
}

// Solver_NU: the extra constraint eᵀα = constant, working pairs of one sign.
class SolverNu : public Solver {
public:
    explicit SolverNu(SolutionInfo& si) : si_(si) {}

private:
    SolutionInfo& si_;
    int selectWorkingSet(int& outI, int& outJ) override;
    double calculateRho() override;
    void doShrinking() override;
    bool beShrunk(int i, double g1, double g2, double g3, double g4) const {
        if (isUpper(i)) return y_[i] == 1 ? -G_[i] > g1 : -G_[i] > g4;
        if (isLower(i)) return y_[i] == 1 ? G_[i] > g2 : G_[i] > g3;
        return false;
    }
};

int SolverNu::selectWorkingSet(int& outI, int& outJ) {
    double gmaxp = -kInf, gmaxp2 = -kInf, gmaxn = -kInf, gmaxn2 = -kInf, objDiffMin = kInf;
    int gmaxpIdx = -1, gmaxnIdx = -1, gminIdx = -1;
    for (int t = 0; t < activeSize_; ++t) {
        if (y_[t] == 1) {
            if (!isUpper(t) && -G_[t] >= gmaxp) {
                gmaxp = -G_[t];
                gmaxpIdx = t;
            }
        } else if (!isLower(t) && G_[t] >= gmaxn) {
            gmaxn = G_[t];
            gmaxnIdx = t;
        }
    }
    const int ip = gmaxpIdx, in = gmaxnIdx;
    const Qfloat* Qip = ip != -1 ? Q_->getQ(ip, activeSize_) : nullptr;
    const Qfloat* Qin = in != -1 ? Q_->getQ(in, activeSize_) : nullptr;
    for (int j = 0; j < activeSize_; ++j) {
        if (y_[j] == 1) {
            if (isLower(j)) continue;
            const double gradDiff = gmaxp + G_[j];
            if (G_[j] >= gmaxp2) gmaxp2 = G_[j];
            if (gradDiff > 0) {
                const double quad = QD_[ip] + QD_[j] - 2 * Qip[j];
                const double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : kTau);
                if (objDiff <= objDiffMin) {
                    gminIdx = j;
                    objDiffMin = objDiff;
                }
            }
        } else {
            if (isUpper(j)) continue;
            const double gradDiff = gmaxn - G_[j];
            if (-G_[j] >= gmaxn2) gmaxn2 = -G_[j];
            if (gradDiff > 0) {
                const double quad = QD_[in] + QD_[j] - 2 * Qin[j];
                const double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : kTau);
                if (objDiff <= objDiffMin) {
                    gminIdx = j;
                    objDiffMin = objDiff;
                }
            }
        }
    }
    if (std::max(gmaxp + gmaxp2, gmaxn + gmaxn2) < eps_ || gminIdx == -1) return 1;
    outI = y_[gminIdx] == 1 ? gmaxpIdx : gmaxnIdx;
    outJ = gminIdx;
    return 0;
}

void SolverNu::doShrinking() {
    double g1 = -kInf, g2 = -kInf, g3 = -kInf, g4 = -kInf;
    for (int i = 0; i < activeSize_; ++i) {
        if (!isUpper(i)) {
            if (y_[i] == 1) {
                if (-G_[i] > g1) g1 = -G_[i];
            } else if (-G_[i] > g4) {
                g4 = -G_[i];
            }
        }
        if (!isLower(i)) {
            if (y_[i] == 1) {
                if (G_[i] > g2) g2 = G_[i];
            } else if (G_[i] > g3) {
                g3 = G_[i];
            }
        }
    }
    if (!unshrink_ && std::max(g1 + g2, g3 + g4) <= eps_ * 10) {
        unshrink_ = true;
        reconstructGradient();
        activeSize_ = l_;
    }
    for (int i = 0; i < activeSize_; ++i)
        if (beShrunk(i, g1, g2, g3, g4)) {
            --activeSize_;
            while (activeSize_ > i) {
                if (!beShrunk(activeSize_, g1, g2, g3, g4)) {
                    swapIndex(i, activeSize_);
                    break;
                }
                --activeSize_;
            }
        }
}

double SolverNu::calculateRho() {
    int nf1 = 0, nf2 = 0;
    double ub1 = kInf, ub2 = kInf, lb1 = -kInf, lb2 = -kInf, sf1 = 0, sf2 = 0;
    for (int i = 0; i < activeSize_; ++i) {
        if (y_[i] == 1) {
            if (isUpper(i))
                lb1 = std::max(lb1, G_[i]);
            else if (isLower(i))
                ub1 = std::min(ub1, G_[i]);
            else {
                ++nf1;
                sf1 += G_[i];
            }
        } else {
            if (isUpper(i))
                lb2 = std::max(lb2, G_[i]);
            else if (isLower(i))
                ub2 = std::min(ub2, G_[i]);
            else {
                ++nf2;
                sf2 += G_[i];
            }
        }
    }
    const double r1 = nf1 > 0 ? sf1 / nf1 : (ub1 + lb1) / 2;
    const double r2 = nf2 > 0 ? sf2 / nf2 : (ub2 + lb2) / 2;
    si_.r = (r1 + r2) / 2;
    return (r1 - r2) / 2;
}

}  // namespace

SvmDecision svmTrainOne(const SvmProblem& prob, const SvmParams& param, double Cp, double Cn) {
    const int l = static_cast<int>(prob.rows.size());
    SolutionInfo si;
    SvmDecision f;
    f.alpha.assign(l, 0.0);
    switch (param.type) {
        case SvmType::CSvc: {
            std::vector<signed char> y(l);
            std::vector<double> C(l), alpha(l, 0.0);
            for (int i = 0; i < l; ++i) {
                y[i] = prob.y[i] > 0 ? 1 : -1;
                C[i] = prob.W[i] * (prob.y[i] > 0 ? Cp : Cn);
            }
            SvcQ Q(prob, param, y);
            Solver().solve(l, Q, std::vector<double>(l, -1.0), y, alpha, C, param.eps, si, param.shrinking,
                           param.maxIter);
            for (int i = 0; i < l; ++i) f.alpha[i] = alpha[i] * y[i];
            break;
        }
        case SvmType::NuSvc: {
            std::vector<signed char> y(l);
            std::vector<double> C(l), alpha(l);
            double nuL = 0;
            for (int i = 0; i < l; ++i) {
                y[i] = prob.y[i] > 0 ? 1 : -1;
                C[i] = prob.W[i];
                nuL += param.nu * C[i];
            }
            double sumPos = nuL / 2, sumNeg = nuL / 2;
            for (int i = 0; i < l; ++i) {
                double& s = y[i] == 1 ? sumPos : sumNeg;
                alpha[i] = std::min(C[i], s);
                s -= alpha[i];
            }
            SvcQ Q(prob, param, y);
            SolverNu(si).solve(l, Q, std::vector<double>(l, 0.0), y, alpha, C, param.eps, si, param.shrinking,
                               param.maxIter);
            const double r = si.r;
            for (int i = 0; i < l; ++i) f.alpha[i] = alpha[i] * y[i] / r;
            si.rho /= r;
            break;
        }
        case SvmType::OneClass: {
            std::vector<double> C(l), alpha(l, 0.0);
            double nuL = 0;
            for (int i = 0; i < l; ++i) {
                C[i] = prob.W[i];
                nuL += C[i] * param.nu;
            }
            for (int i = 0; nuL > 0 && i < l; ++i) {
                alpha[i] = std::min(C[i], nuL);
                nuL -= alpha[i];
            }
            OneClassQ Q(prob, param);
            Solver().solve(l, Q, std::vector<double>(l, 0.0), std::vector<signed char>(l, 1), alpha, C, param.eps, si,
                           param.shrinking, param.maxIter);
            f.alpha = alpha;
            break;
        }
        case SvmType::EpsilonSvr:
        case SvmType::NuSvr: {
            const bool nu = param.type == SvmType::NuSvr;
            std::vector<double> alpha2(2 * l, 0.0), linear(2 * l), C(2 * l);
            std::vector<signed char> y(2 * l);
            double sum = 0;
            for (int i = 0; i < l; ++i) {
                C[i] = C[i + l] = prob.W[i] * param.C;
                sum += C[i] * param.nu;
            }
            sum /= 2;
            for (int i = 0; i < l; ++i) {
                if (nu) {
                    alpha2[i] = alpha2[i + l] = std::min(sum, C[i]);
                    sum -= alpha2[i];
                }
                linear[i] = (nu ? 0 : param.p) - prob.y[i];
                linear[i + l] = (nu ? 0 : param.p) + prob.y[i];
                y[i] = 1;
                y[i + l] = -1;
            }
            SvrQ Q(prob, param);
            if (nu)
                SolverNu(si).solve(2 * l, Q, linear, y, alpha2, C, param.eps, si, param.shrinking, param.maxIter);
            else
                Solver().solve(2 * l, Q, linear, y, alpha2, C, param.eps, si, param.shrinking, param.maxIter);
            for (int i = 0; i < l; ++i) f.alpha[i] = alpha2[i] - alpha2[i + l];
            break;
        }
    }
    f.rho = si.rho;
    f.nIter = si.nIter;
    f.timedOut = si.timedOut;
    return f;
}

double svmKernel(const double* x, const double* y, int features, const SvmParams& param) {
    switch (param.kernel) {
        case SvmKernel::Linear:
            return svm::dot(x, y, features);
        case SvmKernel::Poly:
            return svm::powi(param.gamma * svm::dot(x, y, features) + param.coef0, param.degree);
        case SvmKernel::Rbf: {
            double sum = 0;
            for (int i = 0; i < features; ++i) {
                const double d = x[i] - y[i];
                sum += d * d;
            }
            return std::exp(-param.gamma * sum);
        }
        case SvmKernel::Sigmoid:
            return std::tanh(param.gamma * svm::dot(x, y, features) + param.coef0);
    }
    return 0;
}

}  // namespace tessera::ml::detail
