"""The sklearn 1.2.1 side of ml_linear_bench (issue 20's linear targets): `SCRIPT THREADS ROUNDS REPS WARMUP`,
prints `NAME MICROSECONDS` per case (best of ROUNDS rounds of REPS calls) and `peak_rss_kb KB`.
BLAS is limited to THREADS threads with threadpoolctl, as Tessera runs on THREADS threads."""
import resource
import sys
import time

import numpy as np
from threadpoolctl import threadpool_limits
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler


def best_of(fn, rounds, reps, warmup):
    for _ in range(warmup):
        fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - start) / reps)
    return best * 1e6


def main():
    threads, rounds, reps, warmup = (int(a) for a in sys.argv[1:5])
    rng = np.random.RandomState(0)
    X = rng.randn(20000, 50)
    y = X @ rng.randn(50) + 0.1 * rng.randn(20000)
    Xp = X[:, :20].copy()
    with threadpool_limits(threads):
        cases = {
            "linear_regression_fit_predict": lambda: LinearRegression().fit(X, y).predict(X),
            "ridge_fit_predict": lambda: Ridge(alpha=1.0).fit(X, y).predict(X),
            "pipeline_scaler_poly2_ridge_fit_predict":
                lambda: make_pipeline(StandardScaler(), PolynomialFeatures(2), Ridge()).fit(Xp, y).predict(Xp),
        }
        for name, fn in cases.items():
            print(name, best_of(fn, rounds, reps, warmup), flush=True)
    print("peak_rss_kb", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    main()
