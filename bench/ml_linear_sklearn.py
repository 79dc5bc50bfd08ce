"""The sklearn 1.2.1 side of ml_linear_bench (issue 20's linear targets): `SCRIPT THREADS ROUNDS REPS WARMUP [cpu]`,
prints `NAME MICROSECONDS` per case (best of ROUNDS rounds of REPS calls) and `peak_rss_kb KB`.
BLAS is limited to THREADS threads with threadpoolctl, as Tessera runs on THREADS threads; with `cpu` (one
thread) the rounds are timed on the thread's CPU clock, as ml_linear_bench --cpu-time times its side."""
import resource
import sys
import time

import numpy as np
from threadpoolctl import threadpool_limits
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler


CLOCK = time.thread_time if len(sys.argv) > 5 and sys.argv[5] == "cpu" else time.perf_counter


def best_of(fn, rounds, reps, warmup):
    for _ in range(warmup):
        fn()
    best = float("inf")
    for _ in range(rounds):
        start = CLOCK()
        for _ in range(reps):
            fn()
        best = min(best, (CLOCK() - start) / reps)
    return best * 1e6


def main():
    threads, rounds, reps, warmup = (int(a) for a in sys.argv[1:5])
    rng = np.random.RandomState(0)
    X = rng.randn(20000, 50)
    y = X @ rng.randn(50) + 0.1 * rng.randn(20000)
    Xp = X[:, :20].copy()
    # The logistic problem, drawn as ml_linear_bench draws it (RandomState(1), row-major randn).
    rl = np.random.RandomState(1)
    Xl = rl.randn(20000, 50)
    Wl = rl.randn(50, 3)
    yl = np.argmax(Xl @ Wl + rl.randn(20000, 3), axis=1)
    with threadpool_limits(threads):
        cases = {
            "linear_regression_fit_predict": lambda: LinearRegression().fit(X, y).predict(X),
            "ridge_fit_predict": lambda: Ridge(alpha=1.0).fit(X, y).predict(X),
            "pipeline_scaler_poly2_ridge_fit_predict":
                lambda: make_pipeline(StandardScaler(), PolynomialFeatures(2), Ridge()).fit(Xp, y).predict(Xp),
            "logistic_multinomial_fit": lambda: LogisticRegression().fit(Xl, yl),
        }
        for name, fn in cases.items():
            print(name, best_of(fn, rounds, reps, warmup), flush=True)
    print("logistic_n_iter", int(LogisticRegression().fit(Xl, yl).n_iter_[0]))
    print("peak_rss_kb", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    main()
