#!/usr/bin/python3
"""sklearn 1.2.1 side of knn_bench: KNeighborsClassifier(n_neighbors=5) fit + predict on
make_classification(20000, 20, n_informative=10, random_state=0), the first 16000 rows to fit and the
last 4000 to predict; OpenMP limited to THREADS. Writes the data and sklearn's predictions to OUT_DIR
(for the C++ side) and prints NAME VALUE lines: knn_fit_predict MICROSECONDS, peak_rss_kib KIB.

usage: knn_bench_sklearn.py THREADS ROUNDS REPS WARMUP OUT_DIR
"""
import os
import resource
import sys
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.neighbors import KNeighborsClassifier
from threadpoolctl import threadpool_limits


def main():
    threads, rounds, reps, warmup = (int(a) for a in sys.argv[1:5])
    out = sys.argv[5]
    X, y = make_classification(20000, 20, n_informative=10, random_state=0)
    Xtr, ytr, Xte = X[:16000], y[:16000], X[16000:]
    np.save(os.path.join(out, "X_train.npy"), Xtr)
    np.save(os.path.join(out, "y_train.npy"), ytr.astype(np.int64))
    np.save(os.path.join(out, "X_test.npy"), Xte)
    with threadpool_limits(threads):
        def run():
            return KNeighborsClassifier(n_neighbors=5).fit(Xtr, ytr).predict(Xte)

        for _ in range(warmup):
            pred = run()
        best = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            for _ in range(reps):
                run()
            best = min(best, (time.perf_counter() - start) / reps)
    np.save(os.path.join(out, "pred.npy"), pred.astype(np.int64))
    print(f"knn_fit_predict {best * 1e6:.1f}")
    print(f"peak_rss_kib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")


if __name__ == "__main__":
    main()
