#include "core/ml/optimize/line_search.h"

#include <algorithm>
#include <cmath>

namespace tessera::ml::optimize {
namespace {

constexpr double kXtrapl = 1.1, kXtrapu = 4.0, kP66 = 0.66;

// MINPACK-2's dcstep: a safeguarded step for the interval of uncertainty [stx, sty] and the trial stp,
// updating the interval.
void dcstep(double& stx, double& fx, double& dx, double& sty, double& fy, double& dy, double& stp, double fp, double dp,
            bool& brackt, double stpmin, double stpmax) {
    const double sgnd = dp * (dx / std::abs(dx));
    double stpf;
    if (fp > fx) {
        // A higher value: the minimum is bracketed; the cubic step, or halfway to the quadratic one.
        const double theta = 3.0 * (fx - fp) / (stp - stx) + dx + dp;
        const double s = std::max({std::abs(theta), std::abs(dx), std::abs(dp)});
        double gamma = s * std::sqrt((theta / s) * (theta / s) - (dx / s) * (dp / s));
        if (stp < stx) gamma = -gamma;
        const double p = (gamma - dx) + theta, q = ((gamma - dx) + gamma) + dp, r = p / q;
        const double stpc = stx + r * (stp - stx);
        const double stpq = stx + ((dx / ((fx - fp) / (stp - stx) + dx)) / 2.0) * (stp - stx);
        stpf = std::abs(stpc - stx) < std::abs(stpq - stx) ? stpc : stpc + (stpq - stpc) / 2.0;
        brackt = true;
    } else if (sgnd < 0.0) {
        // Derivatives of opposite sign: bracketed; the cubic or the secant step, whichever is farther.
        const double theta = 3.0 * (fx - fp) / (stp - stx) + dx + dp;
        const double s = std::max({std::abs(theta), std::abs(dx), std::abs(dp)});
        double gamma = s * std::sqrt((theta / s) * (theta / s) - (dx / s) * (dp / s));
        if (stp > stx) gamma = -gamma;
        const double p = (gamma - dp) + theta, q = ((gamma - dp) + gamma) + dx, r = p / q;
        const double stpc = stp + r * (stx - stp);
        const double stpq = stp + (dp / (dp - dx)) * (stx - stp);
        stpf = std::abs(stpc - stp) > std::abs(stpq - stp) ? stpc : stpq;
        brackt = true;
    } else if (std::abs(dp) < std::abs(dx)) {
        // Same sign, the derivative decreases in magnitude.
        const double theta = 3.0 * (fx - fp) / (stp - stx) + dx + dp;
        const double s = std::max({std::abs(theta), std::abs(dx), std::abs(dp)});
        double gamma = s * std::sqrt(std::max(0.0, (theta / s) * (theta / s) - (dx / s) * (dp / s)));
        if (stp > stx) gamma = -gamma;
        const double p = (gamma - dp) + theta, q = (gamma + (dx - dp)) + gamma, r = p / q;
        double stpc;
        if (r < 0.0 && gamma != 0.0)
            stpc = stp + r * (stx - stp);
        else
            stpc = stp > stx ? stpmax : stpmin;
        const double stpq = stp + (dp / (dp - dx)) * (stx - stp);
        if (brackt) {
            stpf = std::abs(stpc - stp) < std::abs(stpq - stp) ? stpc : stpq;
            stpf = stp > stx ? std::min(stp + kP66 * (sty - stp), stpf) : std::max(stp + kP66 * (sty - stp), stpf);
        } else {
            stpf = std::abs(stpc - stp) > std::abs(stpq - stp) ? stpc : stpq;
            stpf = std::max(stpmin, std::min(stpmax, stpf));
        }
    } else {
        // Same sign, the derivative does not decrease: the cubic step through fy, or an end point.
        if (brackt) {
            const double theta = 3.0 * (fp - fy) / (sty - stp) + dy + dp;
            const double s = std::max({std::abs(theta), std::abs(dy), std::abs(dp)});
            double gamma = s * std::sqrt((theta / s) * (theta / s) - (dy / s) * (dp / s));
            if (stp > sty) gamma = -gamma;
            const double p = (gamma - dp) + theta, q = ((gamma - dp) + gamma) + dy, r = p / q;
            stpf = stp + r * (sty - stp);
        } else {
            stpf = stp > stx ? stpmax : stpmin;
        }
    }
    if (fp > fx) {
        sty = stp;
        fy = fp;
        dy = dp;
    } else {
        if (sgnd < 0.0) {
            sty = stx;
            fy = fx;
            dy = dx;
        }
        stx = stp;
        fx = fp;
        dx = dp;
    }
    stp = stpf;
}

}  // namespace

LineSearch::LineSearch(double f0, double g0, double stp, const LineSearchOptions& options)
    : m_o(options), m_stp(stp), m_finit(f0), m_ginit(g0) {
    const char* error = stp < m_o.stpmin          ? "STP .LT. STPMIN"
                        : stp > m_o.stpmax        ? "STP .GT. STPMAX"
                        : g0 >= 0.0               ? "INITIAL G .GE. ZERO"
                        : m_o.ftol < 0.0          ? "FTOL .LT. ZERO"
                        : m_o.gtol < 0.0          ? "GTOL .LT. ZERO"
                        : m_o.xtol < 0.0          ? "XTOL .LT. ZERO"
                        : m_o.stpmin < 0.0        ? "STPMIN .LT. ZERO"
                        : m_o.stpmax < m_o.stpmin ? "STPMAX .LT. STPMIN"
                                                  : nullptr;
    if (error) {
        m_task = Task::Error;
        m_message = error;
        return;
    }
    m_gtest = m_o.ftol * m_ginit;
    m_width = m_o.stpmax - m_o.stpmin;
    m_width1 = m_width / 0.5;
    m_fx = m_fy = m_finit;
    m_gx = m_gy = m_ginit;
    m_stmax = m_stp + kXtrapu * m_stp;
}

void LineSearch::next(double f, double g) {
    const double ftest = m_finit + m_stp * m_gtest;
    if (m_stage == 1 && f <= ftest && g >= 0.0) m_stage = 2;
    auto warn = [this](const char* text) {
        m_task = Task::Warning;
        m_message = text;
    };
    if (m_brackt && (m_stp <= m_stmin || m_stp >= m_stmax)) warn("ROUNDING ERRORS PREVENT PROGRESS");
    if (m_brackt && m_stmax - m_stmin <= m_o.xtol * m_stmax) warn("XTOL TEST SATISFIED");
    if (m_stp == m_o.stpmax && f <= ftest && g <= m_gtest) warn("STP = STPMAX");
    if (m_stp == m_o.stpmin && (f > ftest || g >= m_gtest)) warn("STP = STPMIN");
    if (f <= ftest && std::abs(g) <= m_o.gtol * (-m_ginit)) {
        m_task = Task::Converged;
        m_message = "CONVERGENCE";
    }
    if (m_task != Task::Evaluate) return;
    // In the first stage, while no step has a value below the sufficient-decrease line, dcstep works on
    // the modified function f(stp) − f(0) − stp·gtest.
    if (m_stage == 1 && f <= m_fx && f > ftest) {
        const double fm = f - m_stp * m_gtest;
        double fxm = m_fx - m_stx * m_gtest, fym = m_fy - m_sty * m_gtest;
        const double gm = g - m_gtest;
        double gxm = m_gx - m_gtest, gym = m_gy - m_gtest;
        dcstep(m_stx, fxm, gxm, m_sty, fym, gym, m_stp, fm, gm, m_brackt, m_stmin, m_stmax);
        m_fx = fxm + m_stx * m_gtest;
        m_fy = fym + m_sty * m_gtest;
        m_gx = gxm + m_gtest;
        m_gy = gym + m_gtest;
    } else {
        dcstep(m_stx, m_fx, m_gx, m_sty, m_fy, m_gy, m_stp, f, g, m_brackt, m_stmin, m_stmax);
    }
    if (m_brackt) {
        if (std::abs(m_sty - m_stx) >= kP66 * m_width1) m_stp = m_stx + 0.5 * (m_sty - m_stx);
        m_width1 = m_width;
        m_width = std::abs(m_sty - m_stx);
        m_stmin = std::min(m_stx, m_sty);
        m_stmax = std::max(m_stx, m_sty);
    } else {
        m_stmin = m_stp + kXtrapl * (m_stp - m_stx);
        m_stmax = m_stp + kXtrapu * (m_stp - m_stx);
    }
    m_stp = std::max(m_stp, m_o.stpmin);
    m_stp = std::min(m_stp, m_o.stpmax);
    if ((m_brackt && (m_stp <= m_stmin || m_stp >= m_stmax)) || (m_brackt && m_stmax - m_stmin <= m_o.xtol * m_stmax))
        m_stp = m_stx;
}

}  // namespace tessera::ml::optimize
