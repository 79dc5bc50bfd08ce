// The Moré–Thuente line search of MINPACK-2 (dcsrch/dcstep), the one scipy's L-BFGS-B and
// line_search_wolfe1 run: a step satisfying the strong Wolfe conditions
// f(stp) <= f(0) + ftol·stp·f'(0) and |f'(stp)| <= gtol·|f'(0)|, found by safeguarded cubic and
// quadratic interpolation.
//
//   LineSearch ls(f0, g0, stp, {.ftol = 1e-3, .gtol = 0.9, .xtol = 0.1, .stpmax = 1e10});
//   while (ls.task() == LineSearch::Task::Evaluate) {
//       auto [f, g] = phi(ls.step());      // value and directional derivative at the trial step
//       ls.next(f, g);
//   }
//   if (ls.task() == LineSearch::Task::Converged) use(ls.step());
#pragma once

#include <string>

namespace tessera::ml::optimize {

struct LineSearchOptions {
    double ftol = 1e-3;
    double gtol = 0.9;
    double xtol = 0.1;
    double stpmin = 0.0;
    double stpmax = 1e10;
};

class LineSearch {
public:
    enum class Task { Evaluate, Converged, Warning, Error };

    // f0, g0: value and directional derivative at step 0; stp: the first trial step.
    LineSearch(double f0, double g0, double stp, const LineSearchOptions& options);

    Task task() const { return m_task; }
    double step() const { return m_stp; }
    // MINPACK's text for a warning or an error ("ROUNDING ERRORS PREVENT PROGRESS", "INITIAL G >= 0").
    const std::string& message() const { return m_message; }
    // The value and directional derivative at step().
    void next(double f, double g);

private:
    LineSearchOptions m_o;
    Task m_task = Task::Evaluate;
    std::string m_message;
    double m_stp;
    bool m_brackt = false;
    int m_stage = 1;
    double m_finit, m_ginit, m_gtest, m_width, m_width1;
    double m_stx = 0, m_fx, m_gx, m_sty = 0, m_fy, m_gy, m_stmin = 0, m_stmax;
};

}  // namespace tessera::ml::optimize
